/// One action in a plan: what to do and to which element.
public struct PlannedStep: Hashable, Sendable, CustomStringConvertible {
  /// The action.
  public var action: SceneAction
  /// The element acted on; `nil` for escape and magic tap without a target.
  public var target: String?

  /// Creates a step.
  public init(action: SceneAction, target: String?) {
    self.action = action
    self.target = target
  }

  public var description: String { target.map { "\(action) \($0)" } ?? action.description }
}

/// Finds the shortest sequence of direct accessibility actions that reaches a goal.
///
/// The search is breadth-first over scene states, so the plan it returns has the fewest
/// actions; it is bounded in depth and in states visited so that it always ends. Direct actions
/// are those any assistive technology can perform on an element of the tree: activate,
/// increment, decrement, custom actions, escape and the magic tap. Gesture-only interactions are
/// included only when asked, because they are exactly what assistive technologies can't do.
public struct TaskPlanner: Sendable {
  /// The most actions a plan may have.
  public var maximumDepth: Int
  /// The most distinct states to visit.
  public var maximumStates: Int
  /// Whether gesture-only interactions count as actions.
  public var includesGestures: Bool

  /// Creates a planner.
  public init(maximumDepth: Int = 16, maximumStates: Int = 20_000, includesGestures: Bool = false) {
    self.maximumDepth = maximumDepth
    self.maximumStates = maximumStates
    self.includesGestures = includesGestures
  }

  /// The actions available in a session's current tree, in tree order.
  public func availableSteps(in session: SceneSession) -> [PlannedStep] {
    var steps: [PlannedStep] = []
    for element in session.tree.elements where element.isEnabled {
      if element.handledEvents.contains(.activate) {
        steps.append(PlannedStep(action: .activate, target: element.id))
      }
      if element.handledEvents.contains(.increment) {
        steps.append(PlannedStep(action: .increment, target: element.id))
      }
      if element.handledEvents.contains(.decrement) {
        steps.append(PlannedStep(action: .decrement, target: element.id))
      }
      for name in element.customActionNames {
        steps.append(PlannedStep(action: .custom(name), target: element.id))
      }
      if includesGestures {
        for kind in element.gestures { steps.append(PlannedStep(action: .gesture(kind), target: element.id)) }
      }
    }
    if session.handler(for: .escape, from: session.state.focus) != nil {
      steps.append(PlannedStep(action: .escape, target: nil))
    }
    if session.handler(for: .magicTap, from: session.state.focus) != nil {
      steps.append(PlannedStep(action: .magicTap, target: nil))
    }
    return steps
  }

  /// The shortest plan that makes `goal` hold, `[]` when it already does, or `nil` when none
  /// exists within the bounds.
  public func plan(_ goal: Predicate, from session: SceneSession) -> [PlannedStep]? {
    if session.isSatisfied(goal) { return [] }
    var seen: Set<SceneState> = [session.state]
    var frontier: [(session: SceneSession, path: [PlannedStep])] = [(session, [])]
    for _ in 0..<maximumDepth {
      var next: [(session: SceneSession, path: [PlannedStep])] = []
      for (current, path) in frontier {
        for step in availableSteps(in: current) {
          var forked = current
          let result = forked.perform(step.action, on: step.target)
          guard result.isDone, seen.insert(forked.state).inserted else { continue }
          let extended = path + [step]
          if forked.isSatisfied(goal) { return extended }
          if seen.count >= maximumStates { return nil }
          next.append((forked, extended))
        }
      }
      if next.isEmpty { return nil }
      frontier = next
    }
    return nil
  }
}
