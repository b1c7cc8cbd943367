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
