/// Everything actions change: variables, trait changes, removed and hidden views, the screens
/// shown, the focus and what was announced.
///
/// The state is a value: copying it forks the scene, which is how task planning and the
/// fronts' cost searches explore alternatives.
public struct SceneState: Hashable, Sendable {
  /// The current value of every variable.
  public var values: [String: SceneValue]
  /// Traits inserted at run time, by view id.
  public var insertedTraits: [String: AXTraits]
  /// Traits removed at run time, by view id.
  public var removedTraits: [String: AXTraits]
  /// Views removed from the scene.
  public var removed: Set<String>
  /// `isHidden` changed at run time, by view id.
  public var hiddenOverrides: [String: Bool]
  /// The base screen first, then the presented screens, back to front.
  public var screenStack: [String]
  /// The element the accessibility focus was moved to, if any.
  public var focus: String?
  /// Every text announced so far.
  public var announced: Set<String>

  /// The state a scene starts in.
  public init(scene: Scene) {
    values = Dictionary(uniqueKeysWithValues: scene.variables.map { ($0.name, $0.initial) })
    insertedTraits = [:]
    removedTraits = [:]
    removed = []
    hiddenOverrides = [:]
    screenStack = [Scene.startScreenName]
    focus = nil
    announced = []
  }

  /// The view's traits with the run-time changes applied.
  public func traits(of view: ViewNode) -> AXTraits {
    var traits = view.baseTraits
    if let removed = removedTraits[view.id] { traits.subtract(removed) }
    if let inserted = insertedTraits[view.id] { traits.formUnion(inserted) }
    return traits
  }

  /// Inserts or removes a trait on a view.
  public mutating func setTrait(_ trait: AXTraits, _ isOn: Bool, on id: String) {
    if isOn {
      insertedTraits[id, default: []].insert(trait)
      removedTraits[id]?.remove(trait)
    } else {
      removedTraits[id, default: []].insert(trait)
      insertedTraits[id]?.remove(trait)
    }
    if insertedTraits[id]?.isEmpty == true { insertedTraits[id] = nil }
    if removedTraits[id]?.isEmpty == true { removedTraits[id] = nil }
  }

  /// Whether the view is hidden now.
  public func isHidden(_ view: ViewNode) -> Bool {
    hiddenOverrides[view.id] ?? view.hidden
  }
}
