import AXModel

/// Builds the node tree from element lines and their indentation, with a stack of the open
/// ancestors instead of recursion, enforcing the depth and count limits as lines arrive.
struct DescriptionTreeBuilder {
  let path: String
  let limits: SceneLimits
  /// The open nodes, outermost first, each with its indentation.
  private var stack: [(indent: Int, node: DumpNode)] = []
  private var roots: [DumpNode] = []
  private var firstIndent: Int?
  private var count = 0

  init(path: String, limits: SceneLimits) {
    self.path = path
    self.limits = limits
  }

  /// Adds the node of the next line: it closes every open node indented as much or more, and
  /// becomes a child of the one left on top.
  mutating func add(_ node: DumpNode, indent: Int) throws(SceneError) {
    if let firstIndent {
      // A dump cut from a longer one may start deeper than its siblings end; only a line left
      // of the first one has no parent to go to.
      guard indent >= firstIndent else {
        throw SceneError(
          .malformedDump,
          "element line indented by \(indent) columns, less than the first element line's "
            + "\(firstIndent)",
          path: path, at: node.position)
      }
    } else {
      firstIndent = indent
    }
    while let top = stack.last?.indent, top >= indent { closeTop() }
    guard stack.count < limits.maximumViewDepth else {
      throw SceneError(
        .limitExceeded, "elements nested deeper than \(limits.maximumViewDepth) levels",
        path: path, at: node.position)
    }
    count += 1
    guard count <= limits.maximumViewCount else {
      throw SceneError(
        .limitExceeded, "more than \(limits.maximumViewCount) elements", path: path,
        at: node.position)
    }
    stack.append((indent, node))
  }

  /// Closes the open nodes and returns the top-level ones.
  mutating func finish() -> [DumpNode] {
    while !stack.isEmpty { closeTop() }
    return roots
  }

  private mutating func closeTop() {
    let closed = stack.removeLast().node
    if stack.isEmpty {
      roots.append(closed)
    } else {
      stack[stack.count - 1].node.children.append(closed)
    }
  }
}

extension DebugDescriptionReader {
  /// Whether the text looks like a `debugDescription`, from its first 8 KiB: it has an
  /// `Element subtree:` line, or a line that, after blanks and an optional `→`, is a word
  /// (optionally with a parenthesised remark) followed by `, 0x` or `, {{`.
  ///
  /// Detection runs on every file that is neither JSON nor XML, so it reads no further than a
  /// header's worth and builds no strings.
  static func looksLikeDescription(_ bytes: [UInt8]) -> Bool {
    let end = min(bytes.count, 8192)
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < end {
      var lineEnd = start
      while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      if lineLooksLikeElement(bytes, start, lineEnd) { return true }
      start = lineEnd + 1
    }
    return false
  }

  private static let subtreeMarker = Array("Element subtree:".utf8)

  private static func lineLooksLikeElement(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
    var index = start
    while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    if end - index >= subtreeMarker.count,
      bytes[index..<index + subtreeMarker.count].elementsEqual(subtreeMarker)
    {
      return true
    }
    if isArrow(bytes, at: index, end: end) { index += 3 }
    let word = index
    while index < end, DescriptionLineParser.isNameByte(bytes[index]) { index += 1 }
    guard index > word else { return false }
    if index + 1 < end, bytes[index] == UInt8(ascii: " "), bytes[index + 1] == UInt8(ascii: "(") {
      while index < end, bytes[index] != UInt8(ascii: ")") { index += 1 }
      index += 1
    }
    guard index + 3 < end, bytes[index] == UInt8(ascii: ","), bytes[index + 1] == UInt8(ascii: " ")
    else { return false }
    return (bytes[index + 2] == UInt8(ascii: "0") && bytes[index + 3] == UInt8(ascii: "x"))
      || (bytes[index + 2] == UInt8(ascii: "{") && bytes[index + 3] == UInt8(ascii: "{"))
  }
}
