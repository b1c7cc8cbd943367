import AXModel

/// An element of an XML document: its name, attributes and child elements, with where it
/// starts.
///
/// Dumps carry everything in attributes, so text content is checked for well-formedness and
/// dropped.
struct XMLElementNode: Sendable {
  var name: String
  var attributes: [(name: String, value: String)]
  var children: [XMLElementNode]
  var position: SourcePosition

  /// The value of the named attribute, or `nil` when it is absent.
  func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}

/// An XML syntax error at a position of the document.
struct XMLSyntaxError: Error, Sendable {
  var message: String
  var position: SourcePosition
}

/// A small, strict XML reader for accessibility dumps: elements, attributes in either quote,
/// the five named entities and numeric references, comments, processing instructions, CDATA
/// and a DOCTYPE without an internal subset.
///
/// Foundation's `XMLParser` is not on every Linux toolchain and reports no column for most
/// errors; dumps need `path:line:col` for every failure, truncation included.
struct XMLReader {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  var column = 1
  let maxDepth: Int

  /// Parses a whole document and returns its root element.
  static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws(XMLSyntaxError)
    -> XMLElementNode
  {
    var reader = XMLReader(bytes: bytes, maxDepth: maxDepth)
    return try reader.document()
  }

  private init(bytes: [UInt8], maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  var position: SourcePosition { SourcePosition(line: line, column: column) }

  private mutating func document() throws(XMLSyntaxError) -> XMLElementNode {
    try skipMisc()
    guard index < bytes.count else { throw failure("the document has no root element") }
    guard bytes[index] == UInt8(ascii: "<") else {
      throw failure("expected '<' to start the root element")
    }
    let root = try element(depth: 1)
    try skipMisc()
    if index < bytes.count { throw failure("content after the root element") }
    return root
  }

  /// Skips white space, comments, processing instructions and a DOCTYPE outside the root.
  private mutating func skipMisc() throws(XMLSyntaxError) {
    while true {
      skipSpace()
      if lookingAt("<?") {
        try skipPast("?>", what: "processing instruction")
      } else if lookingAt("<!--") {
        try skipPast("-->", what: "comment")
      } else if lookingAt("<!DOCTYPE") {
        try skipPast(">", what: "DOCTYPE")
      } else {
        return
      }
    }
  }

  private mutating func element(depth: Int) throws(XMLSyntaxError) -> XMLElementNode {
    let start = position
    guard depth <= maxDepth else {
      throw failure("elements nested deeper than \(maxDepth) levels")
    }
    advance()  // <
    let name = try self.name(what: "element name")
    var node = XMLElementNode(name: name, attributes: [], children: [], position: start)
    while true {
      let hadSpace = skipSpace()
      guard index < bytes.count else {
        throw failure("unexpected end of file in the start tag <\(name)> opened at line \(start.line), column \(start.column)")
      }
      if bytes[index] == UInt8(ascii: "/") {
        advance()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
          throw failure("expected '>' after '/' in <\(name)>")
        }
        advance()
        return node
      }
      if bytes[index] == UInt8(ascii: ">") {
        advance()
        break
      }
      guard hadSpace else { throw failure("expected white space before an attribute in <\(name)>") }
      let attributeName = try self.name(what: "attribute name")
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw failure("expected '=' after attribute '\(attributeName)'")
      }
      advance()
      skipSpace()
      let value = try quoted(attributeName)
      if node.attribute(attributeName) != nil {
        throw failure("attribute '\(attributeName)' appears twice in <\(name)>")
      }
      node.attributes.append((attributeName, value))
    }
    try content(of: &node, depth: depth)
    return node
  }

  /// Reads child elements and text up to the matching end tag.
  private mutating func content(of node: inout XMLElementNode, depth: Int)
    throws(XMLSyntaxError)
  {
    while true {
      guard index < bytes.count else { throw unterminated(node.name, node.position) }
      if lookingAt("</") {
        let endPosition = position
        index += 2
        column += 2
        let endName = try name(what: "end tag name")
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
          throw failure("expected '>' to close </\(endName)>")
        }
        guard endName == node.name else {
          throw XMLSyntaxError(
            message: "end tag </\(endName)> does not match <\(node.name)> opened at line "
              + "\(node.position.line), column \(node.position.column)",
            position: endPosition)
        }
        advance()
        return
      }
      if lookingAt("<!--") {
        try skipPast("-->", what: "comment")
      } else if lookingAt("<![CDATA[") {
        try skipPast("]]>", what: "CDATA section")
      } else if lookingAt("<?") {
        try skipPast("?>", what: "processing instruction")
      } else if bytes[index] == UInt8(ascii: "<") {
        node.children.append(try element(depth: depth + 1))
      } else if bytes[index] == UInt8(ascii: "&") {
        _ = try reference()
      } else {
        advance()
      }
    }
  }

  private mutating func quoted(_ attribute: String) throws(XMLSyntaxError) -> String {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
    else { throw failure("expected a quoted value for attribute '\(attribute)'") }
    let quote = bytes[index]
    let start = position
    advance()
    var value: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw XMLSyntaxError(
          message: "unterminated value of attribute '\(attribute)'", position: start)
      }
      let byte = bytes[index]
      if byte == quote { break }
      if byte == UInt8(ascii: "<") { throw failure("'<' in the value of attribute '\(attribute)'") }
      if byte == UInt8(ascii: "&") {
        value.append(contentsOf: try reference())
      } else {
        // XML normalises literal line breaks and tabs in attribute values to spaces;
        // producers write a real newline as `&#10;`.
        value.append(byte == 0x0A || byte == 0x0D || byte == 0x09 ? 0x20 : byte)
        advance()
      }
    }
    advance()
    return String(decoding: value, as: UTF8.self)
  }
}
