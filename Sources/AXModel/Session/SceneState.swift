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
  /// The element whose action presented each presented screen, by screen name: where the
  /// focus returns when the screen is dismissed, as UIKit returns it for a presented view
  /// controller.
  public var presenters: [String: String] = [:]
  /// The text of each text field edited at run time, by view id; the others show their `text`.
  public var texts: [String: String] = [:]
  /// The text field being edited (UIKit's first responder), whose keyboard is up.
  public var firstResponder: String? = nil
  /// Whether the first responder's whole text is selected, so that typing replaces it.
  public var selectsAllText = false
  /// The first responder's insertion point or selection, in characters of its text; `nil`
  /// puts the insertion point at the end, where typing and dictation leave it.
  public var textSelection: Range<Int>? = nil
  /// The texts edits replaced, newest last, for "undo that" (see ``TextUndo``).
  public var textUndo: [TextUndo] = []
  /// Scroll views' content offsets changed at run time, by view id; the others are at their
  /// scene's `contentOffset` (see ``contentOffset(of:)``).
  public var contentOffsets: [String: Point]

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
    contentOffsets = [:]
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

  /// The view's content offset now: the one scrolling left it at, else the scene's start
  /// offset, else zero.
  public func contentOffset(of view: ViewNode) -> Point {
    // Most states have never scrolled: skip hashing the id.
    if !contentOffsets.isEmpty, let offset = contentOffsets[view.id] { return offset }
    return view.contentOffset ?? Point(x: 0, y: 0)
  }

  /// Whether the view is hidden now.
  public func isHidden(_ view: ViewNode) -> Bool {
    hiddenOverrides[view.id] ?? view.hidden
  }
}
