import AXModel

/// A message about a location in an input file, rendered in the
/// `path:line:column: severity: message` form of compilers and swift-format.
///
/// Tools print diagnostics on standard error when an input such as a scene
/// file is malformed; the loader's own error type supplies the location and
/// the message, and `Diagnostic` only renders them consistently:
///
/// ```swift
/// let diagnostic = Diagnostic(
///   path: "Scenes/shop.json", line: 12, column: 5, severity: .error,
///   message: "unknown role 'buton'")
/// print(diagnostic, to: &errors)
/// // Scenes/shop.json:12:5: error: unknown role 'buton'
/// ```
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Equatable, CaseIterable {
    /// The input cannot be used.
    case error

    /// The input can be used, but probably not as intended.
    case warning

    /// Additional information about a preceding error or warning.
    case note
  }

  /// The path of the file the diagnostic is about, as the user typed it.
  public var path: String

  /// The one-based line number, if known.
  public var line: Int?

  /// The one-based column number, if known; shown only with a line.
  public var column: Int?

  /// How serious the diagnostic is.
  public var severity: Severity

  /// The message, starting in lowercase and without a final period, as in
  /// compiler diagnostics.
  public var message: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - path: The path of the file, as the user typed it.
  ///   - line: The one-based line number, if known.
  ///   - column: The one-based column number, if known.
  ///   - severity: How serious the diagnostic is; `.error` by default.
  ///   - message: The message.
  public init(
    path: String, line: Int? = nil, column: Int? = nil, severity: Severity = .error,
    message: String
  ) {
    self.path = path
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
  }

  /// The location prefix: `path`, `path:line` or `path:line:column`.
  public var location: String {
    guard let line else { return path }
    guard let column else { return "\(path):\(line)" }
    return "\(path):\(line):\(column)"
  }

  /// The rendered diagnostic, such as `shop.json:12:5: error: unknown role`.
  ///
  /// A diagnostic without a path renders as `error: message`. It is always one line: the
  /// path and the message quote input, so their hazards (controls, line breaks, bidi
  /// controls) are escaped by ``TerminalText/escapingHazards(_:)``.
  public var description: String {
    let body = "\(severity.rawValue): \(TerminalText.escapingHazards(message))"
    return path.isEmpty ? body : "\(TerminalText.escapingHazards(location)): \(body)"
  }

  /// Writes the rendered diagnostic and a newline to `stream`.
  public func write(to stream: inout some TextOutputStream) {
    stream.write(description + "\n")
  }
}

extension Sequence where Element == Diagnostic {
  /// Whether any of the diagnostics is an error, which makes a tool exit
  /// with ``ExitStatus/dataError``.
  public var containsErrors: Bool {
    contains { $0.severity == .error }
  }
}
