/// A strict RFC 8259 JSON parser that records the source position of every value and key.
///
/// The parser works on UTF-8 bytes and is iterative, keeping open arrays and objects on an
/// explicit stack, so deeply nested input cannot overflow the call stack. It rejects comments,
/// trailing commas, `NaN` and `Infinity`, leading zeros, unescaped control characters, lone
/// surrogates, invalid UTF-8, numbers too large for a `Double`, duplicate keys in one object
/// and anything after the top-level value. A leading UTF-8 byte order mark is skipped and
/// does not count as a column.
///
/// It is shared by the package's loaders and importers, not offered to clients of the
/// libraries, hence its `package` access; ``JSONOutput`` is the public way to write JSON.
package enum JSONParser {
  /// Parses a JSON text given as UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 encoded text, optionally starting with a byte order mark.
  ///   - maxDepth: The deepest nesting of arrays and objects accepted; the top-level container
  ///     is level 1. Keep it modest: destroying a very deep tree recurses once per level.
  /// - Returns: The top-level value.
  /// - Throws: A ``JSONSyntaxError`` naming the first problem and its position.
  package static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws(JSONSyntaxError)
    -> JSONNode
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
      var parser = JSONParserEngine(bytes: buffer, maxDepth: maxDepth)
      return try parser.parseDocument()
    }
  }

  /// Parses a JSON text given as a string.
  ///
  /// The rules are those of the byte-array overload; columns count the Unicode scalars of
  /// `text`.
  package static func parse(_ text: String, maxDepth: Int = 512) throws(JSONSyntaxError)
    -> JSONNode
  {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }
}

/// An error in the syntax or encoding of a JSON text, with the position of the problem.
///
/// Messages follow the style of compiler diagnostics: lower case, no trailing period, names
/// in single quotes, such as `expected ',' or '}' after object member` or
/// `duplicate key 'id'`. The position is that of the offending character, or the end of the
/// file when the text stops too early; an unterminated string is reported at its opening quote.
package struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, without the position.
  package var message: String
  /// Where the problem is.
  package var position: SourcePosition

  /// Creates an error from a message and the position of the problem.
  package init(message: String, position: SourcePosition) {
    self.message = message
    self.position = position
  }

  /// The error as `line:column: message`.
  package var description: String { "\(position): \(message)" }
}

/// The state of one parse: the input, the read offset and the line bookkeeping.
///
/// Columns are computed lazily from a cached offset on the current line, which keeps the
/// cost linear because positions are asked for in increasing order.
struct JSONParserEngine {
  /// An array or object that is still open.
  struct Frame {
    var isObject: Bool
    var position: SourcePosition
    /// Where this container's values start on the value stack.
    var valueBase: Int
    /// Where this object's keys start on the key stacks.
    var keyBase: Int
    /// The keys seen so far, built only once an object grows large.
    var keySet: Set<String>?
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  var offset = 0
  var line = 1
  var lineStart = 0
  var cachedOffset = 0
  var cachedColumn = 1
  /// A reusable buffer for strings with escapes or non-ASCII characters.
  var scratch: [UInt8] = []
  /// The open containers, innermost last.
  var frames: [Frame] = []
  /// The finished values of all open containers, in order.
  var values: [JSONNode] = []
  /// The keys of all open objects, in order, with their positions alongside.
  var keys: [String] = []
  var keyPositions: [SourcePosition] = []

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  // MARK: Positions and errors

  /// Returns the line and column of a byte offset on the current line.
  mutating func position(at target: Int) -> SourcePosition {
    if target < cachedOffset {
      cachedOffset = lineStart
      cachedColumn = 1
    }
    var column = cachedColumn
    var index = cachedOffset
    while index < target {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    cachedOffset = target
    cachedColumn = column
    return SourcePosition(line: line, column: column)
  }

  mutating func error(_ message: String, at target: Int) -> JSONSyntaxError {
    JSONSyntaxError(message: message, position: position(at: target))
  }

  /// Returns "expected X, found Y" at `target`, or the end-of-file form there.
  mutating func unexpected(_ expected: String, at target: Int) -> JSONSyntaxError {
    guard target < bytes.count else {
      return error("unexpected end of file, expected \(expected)", at: bytes.count)
    }
    switch describeCharacter(at: target) {
    case .success(let found): return error("expected \(expected), found \(found)", at: target)
    case .failure(let encodingError): return encodingError
    }
  }

  /// Returns `message` at `target`, or the end-of-file form naming `atEnd` there.
  mutating func unexpected(_ message: String, atEnd: String, at target: Int) -> JSONSyntaxError {
    guard target < bytes.count else {
      return error("unexpected end of file, expected \(atEnd)", at: bytes.count)
    }
    if bytes[target] >= 0x80, utf8SequenceLength(at: target) == nil {
      return invalidUTF8(at: target)
    }
    return error(message, at: target)
  }

  // MARK: Whitespace

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09:
        offset += 1
      case 0x0A:
        offset += 1
        startLine()
      case 0x0D:
        offset += 1
        if offset < bytes.count, bytes[offset] == 0x0A { offset += 1 }
        startLine()
      default:
        return
      }
    }
  }

  mutating func startLine() {
    line += 1
    lineStart = offset
    cachedOffset = offset
    cachedColumn = 1
  }
}
