import AXModel

/// An error in the command line, reported with the usage of the command it
/// was meant for and exit status ``ExitStatus/usage``.
///
/// The parser throws it for unknown options, missing or invalid values and
/// unexpected arguments; tools throw it (usually through
/// ``ParsedArguments/usageError(_:)``) for mistakes only they can detect.
/// Its messages follow swift-argument-parser's wording, and ``rendered``
/// produces the three lines a tool prints on standard error:
///
/// ```
/// Error: Missing expected argument '<scene>'
/// Usage: axreach tree <scene> [--format <format>]
///   See 'axreach tree --help' for more information.
/// ```
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The sentence describing the mistake, without an `Error:` prefix.
  public var message: String

  /// The names of the command the mistake was made in, starting with the
  /// tool (for example `["axreach", "tree"]`).
  public var commandPath: [String]

  /// The usage line of that command, without a `Usage:` prefix.
  public var usage: String

  /// Creates a usage error.
  ///
  /// - Parameters:
  ///   - message: The sentence describing the mistake.
  ///   - commandPath: The tool name followed by the subcommand names.
  ///   - usage: The command's usage line, without a `Usage:` prefix.
  public init(_ message: String, commandPath: [String], usage: String) {
    self.message = message
    self.commandPath = commandPath
    self.usage = usage
  }

  /// The message alone, with any control or bidirectional character a user typed (an
  /// option value, an unknown name) escaped so that it stays one line and can't redraw the
  /// terminal.
  public var description: String {
    TerminalText.escapingHazards(message)
  }

  /// The three lines printed on standard error: the message, the usage line
  /// and a pointer to `--help`, without a trailing newline.
  public var rendered: String {
    let command = commandPath.joined(separator: " ")
    return """
      Error: \(description)
      Usage: \(usage)
        See '\(command) --help' for more information.
      """
  }
}

/// The wording of the messages in ``UsageError``, shared by the parser and
/// ``ParsedArguments``.
enum UsageMessage {
  /// `Unknown option '--x'`, with a suggestion when one is close.
  static func unknownOption(_ name: String, suggestion: String?) -> String {
    "Unknown option '\(name)'" + didYouMean(suggestion)
  }

  /// `Unknown subcommand 'foo'`, with a suggestion when one is close.
  static func unknownSubcommand(_ name: String, suggestion: String?) -> String {
    "Unknown subcommand '\(name)'" + didYouMean(suggestion)
  }

  /// `Missing subcommand. Expected one of: tree, do`.
  static func missingSubcommand(_ names: [String]) -> String {
    "Missing subcommand. Expected one of: " + names.joined(separator: ", ")
  }

  /// `Missing value for '--format <format>'`.
  static func missingValue(_ synopsis: String) -> String {
    "Missing value for '\(synopsis)'"
  }

  /// `Missing expected argument '<scene>'`.
  static func missingArgument(_ synopsis: String) -> String {
    "Missing expected argument '\(synopsis)'"
  }

  /// `Unexpected argument 'b'` or `2 unexpected arguments: 'b', 'baz'`.
  static func unexpectedArguments(_ words: [String]) -> String {
    let quoted = words.map { "'\($0)'" }.joined(separator: ", ")
    if words.count == 1 {
      return "Unexpected argument \(quoted)"
    }
    return "\(words.count) unexpected arguments: \(quoted)"
  }

  /// `The value 'xml' is invalid for '--format <format>'. Expected one of: text, json`.
  static func invalidChoice(_ value: String, for synopsis: String, choices: [String]) -> String {
    invalidValue(value, for: synopsis, reason: nil)
      + ". Expected one of: " + choices.joined(separator: ", ")
  }

  /// `The value 'abc' is invalid for '--loops <loops>'`, with an optional
  /// `: reason` suffix.
  static func invalidValue(_ value: String, for synopsis: String, reason: String?) -> String {
    let message = "The value '\(value)' is invalid for '\(synopsis)'"
    guard let reason else { return message }
    return message + ": " + reason
  }

  /// `The option '--names' does not take any value, but 'x' was specified.`
  static func unexpectedValue(_ value: String, for synopsis: String) -> String {
    "The option '\(synopsis)' does not take any value, but '\(value)' was specified."
  }

  /// `'--names' and '--grid' cannot be used together`.
  static func conflict(_ first: String, _ second: String) -> String {
    "'\(first)' and '\(second)' cannot be used together"
  }

  /// `Missing one of: '--names', '--numbers', '--grid'`.
  static func missingOneOf(_ synopses: [String]) -> String {
    "Missing one of: " + synopses.map { "'\($0)'" }.joined(separator: ", ")
  }

  /// `. Did you mean 'tree'?`, or nothing without a suggestion.
  private static func didYouMean(_ suggestion: String?) -> String {
    guard let suggestion else { return "" }
    return ". Did you mean '\(suggestion)'?"
  }
}
