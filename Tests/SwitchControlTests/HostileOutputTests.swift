import AXModel
import AXTestSupport
import SwitchControl
import Testing

/// The switch texts under the hostile scene: the live scan screen, the transcript and the
/// cost table escape every string of the scene.
@Suite("Hostile output: scan screen, transcript and costs")
struct SwitchHostileOutputTests {
  static func hostileScanner(_ configure: (inout SwitchSettings) -> Void = { _ in }) throws -> SwitchScanner {
    var settings = SwitchSettings()
    settings.scanning = .manual
    configure(&settings)
    let scene = try SceneLoader().load(path: packagePath(HostileOutput.scenePath))
    return SwitchScanner(session: SceneSession(scene: scene), settings: settings)
  }

  /// Presses that open the menu and the actions submenu (custom action names), run the
  /// custom action (an announcement, a presented screen), tap the sheet's close button (a
  /// dismissal), then move to the group and enter it.
  static let script = "select,next,select,select,select,select,next,next,next,select,next"

  @Test("the scan screen escapes the scene name, labels, ids, groups, menus and messages", arguments: [
    "", "select", "select,next,select", "next,next,next,select", "next,next,next,next,next,next",
    "select,next,next,select",
  ])
  func screen(keys script: String) throws {
    var scanner = try Self.hostileScanner()
    _ = scanner.run(try keys(script))
    let messages = ["announce: " + HostileOutput.payload, HostileOutput.payload]
    let help = "keys: \(HostileOutput.payload) select"
    let text = ScanScreenRenderer().text(scanner, messages: messages, keyHelp: help)
    HostileOutput.expectClean(text, "the scan screen after '\(script)'")
    #expect(text.hasPrefix("axswitch  Hostile \(HostileOutput.escapedPayload)  "))
  }

  @Test("the scan screen in point mode escapes the scene name")
  func pointScreen() throws {
    var scanner = try Self.hostileScanner { $0.mode = .point }
    _ = scanner.run(try keys("select,wait:0.5,select"))
    let text = ScanScreenRenderer().text(scanner, messages: [], keyHelp: "")
    HostileOutput.expectClean(text, "the point-mode screen")
  }

  @Test("the transcript escapes stops, highlights, menus, notes and results")
  func transcript() throws {
    var scanner = try Self.hostileScanner()
    let start = scanner
    let steps = scanner.run(try keys(Self.script))
    let text = TranscriptRenderer().text(steps, scanner: start)
    HostileOutput.expectClean(text, "the transcript")
    #expect(text.contains("menu: [Act \(HostileOutput.escapedPayload)]"), "\(text)")
    expectGolden(text, named: "hostile/transcript.txt")
  }

  @Test("the cost table escapes and aligns ids", arguments: [ScanMode.item, .point])
  func costs(mode: ScanMode) throws {
    let scanner = try Self.hostileScanner { $0.mode = mode }
    let text = CostReport(session: scanner.session, settings: scanner.settings).text()
    HostileOutput.expectClean(text, "the cost table")
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(rows.count == 5)
    let columns = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.range(of: "  presses")?.lowerBound ?? $0.startIndex) })
    #expect(columns.count == 1, "\(rows)")
  }
}
