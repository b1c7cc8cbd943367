import AXModel
import AXTestSupport
import Reachability
import Testing

/// The report renderers under the hostile scene: text and Markdown show every hazard as a
/// visible escape; HTML and JUnit keep their own escapes but leave no hazard raw either.
@Suite("Hostile output: report renderers")
struct ReachHostileOutputTests {
  static func hostileReport() throws -> ReachReport {
    var scene = try SceneLoader().load(path: packagePath(HostileOutput.scenePath))
    scene.path = HostileOutput.scenePath
    return try ReachFixtures.report(scene)
  }

  @Test("the text report escapes the scene, screens, targets, findings and tasks")
  func text() throws {
    let text = ReachTextRenderer().render([try Self.hostileReport()])
    HostileOutput.expectClean(text, "the text report")
    #expect(text.hasPrefix("scene: Hostile \(HostileOutput.escapedPayload) (\(HostileOutput.scenePath))"))
    #expect(text.contains("  Task \(HostileOutput.escapedPayload): action 'Act \(HostileOutput.escapedPayload)'"))
  }

  @Test("the Markdown report shows hazards by their code points")
  func markdown() throws {
    let text = ReachMarkdownRenderer().render([try Self.hostileReport()])
    HostileOutput.expectClean(text, "the Markdown report")
    #expect(text.contains("## Hostile \u{27E8}U+001B\u{27E9}\\]0;pwned\u{27E8}U+0007\u{27E9}"), "\(text)")
  }

  @Test("the HTML and JUnit reports leave no hazard raw", arguments: ["html", "junit"])
  func markup(format: String) throws {
    let report = try Self.hostileReport()
    let text = format == "html" ? ReachHTMLRenderer().render([report]) : ReachJUnitRenderer().render([report])
    HostileOutput.expectClean(text, "the \(format) report", allowingTab: true)
    #expect(!text.contains("\u{202E}"))
  }

  @Test("the shared rule's invisible format characters are hazards in every report too", arguments: [
    "\u{200B}", "\u{FEFF}", "\u{2060}",
  ])
  func invisible(character: String) throws {
    let scene = try SceneLoader().load(
      text: ReachRuleTests.scene(#"{"id": "t", "type": "button", "frame": [20, 100, 200, 60], "label": "Pay\#(character)"}"#),
      path: "invisible.json")
    let report = try ReachFixtures.report(scene)
    for text in [ReachTextRenderer().render([report]), ReachMarkdownRenderer().render([report]), ReachHTMLRenderer().render([report])] {
      #expect(!text.contains(character))
    }
  }
}
