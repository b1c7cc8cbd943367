import AXModel
import AXTestSupport
import Testing

@testable import SwitchControl

/// Paths to rows below the fold that share their Scroll steps (``SwitchScrollStates``) are the
/// paths found from the start alone, and each page is scrolled once for all of them.
@Suite struct SharedScrollTests {
  /// A feed of 40 rows in one scroll view, each with two custom actions, so a row below the
  /// fold has three goals behind the same Scroll steps.
  static func feed(rows: Int = 40) -> String {
    let cells = (0..<rows).map { row in
      """
      {"id": "row-\(row)", "type": "cell", "frame": [0, \(148 + row * 60), 390, 60], "label": "Row \(row)",
       "on": {"activate": [{"set": "opened", "to": \(row % 20)}]},
       "customActions": [{"name": "Delete", "effects": [{"announce": "Deleted \(row)"}]},
                         {"name": "Flag", "effects": [{"announce": "Flagged \(row)"}]}]}
      """
    }
    return """
      {"format": "axscene/1", "name": "Feed", "screen": {"width": 390, "height": 844},
       "vars": {"opened": {"value": 0, "min": 0, "max": 20}},
       "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
         {"id": "feed", "type": "scroll", "frame": [0, 148, 390, 696], "label": "Feed",
          "children": [\(cells.joined(separator: ",\n"))]}]}}]}
      """
  }

  static let styles: [(String, @Sendable (inout SwitchSettings) -> Void)] = [
    ("manual", { $0.scanning = .manual }), ("auto", { $0.scanning = .auto }), ("step", { $0.scanning = .step }),
    ("point", { $0.mode = .point }), ("always tap", { $0.scanning = .manual; $0.tapBehavior = .always }),
  ]

  @Test(
    "every goal of every row below the fold is planned alike with shared Scroll steps, in every style",
    arguments: ["feed", "archive", "news-feed"])
  func sharedEqualsAlone(scene name: String) throws {
    for (style, configure) in Self.styles {
      let start = try name == "feed" ? makeScanner(text: Self.feed(), configure) : makeScanner(name, configure)
      let finder = SwitchPathFinder(settings: start.settings)
      let states = SwitchScrollStates(start: start)
      let tree = start.session.tree
      let below = tree.elements.filter { !$0.isOnScreen && $0.clipFrame != nil && $0.respondsToUserInteraction }
      #expect(below.count > 2, "\(name)")
      var planned = 0
      // Twice: the second pass finds every state already scrolled.
      for pass in 1...2 {
        for element in below {
          let goals = [SwitchGoal.activate] + element.customActionNames.map(SwitchGoal.custom)
          for goal in goals {
            for transcript in [false, true] {
              let shared = finder.plannedPath(to: element.id, goal: goal, sharing: states, withTranscript: transcript)
              let alone = finder.plannedPath(to: element.id, goal: goal, from: start, withTranscript: transcript)
              #expect(shared == alone, "\(name) \(style) \(element.id) \(goal) pass \(pass)")
              if case .success = shared { planned += 1 }
            }
          }
          let cost = finder.costPath(to: element.id, goal: .activate, sharing: states)
          let costAlone = finder.costPath(to: element.id, goal: .activate, from: start)
          #expect(cost == costAlone, "\(name) \(style) \(element.id)")
        }
      }
      #expect(planned > 0, "\(name) \(style)")
      // One state a page reached, with a transcript and without: far fewer than rows x goals.
      let pages = Set(below.compactMap { start.session.scrollPlan(toShow: $0.id)?.pages })
      #expect(states.states.count > 2, "\(name) \(style): the pages were scrolled in the shared states")
      #expect(states.states.count <= 2 * (1 + (pages.max() ?? 0) * 2), "\(name) \(style): \(states.states.count)")
    }
  }

  @Test("a typing path's keys type the text when replayed (the path keeps no transcript)")
  func typingKeepsNoTranscript() throws {
    let start = try makeScanner("login-form") { $0.scanning = .manual }
    let path = try SwitchTyping(settings: start.settings).path(entering: "ab", into: "email", from: start).get()
    #expect(path.steps.isEmpty)
    #expect(path.presses > 2)
    var replay = start
    _ = replay.run(path.keys)
    #expect(replay.session.text(of: "email") == "ab")
    #expect(replay.now == path.milliseconds)
  }
}
