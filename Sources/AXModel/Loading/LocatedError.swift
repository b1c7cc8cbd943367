/// An error in a data file the tools read, with the place it was found and what was expected.
///
/// Scenes (``SceneError``) and grammars (VoiceControl's `GrammarError`) each have their own
/// error type, a ``FileError`` with codes that speak of their own format; this protocol gives
/// them one form of line, swift-format's, and lets a command-line tool report either the same
/// way:
///
///     Scenes/home.json:12:7: error: unknown type 'buton' at windows[0].root.children[3].type; did you mean 'button'?
public protocol LocatedError: Error, CustomStringConvertible {
  /// The one-phrase message, lower case, without the location.
  var message: String { get }
  /// The file's path as the user gave it.
  var path: String { get }
  /// The 1-based line, or 0 when the problem is the file as a whole.
  var line: Int { get }
  /// The 1-based column, or 0 when the problem is the file as a whole.
  var column: Int { get }
  /// The key path of the offending value (`commands[3].patterns[0]`), if any.
  var keyPath: String? { get }
  /// A suggestion, such as the nearest valid name.
  var hint: String? { get }
  /// Whether the file itself is missing or unreadable (exit status 66), rather than malformed
  /// (65).
  var isMissingFile: Bool { get }
}

extension LocatedError {
  /// The location part of the description: `path:line:col`, or the path alone.
  public var locationText: String {
    line > 0 ? "\(path):\(line):\(column)" : path
  }

  /// The error as one line. The path, the message, the key path and the hint quote the
  /// input (keys, type names, values), so each has its hazards escaped by
  /// ``TerminalText/escapingHazards(_:)``: no control reaches the terminal and no line break
  /// splits the line. Backslashes are kept, as the parts that quote a value escaped it already.
  public var description: String {
    let escaped = TerminalText.escapingHazards
    var text = "\(escaped(locationText)): error: \(escaped(message))"
    if let keyPath, !keyPath.isEmpty { text += " at \(escaped(keyPath))" }
    if let hint { text += "; \(escaped(hint))" }
    return text
  }
}

/// The codes of one file format's errors.
public protocol FileErrorCode: Hashable, Sendable {
  /// Whether the code means the file itself is missing or unreadable.
  var isMissingFile: Bool { get }
}

/// An error in a file of one format, with its code, its place and what was expected.
///
/// Each format names its own codes: ``SceneError`` is `FileError<SceneErrorCode>`, and
/// VoiceControl's `GrammarError` is `FileError<GrammarErrorCode>`, so the two are distinct
/// types that share this one shape.
public struct FileError<Kind: FileErrorCode>: LocatedError, Hashable, Sendable {
  /// The format's codes (``SceneErrorCode`` for a ``SceneError``).
  public typealias Code = Kind

  /// What kind of problem it is.
  public var code: Code
  /// The one-phrase message, lower case, without the location.
  public var message: String
  /// The file's path.
  public var path: String
  /// The 1-based line, or 0 when the problem is the file as a whole.
  public var line: Int
  /// The 1-based column, or 0 when the problem is the file as a whole.
  public var column: Int
  /// The key path of the offending value (`windows[0].root.children[3].type`), if any.
  public var keyPath: String?
  /// A suggestion, such as the nearest valid name.
  public var hint: String?

  /// Creates an error.
  public init(
    _ code: Code, _ message: String, path: String, line: Int = 0, column: Int = 0,
    keyPath: String? = nil, hint: String? = nil
  ) {
    self.code = code
    self.message = message
    self.path = path
    self.line = line
    self.column = column
    self.keyPath = keyPath
    self.hint = hint
  }

  /// Creates an error located at a position of the file.
  public init(
    _ code: Code, _ message: String, path: String, at position: SourcePosition,
    keyPath: String? = nil, hint: String? = nil
  ) {
    self.init(
      code, message, path: path, line: position.line, column: position.column, keyPath: keyPath,
      hint: hint)
  }

  /// Whether the file is missing or unreadable, rather than malformed.
  public var isMissingFile: Bool { code.isMissingFile }
}
