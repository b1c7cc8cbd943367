import AXModel
import Testing

@testable import Importing

@Suite("XMLReader: the small XML parser under the XML dumps")
struct XMLReaderTests {
  func parse(_ text: String) throws(XMLSyntaxError) -> XMLElementNode {
    try XMLReader.parse(Array(text.utf8))
  }

  @Test("elements, attributes in either quote, entities and positions")
  func document() throws {
    let root = try parse(
      "\u{FEFF}<?xml version='1.0'?>\n<!-- a comment -->\n<a x=\"1\" y='&lt;b&gt; &amp; &quot;&apos;'>\n  <b/>\n  <c n=\"&#72;&#x49; 中\">text<![CDATA[<not/>]]></c>\n</a>\n")
    #expect(root.name == "a")
    #expect(root.attribute("x") == "1")
    #expect(root.attribute("y") == "<b> & \"'")
    #expect(root.attribute("z") == nil)
    #expect(root.position == SourcePosition(line: 3, column: 1))
    #expect(root.children.map(\.name) == ["b", "c"])
    #expect(root.children[1].attribute("n") == "HI 中")
    #expect(root.children[1].position == SourcePosition(line: 5, column: 3))
  }

  @Test("a literal line break in a value reads as a space; &#10; is a line break")
  func lineBreaks() throws {
    let root = try parse("<a v=\"one\ntwo\" w=\"one&#10;two\"/>")
    #expect(root.attribute("v") == "one two")
    #expect(root.attribute("w") == "one\ntwo")
  }

  @Test("malformed documents fail at the place of the problem", arguments: [
    ("", "1:1", "the document has no root element"),
    ("<a>", "1:4", "unexpected end of file, expected </a> for <a> opened at line 1, column 1"),
    ("<a><b></a>", "1:7", "end tag </a> does not match <b> opened at line 1, column 4"),
    ("<a x=1/>", "1:6", "expected a quoted value for attribute 'x'"),
    ("<a x=\"1\" x=\"2\"/>", "1:15", "attribute 'x' appears twice in <a>"),
    ("<a x=\"1\"y=\"2\"/>", "1:9", "expected white space before an attribute in <a>"),
    ("<a x=\"&bogus;\"/>", "1:7", "unknown entity '&bogus;'"),
    ("<a x=\"&#0;\"/>", "1:7", "character reference '&#0;' is not a character"),
    ("<a x=\"unterminated/>", "1:6", "unterminated value of attribute 'x'"),
    ("<a/><b/>", "1:5", "content after the root element"),
    ("<a><!-- never closed", "1:4", "unterminated comment"),
    ("text", "1:1", "expected '<' to start the root element"),
  ])
  func malformed(text: String, position: String, message: String) {
    do {
      _ = try parse(text)
      Issue.record("parsed: \(text)")
    } catch {
      #expect("\(error.position.line):\(error.position.column)" == position)
      #expect(error.message == message)
    }
  }

  @Test("nesting deeper than the limit is an error, not a stack overflow")
  func depth() {
    let text = String(repeating: "<a>", count: 10_000)
    #expect(throws: XMLSyntaxError.self) { try XMLReader.parse(Array(text.utf8), maxDepth: 512) }
  }
}
