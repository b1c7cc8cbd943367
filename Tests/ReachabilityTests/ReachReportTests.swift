import AXModel
import AXTestSupport
import Foundation
import Reachability
import Testing
import SwitchControl
import VoiceControl

/// Loads scenes by their path relative to the package root, so reports name `Scenes/...`.
enum ReachFixtures {
  static let sceneNames: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: packagePath("Scenes"))) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  static func scene(_ name: String) throws -> Scene {
    var scene = try SceneLoader().load(path: packagePath("Scenes/\(name)"))
    scene.path = "Scenes/\(name)"
    return scene
  }

  /// The scenes under Tests/Fixtures/replay: shapes the replay tests check beyond Scenes/.
  static let replayFixtureNames: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: packagePath("Tests/Fixtures/replay"))) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "../Tests/Fixtures/replay/\($0)" }
  }()

  static func grammar(_ language: String) throws -> VoiceGrammar {
    let path = packagePath("Grammars/\(language).json")
    let exists = FileManager.default.fileExists(atPath: path)
    return try GrammarLoader().load(path: exists ? path : packagePath("Grammars/en-US.json"))
  }

  static func report(_ scene: Scene, configure: (inout ReachOptions) -> Void = { _ in }) throws -> ReachReport {
    var options = ReachOptions(vocabulary: try grammar(scene.language))
    configure(&options)
    var report = ReachReport(scene: scene, options: options)
    _ = report.verify(scene: scene)
    return report
  }

  /// Rewrites the absolute scene path in locations as the relative one.
  static func relative(_ text: String) -> String {
    text.replacingOccurrences(of: packagePath("Scenes") + "/", with: "Scenes/")
  }
}

@Suite("axreach report: paths, goldens and the matrix")
struct ReachReportTests {
  @Test("every planned path of every bundled scene replays to the same action at the same cost", arguments: ReachFixtures.sceneNames)
  func replay(name: String) throws {
    let scene = try ReachFixtures.scene(name)
    var report = ReachReport(scene: scene, options: ReachOptions(vocabulary: try ReachFixtures.grammar(scene.language)))
    let mismatches = report.verify(scene: scene, force: true)
    #expect(mismatches.isEmpty, "\(mismatches.map(\.description).joined(separator: "\n"))")
    let routes = report.screens.flatMap(\.targets).flatMap { $0.voice.routes.filter { $0.failure == nil } }
    let paths = report.screens.flatMap(\.targets).flatMap { ($0.switchControl.item + $0.switchControl.point).filter { $0.failure == nil } }
    #expect(!routes.isEmpty && !paths.isEmpty, "nothing was replayed")
    #expect(report.screens.allSatisfy { $0.isVerified })
  }

  @Test("text and JSON reports of every bundled scene match their golden files", arguments: ReachFixtures.sceneNames)
  func golden(name: String) throws {
    let report = try ReachFixtures.report(try ReachFixtures.scene(name))
    let stem = name.replacingOccurrences(of: ".json", with: "")
    expectGolden(ReachFixtures.relative(ReachTextRenderer().render([report])), named: "\(stem).txt")
    expectGolden(
      ReachFixtures.relative(ReachJSONRenderer().document([report]).rendered(pretty: true) + "\n"),
      named: "\(stem).json")
  }

  @Test("the matrix shows the mail row's Delete as switch-completable only through Actions")
  func mailDelete() throws {
    let report = try ReachFixtures.report(try ReachFixtures.scene("mail-list.json"))
    let task = try #require(report.tasks.first { $0.name == "Delete the message from Bob" })
    let switchEntry = try #require(task.modalities.first { $0.modality == .switchControl })
    #expect(switchEntry.isCompletable)
    #expect(switchEntry.transcript.count == 1)
    #expect(switchEntry.transcript[0].hasSuffix("via menu Actions > Delete"))
    let row = try #require(report.screens[0].targets.first { $0.id == "mail-2" })
    let delete = try #require(row.switchControl.item.first { $0.action == .custom("Delete") && $0.style == "auto" })
    #expect(delete.menuPath == ["Actions", "Delete"])
    // Activating the row itself does not delete it: the action is only in the Actions menu.
    #expect(row.actions.contains(.custom("Delete")))
  }

  @Test("an unlabeled icon button is voice-completable only by number")
  func unlabeledByNumber() throws {
    let scene = try SceneLoader().load(
      text: ReachRuleTests.scene(
        #"{"id": "trash", "type": "button", "frame": [300, 60, 60, 60], "on": {"activate": [{"set": "gone", "to": true}]}}, {"id": "ok", "type": "button", "frame": [20, 200, 200, 60], "label": "OK"}"#,
        extra: #", "vars": {"gone": false}, "tasks": [{"name": "Empty the trash", "goal": {"var": "gone", "equals": true}}]"#),
      path: "icon.json")
    let report = try ReachFixtures.report(scene)
    let voice = try #require(report.tasks.first?.modalities.first { $0.modality == .voiceControl })
    #expect(voice.isCompletable)
    #expect(voice.transcript == [#""show numbers", "tap 1""#])
    let trash = try #require(report.screens[0].targets.first { $0.id == "trash" })
    #expect(trash.voice.access == .number)
    #expect(report.screens[0].summary.voiceByNumberOnly == 1)
  }

  @Test("a task with no plan says why in every column")
  func noPlan() throws {
    let scene = try SceneLoader().load(
      text: ReachRuleTests.scene(
        #"{"id": "ok", "type": "button", "frame": [20, 200, 200, 60], "label": "OK"}"#,
        extra: #", "vars": {"done": false}, "tasks": [{"name": "Impossible", "goal": {"var": "done", "equals": true}}]"#),
      path: "none.json")
    let report = try ReachFixtures.report(scene)
    let task = try #require(report.tasks.first)
    #expect(task.plan == nil)
    #expect(task.planFailure == "every reachable state was searched")
    #expect(task.modalities.allSatisfy { !$0.isCompletable })
  }

  @Test("a baseline removes exactly the findings it lists")
  func baseline() throws {
    var report = try ReachFixtures.report(try ReachFixtures.scene("product-page.json"))
    let all = report.findings
    try #require(all.count >= 2)
    report.remove(baseline: [all[0].fingerprint])
    #expect(report.findings.count == all.count - all.filter { $0.fingerprint == all[0].fingerprint }.count)
    #expect(!report.findings.contains { $0.fingerprint == all[0].fingerprint })
  }
}

@Suite("axreach report: the task evidence replays")
struct TaskEvidenceReplayTests {
  @Test("the replay fixtures are found: a moved folder would drop their cases silently")
  func replayFixturesFound() {
    #expect(!ReachFixtures.replayFixtureNames.isEmpty)
  }

  @Test(
    "every completable voice and switch transcript completes its task when replayed",
    arguments: ReachFixtures.sceneNames + ReachFixtures.replayFixtureNames)
  func replay(name: String) throws {
    let scene = try ReachFixtures.scene(name)
    let vocabulary = try ReachFixtures.grammar(scene.language)
    let report = ReachReport(scene: scene, options: ReachOptions(vocabulary: vocabulary))
    #expect(report.tasks.count == scene.tasks.count)
    for (task, evidence) in zip(scene.tasks, report.tasks) {
      #expect(
        evidence.modalities.first { $0.modality == .voiceControl }?.isCompletable == true || !name.hasPrefix("../"),
        "\(name) \(task.name): a replay fixture's task is completable by voice")
      if let voice = evidence.modalities.first(where: { $0.modality == .voiceControl }), voice.isCompletable {
        var session = VoiceSession(scene: scene, vocabulary: vocabulary)
        for utterance in voice.inputs.joined() {
          let outcome = session.handle(utterance: utterance)
          #expect(outcome.didSomething, "\(name) \(task.name): '\(utterance)' → \(outcome.message)")
        }
        // Bound first, so that a failure prints the transcript and not the whole session.
        let satisfied = session.sceneSession.isSatisfied(task.goal)
        #expect(satisfied, "\(name) \(task.name): voice \(voice.transcript)")
      }
      if let switchEntry = evidence.modalities.first(where: { $0.modality == .switchControl }), switchEntry.isCompletable {
        var session = SceneSession(scene: scene)
        for script in switchEntry.inputs.joined() {
          var scanner = SwitchScanner(session: session, settings: SwitchSettings())
          _ = scanner.run(try KeyScript.parse(script))
          session = scanner.session
        }
        #expect(session.isSatisfied(task.goal), "\(name) \(task.name): switch \(switchEntry.transcript)")
      }
    }
  }

  @Test("a run of increments is one utterance with a count")
  func incrementsByCount() throws {
    let report = try ReachFixtures.report(try ReachFixtures.scene("coffee-dispenser.json"))
    let voice = try #require(report.tasks.first?.modalities.first { $0.modality == .voiceControl })
    #expect(voice.transcript == [#""increment Coffee Dispenser by 6""#])
    #expect(voice.steps == 1)
  }
}

@Suite("axreach report: why a target can't be reached")
struct UnreachabilityTests {
  @Test("each reason is reported on its target", arguments: [
    (#"{"id": "t", "type": "button", "frame": [20, 100, 200, 60], "label": "Go", "hidden": true, "on": {"activate": []}}"#, "hidden"),
    (#"{"id": "t", "type": "view", "frame": [20, 100, 200, 60], "on": {"activate": []}}"#, "notInTree"),
    (#"{"id": "t", "type": "button", "frame": [20, 100, 0, 0], "label": "Go"}"#, "zeroSize"),
    (#"{"id": "t", "type": "button", "frame": [20, 3000, 200, 60], "label": "Go"}"#, "offScreen"),
    (#"{"id": "t", "type": "button", "frame": [20, 100, 100, 100], "label": "Go"}, {"id": "cover", "type": "button", "frame": [0, 0, 390, 400], "label": "Cover"}"#, "covered"),
    (#"{"id": "t", "type": "button", "frame": [20, 100, 100, 100], "label": "Go"}, {"id": "dialog", "type": "view", "frame": [0, 0, 390, 844], "viewIsModal": true, "children": [{"id": "ok", "type": "button", "frame": [20, 500, 200, 60], "label": "OK"}]}"#, "behindModal"),
  ])
  func reason(children: String, key: String) throws {
    let scene = try SceneLoader().load(text: ReachRuleTests.scene(children), path: "why.json")
    let report = try ReachFixtures.report(scene)
    let target = try #require(report.screens[0].targets.first { $0.id == "t" })
    #expect(target.problem?.key == key)
    #expect(target.isInTree == (key == "zeroSize" || key == "offScreen" || key == "covered"))
    // Hidden views are hidden from everyone: no finding says they should be exposed.
    if key == "hidden" { #expect(report.findings.allSatisfy { $0.target != "t" }) }
  }
}

@Suite("axreach report: text escaping")
struct TextEscapingTests {
  @Test("a quoted label is escaped once, and a raw id doubles its backslashes")
  func backslashes() throws {
    let scene = try SceneLoader().load(
      text: ReachRuleTests.scene(#"{"id": "a\\b", "type": "button", "frame": [20, 100, 200, 60], "label": "C:\\dir\u202e"}"#),
      path: "slash.json")
    let text = ReachTextRenderer().render([try ReachFixtures.report(scene)])
    #expect(text.contains(#"  a\\b  "C:\\dir\u{202e}"  [button]"#), "\(text)")
    #expect(!text.contains(#"C:\\\\dir"#))
  }
}
