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
/// actions, and among plans of that length the first in tree order of the actions. An action
/// whose handler returns `false` in a state (``ActionOutcome/failed``) changes nothing there, so
/// no plan takes it as a step in that state. Direct
/// actions are those any assistive technology can perform on an element of the tree: activate,
/// increment, decrement, custom actions, escape and the magic tap. Gesture-only interactions are
/// included only when asked, because they are exactly what assistive technologies can't do.
///
/// Three bounds keep every search finite in time and memory, and ``search(_:from:)`` says which
/// one, if any, stopped it. The search holds only states, not sessions, and rebuilds a session's
/// tree when it expands a state, so memory grows with the states seen, not with their trees.
public struct TaskPlanner: Sendable {
  /// The most actions a plan may have.
  public var maximumDepth: Int
  /// The most distinct states to visit, the start state included.
  public var maximumStates: Int
  /// The most accessibility elements to build before giving up.
  ///
  /// Every action the search tries rebuilds the scene's tree, so its time grows with the
  /// actions tried times the tree's size; counting elements built bounds that product whatever
  /// the scene's shape. The default, 100,000, is about 0.6 s in a debug build and a fifth of
  /// that in release (a 400-button scene stops after 250 actions, a 20-button one after 4,800),
  /// yet 15 times what the costliest task of the bundled scenes needs (6,500 with gestures).
  public var maximumWork: Int
  /// Whether gesture-only interactions count as actions.
  public var includesGestures: Bool

  /// Creates a planner.
  public init(
    maximumDepth: Int = 16, maximumStates: Int = 20_000, maximumWork: Int = 100_000,
    includesGestures: Bool = false
  ) {
    self.maximumDepth = maximumDepth
    self.maximumStates = maximumStates
    self.maximumWork = maximumWork
    self.includesGestures = includesGestures
  }

  /// The actions available in a session's current tree, in tree order; `entries` are the
  /// texts the goal wants in text fields (``Condition/textEntries``), each one step that
  /// enters it.
  public func availableSteps(
    in session: SceneSession, entering entries: [TextEntry] = []
  ) -> [PlannedStep] {
    var steps: [PlannedStep] = []
    steps.append(contentsOf: entrySteps(entries, in: session))
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

  /// The shortest plan that makes `goal` hold, `[]` when it already does, or `nil` when the
  /// search finds none; ``search(_:from:)`` says why.
  public func plan(_ goal: Condition, from session: SceneSession) -> [PlannedStep]? {
    detailedSearch(goal, from: session).outcome.plan
  }

  /// Searches for the shortest plan that makes `goal` hold, and says how the search ended.
  public func search(_ goal: Condition, from session: SceneSession) -> PlanOutcome {
    detailedSearch(goal, from: session).outcome
  }

  /// Searches for the shortest plan that makes `goal` hold, and reports how the search ended
  /// and what it took.
  ///
  /// The search stops at the first of: a state satisfying the goal, no state left to expand,
  /// a plan length of ``maximumDepth``, ``maximumStates`` states seen, or ``maximumWork``
  /// elements built, which it may pass by one tree.
  public func detailedSearch(_ goal: Condition, from start: SceneSession) -> PlanSearch {
    var seen: Set<SceneState> = [start.state]
    // Every state that entered the frontier, in breadth-first order, so that each depth is a
    // contiguous range and a plan is read back through the parents instead of being copied.
    var nodes = [Node(state: start.state, parent: nil, step: nil)]
    var actions = 0
    var elements = 0
    func finish(_ outcome: PlanOutcome) -> PlanSearch {
      PlanSearch(
        outcome: outcome, statesVisited: seen.count, actionsPerformed: actions,
        elementsBuilt: elements)
    }
    if start.isSatisfied(goal) { return finish(.found([])) }
    let entries = goal.textEntries
    var layer = 0..<1
    // A negative bound searches nothing, where a reversed range would trap.
    for depth in 0..<max(0, maximumDepth) {
      for index in layer {
        if elements >= maximumWork { return finish(.workLimit(maximumWork)) }
        var current = start
        if index > 0 {
          current = SceneSession(builder: start.builder, state: nodes[index].state)
          elements += Self.cost(of: current.tree)
        }
        for step in availableSteps(in: current, entering: entries) {
          if elements >= maximumWork { return finish(.workLimit(maximumWork)) }
          var forked = current
          let result = forked.perform(step.action, on: step.target)
          actions += 1
          // A refused or failed action returns before the tree is rebuilt, and leaves the state
          // as it was: it is never a step, though the same action may succeed from a later
          // state (Brew once the cup is filled), where it is tried again.
          elements += result.isDone ? Self.cost(of: forked.tree) : 1
          guard result.isDone, seen.insert(forked.state).inserted else { continue }
          nodes.append(Node(state: forked.state, parent: index, step: step))
          if forked.isSatisfied(goal) {
            return finish(.found(Self.path(to: nodes.count - 1, in: nodes)))
          }
          if seen.count >= maximumStates { return finish(.stateLimit(maximumStates)) }
        }
      }
      if nodes.count == layer.upperBound { return finish(.exhausted(depth: depth)) }
      layer = layer.upperBound..<nodes.count
    }
    return finish(.depthLimit(maximumDepth))
  }

  /// A state the search reached, with the step from its parent that first reached it.
  private struct Node {
    /// The state.
    var state: SceneState
    /// The index of the state it was reached from; `nil` for the start state.
    var parent: Int?
    /// The step from the parent; `nil` for the start state.
    var step: PlannedStep?
  }

  /// The work of building a tree: its elements, and at least one so that empty trees count.
  private static func cost(of tree: AccessibilityTree) -> Int { max(1, tree.elements.count) }

  /// The steps from the start state to the node at `index`.
  private static func path(to index: Int, in nodes: [Node]) -> [PlannedStep] {
    var steps: [PlannedStep] = []
    var current: Int? = index
    while let position = current, let step = nodes[position].step {
      steps.append(step)
      current = nodes[position].parent
    }
    return steps.reversed()
  }
}
