import AXModel
import SwitchControl
import Testing

/// How Switch Control resumes after an action: screenChanged restarts at the top, a failed
/// action shows nothing and changes nothing.
@Suite struct DispatchOutcomeTests {
  /// Three buttons in a column; B posts a notification, C fails.
  static func scene(notification: String) -> String {
    """
    {"format": "axscene/1", "name": "D", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
       {"id": "a", "type": "button", "text": "A", "frame": [0, 100, 100, 44]},
       {"id": "b", "type": "button", "text": "B", "frame": [0, 200, 100, 44],
        "on": {"activate": [{"\(notification)": true}]}},
       {"id": "c", "type": "button", "text": "C", "frame": [0, 300, 100, 44],
        "on": {"activate": {"fails": true, "effects": [{"hide": true}]}}}]}}]}
    """
  }

  @Test(
    "with Focused Item After Tap on the tapped item, screenChanged still restarts at the top",
    arguments: [("screenChanged", Highlight.element("a")), ("layoutChanged", .element("b"))])
  func restart(notification: String, expected: Highlight) throws {
    var scanner = try makeScanner(text: Self.scene(notification: notification)) {
      $0.scanning = .manual
      $0.tapBehavior = .always
      $0.focusAfterTap = .tapped
    }
    let steps = scanner.run(try keys("next,select"))
    #expect(dispatched(steps).map(\.target) == ["b"])
    #expect(scanner.highlight == expected)
  }

  @Test("a failed action is in the transcript, changes nothing and scanning goes on")
  func failed() throws {
    var scanner = try makeScanner(text: Self.scene(notification: "layoutChanged")) {
      $0.scanning = .manual
      $0.tapBehavior = .always
      $0.focusAfterTap = .tapped
    }
    let start = scanner.session.state
    let steps = scanner.run(try keys("next,next,select"))
    #expect(dispatched(steps).map(\.outcome) == [.failed])
    #expect(scanner.session.state == start)
    #expect(scanner.layout.stops == ["a", "b", "c"])
    #expect(scanner.highlight == .element("c"))
    let last = try #require(steps.last)
    let text = TranscriptRenderer().text(last, number: 3)
    #expect(text.contains("activate c: failed: the action's handler returned false; nothing changed"))
    #expect(text.contains("Switch Control shows nothing; scanning goes on"))
    #expect(TranscriptRenderer().json(last).rendered().contains(#""outcome":"failed""#))
  }

  @Test("path delivers a failing action: the keys reach it, the handler says no")
  func path() throws {
    let scanner = try makeScanner(text: Self.scene(notification: "layoutChanged"))
    let finder = SwitchPathFinder(settings: scanner.settings)
    let path = try finder.path(to: "c", goal: .activate, in: scanner.session).get()
    var replay = scanner
    let results = dispatched(replay.run(path.keys))
    #expect(results.map(\.target) == ["c"])
    #expect(results.map(\.outcome) == [.failed])
    #expect(finder.verify(path, to: "c", goal: .activate, from: scanner))
  }
}
