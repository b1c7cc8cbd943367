/// How a plan search ended: with a plan, or with the reason it has none.
///
/// The reasons differ in what they prove. ``exhausted(depth:)`` proves that no plan exists at
/// all; ``depthLimit(_:)`` proves only that none is that short; the two cap cases prove nothing
/// about the task, only that the search gave up before finding a plan.
public enum PlanOutcome: Hashable, Sendable {
  /// The shortest plan, `[]` when the goal already holds.
  case found([PlannedStep])
  /// Every reachable state was seen and none satisfies the goal, so no plan exists.
  ///
  /// `depth` is the most actions any of those states needs from the start.
  case exhausted(depth: Int)
  /// No plan has at most this many actions; longer ones were not searched.
  case depthLimit(Int)
  /// The search stopped when it had seen this many distinct states.
  case stateLimit(Int)
  /// The search stopped when it had built this many accessibility elements.
  case workLimit(Int)

  /// The plan, or `nil` when the search found none.
  public var plan: [PlannedStep]? {
    if case .found(let plan) = self { return plan }
    return nil
  }

  /// Why the search ended, as a phrase that can follow "no plan:".
  ///
  ///     "every reachable state was searched"
  ///     "none within 16 steps"
  ///     "the search stopped at the cap of 20000 states"
  public var reason: String {
    switch self {
    case .found(let plan) where plan.isEmpty: return "the goal already holds"
    case .found(let plan): return "found a plan of \(plan.count) step\(plan.count == 1 ? "" : "s")"
    case .exhausted: return "every reachable state was searched"
    case .depthLimit(let depth): return "none within \(depth) steps"
    case .stateLimit(let cap): return "the search stopped at the cap of \(cap) states"
    case .workLimit(let cap): return "the search stopped at the cap of \(cap) elements built"
    }
  }

  /// A stable one-word name for the outcome, as JSON reports write it.
  public var name: String {
    switch self {
    case .found: return "found"
    case .exhausted: return "exhausted"
    case .depthLimit: return "depthLimit"
    case .stateLimit: return "stateLimit"
    case .workLimit: return "workLimit"
    }
  }
}

/// The outcome of a plan search and what it took to get there.
public struct PlanSearch: Hashable, Sendable {
  /// How the search ended.
  public var outcome: PlanOutcome
  /// The distinct states the search reached, the start state included.
  public var statesVisited: Int
  /// The actions the search performed, each on a copy of a reached state.
  public var actionsPerformed: Int
  /// The accessibility elements the search built, the measure of ``TaskPlanner/maximumWork``.
  public var elementsBuilt: Int

  /// Creates a search result.
  public init(outcome: PlanOutcome, statesVisited: Int, actionsPerformed: Int, elementsBuilt: Int) {
    self.outcome = outcome
    self.statesVisited = statesVisited
    self.actionsPerformed = actionsPerformed
    self.elementsBuilt = elementsBuilt
  }
}
