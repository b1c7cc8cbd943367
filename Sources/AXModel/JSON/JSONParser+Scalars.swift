/// The lexical part of the parser: strings, numbers, literals and UTF-8 validation.
extension JSONParserEngine {
  // MARK: Strings

  /// Parses a string whose opening quote is at `offset` and moves past its closing quote.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    let quote = offset
    var index = quote + 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        offset = index + 1
        return String(
          decoding: UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<index]), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
      index += 1
    }
    return try parseStringSlowly(quote: quote, from: index)
  }

  /// Finishes a string that holds escapes, non-ASCII bytes or an error, from `index` on.
  mutating func parseStringSlowly(quote: Int, from start: Int) throws(JSONSyntaxError) -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<start]))
    var index = start
    while true {
      guard index < bytes.count else { throw error("unterminated string", at: quote) }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        offset = index + 1
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index = try parseEscape(at: index, quote: quote)
      case 0x0A, 0x0D:
        throw error("unterminated string", at: quote)
      case 0..<0x20:
        throw error(
          "unescaped control character \(Self.scalarName(UInt32(byte))) in string", at: index)
      case 0x80...:
        guard let length = utf8SequenceLength(at: index) else { throw invalidUTF8(at: index) }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
        index += length
      default:
        var end = index + 1
        while end < bytes.count {
          let next = bytes[end]
          if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 || next >= 0x80
          {
            break
          }
          end += 1
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
        index = end
      }
    }
  }

  /// Decodes the escape whose backslash is at `index` into `scratch`; returns the next index.
  mutating func parseEscape(at index: Int, quote: Int) throws(JSONSyntaxError) -> Int {
    guard index + 1 < bytes.count else { throw error("unterminated string", at: quote) }
    let escaped = bytes[index + 1]
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      return try parseUnicodeEscape(at: index, quote: quote)
    case 0x0A, 0x0D:
      throw error("unterminated string", at: quote)
    default:
      switch describeCharacter(at: index + 1) {
      case .failure(let encodingError):
        throw encodingError
      case .success(let found) where found.hasPrefix("'"):
        // `found` is the character in quotes; put the backslash inside them.
        throw error("invalid escape '\\\(found.dropFirst().dropLast())' in string", at: index)
      case .success(let found):
        throw error("invalid escape in string, found \(found) after '\\'", at: index)
      }
    }
    return index + 2
  }

  /// Decodes a `\uXXXX` escape, or a surrogate pair of them, at `index` into `scratch`.
  mutating func parseUnicodeEscape(at index: Int, quote: Int) throws(JSONSyntaxError) -> Int {
    var value = try hexCodeUnit(at: index + 2, quote: quote)
    var next = index + 6
    if (0xDC00...0xDFFF).contains(value) { throw loneSurrogate(at: index) }
    if (0xD800...0xDBFF).contains(value) {
      guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"),
        bytes[next + 1] == UInt8(ascii: "u")
      else { throw loneSurrogate(at: index) }
      let low = try hexCodeUnit(at: next + 2, quote: quote)
      guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(at: index) }
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      next += 6
    }
    appendUTF8(value)
    return next
  }

  /// Reads the four hex digits of a `\u` escape starting at `index`.
  mutating func hexCodeUnit(at index: Int, quote: Int) throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for digitIndex in index..<(index + 4) {
      guard digitIndex < bytes.count else { throw error("unterminated string", at: quote) }
      let byte = bytes[digitIndex]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw unexpected("a hex digit in '\\u' escape", at: digitIndex)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  mutating func loneSurrogate(at index: Int) -> JSONSyntaxError {
    let escape = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + 6)]), as: UTF8.self)
    return error("lone surrogate '\(escape)' in string", at: index)
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value to `scratch`.
  mutating func appendUTF8(_ value: UInt32) {
    switch value {
    case 0..<0x80:
      scratch.append(UInt8(value))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | value >> 6))
      scratch.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | value >> 12))
      scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | value & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | value >> 18))
      scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | value & 0x3F))
    }
  }

  // MARK: Literals

  /// Parses `true`, `false` or `null` at `offset`.
  mutating func parseLiteral() throws(JSONSyntaxError) -> JSONNode.Value {
    let start = offset
    var end = start
    while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
    let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
    offset = end
    if word.elementsEqual("true".utf8) { return .bool(true) }
    if word.elementsEqual("false".utf8) { return .bool(false) }
    if word.elementsEqual("null".utf8) { return .null }
    let shown = String(decoding: UnsafeBufferPointer(rebasing: word.prefix(40)), as: UTF8.self)
    throw error("invalid literal '\(shown)'", at: start)
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}
