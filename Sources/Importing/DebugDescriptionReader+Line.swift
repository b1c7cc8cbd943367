import AXModel

/// Parses one element line of a `debugDescription` in place over the file's bytes, so a
/// large dump costs no string per line and no regular expression.
///
/// The rules are on ``DebugDescriptionReader``.
struct DescriptionLineParser {
  let bytes: [UInt8]
  /// The line's first byte, where columns count from.
  let lineStart: Int
  /// Past the line's last byte, trailing blanks and the line break excluded.
  let end: Int
  /// The 1-based line number.
  let line: Int
  let path: String
  /// The next byte to read.
  var index = 0

  init(bytes: [UInt8], lineStart: Int, end: Int, line: Int, path: String) {
    self.bytes = bytes
    self.lineStart = lineStart
    self.end = end
    self.line = line
    self.path = path
  }

  /// The node of the line whose type name starts at byte `start`, in column `column`.
  mutating func node(at start: Int, column: Int) throws(SceneError) -> DumpNode {
    index = start
    guard index < end, Self.isLetter(bytes[index]) else {
      throw failure(
        "expected an element type name such as 'Button', found \(rest(from: index))", at: index)
    }
    while index < end, Self.isNameByte(bytes[index]) { index += 1 }
    let typeName = String(decoding: bytes[start..<index], as: UTF8.self)
    var node = DumpNode(
      role: DumpRole(elementType: typeName), typeName: typeName,
      position: SourcePosition(line: line, column: column))
    if index + 1 < end, bytes[index] == UInt8(ascii: " "), bytes[index + 1] == UInt8(ascii: "(") {
      try skipRemark()
    }
    var after = "the element type"
    try separator(after: after)
    if index + 1 < end, bytes[index] == UInt8(ascii: "0"), bytes[index + 1] == UInt8(ascii: "x") {
      // The address is the snapshot's pointer: nothing to check and nothing a scene keeps.
      while index < end, bytes[index] != UInt8(ascii: ",") { index += 1 }
      after = "the address"
      try separator(after: after)
    }
    var title: String?
    while index < end {
      if bytes[index] == UInt8(ascii: "{") {
        guard node.frame == nil else { throw failure("a second frame after \(after)", at: index) }
        node.frame = try frame(after: after)
        after = "the frame"
      } else if let (field, valueStart) = pair(at: index) {
        index = valueStart
        let text = try value(of: field)
        switch field {
        case .identifier: node.identifier = text
        case .label: node.label = text
        case .title: title = text
        case .placeholderValue: node.placeholder = text
        case .value: node.value = text
        case .pid, .traits, .unknown: break
        }
        after = field == .unknown ? "a pair" : "'\(field.rawValue)'"
      } else {
        try flag(of: &node, after: after)
        after = "a flag"
      }
      try separator(after: after)
    }
    if node.label == nil { node.label = title }
    return node
  }

  /// Skips a remark such as `(Main)` after the type name, nested parentheses included.
  private mutating func skipRemark() throws(SceneError) {
    let open = index + 1
    var depth = 0
    index = open
    while index < end {
      if bytes[index] == UInt8(ascii: "(") {
        depth += 1
      } else if bytes[index] == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 {
          index += 1
          return
        }
      }
      index += 1
    }
    throw failure("expected ')' to close the '(' after the element type", at: open)
  }

  /// Steps over the `, ` between two parts, or stays at the end of the line.
  private mutating func separator(after what: String) throws(SceneError) {
    guard index < end else { return }
    guard bytes[index] == UInt8(ascii: ",") else {
      throw failure("expected ',' after \(what), found \(rest(from: index))", at: index)
    }
    let comma = index
    index += 1
    while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
    guard index < end else {
      throw failure("expected an attribute after the last ',' (is the line cut short?)", at: comma)
    }
  }

  /// A frame `{{x, y}, {w, h}}`, its numbers checked as in scene files.
  private mutating func frame(after what: String) throws(SceneError) -> Rect {
    let start = index
    guard take(UInt8(ascii: "{")), take(UInt8(ascii: "{")), let x = number(),
      take(UInt8(ascii: ",")), let y = number(), take(UInt8(ascii: "}")),
      take(UInt8(ascii: ",")), take(UInt8(ascii: "{")), let width = number(),
      take(UInt8(ascii: ",")), let height = number(), take(UInt8(ascii: "}")),
      take(UInt8(ascii: "}"))
    else {
      throw failure(
        "expected a frame '{{x, y}, {w, h}}' after \(what), found \(frameText(from: start))",
        at: start)
    }
    return try DumpValues(path: path).frame(
      x: x, y: y, width: width, height: height, at: position(at: start))
  }

  /// What stands where a frame should, up to its closing `}}`, quoted for an error message.
  private func frameText(from start: Int) -> String {
    var close = start
    while close + 1 < end,
      !(bytes[close] == UInt8(ascii: "}") && bytes[close + 1] == UInt8(ascii: "}"))
    {
      close += 1
    }
    return DumpValues.shown(String(decoding: bytes[start..<min(close + 2, end)], as: UTF8.self))
  }

  /// Steps over blanks and `byte`, or returns false.
  private mutating func take(_ byte: UInt8) -> Bool {
    while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
    guard index < end, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// A number of a frame, up to the next comma, brace or blank.
  private mutating func number() -> Double? {
    while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
    let start = index
    while index < end, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}"),
      bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "{")
    {
      index += 1
    }
    guard index > start, index - start <= 32 else { return nil }
    return Double(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  /// The position of a byte of the line, its column counted in Unicode scalars.
  func position(at offset: Int) -> SourcePosition {
    var column = 1
    var index = lineStart
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourcePosition(line: line, column: column)
  }

  /// The rest of the line from `offset`, quoted for an error message.
  func rest(from offset: Int) -> String {
    guard offset < end else { return "the end of the line" }
    return DumpValues.shown(String(decoding: bytes[offset..<end], as: UTF8.self))
  }

  func failure(_ message: String, at offset: Int) -> SceneError {
    SceneError(.malformedDump, message, path: path, at: position(at: offset))
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  /// Whether a byte can be part of a type name or a key: ASCII letters, digits and `_`.
  static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "_")
  }
}
