/// The declaration of a positional argument, such as the `<scene>` file.
///
/// Positional arguments are filled in declaration order from the words on the
/// command line that are not options. An optional argument may be left out;
/// a variadic argument collects every remaining word and must be declared
/// last. Everything after `--` is positional, even when it starts with `-`.
///
/// ```swift
/// ArgumentSpec("scene", help: "The scene file to load.")
/// ArgumentSpec("ids", help: "The elements to act on.", isVariadic: true)
/// ```
public struct ArgumentSpec: Sendable, Equatable {
  /// The argument's name, shown in angle brackets as `<name>`.
  public var name: String

  /// A one-sentence description shown in the ARGUMENTS section of the help.
  public var help: String

  /// Whether the argument may be left out.
  public var isOptional: Bool

  /// Whether the argument collects all remaining positional words.
  public var isVariadic: Bool

  /// The values the argument accepts; an empty array accepts any value.
  public var choices: [String]

  /// Creates a positional argument declaration.
  ///
  /// - Parameters:
  ///   - name: The name shown in angle brackets.
  ///   - help: A one-sentence description for the help text.
  ///   - isOptional: Whether the argument may be left out; a variadic
  ///     argument that is optional accepts zero words.
  ///   - isVariadic: Whether the argument collects all remaining words.
  ///   - choices: The accepted values, or empty to accept anything.
  public init(
    _ name: String,
    help: String,
    isOptional: Bool = false,
    isVariadic: Bool = false,
    choices: [String] = []
  ) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.isVariadic = isVariadic
    self.choices = choices
  }

  /// The argument as quoted in error messages, such as `<scene>`.
  public var synopsis: String {
    "<\(name)>"
  }

  /// The argument's term in the usage line, such as `[<ids> ...]`.
  var usageTerm: String {
    let core = isVariadic ? "\(synopsis) ..." : synopsis
    return isOptional ? "[\(core)]" : core
  }

  /// The help description followed by the accepted values.
  var helpDescription: String {
    guard !choices.isEmpty else { return help }
    let suffix = "(values: " + choices.joined(separator: ", ") + ")"
    return help.isEmpty ? suffix : help + " " + suffix
  }
}
