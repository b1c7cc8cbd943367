/// The structural part of the parser: values, arrays, objects and keys, driven by an
/// explicit stack instead of recursion.
extension JSONParserEngine {
  /// Parses the whole input as one JSON value followed only by whitespace.
  mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      offset = 3
      lineStart = 3
      cachedOffset = 3
    }
    skipWhitespace()
    parsing: while true {
      // A value must start at `offset`.
      guard offset < bytes.count else { throw unexpected("a value", at: offset) }
      let start = offset
      let position = self.position(at: start)
      var node: JSONNode
      switch bytes[start] {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        let isObject = bytes[start] == UInt8(ascii: "{")
        guard frames.count < maxDepth else {
          throw error("nesting deeper than \(maxDepth) levels", at: start)
        }
        offset += 1
        skipWhitespace()
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if offset < bytes.count, bytes[offset] == closer {
          offset += 1
          node = JSONNode(value: isObject ? .object([]) : .array([]), position: position)
          break
        }
        frames.append(
          Frame(
            isObject: isObject, position: position, valueBase: values.count,
            keyBase: keys.count, keySet: nil))
        guard offset < bytes.count else {
          throw error(
            "unexpected end of file, expected '\(Character(Unicode.Scalar(closer)))'", at: offset)
        }
        if isObject {
          guard bytes[offset] == UInt8(ascii: "\"") else {
            throw unexpected("a string key or '}'", at: offset)
          }
          try readKey()
        }
        continue parsing
      case UInt8(ascii: "\""):
        node = JSONNode(value: .string(try parseString()), position: position)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        node = JSONNode(value: .number(try parseNumber()), position: position)
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        node = JSONNode(value: try parseLiteral(), position: position)
      default:
        throw unexpected("a value", at: start)
      }

      // Hand the finished value to its container, closing containers that end here.
      while true {
        skipWhitespace()
        guard let isObject = frames.last?.isObject else {
          guard offset >= bytes.count else {
            throw error("trailing content after the top-level value", at: offset)
          }
          return node
        }
        values.append(node)
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let closerName = isObject ? "'}'" : "']'"
        guard offset < bytes.count else {
          throw error("unexpected end of file, expected \(closerName)", at: offset)
        }
        let byte = bytes[offset]
        if byte == UInt8(ascii: ",") {
          let comma = offset
          offset += 1
          skipWhitespace()
          if offset < bytes.count, bytes[offset] == closer {
            throw error("trailing comma before \(closerName)", at: comma)
          }
          if isObject {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
              throw unexpected("a string key", at: offset)
            }
            try readKey()
          }
          continue parsing
        }
        guard byte == closer else {
          let message =
            isObject
            ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element"
          throw unexpected(message, atEnd: closerName, at: offset)
        }
        offset += 1
        node = closeContainer()
      }
    }
  }

  /// Pops the innermost container and builds its node from the stacks.
  mutating func closeContainer() -> JSONNode {
    let frame = frames.removeLast()
    let value: JSONNode.Value
    if frame.isObject {
      var members: [JSONMember] = []
      members.reserveCapacity(keys.count - frame.keyBase)
      var valueIndex = frame.valueBase
      for keyIndex in frame.keyBase..<keys.count {
        members.append(
          JSONMember(
            key: keys[keyIndex], keyPosition: keyPositions[keyIndex], value: values[valueIndex]))
        valueIndex += 1
      }
      keys.removeSubrange(frame.keyBase...)
      keyPositions.removeSubrange(frame.keyBase...)
      value = .object(members)
    } else {
      value = .array(Array(values[frame.valueBase...]))
    }
    values.removeSubrange(frame.valueBase...)
    return JSONNode(value: value, position: frame.position)
  }

  /// Reads an object key at `offset`, checks it is new in its object, and skips the `:`.
  mutating func readKey() throws(JSONSyntaxError) {
    let keyPosition = position(at: offset)
    let key = try parseString()
    let top = frames.count - 1
    let base = frames[top].keyBase
    var isDuplicate = false
    if keys.count - base < 16 {
      for index in base..<keys.count where keys[index] == key {
        isDuplicate = true
        break
      }
    } else {
      if frames[top].keySet == nil { frames[top].keySet = Set(keys[base...]) }
      isDuplicate = frames[top].keySet?.insert(key).inserted == false
    }
    if isDuplicate {
      throw JSONSyntaxError(
        message: "duplicate key '\(Self.displayed(key))'", position: keyPosition)
    }
    keys.append(key)
    keyPositions.append(keyPosition)
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
      throw unexpected("expected ':' after object key", atEnd: "':'", at: offset)
    }
    offset += 1
    skipWhitespace()
  }

  /// Returns `text` with control characters escaped, for quoting in a message.
  static func displayed(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{0}"..."\u{1F}", "\u{7F}": result += scalarName(scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Returns a scalar's code point in the `U+XXXX` form.
  static func scalarName(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
