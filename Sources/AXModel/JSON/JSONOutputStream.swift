/// Writes one JSON document a value at a time, in the fixed format of
/// ``JSONOutput/rendered(pretty:)``, without building a ``JSONOutput`` value first.
///
/// A document of a hundred thousand elements built as ``JSONOutput`` needs a dictionary per
/// element and the whole text at once; this writer needs neither. The caller writes each
/// object's keys in the order ``JSONOutput`` sorts them (by their UTF-8 bytes): the writer
/// can't sort what it has already written.
struct JSONOutputStream {
  /// The bytes written since the last ``flush(to:minimum:)``.
  var writer: JSONOutputWriter
  /// The nesting level of the container being written.
  var level = 0
  /// Whether the container being written has no item yet, so the next needs no comma.
  var isFirst = true

  /// How many bytes are kept before they are handed on: enough that writing costs little per
  /// byte, few enough to stay in the caches.
  static let chunkSize = 1 << 16

  init(pretty: Bool) {
    writer = JSONOutputWriter(pretty: pretty)
    writer.bytes.reserveCapacity(Self.chunkSize + 4096)
  }

  /// Starts an array (`[`) or an object (`{`).
  mutating func open(_ bracket: Unicode.Scalar) {
    writer.bytes.append(UInt8(ascii: bracket))
    level += 1
    isFirst = true
  }

  /// Ends the container being written with `]` or `}`: written as `[]` or `{}` when empty.
  mutating func close(_ bracket: Unicode.Scalar) {
    level -= 1
    if !isFirst { writer.breakLine(level: level) }
    writer.bytes.append(UInt8(ascii: bracket))
    isFirst = false
  }

  /// Starts the next element of an array.
  mutating func item() {
    if !isFirst { writer.bytes.append(UInt8(ascii: ",")) }
    isFirst = false
    writer.breakLine(level: level)
  }

  /// Starts the next member of an object. Keys are literals with nothing to escape.
  mutating func key(_ name: StaticString) {
    item()
    writer.bytes.append(UInt8(ascii: "\""))
    writer.bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    writer.bytes.append(UInt8(ascii: "\""))
    writer.bytes.append(UInt8(ascii: ":"))
    if writer.pretty { writer.bytes.append(UInt8(ascii: " ")) }
  }

  /// Writes a string, or `null` for none.
  mutating func string(_ text: String?) {
    if let text { writer.writeString(text) } else { writer.append("null") }
  }

  /// Writes a number as ``JSONOutput/number(_:)`` is written.
  mutating func number(_ value: Double) {
    if let whole = JSONOutputWriter.wholeNumber(value) {
      writer.appendInteger(whole)
    } else {
      writer.append(JSONOutputWriter.formatted(value))
    }
  }

  /// Writes `true` or `false`.
  mutating func bool(_ flag: Bool) {
    writer.append(flag ? "true" : "false")
  }

  /// Writes an array of strings.
  mutating func strings(_ texts: some Sequence<String>) {
    open("[")
    for text in texts {
      item()
      writer.writeString(text)
    }
    close("]")
  }

  /// Writes an array of two numbers: a point. Not variadic, which would make an array.
  mutating func numbers(_ first: Double, _ second: Double) {
    open("[")
    item()
    number(first)
    item()
    number(second)
    close("]")
  }

  /// Writes an array of four numbers: a frame.
  mutating func numbers(_ first: Double, _ second: Double, _ third: Double, _ fourth: Double) {
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
  mutating func flush(to output: inout some TextOutputStream, minimum: Int = chunkSize) {
    guard writer.bytes.count >= minimum, !writer.bytes.isEmpty else { return }
    // Callers flush only between values, so a chunk never ends inside a character.
    output.write(String(decoding: writer.bytes, as: UTF8.self))
    writer.bytes.removeAll(keepingCapacity: true)
  }
}
