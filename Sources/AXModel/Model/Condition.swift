/// A condition over the scene state, used as a task's goal.
///
/// It is not called `Predicate`, which Foundation declares: a file importing both would find the
/// name ambiguous.
public indirect enum Condition: Hashable, Sendable {
  /// The variable equals the value.
  case equals(variable: String, value: SceneValue)
  /// The number variable is at least the bound.
  case atLeast(variable: String, bound: Double)
  /// The number variable is at most the bound.
  case atMost(variable: String, bound: Double)
  /// The element has the trait.
  case hasTrait(element: String, trait: AXTraits)
  /// The named screen is presented or is the base screen.
  case onScreen(String)
  /// The view is gone from the accessibility tree (removed, hidden or not on a shown screen).
  case gone(element: String)
  /// The view is in the accessibility tree.
  case present(element: String)
  /// The view was removed by a `remove` effect (covering it with a sheet does not count).
  case removed(element: String)
  /// The text was announced at some point.
  case announced(String)
  /// The text field holds exactly the text (typed at run time, or its start `text`).
  case text(element: String, equals: String)
  /// The text field holds some text.
  case hasText(element: String)
  /// Every condition holds.
  case all([Condition])
  /// At least one condition holds.
  case any([Condition])
  /// The condition does not hold.
  case not(Condition)
}

/// A common task a user should be able to complete on the scene.
public struct SceneTask: Hashable, Sendable {
  /// The task's name, as reports print it.
  public var name: String
  /// The condition that says the task is done.
  public var goal: Condition

  /// Creates a task.
  public init(name: String, goal: Condition) {
    self.name = name
    self.goal = goal
  }
}
