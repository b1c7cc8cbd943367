import AXModel
import AXTestSupport
import Testing

/// The one escaping rule (`TerminalText`) and the AXModel text outputs that use it: no
/// control, bidi control or line break from a scene reaches a terminal raw.
@Suite("Hostile output: the escaping rule and the tree, action and task texts")
struct HostileOutputTests {
  // MARK: The rule

  @Test("every hazard is escaped as \\u{hex}, or \\n, \\r, \\t", arguments: [
    (0x00, #"\u{0}"#), (0x07, #"\u{7}"#), (0x09, #"\t"#), (0x0A, #"\n"#), (0x0D, #"\r"#),
    (0x1B, #"\u{1b}"#), (0x1F, #"\u{1f}"#), (0x7F, #"\u{7f}"#), (0x80, #"\u{80}"#),
    (0x85, #"\u{85}"#), (0x9B, #"\u{9b}"#), (0x9F, #"\u{9f}"#), (0x061C, #"\u{61c}"#),
    (0x180E, #"\u{180e}"#), (0x200B, #"\u{200b}"#), (0x200E, #"\u{200e}"#), (0x200F, #"\u{200f}"#),
    (0x2028, #"\u{2028}"#), (0x2029, #"\u{2029}"#), (0x202A, #"\u{202a}"#), (0x202E, #"\u{202e}"#),
    (0x2060, #"\u{2060}"#), (0x2066, #"\u{2066}"#), (0x2069, #"\u{2069}"#), (0x206F, #"\u{206f}"#),
    (0xFDD0, #"\u{fdd0}"#), (0xFEFF, #"\u{feff}"#), (0xFFFB, #"\u{fffb}"#), (0xFFFE, #"\u{fffe}"#),
    (0x1FFFF, #"\u{1ffff}"#), (0x10FFFF, #"\u{10ffff}"#),
  ])
  func hazard(value: UInt32, shown: String) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(TerminalText.isHazard(scalar))
    let text = "a" + String(Character(scalar)) + "b"
    #expect(TerminalText.escaped(text) == "a\(shown)b")
    #expect(TerminalText.quoted(text) == "\"a\(shown)b\"")
    #expect(TerminalText.escapingHazards(text) == "a\(shown)b")
  }

  @Test("letters, marks, joiners and emoji pass unchanged", arguments: [
    "Coffee", "Café crème", "关闭", "مرحبا", "שלום", "می\u{200C}خواهم", "👨\u{200D}👩\u{200D}👧",
    "🇫🇷", "1\u{FE0F}\u{20E3}", "no\u{A0}break", "e\u{301}", "Ω≈ç√",
  ])
  func harmless(text: String) {
    #expect(TerminalText.escaped(text) == text)
    #expect(TerminalText.quoted(text) == "\"\(text)\"")
    #expect(!TerminalText.containsHazard(text))
  }

  @Test("backslashes are doubled and quotes escaped where the form needs it", arguments: [
    (#"C:\dir"#, #"C:\\dir"#, #""C:\\dir""#, #"C:\dir"#),
    (#"spelled \u{1b}"#, #"spelled \\u{1b}"#, #""spelled \\u{1b}""#, #"spelled \u{1b}"#),
    (#"say "hi""#, #"say "hi""#, #""say \"hi\"""#, #"say "hi""#),
  ])
  func backslashes(text: String, escaped: String, quoted: String, hazardsOnly: String) {
    #expect(TerminalText.escaped(text) == escaped)
    #expect(TerminalText.quoted(text) == quoted)
    #expect(TerminalText.escapingHazards(text) == hazardsOnly)
  }

  @Test("no escaped scalar of the whole Unicode range leaves a hazard or a line break")
  func everyScalar() {
    var leaks: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let shown = TerminalText.escaped(String(Character(scalar)))
      if shown.unicodeScalars.contains(where: { HostileOutput.isHazard($0) || $0 == "\n" }) {
        leaks.append(value)
      }
    }
    #expect(leaks.isEmpty, "\(leaks.prefix(10).map { String($0, radix: 16) })")
  }

  @Test("the escaped and quoted forms decode back to the text: no two texts print alike", arguments: [
    HostileOutput.payload, #"\u{1b}"# + "\u{1B}", "a\\\nb", "\"\\\"", "tab\tand\u{0}nul", "",
  ])
  func unambiguous(text: String) throws {
    #expect(try Self.decoded(TerminalText.escaped(text)) == text)
    let quoted = TerminalText.quoted(text)
    #expect(quoted.hasPrefix("\"") && quoted.hasSuffix("\""))
    #expect(try Self.decoded(String(quoted.dropFirst().dropLast())) == text)
  }

  /// Reverses the escapes: `\\`, `\"`, `\n`, `\r`, `\t` and `\u{hex}`.
  static func decoded(_ text: String) throws -> String {
    var scalars = Array(text.unicodeScalars)[...]
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      guard scalar == "\\" else {
        result.append(scalar)
        continue
      }
      let popped = scalars.popFirst()
      let next = try #require(popped, "a backslash ends the text")
      switch next {
      case "n": result.append("\n")
      case "r": result.append("\r")
      case "t": result.append("\t")
      case "u":
        let brace = scalars.popFirst()
        #expect(brace == "{")
        let digits = scalars.prefix { $0 != "}" }
        scalars = scalars.dropFirst(digits.count + 1)
        let value = try #require(UInt32(String(String.UnicodeScalarView(digits)), radix: 16))
        result.append(try #require(Unicode.Scalar(value)))
      default: result.append(next)
      }
    }
    return String(result)
  }

  // MARK: The AXModel outputs

  static func hostileScene() throws -> Scene {
    try SceneLoader().load(path: packagePath(HostileOutput.scenePath))
  }

  @Test("the tree listing of the hostile scene escapes its name, ids, labels and notes")
  func tree() throws {
    let scene = try Self.hostileScene()
    let session = SceneSession(scene: scene)
    let text = TreeRenderer().text(session.tree, scene: scene, state: session.state)
    HostileOutput.expectClean(text, "the tree")
    #expect(text.hasPrefix("scene: Hostile \(HostileOutput.escapedPayload) (390 x 844 pt"))
    expectGolden(text, named: "hostile/tree.txt")
  }

  @Test("action results quote strings and escape names, ids, announcements and refusals")
  func actions() throws {
    let scene = try Self.hostileScene()
    var session = SceneSession(scene: scene)
    let go = "go " + HostileOutput.payload
    let results = [
      session.perform(.activate, on: go),
      session.perform(.custom("Act " + HostileOutput.payload), on: go),
      session.perform(.custom("Nope " + HostileOutput.payload), on: "close " + HostileOutput.payload),
      session.perform(.activate, on: "close " + HostileOutput.payload),
    ]
    let text = results.map(ActionResultRenderer().text).joined()
    HostileOutput.expectClean(text, "the action results")
    #expect(text.contains(#"  var note: "start \#(HostileOutput.escapedPayload)" -> "after "#))
    #expect(text.contains("  presented: sheet \(HostileOutput.escapedPayload)"))
    expectGolden(text, named: "hostile/actions.txt")
  }

  @Test("a string variable prints quoted, so a line break or an arrow in it forges nothing", arguments: [
    (SceneValue.string("M\n  var paid: off -> on"), #""M\n  var paid: off -> on""#),
    (.string(""), #""""#), (.number(6.5), "6.5"), (.bool(true), "on"),
  ])
  func variableValue(value: SceneValue, shown: String) {
    #expect(ActionText.value(value) == shown)
    let line = ActionText.change(.variable(name: "size", from: value, to: value))
    #expect(line == "var size: \(shown) -> \(shown)")
  }

  @Test("the task report escapes task names, action names and ids")
  func tasks() throws {
    let text = TaskReport(scene: try Self.hostileScene()).text()
    HostileOutput.expectClean(text, "the task report")
    #expect(text.split(separator: "\n").count == 6)
    expectGolden(text, named: "hostile/tasks.txt")
  }

  @Test("a scene error quoting hostile input is one line with the input escaped")
  func sceneError() {
    let error = SceneError(
      .unknownName, "unknown view type 'but\(HostileOutput.payload)ton'",
      path: "dir/\(HostileOutput.payload).json", line: 3, column: 9,
      keyPath: "windows[0].root.\(HostileOutput.payload)", hint: "did you mean '\(HostileOutput.payload)'?")
    let line = error.description
    HostileOutput.expectClean(line, "the error line")
    #expect(!line.contains("\n"))
    let shown = HostileOutput.escapedPayload
    #expect(
      line == "dir/\(shown).json:3:9: error: unknown view type 'but\(shown)ton' at windows[0].root.\(shown); "
        + "did you mean '\(shown)'?")
  }
}
