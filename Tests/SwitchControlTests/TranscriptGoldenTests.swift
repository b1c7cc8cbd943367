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
    // Add to Cart is the fifth top-level item (the sizes are one row group), then 3 moves on.
    TranscriptCase(name: "product-auto", scene: "product-page", keys: "wait:4,select,select,wait:3") { _ in },
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

  struct ScriptError: Sendable, CustomTestStringConvertible {
    var script: String
    var line: Int
    var column: Int
    var description: String
    var testDescription: String { script.debugDescription }
  }

  static let scriptErrors: [ScriptError] = [
    ScriptError(script: "select,nxt", line: 1, column: 8, description: "key 2: unknown key 'nxt'; did you mean 'next'?"),
    ScriptError(script: "select,bogus", line: 1, column: 8, description: "key 2: unknown key 'bogus'; expected one of"),
    ScriptError(script: "wait:-1", line: 1, column: 1, description: "key 1: invalid wait 'wait:-1'"),
    ScriptError(script: "wait:86401", line: 1, column: 1, description: "key 1: invalid wait 'wait:86401'"),
    ScriptError(script: "select\n  foo # c", line: 2, column: 3, description: "key 2: unknown key 'foo'"),
    ScriptError(script: "select,,next", line: 1, column: 8, description: "key 2: missing key between separators"),
    ScriptError(script: "select, ,next", line: 1, column: 8, description: "key 2: missing key"),
    ScriptError(script: "select,", line: 1, column: 8, description: "key 2: missing key"),
    ScriptError(script: "next\n,select", line: 2, column: 1, description: "key 2: missing key"),
  ]

  @Test("key scripts reject unknown and empty tokens with their position, line and column", arguments: scriptErrors)
  func badScript(_ test: ScriptError) {
    #expect {
      try KeyScript.parse(test.script)
    } throws: { error in
      guard let error = error as? KeyScriptError else { return false }
      return error.line == test.line && error.column == test.column
        && error.description.hasPrefix(test.description)
    }
  }

  @Test("key scripts accept commas, spaces, comments and wait forms")
  func goodScript() throws {
    #expect(
      try KeyScript.parse("select, next # move\n\n  # note\nwait wait:1.25 HOLD ,\tescape\r\n")
        == [
          .press(.select), .press(.next), .waitInterval, .wait(milliseconds: 1250), .press(.hold),
          .press(.escape),
        ])
  }
}
