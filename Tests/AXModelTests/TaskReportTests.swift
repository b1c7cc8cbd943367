import AXModel
import Testing

/// The task report's wording for each way a plan search ends, in text and in JSON.
@Suite("Task report")
struct TaskReportTests {
  /// The three-switch scene with one task per interesting goal.
  static func scene() throws -> Scene {
    let text = """
      {"format": "axscene/1", "name": "switches", "screen": {"width": 400, "height": 800},
       "vars": \(TaskPlannerTests.threeVariables),
       "windows": [{"level": 0, "root": {"id": "root", "frame": [0, 0, 400, 800], "children": [
         \(TaskPlannerTests.threeSwitches)]}}],
       "tasks": [
         {"name": "Turn on A", "goal": {"var": "x", "equals": true}},
         {"name": "Turn on all three", "goal": {"all": [
           {"var": "x", "equals": true}, {"var": "y", "equals": true}, {"var": "z", "equals": true}]}},
         {"name": "Turn on the hidden switch", "goal": {"var": "never", "equals": true}}]}
      """
    return try SceneLoader().load(text: text, path: "switches.json")
  }

  @Test("a completable task prints its plan, an impossible one says every state was searched")
  func exhausted() throws {
    let report = TaskReport(scene: try Self.scene())
    #expect(
      report.text() == """
        ok   Turn on A
               activate a
        ok   Turn on all three
               activate c, activate a, activate b
        FAIL Turn on the hidden switch
               no plan of direct actions: every reachable state was searched (8 states)

        """)
    #expect(!report.isComplete)
  }

  @Test("each bound that stops a search is named as the reason")
  func bounds() throws {
    let scene = try Self.scene()
    let cases: [(TaskPlanner, String)] = [
      (TaskPlanner(maximumDepth: 2), "no plan of direct actions within 2 steps"),
      (
        TaskPlanner(maximumStates: 3),
        "no plan of direct actions found: the search stopped at the cap of 3 states"
      ),
      (
        TaskPlanner(maximumWork: 10),
        "no plan of direct actions found: the search stopped at the cap of 10 elements built "
          + "(3 actions, 4 states)"
      ),
    ]
    for (planner, reason) in cases {
      let lines = TaskReport(scene: scene, planner: planner).text().split(separator: "\n")
      #expect(lines.count == 6)
      #expect(lines.dropFirst().first == "       activate a")
      #expect(lines.dropFirst(2).first == "FAIL Turn on all three")
      #expect(lines.dropFirst(3).first.map(String.init) == "       " + reason)
    }
  }

  @Test("JSON keeps task, completable and plan, and adds the reason and the states seen")
  func json() throws {
    let report = TaskReport(scene: try Self.scene(), planner: TaskPlanner(maximumDepth: 2))
    let rendered = report.json().rendered()
    #expect(
      rendered == """
        [{"completable":true,"plan":["activate a"],"reason":"found","states":3,"task":"Turn on A"},\
        {"completable":false,"plan":null,"reason":"depthLimit","states":7,"task":"Turn on all three"},\
        {"completable":false,"plan":null,"reason":"depthLimit","states":7,\
        "task":"Turn on the hidden switch"}]
        """)
    let unbounded = TaskReport(scene: try Self.scene()).json()
    #expect(unbounded.rendered().contains(#""reason":"exhausted","states":8,"#))
  }
}
