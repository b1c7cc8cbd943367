/// Whether each task of a scene is completable by direct accessibility actions, with the plan.
///
/// This is the evidence a report gives for "a user of an assistive technology can do this": the
/// shortest sequence of activate, increment, decrement, custom actions, escape and magic tap that
/// makes the task's goal hold, found by ``TaskPlanner``. A task without a plan says why: no
/// reachable state satisfies the goal, no plan is short enough, or the search hit a cap.
public struct TaskReport: Sendable {
  /// One task and how the search for its plan ended.
  public struct Entry: Sendable {
    /// The task.
    public var task: SceneTask
    /// The search for the task's plan.
    public var search: PlanSearch

    /// The shortest plan, or `nil` when the search found none.
    public var plan: [PlannedStep]? { search.outcome.plan }
  }

  /// The tasks in the scene's order.
  public var entries: [Entry]
  /// The planner's depth bound.
  public var maximumDepth: Int

  /// Plans every task of the scene from its start state.
  public init(scene: Scene, planner: TaskPlanner = TaskPlanner()) {
    let session = SceneSession(scene: scene)
    entries = scene.tasks.map {
      Entry(task: $0, search: planner.detailedSearch($0.goal, from: session))
    }
    maximumDepth = planner.maximumDepth
  }

  /// Whether every task has a plan.
  public var isComplete: Bool { entries.allSatisfy { $0.plan != nil } }

  /// Two lines per task: `ok` or `FAIL` with the name, then the plan or why there is none.
  /// Task names, ids and action names are escaped with ``TerminalText``.
  public func text() -> String {
    var lines: [String] = []
    for entry in entries {
      lines.append("\(entry.plan == nil ? "FAIL" : "ok  ") \(TerminalText.escaped(entry.task.name))")
      lines.append("       " + Self.summary(of: entry.search))
    }
    if entries.isEmpty { lines.append("no tasks") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// An array of `{"task", "completable", "plan", "reason", "states"}` objects.
  ///
  /// `reason` is the outcome's name (`found`, `exhausted`, `depthLimit`, `stateLimit` or
  /// `workLimit`) and `states` the number of distinct states the search reached.
  public func json() -> JSONOutput {
    .array(
      entries.map {
        [
          "task": .string($0.task.name),
          "completable": .bool($0.plan != nil),
          "plan": $0.plan.map { .array($0.map { .string($0.description) }) } ?? .null,
          "reason": .string($0.search.outcome.name),
          "states": .number(Double($0.search.statesVisited)),
        ]
      })
  }

  /// The plan, or the sentence that says truthfully why the search found none.
  static func summary(of search: PlanSearch) -> String {
    let outcome = search.outcome
    switch outcome {
    case .found(let plan) where plan.isEmpty:
      return "(already done)"
    case .found(let plan):
      return plan.map(ActionText.step).joined(separator: ", ")
    case .exhausted:
      let states = count(search.statesVisited, "state")
      return "no plan of direct actions: \(outcome.reason) (\(states))"
    case .depthLimit(let depth):
      return "no plan of direct actions within \(depth) steps"
    case .stateLimit:
      return "no plan of direct actions found: \(outcome.reason)"
    case .workLimit:
      return
        "no plan of direct actions found: \(outcome.reason) "
        + "(\(count(search.actionsPerformed, "action")), \(count(search.statesVisited, "state")))"
    }
  }

  /// The number with the noun, plural unless the number is one.
  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
