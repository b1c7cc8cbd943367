import AXModel
import AXTestSupport
import SwitchControl
import Testing

/// A scripted run whose transcript is kept as a golden file.
struct TranscriptCase: Sendable, CustomTestStringConvertible {
  var name: String
  var scene: String
  var keys: String
  var configure: @Sendable (inout SwitchSettings) -> Void
  var testDescription: String { name }

  static let all: [TranscriptCase] = [
    TranscriptCase(name: "product-auto", scene: "product-page", keys: "wait:6,select,select,wait:3") { _ in },
    TranscriptCase(name: "product-size-guide", scene: "product-page", keys: "next,next,select,select,select,next,select") {
      $0.scanning = .manual
    },
    TranscriptCase(name: "mail-delete", scene: "mail-list", keys: "next,select,next,select,next,select,next,select") {
      $0.scanning = .manual
    },
    TranscriptCase(name: "coffee-step", scene: "coffee-dispenser", keys: "next,wait:1,next,wait:1,wait:1") {
      $0.scanning = .step
    },
    TranscriptCase(name: "coffee-point", scene: "coffee-dispenser", keys: "wait:0.49,select,wait:0.5,select,wait:0.5,select,wait:1,select,select") {
      $0.mode = .point
    },
    TranscriptCase(name: "sheet-auto-tap", scene: "bottom-sheet", keys: "select,wait:0.75,next,select,select,escape") {
      $0.scanning = .manual
      $0.tapBehavior = .auto
    },
  ]
}

@Suite struct TranscriptGoldenTests {
  @Test("scripted transcripts match their golden files", arguments: TranscriptCase.all)
  func transcript(_ run: TranscriptCase) throws {
    var settings = SwitchSettings()
    run.configure(&settings)
    var scanner = SwitchScanner(session: SceneSession(scene: try libraryScene(run.scene)), settings: settings)
    let start = scanner
    let steps = scanner.run(try keys(run.keys))
    let renderer = TranscriptRenderer()
    expectGolden(renderer.text(steps, scanner: start), named: "transcripts/\(run.name).txt")
    expectGolden(renderer.jsonLines(steps), named: "transcripts/\(run.name).jsonl")
  }

  @Test("the interactive screen shows the stops, the highlight and the menu")
  func screen() throws {
    var scanner = try makeScanner("product-page") { $0.scanning = .manual }
    _ = scanner.run(try keys("select,next,select"))
    let text = ScanScreenRenderer().text(scanner, messages: ["hello"], keyHelp: "keys: test")
    expectGolden(text, named: "screen/product-menu.txt")
  }

  @Test(
    "key scripts reject unknown tokens with their position",
    arguments: [("select,nxt", "key 2 'nxt'"), ("wait:-1", "key 1 'wait:-1'"), ("select\nfoo # c", "key 2 'foo'")])
  func badScript(script: String, prefix: String) {
    #expect(throws: KeyScriptError.self) { try KeyScript.parse(script) }
    do {
      _ = try KeyScript.parse(script)
    } catch {
      #expect(error.description.hasPrefix(prefix))
    }
  }

  @Test("key scripts accept commas, spaces, comments and wait forms")
  func goodScript() throws {
    #expect(
      try KeyScript.parse("select, next # move\nwait wait:1.25 HOLD")
        == [.press(.select), .press(.next), .waitInterval, .wait(milliseconds: 1250), .press(.hold)])
  }
}
