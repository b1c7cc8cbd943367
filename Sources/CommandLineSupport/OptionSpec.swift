/// The declaration of a named option that takes a value, such as `--format json`.
///
/// An option is written on the command line as `--name value`,
/// `--name=value` or, when it has a short name, `-n value`. Options are
/// optional unless ``isRequired`` is set; an option that is not given reads
/// as its ``defaultValue``.
///
/// ```swift
/// OptionSpec(
///   "format", help: "The output format.",
///   choices: ["text", "json"], defaultValue: "text")
/// ```
public struct OptionSpec: Sendable, Equatable {
  /// The long name, without the leading `--` (for example `"format"`).
  public var name: String

  /// The single-character short name used as `-c`, if any.
  public var shortName: Character?

  /// The placeholder for the value in help and usage text, without angle
  /// brackets; it defaults to ``name``.
  public var valueName: String

  /// A one-sentence description shown in the OPTIONS section of the help.
  public var help: String

  /// Whether the option may be given more than once, collecting every value.
  ///
  /// When an option that is not repeatable is given twice, the last value
  /// wins, as in swift-argument-parser.
  public var isRepeatable: Bool

  /// Whether parsing fails when the option is absent.
  public var isRequired: Bool

  /// The values the option accepts; an empty array accepts any value.
  public var choices: [String]

  /// The value used when the option is absent, also shown in the help.
  public var defaultValue: String?

  /// Creates an option declaration.
  ///
  /// - Parameters:
  ///   - name: The long name, without the leading `--`.
  ///   - shortName: A single-character short name, used as `-c`.
  ///   - valueName: The value placeholder; defaults to `name`.
  ///   - help: A one-sentence description for the help text.
  ///   - isRepeatable: Whether every occurrence is collected.
  ///   - isRequired: Whether the option must be given.
  ///   - choices: The accepted values, or empty to accept anything.
  ///   - defaultValue: The value used when the option is absent.
  public init(
    _ name: String,
    shortName: Character? = nil,
    valueName: String? = nil,
    help: String,
    isRepeatable: Bool = false,
    isRequired: Bool = false,
    choices: [String] = [],
    defaultValue: String? = nil
  ) {
    self.name = name
    self.shortName = shortName
    self.valueName = valueName ?? name
    self.help = help
    self.isRepeatable = isRepeatable
    self.isRequired = isRequired
    self.choices = choices
    self.defaultValue = defaultValue
  }

  /// The option as quoted in error messages, such as `--format <format>`.
  public var synopsis: String {
    "--\(name) <\(valueName)>"
  }

  /// The option's term in the usage line, such as `[--say <say> ...]`.
  var usageTerm: String {
    let core = isRepeatable ? "\(synopsis) ..." : synopsis
    return isRequired ? core : "[\(core)]"
  }

  /// The label in the OPTIONS section, such as `-f, --format <format>`.
  var helpLabel: String {
    guard let shortName else { return synopsis }
    return "-\(shortName), \(synopsis)"
  }

  /// The help description followed by the accepted values and the default.
  var helpDescription: String {
    var notes: [String] = []
    if !choices.isEmpty {
      notes.append("values: " + choices.joined(separator: ", "))
    }
    if let defaultValue {
      notes.append("default: " + defaultValue)
    }
    guard !notes.isEmpty else { return help }
    let suffix = "(" + notes.joined(separator: "; ") + ")"
    return help.isEmpty ? suffix : help + " " + suffix
  }
}
