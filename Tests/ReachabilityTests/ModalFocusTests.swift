import AXModel
import Reachability
import Testing

/// `focus-not-returned` next to the session's own return of the focus to the presenter.
@Suite struct ModalFocusTests {
  static func scene(overlay: Bool) -> String {
    """
    {"format": "axscene/1", "name": "M", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
       {"id": "title", "type": "label", "frame": [20, 20, 300, 40], "text": "Inbox", "traits": ["+header"]},
       {"id": "open", "type": "button", "frame": [20, 100, 200, 60], "text": "Open", "on": {"activate": [{"present": "sheet"}]}}]}}],
     "screens": {"sheet": {"overlay": \(overlay), "windows": [{"level": 1, "root": {"id": "sheet", "type": "view",
       "frame": [0, 0, 390, 844], "viewIsModal": true, "on": {"escape": [{"dismiss": "sheet"}]},
       "children": [{"id": "close", "type": "button", "frame": [300, 60, 60, 60], "label": "Close", "on": {"activate": [{"dismiss": "sheet"}]}}]}}]}}}
    """
  }

  func focusFindings(overlay: Bool) throws -> [Finding] {
    let scene = try SceneLoader().load(text: Self.scene(overlay: overlay), path: "m.json")
    return try ReachFixtures.report(scene).findings.filter { $0.rule == .focusNotReturned }
  }

  @Test("a presented view controller gets the focus back on its presenter: no finding")
  func presented() throws {
    #expect(try focusFindings(overlay: false).isEmpty)
  }

  @Test("an overlay the app draws keeps the finding, which names the fix")
  func overlay() throws {
    let findings = try focusFindings(overlay: true)
    #expect(findings.count == 1)
    #expect(
      findings.first?.message
        == "after 'sheet' is dismissed, focus goes to 'title', not to 'open' that presented it (the app draws it as an overlay, so UIKit returns no focus: post screenChanged with 'open' when it closes)")
  }

  @Test("bottom sheet: the custom sheet is an overlay, so the scene keeps its finding")
  func bottomSheet() throws {
    let report = try ReachFixtures.report(try ReachFixtures.scene("bottom-sheet.json"))
    #expect(report.findings.contains { $0.rule == .focusNotReturned && $0.target == "sheet" })
  }
}
