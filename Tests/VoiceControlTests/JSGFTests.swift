import AXModel
import AXTestSupport
import Foundation
import Testing
import VoiceControl

@Suite struct JSGFTests {
  static let scenes = [
    "product-page", "mail-list", "duplicate-names", "close-button", "coffee-dispenser", "equalizer",
    "calendar-month", "settings", "login-form", "bottom-sheet", "virtual-cat", "pie-chart", "rtl-messages",
  ]

  @Test("the grammar of every library scene parses as JSGF", arguments: scenes)
  func parses(_ scene: String) throws {
    let grammar = try makeSession(scene).grammar()
    let publicRules = try JSGFSyntaxChecker.check(grammar.text)
    #expect(publicRules.first == "command", "the recognizer uses the first public rule")
    #expect(grammar.words.allSatisfy(JSGFGrammar.isSafeWord))
    #expect(Set(grammar.words).count == grammar.words.count)
  }

  @Test("the grammar of the mail list matches its golden file")
  func golden() throws {
    expectGolden(try makeSession("mail-list").grammar().text, named: "jsgf/mail-list.gram")
    expectGolden(try makeSession("close-button").grammar().text, named: "jsgf/close-button.gram")
  }

  @Test("a hostile label never reaches the grammar unescaped")
  func hostileLabels() throws {
    let hostile = #"Buy; <public> = (all) | [x]* {{tag}} /1.0/ \"q\" \\ # !"#
    let session = try makeSession(json: sceneJSON([
      "{\"id\": \"evil\", \"type\": \"button\", \"frame\": [10, 10, 200, 44], \"label\": \"\(hostile)\"}",
      #"{"id": "stars", "type": "button", "frame": [10, 60, 44, 44], "label": "★★★"}"#,
      #"{"id": "ok", "type": "button", "frame": [10, 110, 200, 44], "text": "Seven Up 7"}"#,
    ]))
    let grammar = session.grammar()
    _ = try JSGFSyntaxChecker.check(grammar.text)
    let name = try #require(grammar.text.split(separator: "\n").first { $0.hasPrefix("<name> =") })
    #expect(name == "<name> = buy public all x tag one point zero q | seven up seven;")
    #expect(grammar.unspeakable == ["stars"])
  }

  @Test("a recognised phrase reads back through the typed front")
  func roundTrip() throws {
    var session = try makeSession("coffee-dispenser")
    let grammar = session.grammar()
    #expect(grammar.words.contains("increment"))
    #expect(grammar.words.contains("seven"))
    #expect(!grammar.words.contains("7"))
    let outcome = session.handle(utterance: "increment coffee dispenser by seven")
    #expect(outcome.results.count == 7)
  }

  @Test("the grammar follows the state: names that leave the screen leave the grammar")
  func followsState() throws {
    var session = try makeSession("mail-list")
    #expect(session.grammar().text.contains("bob miller"))
    _ = session.handle(utterance: "delete bob miller")
    #expect(!session.grammar().text.contains("bob miller"))
  }

  /// The alternatives of a rule of `grammar`, as written.
  static func rule(_ name: String, in grammar: JSGFGrammar) throws -> [String] {
    let prefix = "<\(name)> = "
    let line = try #require(grammar.text.split(separator: "\n").first { $0.hasPrefix(prefix) })
    return line.dropFirst(prefix.count).dropLast().components(separatedBy: " | ")
  }

  @Test(
    "a command that acts on one kind of target offers only those targets, by name and by number",
    arguments: [
      ("settings", "adjustable"), ("coffee-dispenser", "adjustable"), ("mail-list", "actionable"),
      ("mail-list", "swipeableLeft"),
    ])
  func narrowedItems(_ scene: String, rule: String) throws {
    var session = try makeSession(scene)
    let compiler = JSGFCompiler(vocabulary: session.vocabulary)
    func kind(_ target: VoiceTarget) -> Bool {
      switch rule {
      case "adjustable": return target.element.isAdjustable
      case "swipeableLeft": return target.element.gestures.contains(.swipeLeft)
      default: return !target.element.customActionNames.isEmpty
      }
    }
    let names = session.index.targets.map { target in
      (kind(target), target.usableNames.compactMap { compiler.spokenWords($0.tokens)?.joined(separator: " ") })
    }
    let offeredInOrder = try Self.rule(rule, in: session.grammar())
    let offered = Set(offeredInOrder)
    #expect(names.contains { $0.0 } && names.contains { !$0.0 }, "the scene has targets of both kinds")
    // A name two targets share is offered if either is of the kind.
    let ofKind = Set(names.filter(\.0).flatMap(\.1))
    for name in names.flatMap(\.1) {
      #expect(offered.contains(name) == ofKind.contains(name), "\(name)")
    }
    _ = session.handle(utterance: "show numbers")
    let numbered = try Self.rule(rule, in: session.grammar())
    let expected = session.index.targets.filter(kind).compactMap { compiler.spokenWords([String($0.number)])?.joined(separator: " ") }
    #expect(!expected.isEmpty)
    #expect(numbered == offeredInOrder + expected, "its names, then the numbers of its targets only")
    _ = session.handle(utterance: "show grid")
    #expect(try Self.rule(rule, in: session.grammar()).last == "<number>", "a grid cell may hold one")
  }

  @Test("the rules of increment, decrement, show actions and custom actions are narrowed, tap's is not")
  func narrowedCommands() throws {
    let grammar = try makeSession("settings").grammar()
    #expect(try Self.rule("c25_increment", in: grammar) == ["increment <adjustable> [by <count>]"])
    #expect(try Self.rule("c26_decrement", in: grammar) == ["decrement <adjustable> [by <count>]"])
    #expect(try Self.rule("c27_showActions", in: grammar) == ["show actions for <actionable>"])
    #expect(try Self.rule("c29_customAction", in: grammar) == ["<action> <actionable>", "<actionable> <action>", "<action>"])
    #expect(try Self.rule("adjustable", in: grammar) == ["brightness"])
    #expect(try Self.rule("actionable", in: grammar) == ["<VOID>"])
    #expect(try Self.rule("c12_tap", in: grammar) == ["tap <item>"])
    // A swipe takes the targets that respond to it: none on the settings screen.
    #expect(try Self.rule("c15_swipe", in: grammar) == ["swipe up [on] <swipeableUp>"])
    #expect(try Self.rule("c16_swipe", in: grammar) == ["swipe down [on] <swipeableDown>"])
    #expect(try Self.rule("c17_swipe", in: grammar) == ["swipe left [on] <swipeableLeft>"])
    #expect(try Self.rule("c18_swipe", in: grammar) == ["swipe right [on] <swipeableRight>"])
    for rule in ["swipeableUp", "swipeableDown", "swipeableLeft", "swipeableRight"] {
      #expect(try Self.rule(rule, in: grammar) == ["<VOID>"], "\(rule)")
    }
    // The mail list's rows take a swipe left, and only that swipe.
    let mail = try makeSession("mail-list").grammar()
    #expect(try Self.rule("swipeableLeft", in: mail) != ["<VOID>"])
    #expect(try Self.rule("swipeableUp", in: mail) == ["<VOID>"])
    #expect(try Self.rule("swipeableRight", in: mail) == ["<VOID>"])
  }

  @Test("with the numbers shown, a target's name that is also a number is offered once")
  func nameThatIsANumber() throws {
    var session = try makeSession(json: sceneJSON([
      #"{"id": "one", "type": "slider", "frame": [10, 10, 300, 44], "label": "1"}"#,
      #"{"id": "volume", "type": "slider", "frame": [10, 60, 300, 44], "label": "Volume"}"#,
    ]))
    #expect(try Self.rule("adjustable", in: session.grammar()) == ["one", "volume"])
    _ = session.handle(utterance: "show numbers")
    #expect(try Self.rule("adjustable", in: session.grammar()) == ["one", "volume", "two"])
  }

  @Test("typed, a command the grammar leaves out for its target still gets its answer")
  func typedNarrowedCommand() throws {
    var session = try makeSession("settings")
    let outcome = session.handle(utterance: "increment bluetooth")
    #expect(outcome.kind == .refused)
    #expect(outcome.message.contains("not adjustable"), "\(outcome.message)")
    let actions = session.handle(utterance: "show actions for bluetooth")
    #expect(actions.kind == .refused)
    #expect(actions.message.contains("offers no actions"), "\(actions.message)")
    let swipe = session.handle(utterance: "swipe up on bluetooth")
    #expect(swipe.kind == .refused)
    #expect(swipe.message.contains("does not respond to swipeUp"), "\(swipe.message)")
  }

  @Test(
    "a name two targets share: a command that acts on one kind takes the one it can act on, tap asks",
    arguments: [("increment volume", "slider"), ("swipe left on volume", "swiped")])
  func sharedNameNarrowed(utterance: String, expected: String) throws {
    // A button, an adjustable slider and a button that takes a swipe left, all named Volume.
    let json = sceneJSON(
      [
        #"{"id": "plain", "type": "button", "frame": [10, 10, 300, 44], "label": "Volume"}"#,
        #"{"id": "slider", "type": "slider", "frame": [10, 60, 300, 44], "label": "Volume", "on": {"increment": [{"add": "volume"}]}}"#,
        #"{"id": "swiped", "type": "button", "frame": [10, 110, 300, 44], "label": "Volume", "gestures": [{"gesture": "swipeLeft", "effects": [{"remove": true}]}]}"#,
      ], vars: #""volume": {"value": 5, "min": 0, "max": 10}"#)
    var session = try makeSession(json: json)
    var probe = session
    let tap = probe.handle(utterance: "tap volume")
    #expect(tap.kind == .ambiguous && tap.choices.count == 3, "\(tap.message)")
    let outcome = session.handle(utterance: utterance)
    #expect(outcome.kind == .done && outcome.target == expected, "\(outcome.kind) \(outcome.message)")
  }

  /// PocketSphinx's grammar compiler, from Debian's `sphinxbase-utils` (in `.ci/apt-packages`).
  static let sphinxTool = ["/usr/bin/sphinx_jsgf2fsg", "/usr/local/bin/sphinx_jsgf2fsg"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(
    "PocketSphinx's own JSGF parser accepts the grammar of every library scene",
    .enabled(if: sphinxTool != nil, "sphinx_jsgf2fsg is not installed (Debian: sphinxbase-utils)"),
    arguments: scenes)
  func sphinxParser(_ scene: String) throws {
    let tool = try #require(JSGFTests.sphinxTool)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("axvoice-\(UUID().uuidString).gram")
    try makeSession(scene).grammar().text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runProcess(URL(fileURLWithPath: tool), ["-jsgf", file.path, "-fsg", "/dev/null"])
    let text = result.standardError
    #expect(result.status == 0, "\(text)")
    // An undefined rule is only logged: the tool still exits 0.
    let problems = text.split(separator: "\n").filter { $0.hasPrefix("ERROR") || $0.hasPrefix("FATAL") }
    #expect(problems.isEmpty, "\(problems)")
    #expect(text.contains("Writing FSG file"), "\(text)")
  }
}
