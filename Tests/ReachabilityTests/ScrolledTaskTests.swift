import AXModel
import AXTestSupport
import Reachability
import SwitchControl
import Testing
import VoiceControl

/// A task whose steps act on rows below the fold: each technology goes on from the state its
/// own inputs left, so a row the first step scrolled into view is not scrolled to again.
@Suite("axreach report: task steps after a scroll")
struct ScrolledTaskTests {
  /// A list of 20 rows of 80 points in a 600-point scroll view; rows 15 and 16 each set a
  /// variable, and the task wants both.
  static func scene() throws -> Scene {
    let rows = (0..<20).map { row in
      let effects = row == 15 || row == 16
        ? #", "on": {"activate": [{"set": "done\#(row)", "to": true}]}"# : ""
      return ReachRuleTests.button("row-\(row)", "Row \(row)", frame: "[0, \(100 + row * 80), 390, 80]", more: effects)
    }
    let list = #"{"id": "list", "type": "scroll", "frame": [0, 100, 390, 600], "children": ["#
      + rows.joined(separator: ", ") + "]}"
    let task = #", "vars": {"done15": false, "done16": false}, "tasks": [{"name": "Both rows", "goal": {"all": [{"var": "done15", "equals": true}, {"var": "done16", "equals": true}]}}]"#
    return try SceneLoader().load(text: ReachRuleTests.scene(list, extra: task), path: "long-list.json")
  }

  @Test func theSecondRowIsTappedWhereTheFirstStepScrolledTo() throws {
    let scene = try Self.scene()
    let vocabulary = try ReachFixtures.grammar("en-US")
    let report = ReachReport(scene: scene, options: ReachOptions(vocabulary: vocabulary))
    let evidence = try #require(report.tasks.first)
    let voice = try #require(evidence.modalities.first { $0.modality == .voiceControl })
    #expect(voice.isCompletable, "\(voice.failure ?? "")")
    #expect(voice.inputs.count == 2, "\(voice.transcript)")
    // The first step scrolls the list; the second row is then on screen and only tapped.
    #expect(voice.inputs.first?.first?.hasPrefix("scroll") == true, "\(voice.transcript)")
    let second = try #require(evidence.plan?.last?.target)
    #expect(["row-15", "row-16"].contains(second))
    #expect(voice.inputs.last == ["tap Row \(second.dropFirst(4))"], "\(voice.transcript)")
    // The utterances, said in one session, complete the task.
    var session = VoiceSession(scene: scene, vocabulary: vocabulary)
    for utterance in voice.inputs.joined() {
      #expect(session.handle(utterance: utterance).didSomething, "'\(utterance)'")
    }
    #expect(session.sceneSession.isSatisfied(scene.tasks[0].goal))
    // The switch's key scripts, run one after another on the state each leaves, do too.
    let switchEntry = try #require(evidence.modalities.first { $0.modality == .switchControl })
    #expect(switchEntry.isCompletable, "\(switchEntry.failure ?? "")")
    var state = SceneSession(scene: scene)
    for script in switchEntry.inputs.joined() {
      var scanner = SwitchScanner(session: state, settings: SwitchSettings())
      _ = scanner.run(try KeyScript.parse(script))
      state = scanner.session
    }
    #expect(state.isSatisfied(scene.tasks[0].goal), "\(switchEntry.transcript)")
  }
}
