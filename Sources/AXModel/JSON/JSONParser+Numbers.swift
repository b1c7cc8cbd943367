/// Numbers and the UTF-8 checks of the parser.
extension JSONParserEngine {
  // MARK: Numbers

  /// The powers of ten that a `Double` holds exactly.
  static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Parses a number at `offset` following the RFC 8259 grammar.
  ///
  /// Numbers of up to 19 significant digits whose mantissa fits in 53 bits and whose decimal
  /// exponent is within ±22 are converted exactly with one multiplication or division; all
  /// others go through the standard library's correctly rounded conversion.
  mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = offset
    var index = start
    let isNegative = bytes[index] == UInt8(ascii: "-")
    if isNegative { index += 1 }
    guard index < bytes.count, Self.isDigit(bytes[index]) else {
      throw unexpected("a digit after '-'", at: index)
    }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var isTruncated = false
    var exponent = 0
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, Self.isDigit(bytes[index]) {
        throw error("leading zeros are not allowed in numbers", at: index - 1)
      }
    } else {
      while index < bytes.count, Self.isDigit(bytes[index]) {
        if significantDigits < 19 {
          mantissa = mantissa * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
          significantDigits += 1
        } else {
          isTruncated = true
          exponent += 1
        }
        index += 1
      }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw unexpected("a digit after '.'", at: index)
      }
      while index < bytes.count, Self.isDigit(bytes[index]) {
        let digit = UInt64(bytes[index] - UInt8(ascii: "0"))
        if mantissa == 0 && digit == 0 {
          exponent -= 1
        } else if significantDigits < 19 {
          mantissa = mantissa * 10 + digit
          significantDigits += 1
          exponent -= 1
        } else {
          isTruncated = true
        }
        index += 1
      }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentSign = 1
      var marker = bytes[index - 1]
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        exponentSign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        marker = bytes[index]
        index += 1
      }
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw unexpected("a digit after '\(Character(Unicode.Scalar(marker)))'", at: index)
      }
      var written = 0
      while index < bytes.count, Self.isDigit(bytes[index]) {
        if written < 1_000_000 { written = written * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
        index += 1
      }
      exponent += exponentSign * written
    }
    offset = index

    if !isTruncated, mantissa <= 1 << 53, (-22...22).contains(exponent) {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= Self.exactPowersOfTen[-exponent]
      } else {
        value *= Self.exactPowersOfTen[exponent]
      }
      return isNegative ? -value : value
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("number out of range", at: start)
    }
    return value
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  // MARK: UTF-8

  /// Returns the length of the well-formed UTF-8 sequence at `index`, or `nil` if it is not one.
  ///
  /// Overlong forms, encoded surrogates and values above U+10FFFF are not well formed.
  func utf8SequenceLength(at index: Int) -> Int? {
    let lead = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return nil
    }
    guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
    for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }

  /// Returns the error for an ill-formed UTF-8 sequence starting at `index`.
  mutating func invalidUTF8(at index: Int) -> JSONSyntaxError {
    let hex = String(bytes[index], radix: 16)
    return error("invalid UTF-8 byte 0x\(hex.count < 2 ? "0" + hex : hex)", at: index)
  }

  /// Describes the character at `index` for a message: `'x'` when printable, else `U+XXXX`.
  ///
  /// Fails with the UTF-8 error if the bytes there are not well formed.
  mutating func describeCharacter(at index: Int) -> Result<String, JSONSyntaxError> {
    let lead = bytes[index]
    if lead < 0x80 {
      guard lead > 0x20, lead != 0x7F else { return .success(Self.scalarName(UInt32(lead))) }
      return .success("'\(Character(Unicode.Scalar(lead)))'")
    }
    guard let length = utf8SequenceLength(at: index) else {
      return .failure(invalidUTF8(at: index))
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
    guard let scalar = text.unicodeScalars.first else { return .failure(invalidUTF8(at: index)) }
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned,
      .privateUse, .surrogate, .nonspacingMark, .enclosingMark, .spacingMark:
      return .success(Self.scalarName(scalar.value))
    default:
      return .success("'\(text)'")
    }
  }
}
