import AXModel

/// An error in a grammar file, with the place it was found and what was expected.
///
/// Its description is one line, like ``SceneError``'s:
///
///     Grammars/en-US.json:14:22: error: unknown slot 'itme' at commands[3].patterns[0]; did you mean 'item'?
public struct GrammarError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem it is.
  public enum Code: String, Hashable, Sendable {
    /// The file does not exist or can't be read.
    case fileNotFound
    /// The file is not valid JSON.
    case malformedJSON
    /// A value has the wrong JSON type.
    case typeMismatch
    /// A required key is missing.
    case missingKey
    /// A key is not part of the format.
    case unknownKey
    /// An intent, slot or direction the format doesn't define.
    case unknownName
    /// A value is out of range or a pattern is malformed.
    case invalidValue
    /// The format tag is missing or not supported.
    case unsupportedFormat
  }

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
  /// The key path of the offending value (`commands[3].patterns[0]`), if any.
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

  /// Creates an error located at a source position.
  init(
    _ code: Code, _ message: String, path: String, at position: SourcePosition,
    keyPath: String? = nil, hint: String? = nil
  ) {
    self.init(
      code, message, path: path, line: position.line, column: position.column, keyPath: keyPath,
      hint: hint)
  }

  /// The location part of the description: `path:line:col`, or the path alone.
  public var locationText: String {
    line > 0 ? "\(path):\(line):\(column)" : path
  }

  public var description: String {
    var text = "\(locationText): error: \(message)"
    if let keyPath, !keyPath.isEmpty { text += " at \(keyPath)" }
    if let hint { text += "; \(hint)" }
    return text
  }
}
