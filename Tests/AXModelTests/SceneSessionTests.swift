import AXModel
import Testing

@Suite("Scene session")
struct SceneSessionTests {
  static let shop = """
    {"id": "qty-label", "type": "label", "text": "Cart", "value": "{qty} items", "frame": [0, 0, 200, 40]},
    {"id": "add", "type": "button", "text": "Add", "frame": [0, 50, 200, 40],
     "on": {"activate": [{"add": "qty"}, {"announce": "Added, {qty} in cart"}]}},
    {"id": "stepper", "type": "stepper", "label": "Amount", "value": "{qty}", "frame": [0, 100, 200, 40],
     "on": {"increment": [{"add": "qty"}], "decrement": [{"add": "qty", "by": -1}]}},
    {"id": "disabled", "type": "button", "text": "Pay", "traits": ["notEnabled"], "frame": [0, 150, 200, 40],
     "on": {"activate": [{"set": "qty", "to": 0}]}},
    {"id": "size-s", "type": "button", "text": "S", "frame": [0, 200, 50, 40],
     "on": {"activate": [{"set": "selected", "to": true}, {"set": "selected", "to": false, "target": "size-m"}]}},
    {"id": "size-m", "type": "button", "text": "M", "traits": ["selected"], "frame": [60, 200, 50, 40],
     "on": {"activate": [{"set": "selected", "to": true}, {"set": "selected", "to": false, "target": "size-s"}]}},
    {"id": "row", "type": "cell", "label": "Mail", "frame": [0, 300, 400, 50],
     "customActions": [{"name": "Delete", "effects": [{"remove": true}, {"announce": "Deleted"}]}],
     "gestures": [{"gesture": "swipeLeft", "effects": [{"remove": true}]}]},
    {"id": "open", "type": "button", "text": "Share", "frame": [0, 400, 200, 40],
     "on": {"activate": [{"present": "sheet"}]}}
    """
  static let sheet = """
    {"sheet": {"windows": [{"level": 1, "root": {"id": "sheet-root", "viewIsModal": true, "frame": [0, 500, 400, 300],
      "on": {"escape": [{"dismiss": true}]},
      "children": [{"id": "sheet-title", "type": "label", "text": "Share", "frame": [0, 500, 400, 40]}]}}]}}
    """

  func session() throws -> SceneSession {
    SceneSession(
      scene: try makeScene(
        Self.shop, screens: Self.sheet, vars: #"{"qty": {"value": 0, "min": 0, "max": 2}}"#))
  }

  @Test("activate runs effects and reports variable, value and announcement changes")
  func activate() throws {
    var session = try session()
    let result = session.activate("add")
    #expect(result.isDone)
    #expect(result.announcements == ["Added, 1 in cart"])
    #expect(result.changes.contains(.variable(name: "qty", from: .number(0), to: .number(1))))
    #expect(result.changes.contains(.value(element: "qty-label", from: "0 items", to: "1 items")))
    #expect(session.tree.element(id: "stepper")?.value == "1")
  }

  @Test("add clamps to the variable's range")
  func clamping() throws {
    var session = try session()
    for _ in 0..<5 { _ = session.increment("stepper") }
    #expect(session.state.values["qty"] == .number(2))
    for _ in 0..<5 { _ = session.decrement("stepper") }
    #expect(session.state.values["qty"] == .number(0))
  }

  @Test("refusals carry a reason", arguments: [
    (SceneAction.activate, "disabled", "'Pay' is not enabled"),
    (.increment, "add", "'Add' is not adjustable"),
    (.custom("Archive"), "row", "'Mail' has no action 'Archive'; its actions are 'Delete'"),
    (.activate, "nowhere", "no element 'nowhere' in the scene"),
    (.activate, "sheet-title", "'sheet-title' is not in the accessibility tree"),
    (.gesture(.longPress), "row", "'row' does not respond to longPress"),
  ])
  func refusals(action: SceneAction, target: String, reason: String) throws {
    var session = try session()
    let before = session.state
    let result = session.perform(action, on: target)
    #expect(result.outcome == .refused(reason))
    #expect(session.state == before)
  }

  @Test("setting selected on one spec button clears the other")
  func exclusiveSelection() throws {
    var session = try session()
    let result = session.activate("size-s")
    #expect(session.tree.element(id: "size-s")?.traits.contains(.selected) == true)
    #expect(session.tree.element(id: "size-m")?.traits.contains(.selected) == false)
    #expect(
      result.changes == [
        .traits(element: "size-s", added: .selected, removed: []),
        .traits(element: "size-m", added: [], removed: .selected),
      ])
  }

  @Test("a custom action and a gesture can each remove a row")
  func removeRow() throws {
    var session = try session()
    let result = session.perform(action: "Delete", on: "row")
    #expect(result.changes == [.disappeared(element: "row")])
    #expect(session.tree.element(id: "row") == nil)
    #expect(session.isSatisfied(.removed(element: "row")))
    var other = try self.session()
    _ = other.perform(.gesture(.swipeLeft), on: "row")
    #expect(other.tree.element(id: "row") == nil)
  }

  @Test("a gesture on a disabled view, or behind a modal view, is refused")
  func gestureRefusals() throws {
    let disabled = try makeScene(
      #"{"id": "row", "type": "cell", "label": "Row", "traits": ["notEnabled"], "frame": [0, 0, 400, 50], "gestures": [{"gesture": "swipeLeft", "effects": [{"remove": true}]}]}"#)
    var session = SceneSession(scene: disabled)
    #expect(session.perform(.gesture(.swipeLeft), on: "row").outcome == .refused("'Row' is not enabled"))
    let covered = try makeScene(
      #"{"id": "swipe-area", "frame": [0, 0, 400, 50], "gestures": [{"gesture": "swipeLeft", "effects": [{"remove": true}]}]}, {"id": "sheet", "viewIsModal": true, "frame": [0, 0, 400, 800], "children": [\#(label("t", 0, 0))]}"#)
    var behind = SceneSession(scene: covered)
    #expect(behind.perform(.gesture(.swipeLeft), on: "swipe-area").outcome == .refused("'swipe-area' is not shown"))
    #expect(behind.isTouchable("t"))
  }

  @Test("present moves focus into the modal sheet, escape dismisses it")
  func presentAndEscape() throws {
    var session = try session()
    #expect(session.escape().outcome == .refused("nothing on screen handles escape"))
    let presented = session.activate("open")
    #expect(presented.changes.first == .presented(screen: "sheet"))
    #expect(presented.focus == "sheet-title")
    #expect(session.tree.elements.map(\.id) == ["sheet-title"])
    // Covered by the sheet is gone from the tree, but not removed.
    #expect(session.isSatisfied(.gone(element: "add")))
    #expect(!session.isSatisfied(.removed(element: "add")))
    let escaped = session.escape()
    #expect(escaped.changes.first == .dismissed(screen: "sheet"))
    #expect(session.tree.element(id: "add") != nil)
  }

  @Test("the planner finds the shortest plan and replaying it reaches the goal")
  func planner() throws {
    let session = try session()
    let goal = Condition.all([
      .atLeast(variable: "qty", bound: 2), .hasTrait(element: "size-s", trait: .selected),
    ])
    let plan = try #require(TaskPlanner().plan(goal, from: session))
    #expect(plan.count == 3)
    var replay = session
    for step in plan { _ = replay.perform(step.action, on: step.target) }
    #expect(replay.isSatisfied(goal))
  }

  @Test("an unreachable goal has no plan")
  func unreachable() throws {
    #expect(TaskPlanner().plan(.atLeast(variable: "qty", bound: 3), from: try session()) == nil)
  }
}
