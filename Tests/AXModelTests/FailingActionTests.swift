import AXModel
import Testing

/// Actions whose handler returns `false`: `when`, `failsWhen` and `fails` on `on` entries and
/// custom actions.
@Suite("Actions that fail")
struct FailingActionTests {
  static let views = """
    {"id": "brew", "type": "button", "text": "Brew", "frame": [0, 0, 200, 40],
     "on": {"activate": {"failsWhen": {"var": "cups", "equals": 0}, "effects": [{"announce": "Brewing"}, {"add": "cups", "by": -1}]}}},
    {"id": "fill", "type": "button", "text": "Fill", "frame": [0, 50, 200, 40],
     "on": {"activate": [{"add": "cups"}]}},
    {"id": "level", "type": "slider", "label": "Level", "value": "{cups}", "frame": [0, 100, 200, 40],
     "on": {"increment": {"when": {"var": "cups", "atMost": 1}, "effects": [{"add": "cups"}]}}},
    {"id": "row", "type": "cell", "label": "Mail", "frame": [0, 150, 400, 50],
     "customActions": [
       {"name": "Archive", "fails": true, "effects": [{"remove": true}]},
       {"name": "Flag", "when": {"var": "cups", "atLeast": 1}, "effects": [{"announce": "Flagged"}]},
       {"name": "Keep", "fails": false, "effects": [{"announce": "Kept"}]}]}
    """

  func session() throws -> SceneSession {
    SceneSession(scene: try makeScene(Self.views, vars: #"{"cups": {"value": 0, "min": 0, "max": 3}}"#))
  }

  @Test("a failing action runs no effects and reports failed")
  func failedRunsNothing() throws {
    var session = try session()
    let before = session.state
    let result = session.activate("brew")
    #expect(result.outcome == .failed)
    #expect(result.isFailed && !result.isDone)
    #expect(result.changes.isEmpty && result.announcements.isEmpty && result.focus == nil)
    #expect(session.state == before)
  }

  static let cases: [(setup: [String], action: SceneAction, target: String, outcome: ActionOutcome)] = [
    ([], .activate, "brew", .failed),
    (["fill"], .activate, "brew", .done),
    ([], .increment, "level", .done),
    (["fill", "fill"], .increment, "level", .failed),
    ([], .custom("Archive"), "row", .failed),
    (["fill"], .custom("Archive"), "row", .failed),
    ([], .custom("Flag"), "row", .failed),
    (["fill"], .custom("Flag"), "row", .done),
    ([], .custom("Keep"), "row", .done),
  ]

  @Test("when, failsWhen and fails decide the outcome in the current state", arguments: cases)
  func outcome(setup: [String], action: SceneAction, target: String, outcome: ActionOutcome) throws {
    var session = try session()
    for id in setup { #expect(session.activate(id).isDone) }
    #expect(session.perform(action, on: target).outcome == outcome)
  }

  @Test("a touch on a control answers as its activation does")
  func touchFailsToo() throws {
    var session = try session()
    let before = session.state
    #expect(session.touch(at: Point(x: 10, y: 10)).outcome == .failed, "Brew with no cups")
    #expect(session.state == before)
    _ = session.activate("fill")
    let brewed = session.touch(at: Point(x: 10, y: 10))
    #expect(brewed.isDone && brewed.announcements == ["Brewing"])
  }

  @Test("a refusal still comes before a failure: a disabled element refuses")
  func refusalFirst() throws {
    var session = SceneSession(
      scene: try makeScene(
        #"{"id": "b", "type": "button", "text": "B", "traits": ["notEnabled"], "frame": [0, 0, 100, 40], "on": {"activate": {"fails": true, "effects": []}}}"#))
    guard case .refused = session.activate("b").outcome else {
      Issue.record("expected a refusal")
      return
    }
  }

  @Test("the planner goes round a failing action: fill first, then brew")
  func planner() throws {
    let plan = TaskPlanner().plan(.announced("Brewing"), from: try session())
    #expect(plan == [PlannedStep(action: .activate, target: "fill"), PlannedStep(action: .activate, target: "brew")])
  }

  @Test("a goal only a failing action could reach has no plan")
  func plannerNever() throws {
    let outcome = TaskPlanner().search(.removed(element: "row"), from: try session())
    #expect(outcome.plan == nil)
  }

  @Test("the result renders as failed, with the front's feedback")
  func rendering() throws {
    var session = try session()
    let result = session.activate("brew")
    #expect(
      ActionResultRenderer().text(result)
        == "activate brew: failed: the action's handler returned false; nothing changed\n  VoiceOver plays its failure sound\n")
    #expect(
      ActionResultRenderer(failureFeedback: "nothing").text(result).hasSuffix("\n  nothing\n"))
    let json = ActionResultRenderer().json(result).rendered()
    #expect(json.contains(#""outcome":"failed""#))
    #expect(json.contains(#""reason":"the action's handler returned false; nothing changed""#))
  }

  @Test("the conditions survive encoding: fails, failsWhen and when read back the same")
  func roundTrip() throws {
    let scene = try makeScene(Self.views, vars: #"{"cups": {"value": 0, "min": 0, "max": 3}}"#)
    let text = SceneEncoder().json(scene).rendered()
    #expect(text.contains(#""fails":true"#))
    #expect(text.contains(#""failsWhen":{"#))
    #expect(text.contains(#""when":{"#))
    let decoded = try SceneLoader().load(text: text, path: "test.json")
    #expect(decoded.windows.first?.root.children.map(\.handlers) == scene.windows.first?.root.children.map(\.handlers))
    #expect(decoded.windows.first?.root.children.map(\.succeedsWhen) == scene.windows.first?.root.children.map(\.succeedsWhen))
    #expect(decoded.windows.first?.root.children.map(\.customActions) == scene.windows.first?.root.children.map(\.customActions))
  }

  static let badHandlers: [(String, String)] = [
    (#""on": {"activate": {"when": {"var": "cups", "equals": 1}, "fails": true, "effects": []}}"#,
     "an action has one of when, failsWhen and fails, found when and fails"),
    (#""on": {"activate": {"whenever": true}}"#, "unknown key 'whenever' in action handler"),
    (#""on": {"activate": {"fails": "yes"}}"#, "expected true or false"),
    (#""on": {"activate": {"when": {"var": "nope", "equals": 1}}}"#, "unknown variable 'nope'"),
    (#""customActions": [{"name": "X", "failsWhen": 3}]"#, "expected goal object"),
  ]

  @Test("bad success conditions are located errors", arguments: badHandlers)
  func badHandler(fields: String, message: String) throws {
    let error = #expect(throws: SceneError.self) {
      try makeScene(
        #"{"id": "a", "type": "button", "text": "A", "frame": [0, 0, 100, 40], \#(fields)}"#,
        vars: #"{"cups": 0}"#)
    }
    #expect(error?.description.contains(message) == true)
    #expect(error?.line ?? 0 > 1)
  }
}
