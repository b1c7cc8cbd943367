import AXModel
import AXTestSupport
import SwitchControl
import Testing

@testable import Reachability

/// Verification resumes each replay where the one before it parts from it (``PrefixReplay``):
/// the same outcome as a replay from the start, and a wrong route is still caught.
@Suite struct PrefixReplayTests {
  /// Counts the inputs handled across every replay.
  final class Counter { var handled = 0 }

  @Test("each script ends as a replay from the start, handling only what it does not share")
  func resumes() {
    let counter = Counter()
    var replay = PrefixReplay(start: [Int]()) { (state: inout [Int], input: Int) -> Int in
      counter.handled += 1
      state.append(input)
      return state.reduce(0, +)
    }
    // (script, inputs handled for it)
    let scripts: [([Int], Int)] = [
      ([1, 2, 3], 3), ([1, 2, 4], 1), ([1, 2], 1), ([1, 2], 1), ([], 0), ([1, 2], 2), ([5, 2], 2), ([5, 2, 9, 9], 2),
    ]
    for (script, handled) in scripts {
      let before = counter.handled
      let (last, state) = replay.run(script)
      #expect(state == script, "\(script)")
      #expect(last == (script.isEmpty ? nil : script.reduce(0, +)), "\(script)")
      #expect(counter.handled - before == handled, "\(script)")
    }
  }

  @Test("a wrong switch path or voice route is reported, and the routes replayed after it are not")
  func catchesMismatches() throws {
    let scene = try ReachFixtures.scene("archive.json")
    var report = try ReachFixtures.report(scene)
    #expect(report.verify(scene: scene, force: true).isEmpty)
    let targets = report.screens[0].targets
    let wrong = try #require(targets.firstIndex { $0.id == "message-25" })
    let other = try #require(targets.firstIndex { $0.id == "message-24" })
    // message-25 gets message-24's manual keys and first voice route: both act on message-24.
    let manual = try #require(targets[wrong].switchControl.item.firstIndex { $0.style == "manual" })
    let otherManual = try #require(targets[other].switchControl.item.first { $0.style == "manual" })
    report.screens[0].targets[wrong].switchControl.item[manual].keys = otherManual.keys
    report.screens[0].targets[wrong].switchControl.item[manual].presses = otherManual.presses
    report.screens[0].targets[wrong].switchControl.item[manual].seconds = otherManual.seconds
    report.screens[0].targets[wrong].voice.routes[0].utterances = targets[other].voice.routes[0].utterances
    let mismatches = report.verify(scene: scene, force: true)
    #expect(Set(mismatches.map(\.front)) == ["switch manual", "voice"], "\(mismatches)")
    #expect(mismatches.allSatisfy { $0.target == "message-25" }, "\(mismatches)")
  }
}
