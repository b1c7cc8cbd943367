import AXModel
import AXTestSupport
import Testing

/// The planner's bounds and outcomes: it stops within its caps on scenes whose state space
/// explodes, says which cap stopped it, and still finds the plans it found before the caps.
@Suite("Task planner")
struct TaskPlannerTests {
  /// A session on a scene of `count` buttons, each toggling a Boolean variable of its own.
  static func toggles(_ count: Int) throws -> SceneSession {
    let buttons = (0..<count).map { index in
      #"{"id": "b\#(index)", "type": "button", "text": "Toggle \#(index)", "#
        + #""frame": [\#(index % 4 * 100), \#(index / 4 * 8), 100, 8], "#
        + #""on": {"activate": [{"toggle": "t\#(index)"}]}}"#
    }
    let variables = (0..<count).map { #""t\#($0)": false"# }
    return SceneSession(
      scene: try makeScene(
        buttons.joined(separator: ",\n"), vars: "{" + variables.joined(separator: ", ") + "}"))
  }

  /// The goal that every toggle of ``toggles(_:)`` is on: `count` actions away, beyond the
  /// default depth from 17 on, and among 2^count states.
  static func allOn(_ count: Int) -> Condition {
    .all((0..<count).map { .equals(variable: "t\($0)", value: .bool(true)) })
  }

  /// Three buttons that each set one variable, and a label that none changes.
  static let threeSwitches = """
    {"id": "title", "type": "label", "text": "Switches", "frame": [0, 0, 200, 40]},
    {"id": "c", "type": "button", "text": "C", "frame": [0, 50, 200, 40],
     "on": {"activate": [{"set": "z", "to": true}]}},
    {"id": "a", "type": "button", "text": "A", "frame": [0, 100, 200, 40],
     "on": {"activate": [{"set": "x", "to": true}]}},
    {"id": "b", "type": "button", "text": "B", "frame": [0, 150, 200, 40],
     "on": {"activate": [{"set": "y", "to": true}]}}
    """
  static let threeVariables = #"{"x": false, "y": false, "z": false, "never": false}"#

  /// A session on ``threeSwitches``.
  static func switches() throws -> SceneSession {
    SceneSession(scene: try makeScene(threeSwitches, vars: threeVariables))
  }

  /// The goal that all three switches are on.
  static let allThree = Condition.all([
    .equals(variable: "x", value: .bool(true)), .equals(variable: "y", value: .bool(true)),
    .equals(variable: "z", value: .bool(true)),
  ])

  @Test("20 toggles stop at a cap, within the caps, not at the depth bound")
  func twentyToggles() throws {
    let planner = TaskPlanner()
    let search = planner.detailedSearch(Self.allOn(20), from: try Self.toggles(20))
    #expect(search.outcome == .workLimit(planner.maximumWork))
    #expect(search.statesVisited <= planner.maximumStates)
    // The work check runs before each tree is built, so it passes the cap by one tree at most.
    #expect(search.elementsBuilt <= planner.maximumWork + 20)
  }

  @Test("400 toggles stop at the work cap after a few hundred actions")
  func fourHundredToggles() throws {
    let planner = TaskPlanner()
    let search = planner.detailedSearch(Self.allOn(400), from: try Self.toggles(400))
    #expect(search.outcome == .workLimit(planner.maximumWork))
    #expect(search.statesVisited <= planner.maximumStates)
    #expect(search.statesVisited == search.actionsPerformed + 1)
    #expect(search.elementsBuilt <= planner.maximumWork + 400)
  }

  @Test("the state cap is reported as the state cap, with that many states seen")
  func stateCap() throws {
    let planner = TaskPlanner(maximumStates: 500, maximumWork: .max)
    let search = planner.detailedSearch(Self.allOn(20), from: try Self.toggles(20))
    #expect(search.outcome == .stateLimit(500))
    #expect(search.statesVisited == 500)
    #expect(search.outcome.plan == nil)
  }

  @Test("an unreachable goal on a small scene exhausts its states")
  func exhausted() throws {
    let never = Condition.equals(variable: "never", value: .bool(true))
    let search = TaskPlanner().detailedSearch(never, from: try Self.switches())
    #expect(search.outcome == .exhausted(depth: 3))
    #expect(search.statesVisited == 8)
    #expect(TaskPlanner().plan(never, from: try Self.switches()) == nil)
  }

  @Test("a gesture-only goal has no direct action at all, and a plan with gestures")
  func gestureOnly() throws {
    let scene = try makeScene(
      #"""
      {"id": "row", "type": "cell", "label": "Mail", "frame": [0, 0, 390, 60],
       "gestures": [{"gesture": "swipeLeft", "effects": [{"set": "archived", "to": true}]}]}
      """#, vars: #"{"archived": false}"#)
    let archived = Condition.equals(variable: "archived", value: .bool(true))
    let session = SceneSession(scene: scene)
    let direct = TaskPlanner().detailedSearch(archived, from: session)
    #expect(direct.outcome == .exhausted(depth: 0))
    #expect(direct.statesVisited == 1)
    let withGestures = TaskPlanner(includesGestures: true).search(archived, from: session)
    #expect(withGestures == .found([PlannedStep(action: .gesture(.swipeLeft), target: "row")]))
  }

  @Test("a goal three actions away gets the shortest plan, in tree order")
  func depthThree() throws {
    let session = try Self.switches()
    let outcome = TaskPlanner().search(Self.allThree, from: session)
    // Tree order is top to bottom, so c comes first although a, b, c would read better.
    let expected = ["c", "a", "b"].map { PlannedStep(action: .activate, target: $0) }
    #expect(outcome == .found(expected))
    #expect(referencePlan(Self.allThree, from: session, TaskPlanner()) == expected)
  }

  @Test("a goal beyond the depth bound stops at the depth bound")
  func depthLimit() throws {
    let planner = TaskPlanner(maximumDepth: 2)
    #expect(planner.search(Self.allThree, from: try Self.switches()) == .depthLimit(2))
  }

  @Test("a goal already holding has the empty plan")
  func alreadyDone() throws {
    let goal = Condition.equals(variable: "x", value: .bool(false))
    let search = TaskPlanner().detailedSearch(goal, from: try Self.switches())
    #expect(search.outcome == .found([]))
    #expect(search.actionsPerformed == 0)
  }

  @Test("a small work cap stops the search within one tree of it")
  func workCap() throws {
    let planner = TaskPlanner(maximumWork: 5)
    let search = planner.detailedSearch(Self.allThree, from: try Self.switches())
    #expect(search.outcome == .workLimit(5))
    #expect(search.elementsBuilt >= 5 && search.elementsBuilt <= 5 + 4)
  }

  @Test(
    "every library task gets the plan the session-per-state search found",
    arguments: SceneLibraryTests.sceneNames)
  func libraryPlansUnchanged(_ name: String) throws {
    let scene = try SceneLoader().load(path: packagePath("Scenes/\(name).json"))
    let start = SceneSession(scene: scene)
    for task in scene.tasks {
      for planner in [TaskPlanner(), TaskPlanner(includesGestures: true)] {
        let expected = referencePlan(task.goal, from: start, planner)
        let outcome = planner.search(task.goal, from: start)
        #expect(outcome.plan == expected, "'\(task.name)' in \(name)")
        #expect(outcome.plan != nil, "'\(task.name)' in \(name): \(outcome.reason)")
      }
    }
  }
}

/// The planner's search as it was before states replaced sessions in the frontier: it keeps a
/// whole session and a copied path per state, so it is the reference the plans must match.
private func referencePlan(
  _ goal: Condition, from session: SceneSession, _ planner: TaskPlanner
) -> [PlannedStep]? {
  if session.isSatisfied(goal) { return [] }
  var seen: Set<SceneState> = [session.state]
  var frontier: [(session: SceneSession, path: [PlannedStep])] = [(session, [])]
  for _ in 0..<planner.maximumDepth {
    var next: [(session: SceneSession, path: [PlannedStep])] = []
    for (current, path) in frontier {
      for step in planner.availableSteps(in: current, entering: goal.textEntries) {
        var forked = current
        let result = forked.perform(step.action, on: step.target)
        guard result.isDone, seen.insert(forked.state).inserted else { continue }
        let extended = path + [step]
        if forked.isSatisfied(goal) { return extended }
        if seen.count >= planner.maximumStates { return nil }
        next.append((forked, extended))
      }
    }
    if next.isEmpty { return nil }
    frontier = next
  }
  return nil
}
