/// An error in a data file the tools read (a scene, a grammar), with the place it was found
/// and what was expected.
///
/// Its description is one line in swift-format's form:
///
///     Scenes/home.json:12:7: error: unknown type 'buton' at windows[0].root.children[3].type; did you mean 'button'?
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem it is.
  public enum Code: String, Hashable, Sendable {
    /// The file does not exist or can't be read.
    case fileNotFound
    /// The file is not valid JSON.
    case malformedJSON
    /// A dump is not well-formed XML or text of its format, or is truncated.
    case malformedDump
    /// A value has the wrong JSON type.
    case typeMismatch
    /// A required key is missing.
    case missingKey
    /// A key is not part of the format.
    case unknownKey
    /// A name (view type, trait, effect, gesture ...) is not one the format defines.
    case unknownName
    /// A number is out of range (negative size, NaN, alpha above 1 ...).
    case invalidValue
    /// Two views share an id.
    case duplicateIdentifier
    /// A reference names an id, screen or variable that does not exist.
    case unresolvedReference
    /// `elements` arrays refer to each other in a cycle.
    case cycle
    /// The file exceeds a size, depth or count limit.
    case limitExceeded
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
