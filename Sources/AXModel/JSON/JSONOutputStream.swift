/// Writes one JSON document a value at a time, in the fixed format of
/// ``JSONOutput/rendered(pretty:)``, without building a ``JSONOutput`` value first.
///
/// A document of a hundred thousand elements built as ``JSONOutput`` needs a dictionary per
/// element and the whole text at once; this writer needs neither. The caller writes each
/// object's keys in the order ``JSONOutput`` sorts them (by their UTF-8 bytes): the writer
/// can't sort what it has already written, except in ``object(_:streaming:writeValue:)``,
/// which sorts the keys it is given.
package struct JSONOutputStream {
  /// The bytes written since the last ``flush(to:minimum:)``.
  var writer: JSONOutputWriter
  /// The nesting level of the container being written.
  var level = 0
  /// Whether the container being written has no item yet, so the next needs no comma.
  var isFirst = true

  /// How many bytes are kept before they are handed on: enough that writing costs little per
  /// byte, few enough to stay in the caches.
  package static let chunkSize = 1 << 16

  /// Creates a stream that writes pretty (indented, one member a line) or compact JSON.
  package init(pretty: Bool) {
    writer = JSONOutputWriter(pretty: pretty)
    writer.bytes.reserveCapacity(Self.chunkSize + 4096)
  }

  /// Starts an array (`[`) or an object (`{`).
  package mutating func open(_ bracket: Unicode.Scalar) {
    writer.bytes.append(UInt8(ascii: bracket))
    level += 1
    isFirst = true
  }

  /// Ends the container being written with `]` or `}`: written as `[]` or `{}` when empty.
  package mutating func close(_ bracket: Unicode.Scalar) {
    level -= 1
    if !isFirst { writer.breakLine(level: level) }
    writer.bytes.append(UInt8(ascii: bracket))
    isFirst = false
  }

  /// Starts the next element of an array.
  package mutating func item() {
    writer.breakLine(level: level, comma: !isFirst)
    isFirst = false
  }

  /// Starts the next member of an object. Keys are literals with nothing to escape.
  package mutating func key(_ name: StaticString) {
    item()
    writer.bytes.append(UInt8(ascii: "\""))
    writer.bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    writer.bytes.append(UInt8(ascii: "\""))
    writer.bytes.append(UInt8(ascii: ":"))
    if writer.pretty { writer.bytes.append(UInt8(ascii: " ")) }
  }

  /// Writes a string, or `null` for none.
  package mutating func string(_ text: String?) {
    if let text { writer.writeString(text) } else { writer.append("null") }
  }

  /// Writes a number as ``JSONOutput/number(_:)`` is written.
  package mutating func number(_ value: Double) {
    if let whole = JSONOutputWriter.wholeNumber(value) {
      writer.appendInteger(whole)
    } else {
      writer.append(JSONOutputWriter.formatted(value))
    }
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ flag: Bool) {
    writer.append(flag ? "true" : "false")
  }

  /// Writes an array of strings.
  package mutating func strings(_ texts: some Sequence<String>) {
    open("[")
    for text in texts {
      item()
      writer.writeString(text)
    }
    close("]")
  }

  /// Writes an array of two numbers: a point. Not variadic, which would make an array.
  package mutating func numbers(_ first: Double, _ second: Double) {
    open("[")
    item()
    number(first)
    item()
    number(second)
    close("]")
  }

  /// Writes an array of four numbers: a frame.
  package mutating func numbers(_ first: Double, _ second: Double, _ third: Double, _ fourth: Double) {
    open("[")
    item()
    number(first)
    item()
    number(second)
    item()
    number(third)
    item()
    number(fourth)
    close("]")
  }

  /// Hands the bytes written so far to `output` once there are at least `minimum` of them.
  package mutating func flush(to output: inout some TextOutputStream, minimum: Int = chunkSize) {
    guard writer.bytes.count >= minimum, !writer.bytes.isEmpty else { return }
    // Callers flush only between values, so a chunk never ends inside a character.
    output.write(String(decoding: writer.bytes, as: UTF8.self))
    writer.bytes.removeAll(keepingCapacity: true)
  }

  /// Writes a value as ``JSONOutput/rendered(pretty:)`` writes it at this depth: a member's
  /// value after ``key(_:)``, or an element after ``item()``.
  package mutating func value(_ value: JSONOutput) {
    writer.write(value, level: level)
  }

  /// Writes an object of `members` and the keys `streamed`, all in the order ``JSONOutput``
  /// sorts them; `writeValue` writes the value of each streamed key.
  ///
  /// The object is the one ``JSONOutput/object(_:)`` would render with every member, but a
  /// streamed member, such as a long array, need not be made as a value first. A key in both
  /// is written once, with `writeValue`.
  package mutating func object(
    _ members: [String: JSONOutput], streaming streamed: some Sequence<String>,
    writeValue: (String, inout JSONOutputStream) -> Void
  ) {
    let streamedKeys = Set(streamed)
    let keys = streamedKeys.union(members.keys).sorted(by: JSONOutputWriter.precedes)
    open("{")
    for key in keys {
      item()
      writer.writeKey(key)
      if !streamedKeys.contains(key), let member = members[key] {
        value(member)
      } else {
        writeValue(key, &self)
      }
    }
    close("}")
  }

  /// Writes an array of `elements`, each made a value by `transform` only when it is written
  /// and handed on to `output` (``flush(to:minimum:)``) after it, so that only one element's
  /// value is held at a time.
  package mutating func array<Element>(
    _ elements: some Sequence<Element>, flushingTo output: inout some TextOutputStream,
    _ transform: (Element) -> JSONOutput
  ) {
    open("[")
    for element in elements {
      item()
      value(transform(element))
      flush(to: &output)
    }
    close("]")
  }
}
