import AXModel

/// Reads XCUITest's `debugDescription` text, what `print(app.debugDescription)` and Appium's
/// `mobile: source` with format `description` print, into a ``Dump``.
///
/// The text is XCTest's snapshot description, one element a line:
///
///     Attributes: Application, pid: 4242, label: 'Settings'
///     Element subtree:
///      →Application, 0x600000c4c000, pid: 4242, label: 'Settings'
///         Window (Main), 0x600000c4c0e0, {{0.0, 0.0}, {390.0, 844.0}}
///           Button, 0x600000c4c1c0, {{16.0, 293.3}, {370.0, 52.0}}, label: 'Log In', Selected
///     Path to element:
///     Query chain:
///
/// - Sections: only the lines between `Element subtree:` and `Path to element:` or
///   `Query chain:` are the tree; without the header, every line up to those is. Blank lines
///   and lines whose first non-blank character is `#` are skipped anywhere.
/// - Tree: a line's indentation (spaces, tabs, and the `→` marking the queried element, each
///   one column) is its depth. A line belongs to the nearest line above indented less, however
///   much deeper it is; lines indented as little as the first are top-level nodes, and a line
///   indented less than the first is an error.
/// - Line: a type name (`Button`, `XCUIElementTypeButton`), optionally followed by a
///   parenthesised remark (`Window (Main)`), which is dropped; then, comma-separated, an
///   optional address `0x…`, an optional frame `{{x, y}, {w, h}}`, `key: value` pairs and
///   flags, in any order after the address.
/// - Pairs: `identifier`, `label`, `title` and `placeholderValue` are single-quoted and not
///   escaped, so the text ends at the first quote followed by the end of the line, by
///   `, <known key>: ` or by `, <known flag>` ending at a comma or the line's end; failing
///   that, at the last quote when only flag-like words follow it (a flag newer than this
///   reader). `value` is unquoted and ends at the same places, so it may hold commas; `pid` and
///   `traits` end at the next comma. `pid`, `traits` and unknown keys are read and dropped. Text
///   that itself holds `', label: ` is cut there: the format cannot tell the two apart.
/// - Flags: `Selected` and `Disabled` are kept; `Focused`, `Keyboard Focused`, `Hittable`,
///   `Not Hittable` and unknown flags are ignored.
/// - Nodes: the role comes from the bare type name (``DumpRole/init(elementType:)``), which is
///   also the node's `typeName`; the label is `label`, else `title`; no frame leaves `frame`
///   `nil`; the position is the type name's line and column, in Unicode scalars.
///
/// A line that does not parse is a `malformedDump` error at its line and column saying what
/// was expected, and so is a text without element lines. The tree is built with an explicit
/// stack, so deep input never deepens the call stack, and ``SceneLimits`` depth and count are
/// enforced while reading.
enum DebugDescriptionReader: DumpReader {
  static func read(_ bytes: [UInt8], path: String, options: ImportOptions) throws(SceneError)
    -> Dump
  {
    let lines = Self.lines(of: bytes)
    let (header, tree) = Self.treeSection(of: lines, in: bytes)
    var builder = DescriptionTreeBuilder(path: path, limits: options.limits)
    for number in tree {
      let line = lines[number]
      var index = line.lowerBound
      var indent = 0
      while index < line.upperBound {
        if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
          index += 1
        } else if Self.isArrow(bytes, at: index, end: line.upperBound) {
          index += 3
        } else {
          break
        }
        indent += 1
      }
      if index == line.upperBound || bytes[index] == UInt8(ascii: "#") { continue }
      var parser = DescriptionLineParser(
        bytes: bytes, lineStart: line.lowerBound, end: line.upperBound, line: number + 1,
        path: path)
      let node = try parser.node(at: index, column: indent + 1)
      try builder.add(node, indent: indent)
    }
    let roots = builder.finish()
    guard !roots.isEmpty else {
      let message =
        "no element lines: expected lines such as \"Button, 0x600000c4c1c0, "
        + "{{16.0, 293.0}, {370.0, 52.0}}, label: 'Log In'\""
      if let header {
        throw SceneError(
          .malformedDump, message + " after 'Element subtree:'", path: path,
          at: SourcePosition(line: header + 1, column: 1))
      }
      throw SceneError(.malformedDump, message, path: path)
    }
    return Dump(format: .xcuitest, roots: roots)
  }

  /// The byte ranges of the lines, without the line break, a carriage return or trailing
  /// blanks, and with a UTF-8 byte order mark left out of the first.
  static func lines(of bytes: [UInt8]) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    lines.reserveCapacity(bytes.count / 48 + 1)
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var index = start
    func close(at end: Int) {
      var last = end
      while last > start,
        bytes[last - 1] == UInt8(ascii: "\r") || bytes[last - 1] == UInt8(ascii: " ")
          || bytes[last - 1] == UInt8(ascii: "\t")
      {
        last -= 1
      }
      lines.append(start..<last)
    }
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        close(at: index)
        start = index + 1
      }
      index += 1
    }
    if start < bytes.count { close(at: bytes.count) }
    return lines
  }

  /// The index of the `Element subtree:` line, if any, and the line indices of the tree.
  static func treeSection(of lines: [Range<Int>], in bytes: [UInt8]) -> (
    header: Int?, tree: Range<Int>
  ) {
    let header = lines.indices.first { startsLine(lines[$0], in: bytes, with: subtreeHeader) }
    let start = header.map { $0 + 1 } ?? 0
    let end =
      lines[start...].indices.first {
        startsLine(lines[$0], in: bytes, with: pathHeader)
          || startsLine(lines[$0], in: bytes, with: queryHeader)
      } ?? lines.count
    return (header, start..<end)
  }

  /// Whether the line's text, past leading blanks, starts with `prefix`.
  private static func startsLine(_ line: Range<Int>, in bytes: [UInt8], with prefix: [UInt8])
    -> Bool
  {
    var index = line.lowerBound
    while index < line.upperBound,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
    {
      index += 1
    }
    return line.upperBound - index >= prefix.count
      && bytes[index..<index + prefix.count].elementsEqual(prefix)
  }

  private static let subtreeHeader = Array("Element subtree:".utf8)
  private static let pathHeader = Array("Path to element:".utf8)
  private static let queryHeader = Array("Query chain:".utf8)

  /// Whether the three UTF-8 bytes of `→` (U+2192) start at `index`.
  static func isArrow(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
    index + 2 < end && bytes[index] == 0xE2 && bytes[index + 1] == 0x86
      && bytes[index + 2] == 0x92
  }
}
