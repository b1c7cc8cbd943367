/// The declaration of a Boolean flag that takes no value, such as `--names`.
///
/// A flag is written on the command line as `--name` or, when it has a short
/// name, `-n`. It is off unless given; giving it a value (`--names=yes`) is a
/// usage error. Giving a flag more than once is allowed and has no further
/// effect.
///
/// ```swift
/// FlagSpec("stdin", help: "Read recognised utterances from standard input.")
/// ```
public struct FlagSpec: Sendable, Equatable {
  /// The long name, without the leading `--` (for example `"names"`).
  public var name: String

  /// The single-character short name used as `-c`, if any.
  public var shortName: Character?

  /// A one-sentence description shown in the OPTIONS section of the help.
  public var help: String

  /// Creates a flag declaration.
  ///
  /// - Parameters:
  ///   - name: The long name, without the leading `--`.
  ///   - shortName: A single-character short name, used as `-c`.
  ///   - help: A one-sentence description for the help text.
  public init(_ name: String, shortName: Character? = nil, help: String) {
    self.name = name
    self.shortName = shortName
    self.help = help
  }

  /// The flag as quoted in error messages, such as `--names`.
  public var synopsis: String {
    "--\(name)"
  }

  /// The flag's term in the usage line, such as `[--names]`.
  var usageTerm: String {
    "[\(synopsis)]"
  }

  /// The label in the OPTIONS section, such as `-n, --names`.
  var helpLabel: String {
    guard let shortName else { return synopsis }
    return "-\(shortName), \(synopsis)"
  }
}
