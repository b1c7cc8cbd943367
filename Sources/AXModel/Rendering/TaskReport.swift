/// Whether each task of a scene is completable by direct accessibility actions, with the plan.
///
/// This is the evidence a report gives for "a user of an assistive technology can do this": the
/// shortest sequence of activate, increment, decrement, custom actions, escape and magic tap that
/// makes the task's goal hold, found by ``TaskPlanner``.
public struct TaskReport: Sendable {
  /// One task and its plan, `nil` when no plan exists within the planner's bounds.
  public struct Entry: Sendable {
    /// The task.
    public var task: SceneTask
    /// The shortest plan, or `nil`.
    public var plan: [PlannedStep]?
  }

  /// The tasks in the scene's order.
  public var entries: [Entry]
  /// The planner's depth bound, quoted when a task has no plan.
  public var maximumDepth: Int

  /// Plans every task of the scene from its start state.
  public init(scene: Scene, planner: TaskPlanner = TaskPlanner()) {
    let session = SceneSession(scene: scene)
    entries = scene.tasks.map { Entry(task: $0, plan: planner.plan($0.goal, from: session)) }
    maximumDepth = planner.maximumDepth
  }

  /// Whether every task has a plan.
  public var isComplete: Bool { entries.allSatisfy { $0.plan != nil } }

  /// Two lines per task: `ok` or `FAIL` with the name, then the plan or why there is none.
  public func text() -> String {
    var lines: [String] = []
    for entry in entries {
      lines.append("\(entry.plan == nil ? "FAIL" : "ok  ") \(entry.task.name)")
      switch entry.plan {
      case nil: lines.append("       no plan of direct actions within \(maximumDepth) steps")
      case let plan? where plan.isEmpty: lines.append("       (already done)")
      case let plan?: lines.append("       " + plan.map(\.description).joined(separator: ", "))
      }
    }
    if entries.isEmpty { lines.append("no tasks") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// An array of `{"task", "completable", "plan"}` objects.
  public func json() -> JSONOutput {
    .array(
      entries.map {
        [
          "task": .string($0.task.name),
          "completable": .bool($0.plan != nil),
          "plan": $0.plan.map { .array($0.map { .string($0.description) }) } ?? .null,
        ]
      })
  }
}
