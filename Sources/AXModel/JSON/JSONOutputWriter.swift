/// Writes ``JSONOutput`` values as UTF-8 bytes in the fixed format of
/// ``JSONOutput/rendered(pretty:)``.
struct JSONOutputWriter {
  let pretty: Bool
  var bytes: [UInt8] = []
  /// Whether fractions are written so that they read back as the same `Double` (scene files)
  /// rather than in the reports' 6 significant digits.
  var exactNumbers = false

  init(pretty: Bool) {
    self.pretty = pretty
  }

  mutating func write(_ value: JSONOutput, level: Int) {
    switch value {
    case .null:
      append("null")
    case .bool(let flag):
      append(flag ? "true" : "false")
    case .number(let number):
      // A scene file keeps -0.0 as written; reports print it as 0.
      if let whole = Self.wholeNumber(number), !(exactNumbers && number == 0 && number.sign == .minus) {
        appendInteger(whole)
      } else {
        append(exactNumbers ? Self.exactText(number) : Self.formatted(number))
      }
    case .string(let text):
      writeString(text)
    case .array(let elements):
      guard !elements.isEmpty else { return append("[]") }
      bytes.append(UInt8(ascii: "["))
      // A run of one string, such as a switch path's Next after Next, is escaped once: each
      // element after the second is a copy of the second's bytes, comma and indent included.
      // A cost table's keys run to a million and more.
      var previous: (text: String, start: Int, end: Int)?
      var repeated: [UInt8] = []
      for (index, element) in elements.enumerated() {
        if case .string(let text) = element, let run = previous, Self.sameBytes(run.text, text) {
          if repeated.isEmpty {
            // Copied out first: appending a slice of the array to itself copies all of it.
            let token = Array(bytes[run.start..<run.end])
            let start = bytes.count
            breakLine(level: level + 1, comma: true)
            bytes.append(contentsOf: token)
            repeated = Array(bytes[start...])
          } else {
            repeated.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
          }
          continue
        }
        breakLine(level: level + 1, comma: index > 0)
        guard case .string(let text) = element else {
          previous = nil
          write(element, level: level + 1)
          continue
        }
        let start = bytes.count
        writeString(text)
        previous = (text, start, bytes.count)
        repeated = []
      }
      breakLine(level: level)
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return append("{}") }
      // Sorted with their values, so no key is looked up again.
      let sorted = members.sorted { Self.precedes($0.key, $1.key) }
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in sorted.enumerated() {
        breakLine(level: level + 1, comma: index > 0)
        writeKey(member.key)
        write(member.value, level: level + 1)
      }
      breakLine(level: level)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Starts a new line indented to `level` when writing pretty output, after a comma when
  /// `comma` is set (compact output gets the comma alone).
  mutating func breakLine(level: Int, comma: Bool = false) {
    guard pretty else {
      if comma { bytes.append(UInt8(ascii: ",")) }
      return
    }
    // Copied from a literal a run at a time, the comma and the newline with the first spaces:
    // appending a `repeatElement` went a byte at a time through the generic path, a tenth of
    // writing a large tree, and each append checks the array's capacity and uniqueness.
    let text = UnsafeBufferPointer(
      start: Self.lineStart.utf8Start, count: Self.lineStart.utf8CodeUnitCount)
    var start = comma ? 0 : 1
    var count = 2 * level + 2 - start
    while count > 0 {
      let run = min(count, text.count - start)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<start + run]))
      count -= run
      start = 2
    }
  }

  /// A comma, a newline and the spaces to indent with, for ``breakLine(level:comma:)``.
  static let lineStart: StaticString = ",\n                                "

  /// Writes an object member's key and its `:` (and a space, pretty).
  mutating func writeKey(_ key: String) {
    writeString(key)
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(UInt8(ascii: " ")) }
  }

  mutating func writeString(_ text: String) {
    // Read in place, without the copy that `withUTF8` needs (a retain and a release per
    // string, a few per element of a large tree); strings not stored contiguously are copied.
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
      writeString(text, utf8: utf8)
    }
    if written == nil {
      var copy = text
      copy.withUTF8 { writeString(text, utf8: $0) }
    }
  }

  /// Writes `text`, whose UTF-8 bytes are `utf8`.
  mutating func writeString(_ text: String, utf8: UnsafeBufferPointer<UInt8>) {
    // One pass over the bytes decides for nearly every string: a report's strings (switch
    // keys, ids) are ASCII with nothing to escape, and are copied at once.
    guard let first = utf8.firstIndex(where: { $0 >= 0x7F || Self.isEscaped($0) }) else {
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: utf8)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    // The hazard check decodes scalars and is wanted only when a byte is beyond ASCII.
    if utf8[first...].contains(where: { $0 >= 0x7F })
      && text.unicodeScalars.contains(where: TerminalText.isHazard)
    {
      writeEscapingHazards(text)
      return
    }
    bytes.append(UInt8(ascii: "\""))
    // The bytes between escapes are copied a run at a time.
    var runStart = 0
    for (index, byte) in utf8.enumerated() where Self.isEscaped(byte) {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      appendEscape(byte)
      runStart = index + 1
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes a string holding a hazard beyond ASCII (DEL, a C1 control, a bidirectional
  /// control, a line separator): each as a `\uXXXX` escape, a surrogate pair above U+FFFF, so
  /// that a report piped to a terminal or pasted into a review can't be reordered or redrawn
  /// by a label. JSON readers decode the escapes to the same string.
  mutating func writeEscapingHazards(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      if scalar.value < 0x7F {
        let byte = UInt8(scalar.value)
        if Self.isEscaped(byte) { appendEscape(byte) } else { bytes.append(byte) }
      } else if TerminalText.isHazard(scalar) {
        for unit in String(scalar).utf16 { appendUnicodeEscape(unit) }
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The hexadecimal digits escapes are written with.
  static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `\uXXXX` for one UTF-16 code unit.
  mutating func appendUnicodeEscape(_ unit: UInt16) {
    append("\\u")
    for shift: UInt16 in [12, 8, 4, 0] { bytes.append(Self.hexDigits[Int((unit >> shift) & 0xF)]) }
  }

  /// Whether a byte is written escaped: a quote, a backslash or a control character.
  static func isEscaped(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Appends the escape of a quote, a backslash or a control character.
  mutating func appendEscape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): append("\\\"")
    case UInt8(ascii: "\\"): append("\\\\")
    case 0x0A: append("\\n")
    case 0x0D: append("\\r")
    case 0x09: append("\\t")
    default:
      append("\\u00")
      bytes.append(Self.hexDigits[Int(byte >> 4)])
      bytes.append(Self.hexDigits[Int(byte & 0xF)])
    }
  }

  /// Appends an integer's decimal digits, as `String(value)` writes them, without making the
  /// string: most numbers of a report are counts and whole seconds.
  mutating func appendInteger(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// The number as an integer when ``formatted(_:)`` writes it as one: whole and within ±2^53.
  static func wholeNumber(_ number: Double) -> Int64? {
    guard number.isFinite, number.rounded(.towardZero) == number,
      number.magnitude <= 9_007_199_254_740_992
    else { return nil }
    return Int64(number)
  }

  /// Whether a key sorts before another: by their UTF-8 bytes, compared in place when both
  /// strings are stored contiguously (every key a renderer writes as a literal is).
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        left.lexicographicallyPrecedes(right)
      }
    }
    return (compared ?? nil) ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }

  /// Whether two strings have the same UTF-8 bytes, compared in place when both are stored
  /// contiguously: `==` holds for canonically equivalent strings too, which are written apart.
  static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        // By index: `elementsEqual` steps two iterators, a tenth of a cost table's JSON.
        left.indices.allSatisfy { left[$0] == right[$0] }
      }
    }
    return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// Returns a number in the fixed output format; see ``JSONOutput/rendered(pretty:)``.
  static func formatted(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if let whole = wholeNumber(number) { return String(whole) }
    // Split the shortest round-trip form ("12.5", "1e-07", "1.25e+20") into decimal digits
    // and the position of the decimal point: value = 0.d1d2d3... × 10^point.
    var digits: [UInt8] = []
    var integerDigits: Int?
    var exponentText = ""
    var inExponent = false
    for byte in number.magnitude.description.utf8 {
      if inExponent {
        exponentText.unicodeScalars.append(Unicode.Scalar(byte))
      } else if byte == UInt8(ascii: "e") {
        inExponent = true
      } else if byte == UInt8(ascii: ".") {
        integerDigits = digits.count
      } else if JSONParserEngine.isDigit(byte) {
        digits.append(byte - UInt8(ascii: "0"))
      }
    }
    var point = (integerDigits ?? digits.count) + (Int(exponentText) ?? 0)
    while digits.first == 0 {
      digits.removeFirst()
      point -= 1
    }
    if digits.count > 6 {
      let roundsUp = digits[6] >= 5
      digits.removeSubrange(6...)
      if roundsUp {
        var index = 5
        while index >= 0, digits[index] == 9 {
          digits[index] = 0
          index -= 1
        }
        if index >= 0 {
          digits[index] += 1
        } else {
          digits.insert(1, at: 0)
          digits.removeLast()
          point += 1
        }
      }
    }
    while digits.last == 0 { digits.removeLast() }
    let text = digits.map { String($0) }.joined()
    let sign = number < 0 ? "-" : ""
    if point < -5 || point > 21 {
      let mantissa = text.count > 1 ? "\(text.prefix(1)).\(text.dropFirst())" : text
      let exponent = point - 1
      return "\(sign)\(mantissa)e\(exponent < 0 ? "-" : "+")\(exponent.magnitude)"
    }
    if point <= 0 { return "\(sign)0.\(String(repeating: "0", count: -point))\(text)" }
    if point >= text.count {
      return "\(sign)\(text)\(String(repeating: "0", count: point - text.count))"
    }
    return "\(sign)\(text.prefix(point)).\(text.dropFirst(point))"
  }

  /// The standard form when it reads back as `number`, else Swift's shortest round-trip form
  /// (`0.30000000000000004`, `1e-07`, `-0.0`), which is valid JSON for every finite value.
  static func exactText(_ number: Double) -> String {
    let standard = JSONOutputWriter.formatted(number)
    // `Double(String)` rounds correctly, as JSONParser does, so this is the value a load gives.
    // Bits, not `==`, so that -0.0 keeps its sign instead of becoming the standard `0`.
    guard number.isFinite, Double(standard)?.bitPattern != number.bitPattern else {
      return standard
    }
    return number.description
  }
}
