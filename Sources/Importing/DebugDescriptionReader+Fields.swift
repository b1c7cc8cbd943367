import AXModel

extension DescriptionLineParser {
  /// The keys of `key: value` pairs; `unknown` stands for any other key, read and dropped.
  enum Field: String, CaseIterable {
    case identifier, label, title, placeholderValue, value, pid, traits, unknown
  }

  /// The keys whose text XCTest puts in single quotes.
  private static let quotedFields: Set<Field> = [.identifier, .label, .title, .placeholderValue]

  private static let knownKeys: [(name: [UInt8], field: Field)] = Field.allCases
    .filter { $0 != .unknown }.map { (Array($0.rawValue.utf8), $0) }

  /// The flags XCTest appends after the pairs; only these end an unquoted value or a quote.
  private static let knownFlags: [[UInt8]] = [
    "Selected", "Disabled", "Focused", "Keyboard Focused", "Not Hittable", "Hittable",
  ].map { Array($0.utf8) }

  /// The pair whose key starts at `offset`, and where its value starts, when the text there is
  /// a word followed by `: ` (or by `:` at the end of the line).
  func pair(at offset: Int) -> (Field, valueStart: Int)? {
    var colon = offset
    while colon < end, Self.isNameByte(bytes[colon]) { colon += 1 }
    guard colon > offset, colon < end, bytes[colon] == UInt8(ascii: ":") else { return nil }
    var valueStart = colon + 1
    if valueStart < end {
      guard bytes[valueStart] == UInt8(ascii: " ") else { return nil }
      valueStart += 1
    }
    let key = bytes[offset..<colon]
    return (Self.knownKeys.first { $0.name.elementsEqual(key) }?.field ?? .unknown, valueStart)
  }

  /// The value at `index`: quoted for the text keys, else up to where the next pair or the
  /// trailing flags start.
  mutating func value(of field: Field) throws(SceneError) -> String {
    let start = index
    if index < end, bytes[index] == UInt8(ascii: "'"),
      Self.quotedFields.contains(field) || field == .unknown
    {
      // XCTest does not escape quotes: the text ends at the first quote after which the line
      // goes on as a description does.
      var close = index + 1
      while close < end {
        if bytes[close] == UInt8(ascii: "'"), close + 1 == end || isBoundary(at: close + 1) {
          index = close + 1
          return String(decoding: bytes[start + 1..<close], as: UTF8.self)
        }
        close += 1
      }
      // A flag newer than this reader after the text: the last quote, if only flags follow.
      if let last = bytes[start + 1..<end].lastIndex(of: UInt8(ascii: "'")),
        isFlagList(from: last + 1)
      {
        index = last + 1
        return String(decoding: bytes[start + 1..<last], as: UTF8.self)
      }
      let key = field == .unknown ? "the value" : "'\(field.rawValue)'"
      throw failure(
        "expected a closing quote for \(key) before the end of the line (is the line cut short?)",
        at: start)
    }
    if field == .pid || field == .traits {
      // Numbers: stopping at the comma keeps a frame that follows them.
      while index < end, bytes[index] != UInt8(ascii: ",") { index += 1 }
      return ""
    }
    while index < end, !isBoundary(at: index) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Whether a new pair or a known flag starts after the `, ` at `offset`.
  func isBoundary(at offset: Int) -> Bool {
    guard offset + 2 < end, bytes[offset] == UInt8(ascii: ","),
      bytes[offset + 1] == UInt8(ascii: " ")
    else { return false }
    let next = offset + 2
    for (name, _) in Self.knownKeys where matches(name, at: next) {
      let colon = next + name.count
      if colon < end, bytes[colon] == UInt8(ascii: ":"),
        colon + 1 == end || bytes[colon + 1] == UInt8(ascii: " ")
      {
        return true
      }
    }
    for flag in Self.knownFlags where matches(flag, at: next) {
      let after = next + flag.count
      if after == end || bytes[after] == UInt8(ascii: ",") { return true }
    }
    return false
  }

  /// Whether the rest of the line from `offset` is `, ` and flags, known or not.
  private func isFlagList(from offset: Int) -> Bool {
    var index = offset
    while index < end {
      guard index + 2 < end, bytes[index] == UInt8(ascii: ","),
        bytes[index + 1] == UInt8(ascii: " "), Self.isLetter(bytes[index + 2])
      else { return false }
      index += 2
      while index < end, Self.isFlagByte(bytes[index]) { index += 1 }
    }
    return offset < end
  }

  private static func isFlagByte(_ byte: UInt8) -> Bool {
    isNameByte(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-")
  }

  /// A flag such as `Selected`: words up to the next comma. Unknown flags are dropped, since
  /// each Xcode adds its own, but anything that is not words is an error.
  mutating func flag(of node: inout DumpNode, after what: String) throws(SceneError) {
    let start = index
    while index < end, bytes[index] != UInt8(ascii: ",") { index += 1 }
    let isWords = Self.isLetter(bytes[start]) && bytes[start..<index].allSatisfy(Self.isFlagByte)
    guard isWords else {
      throw failure(
        "expected 'key: value' or a flag such as 'Selected' after \(what), found "
          + rest(from: start), at: start)
    }
    let flag = bytes[start..<index]
    if flag.elementsEqual("Selected".utf8) { node.isSelected = true }
    if flag.elementsEqual("Disabled".utf8) { node.isEnabled = false }
  }

  private func matches(_ word: [UInt8], at offset: Int) -> Bool {
    end - offset >= word.count && bytes[offset..<offset + word.count].elementsEqual(word)
  }
}
