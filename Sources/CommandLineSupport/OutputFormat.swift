/// The two output formats most commands offer: text for people, JSON for programs.
///
/// A command declares its `--format` option with ``OutputFormat/option(help:)`` and reads it
/// with ``ParsedArguments/choice(_:as:)``, so the spelling of each format is written once.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// Text for a terminal, every untrusted string escaped.
  case text
  /// JSON, keys sorted, for scripts and CI.
  case json

  /// The `--format` option, `text` by default.
  public static func option(help: String = "Output format.") -> OptionSpec {
    OptionSpec("format", help: help, choices: allCases.map(\.rawValue), defaultValue: OutputFormat.text.rawValue)
  }
}

extension ParsedArguments {
  /// The `--format` option as an ``OutputFormat``: text unless JSON was asked for.
  public func outputFormat() throws(UsageError) -> OutputFormat {
    try choice("format", as: OutputFormat.self) ?? .text
  }
}
