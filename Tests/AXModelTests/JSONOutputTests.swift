import Testing

@testable import AXModel

@Suite struct JSONOutputTests {
  @Test(
    arguments: [
      (3, "3"),
      (-3, "-3"),
      (0, "0"),
      (-0.0, "0"),
      (0.75, "0.75"),
      (12.5, "12.5"),
      (-12.5, "-12.5"),
      (1.0 / 3, "0.333333"),
      (2.0 / 3, "0.666667"),
      (0.1 + 0.2, "0.3"),
      (123.456, "123.456"),
      (1234.56789, "1234.57"),
      (1234567.8, "1234570"),
      (999999.5, "1000000"),
      (0.9999996, "1"),
      (0.000123456789, "0.000123457"),
      (0.000001, "0.000001"),
      (0.0000015, "0.0000015"),
      (1e-7, "1e-7"),
      (-2.5e-10, "-2.5e-10"),
      (9_007_199_254_740_992, "9007199254740992"),
      (-9_007_199_254_740_992, "-9007199254740992"),
      (9_007_199_254_740_994, "9007200000000000"),
      (1e20, "100000000000000000000"),
      (1.5e21, "1.5e+21"),
      (1e300, "1e+300"),
      (.leastNonzeroMagnitude, "5e-324"),
      (.greatestFiniteMagnitude, "1.79769e+308"),
      (.infinity, "null"),
      (-.infinity, "null"),
      (.nan, "null"),
    ] as [(Double, String)])
  func formatsNumbers(_ number: Double, _ expected: String) {
    #expect(JSONOutput.number(number).rendered() == expected)
    #expect(JSONOutput.number(number).rendered(pretty: true) == expected)
  }

  @Test(arguments: [
    ("plain", #""plain""#),
    ("", #""""#),
    ("a\"b\\c", #""a\"b\\c""#),
    ("line\nfeed\rreturn\ttab", #""line\nfeed\rreturn\ttab""#),
    ("\u{0}\u{1}\u{8}\u{C}\u{1F}", #""\u0000\u0001\u0008\u000c\u001f""#),
    ("a/b </script>", #""a/b </script>""#),
    ("café ✓ 😀 \u{7F} \u{2028}", #""café ✓ 😀 \u007f \u2028""#),
  ])
  func escapesStrings(_ text: String, _ expected: String) {
    #expect(JSONOutput.string(text).rendered() == expected)
  }

  @Test func sortsKeysByUnicodeScalars() {
    let object: JSONOutput = [
      "b": 1, "a": 2, "B": 3, "é": 4, "z": 5, "aa": 6, "": 7, "😀": 8, "\u{FFFD}": 9,
    ]
    #expect(object.rendered() == #"{"":7,"B":3,"a":2,"aa":6,"b":1,"z":5,"é":4,"�":9,"😀":8}"#)
  }

  @Test func rendersCompactly() {
    let value: JSONOutput = [
      "name": "Cart", "count": 2, "items": [1, 2.5, nil, true, false], "empty": [:], "none": [],
    ]
    #expect(
      value.rendered()
        == #"{"count":2,"empty":{},"items":[1,2.5,null,true,false],"name":"Cart","none":[]}"#)
  }

  @Test func rendersPrettily() {
    let value: JSONOutput = [
      "name": "Cart",
      "items": [["id": "a", "price": 12.5], ["id": "b", "tags": []]],
      "meta": [:],
      "flags": [true, nil],
    ]
    let expected = """
      {
        "flags": [
          true,
          null
        ],
        "items": [
          {
            "id": "a",
            "price": 12.5
          },
          {
            "id": "b",
            "tags": []
          }
        ],
        "meta": {},
        "name": "Cart"
      }
      """
    #expect(value.rendered(pretty: true) == expected)
    #expect(JSONOutput.array([]).rendered(pretty: true) == "[]")
    #expect(JSONOutput.object([:]).rendered(pretty: true) == "{}")
    #expect(JSONOutput.string("x").rendered(pretty: true) == #""x""#)
  }

  @Test func buildsFromLiterals() {
    let value: JSONOutput = ["a": [1, 2.5, "s", true, nil], "a ": [:]]
    let expected = JSONOutput.object([
      "a": .array([.number(1), .number(2.5), .string("s"), .bool(true), .null]),
      "a ": .object([:]),
    ])
    #expect(value == expected)
    let repeated: JSONOutput = ["k": 1, "k": 2]
    #expect(repeated == .object(["k": .number(2)]))
  }

  @Test func convertsParsedNodes() throws {
    let node = try JSONParser.parse(#"{"z": [1, {"y": null}], "a": "\u00e9", "m": false}"#)
    let value = JSONOutput(node)
    #expect(value == ["z": [1, ["y": nil]], "a": "é", "m": false])
    #expect(value.rendered() == #"{"a":"é","m":false,"z":[1,{"y":null}]}"#)
  }

  @Test func rendersTheSameTextEveryTime() {
    let keys = (0..<200).map { "key\($0 * 7919 % 200)" }
    let value = JSONOutput.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, .number(1)) }))
    let rebuilt = JSONOutput.object(
      Dictionary(uniqueKeysWithValues: keys.reversed().map { ($0, .number(1)) }))
    #expect(value.rendered() == rebuilt.rendered())
    #expect(value.rendered(pretty: true) == rebuilt.rendered(pretty: true))
  }

  @Test("hazards beyond ASCII are written as \\u escapes and read back the same", arguments: [
    ("bidi \u{202E}x", #""bidi \u202ex""#),
    ("nel \u{85} csi \u{9B} del \u{7F}", #""nel \u0085 csi \u009b del \u007f""#),
    ("line\u{2028}sep \u{FEFF}", #""line\u2028sep \ufeff""#),
    ("中文 😀 \u{202E}", #""中文 😀 \u202e""#),
    ("noncharacter \u{1FFFE}", #""noncharacter \ud83f\udffe""#),
    ("plain é", #""plain é""#),
  ])
  func escapesHazards(text: String, rendered: String) throws {
    #expect(JSONOutput.string(text).rendered() == rendered)
    #expect(try JSONParser.parse(rendered).stringValue == text)
  }
}
