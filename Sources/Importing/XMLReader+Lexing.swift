import AXModel

extension XMLReader {
  /// Reads an entity or character reference at `&` and returns its UTF-8 bytes.
  mutating func reference() throws(XMLSyntaxError) -> [UInt8] {
    let start = position
    advance()  // &
    var name: [UInt8] = []
    while index < bytes.count, bytes[index] != UInt8(ascii: ";"), name.count < 12 {
      name.append(bytes[index])
      advance()
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
      throw XMLSyntaxError(message: "unterminated entity reference", position: start)
    }
    advance()
    let text = String(decoding: name, as: UTF8.self)
    switch text {
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "amp": return [UInt8(ascii: "&")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default: break
    }
    var code: UInt32?
    if text.hasPrefix("#x") || text.hasPrefix("#X") {
      code = UInt32(text.dropFirst(2), radix: 16)
    } else if text.hasPrefix("#") {
      code = UInt32(text.dropFirst(), radix: 10)
    }
    guard let code else {
      throw XMLSyntaxError(message: "unknown entity '&\(text);'", position: start)
    }
    guard code != 0, let scalar = Unicode.Scalar(code) else {
      throw XMLSyntaxError(message: "character reference '&\(text);' is not a character", position: start)
    }
    return Array(String(Character(scalar)).utf8)
  }

  /// Reads an XML name (letters, digits, `_`, `-`, `.`, `:` and any non-ASCII byte).
  mutating func name(what: String) throws(XMLSyntaxError) -> String {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isNameByte =
        byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x2D || byte == 0x2E
        || byte == 0x3A
      guard isNameByte else { break }
      advance()
    }
    guard index > start else {
      if index >= bytes.count { throw failure("unexpected end of file, expected \(what)") }
      throw failure("expected \(what)")
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Skips white space; returns whether there was any.
  @discardableResult
  mutating func skipSpace() -> Bool {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
      advance()
    }
    return index > start
  }

  /// Skips up to and past `terminator`, failing at the start of the construct if it never
  /// ends.
  mutating func skipPast(_ terminator: String, what: String) throws(XMLSyntaxError) {
    let start = position
    let end = Array(terminator.utf8)
    while index < bytes.count {
      if bytes[index] == end[0], bytes[index...].starts(with: end) {
        for _ in end { advance() }
        return
      }
      advance()
    }
    throw XMLSyntaxError(message: "unterminated \(what)", position: start)
  }

  func lookingAt(_ text: String) -> Bool {
    bytes[index...].starts(with: text.utf8)
  }

  /// Moves one byte on, counting lines, and columns in Unicode scalars (continuation bytes
  /// don't start a column).
  mutating func advance() {
    let byte = bytes[index]
    index += 1
    if byte == 0x0A {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  func failure(_ message: String) -> XMLSyntaxError {
    XMLSyntaxError(message: message, position: position)
  }

  func unterminated(_ name: String, _ start: SourcePosition) -> XMLSyntaxError {
    XMLSyntaxError(
      message: "unexpected end of file, expected </\(name)> for <\(name)> opened at line "
        + "\(start.line), column \(start.column)",
      position: position)
  }
}
