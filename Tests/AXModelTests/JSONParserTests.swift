import AXTestSupport
import Testing

@testable import AXModel

/// Returns `source` without its `1️⃣` marker, and the position where the marker stood.
func unmarked(_ source: String) -> (text: String, position: SourcePosition) {
  let (text, line, column) = AXTestSupport.unmarked(source)
  return (text, SourcePosition(line: line, column: column))
}

/// Parses `source` and returns its error, recording an issue if it parses.
func syntaxError(_ source: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
  do {
    let node = try JSONParser.parse(source, maxDepth: maxDepth)
    Issue.record("expected an error, parsed \(JSONOutput(node).rendered())")
    return nil
  } catch {
    return error
  }
}

@Suite struct JSONParserTests {
  @Test(
    arguments: [
      ("null", nil),
      (" true ", true),
      ("false", false),
      ("0", 0),
      ("-0", 0),
      ("42", 42),
      ("-12.5", -12.5),
      ("1e3", 1000),
      ("2.5E-3", 0.0025),
      ("1E+2", 100),
      ("0.1", 0.1),
      ("123456789012345678901234567890", 1.2345678901234568e29),
      ("1e-400", 0),
      ("\"\"", ""),
      (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{8}\u{C}\n\r\t"),
      (#""\u00e9\u00C9 caf\u00e9""#, "éÉ café"),
      (#""\uD83D\uDE00 😀""#, "😀 😀"),
      ("\"ünïcödé ✓\"", "ünïcödé ✓"),
      ("\u{FEFF}[1]", [1]),
      ("[]", []),
      ("{}", [:]),
      ("[ 1 , [ ] , { } , \"x\" ]", [1, [], [:], "x"]),
      ("\r\n{\"a\":{\"b\":[null,true]},\t\"c\":-1}\n", ["a": ["b": [nil, true]], "c": -1]),
    ] as [(String, JSONOutput)])
  func parsesValid(_ source: String, _ expected: JSONOutput) throws {
    #expect(JSONOutput(try JSONParser.parse(source)) == expected)
  }

  @Test(arguments: [
    ("1️⃣", "unexpected end of file, expected a value"),
    ("  \n 1️⃣", "unexpected end of file, expected a value"),
    ("[1, 2 1️⃣", "unexpected end of file, expected ']'"),
    ("[1️⃣", "unexpected end of file, expected ']'"),
    ("[1,1️⃣", "unexpected end of file, expected a value"),
    ("{1️⃣", "unexpected end of file, expected '}'"),
    ("{\"a\": 1 1️⃣", "unexpected end of file, expected '}'"),
    ("{\"a\"1️⃣", "unexpected end of file, expected ':'"),
    ("{\"a\":1️⃣", "unexpected end of file, expected a value"),
    ("{\"a\":1,1️⃣", "unexpected end of file, expected a string key"),
    ("{\"a\": 1 1️⃣\"b\": 2}", "expected ',' or '}' after object member"),
    ("[1 1️⃣2]", "expected ',' or ']' after array element"),
    ("[1️⃣N]", "expected a value, found 'N'"),
    ("1️⃣NaN", "expected a value, found 'N'"),
    ("1️⃣Infinity", "expected a value, found 'I'"),
    ("-1️⃣Infinity", "expected a digit after '-', found 'I'"),
    ("1️⃣True", "expected a value, found 'T'"),
    ("1️⃣tru", "invalid literal 'tru'"),
    ("[1️⃣nul]", "invalid literal 'nul'"),
    ("1️⃣truex", "invalid literal 'truex'"),
    ("[1️⃣,1]", "expected a value, found ','"),
    ("{\"a\":1️⃣}", "expected a value, found '}'"),
    ("[1, 2, 31️⃣, ]", "trailing comma before ']'"),
    ("{\"a\": 11️⃣,}", "trailing comma before '}'"),
    ("1️⃣// comment\n1", "expected a value, found '/'"),
    ("[1, 1️⃣/* c */ 2]", "expected a value, found '/'"),
    ("{1️⃣a: 1}", "expected a string key or '}', found 'a'"),
    ("{\"a\": 1, 1️⃣b: 2}", "expected a string key, found 'b'"),
    ("{1️⃣'a': 1}", "expected a string key or '}', found '''"),
    ("{\"a\" 1️⃣1}", "expected ':' after object key"),
    ("{\"id\": 1, 1️⃣\"id\": 2}", "duplicate key 'id'"),
    ("{\"a\": {\"x\": 1}, \"b\": {\"x\": 1, 1️⃣\"x\": 3}}", "duplicate key 'x'"),
    ("{\n  \"a\": 1,\n  1️⃣\"a\": 2\n}", "duplicate key 'a'"),
    ("{\"\\n\": 1, 1️⃣\"\\n\": 2}", "duplicate key '\\n'"),
    ("[1] 1️⃣[2]", "trailing content after the top-level value"),
    ("{}\n\n  1️⃣x", "trailing content after the top-level value"),
    ("1️⃣01", "leading zeros are not allowed in numbers"),
    ("-1️⃣00", "leading zeros are not allowed in numbers"),
    ("1.1️⃣", "unexpected end of file, expected a digit after '.'"),
    ("1.1️⃣e5", "expected a digit after '.', found 'e'"),
    ("1e1️⃣", "unexpected end of file, expected a digit after 'e'"),
    ("[1E+1️⃣x]", "expected a digit after '+', found 'x'"),
    ("1️⃣.5", "expected a value, found '.'"),
    ("1️⃣+1", "expected a value, found '+'"),
    ("1️⃣1e400", "number out of range"),
    ("[\n  1️⃣-1e999\n]", "number out of range"),
    ("1️⃣\"abc", "unterminated string"),
    ("[1️⃣\"abc\n\"]", "unterminated string"),
    ("1️⃣\"abc\\", "unterminated string"),
    ("\"a1️⃣\tb\"", "unescaped control character U+0009 in string"),
    ("\"a1️⃣\u{0}\"", "unescaped control character U+0000 in string"),
    ("\"a1️⃣\\qb\"", "invalid escape '\\q' in string"),
    ("\"é1️⃣\\é\"", "invalid escape '\\é' in string"),
    ("\"1️⃣\\\u{A0}\"", "invalid escape in string, found U+00A0 after '\\'"),
    ("\"1️⃣\\uD800\"", "lone surrogate '\\uD800' in string"),
    ("\"1️⃣\\udc00x\"", "lone surrogate '\\udc00' in string"),
    ("\"1️⃣\\uD83D\\u0041\"", "lone surrogate '\\uD83D' in string"),
    ("\"\\u121️⃣G4\"", "expected a hex digit in '\\u' escape, found 'G'"),
    ("[\"é\", 1️⃣x]", "expected a value, found 'x'"),
    ("[\"😀👍🏽\", 1️⃣é]", "expected a value, found 'é'"),
    ("[1, 1️⃣\u{A0}]", "expected a value, found U+00A0"),
    ("\r\n\r\n  1️⃣x", "expected a value, found 'x'"),
  ])
  func rejectsInvalid(_ marked: String, _ message: String) {
    let (text, position) = unmarked(marked)
    let error = syntaxError(Array(text.utf8))
    #expect(error == JSONSyntaxError(message: message, position: position))
  }

  @Test(
    arguments: [
      ([0x22, 0xFF, 0x22], "invalid UTF-8 byte 0xff", 1, 2),
      ([0x5B, 0xC3], "invalid UTF-8 byte 0xc3", 1, 2),
      ([0x22, 0x61, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 byte 0xed", 1, 3),
      ([0x22, 0xC0, 0x80, 0x22], "invalid UTF-8 byte 0xc0", 1, 2),
      ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 byte 0xf4", 1, 2),
      ([0x22, 0xC3, 0xA9, 0x80, 0x22], "invalid UTF-8 byte 0x80", 1, 3),
      ([0x5B, 0x0A, 0x20, 0xFE], "invalid UTF-8 byte 0xfe", 2, 2),
      ([0x5B, 0x31, 0x20, 0xE2, 0x82], "invalid UTF-8 byte 0xe2", 1, 4),
      ([0xEF, 0xBB, 0xBF, 0x22, 0x5C, 0xFF], "invalid UTF-8 byte 0xff", 1, 3),
    ] as [([UInt8], String, Int, Int)])
  func rejectsInvalidUTF8(_ bytes: [UInt8], _ message: String, _ line: Int, _ column: Int) {
    let expected = JSONSyntaxError(
      message: message, position: SourcePosition(line: line, column: column))
    #expect(syntaxError(bytes) == expected)
  }

  @Test(arguments: [10_000, 1_000_000])
  func rejectsDeepNestingWithoutCrashing(_ depth: Int) {
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let limit = JSONSyntaxError(
      message: "nesting deeper than 512 levels", position: SourcePosition(line: 1, column: 513))
    #expect(syntaxError(Array(arrays.utf8)) == limit)
    let objects =
      String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
    let objectLimit = JSONSyntaxError(
      message: "nesting deeper than 512 levels",
      position: SourcePosition(line: 1, column: 512 * 5 + 1))
    #expect(syntaxError(Array(objects.utf8)) == objectLimit)
    #expect(syntaxError(Array(String(repeating: "[", count: depth).utf8)) == limit)
  }

  @Test func acceptsNestingUpToTheLimit() throws {
    let source = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    var node = try JSONParser.parse(source)
    var depth = 1
    while let first = node.arrayValue?.first {
      node = first
      depth += 1
    }
    #expect(depth == 512)
    let error = syntaxError(Array("[[[{}]]]".utf8), maxDepth: 3)
    #expect(
      error
        == JSONSyntaxError(
          message: "nesting deeper than 3 levels", position: SourcePosition(line: 1, column: 4)))
  }

  @Test func recordsPositionsOfNestedMembers() throws {
    let root = try JSONParser.parse(
      """
      {
        "name": "Cart",
        "items": [
          {"id": "a", "price": 12.5},
          {"id": "b", "tags": ["ü", null]}
        ]
      }
      """)
    #expect(root.position == SourcePosition(line: 1, column: 1))
    let items = try #require(root.member("items"))
    #expect(items.keyPosition == SourcePosition(line: 3, column: 3))
    #expect(items.value.position == SourcePosition(line: 3, column: 12))
    let elements = try #require(items.value.arrayValue)
    #expect(
      elements.map(\.position) == [
        SourcePosition(line: 4, column: 5), SourcePosition(line: 5, column: 5),
      ])
    let price = try #require(elements[0].member("price"))
    #expect(price.keyPosition == SourcePosition(line: 4, column: 17))
    #expect(price.value.position == SourcePosition(line: 4, column: 26))
    #expect(price.value.numberValue == 12.5)
    let tags = try #require(elements[1]["tags"]?.arrayValue)
    #expect(
      tags.map(\.position) == [
        SourcePosition(line: 5, column: 26), SourcePosition(line: 5, column: 31),
      ])
    #expect(tags[1].isNull && tags[1].kindName == "null")
    #expect(root["name"]?.stringValue == "Cart" && root["missing"] == nil)
    #expect(root.objectMembers?.map(\.key) == ["name", "items"])
  }

  @Test func namesKinds() throws {
    let node = try JSONParser.parse(#"[null, true, 1, "s", [], {}]"#)
    let names = try #require(node.arrayValue).map(\.kindName)
    #expect(names == ["null", "a Boolean", "a number", "a string", "an array", "an object"])
  }

  @Test func countsLineBreaksOfEveryKind() {
    let error = syntaxError(Array("[\r\n1,\r2,\n\n  x]".utf8))
    #expect(error?.position == SourcePosition(line: 5, column: 3))
  }

  @Test func roundTripsThroughTheWriter() throws {
    let source = """
      {"scene": "product-page", "views": [{"id": "add-to-cart",
      "frame": [0, 12.5, 120, 44.75], "label": "Add \\"Café\\" ✓\\n", "enabled": true,
      "hint": null, "ratio": 0.333333}], "big": {}}
      """
    let first = JSONOutput(try JSONParser.parse(source))
    for pretty in [false, true] {
      let rendered = first.rendered(pretty: pretty)
      let second = JSONOutput(try JSONParser.parse(rendered))
      #expect(second == first)
      #expect(second.rendered(pretty: pretty) == rendered)
    }
  }

  @Test func parsesLargeDocuments() throws {
    let objects = (0..<2_000).map { index in
      #"{"id": "v\#(index)", "x": \#(index).25, "keys": {"#
        + (0..<20).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + "}}"
    }
    let root = try JSONParser.parse("[\n" + objects.joined(separator: ",\n") + "\n]")
    let elements = try #require(root.arrayValue)
    #expect(elements.count == 2_000)
    #expect(elements[1999].position == SourcePosition(line: 2_001, column: 1))
    #expect(elements[1999]["keys"]?["k19"]?.numberValue == 19)
    let duplicate = "{" + (0..<40).map { #""k\#($0)": 1, "# }.joined() + #""k7": 2}"#
    #expect(syntaxError(Array(duplicate.utf8))?.message == "duplicate key 'k7'")
  }
}
