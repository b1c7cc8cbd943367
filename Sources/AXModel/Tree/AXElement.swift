/// An element of the accessibility tree, with its properties resolved against the scene state.
///
/// This is what an assistive technology reads: the label, value, traits and frame UIKit would
/// report, plus what the element can do (its actions and gestures) and where it sits.
public struct AXElement: Hashable, Sendable {
  /// The id of the view or virtual element it stands for.
  public var id: String
  /// The view type.
  public var type: ViewType
  /// `accessibilityLabel`, resolved (templates filled, defaults applied).
  public var label: String?
  /// `accessibilityValue`, resolved.
  public var value: String?
  /// `accessibilityHint`, resolved.
  public var hint: String?
  /// `accessibilityIdentifier`.
  public var identifier: String?
  /// The traits, with runtime changes applied.
  public var traits: AXTraits
  /// `accessibilityFrame` in screen points.
  public var frame: Rect
  /// `accessibilityPath`, when the element's shape is not its frame: a polygon in screen
  /// points; hit tests take the part of it inside the frame.
  public var path: [Point]? = nil
  /// `accessibilityActivationPoint`: where a tap lands.
  public var activationPoint: Point
  /// `accessibilityUserInputLabels`.
  public var userInputLabels: [String]
  /// The names of the custom actions, in order.
  public var customActionNames: [String]
  /// The gesture-only interactions the element declares.
  public var gestures: [GestureKind]
  /// The accessibility actions with effects.
  public var handledEvents: Set<EventKind>
  /// The element's language (its own, or the scene's).
  public var language: String
  /// Whether the element responds to user interaction (declared, or inferred as Apple does from
  /// traits, actions and gestures).
  public var respondsToUserInteraction: Bool
  /// The direct-touch options, when the element takes direct touches.
  public var directTouch: DirectTouchOptions?
  /// The ids of the views above it that the traversal passed through, outermost first.
  public var ancestors: [String]
  /// The window's position from the front (0 is the frontmost shown window).
  public var windowRank: Int
  /// The view's position in a depth-first walk of its window; higher is in front.
  public var depthOrder: Int
  /// Whether any part of the frame is on the screen, and inside the visible frame of every
  /// scroll view it is in (``clipFrame``).
  public var isOnScreen: Bool
  /// The part of the screen its enclosing scroll views show, in screen points (the innermost
  /// one's frame, clipped by those around it); `nil` outside scroll views. The element is
  /// drawn, and touched, only inside it.
  public var clipFrame: Rect? = nil

  /// Whether the element is drawn in front of another: in a window nearer the front, or deeper
  /// in the same window's views (a later one of equals stays behind the first).
  public func isInFront(of other: AXElement) -> Bool {
    windowRank < other.windowRank || (windowRank == other.windowRank && depthOrder > other.depthOrder)
  }

  /// Whether a hit test at the point finds the element: the point is in its frame and, when it
  /// has an ``path``, inside that outline too.
  @inline(__always)
  public func contains(_ point: Point) -> Bool {
    guard frame.contains(point) else { return false }
    // A scroll view clips its content: a touch outside it does not reach a clipped row.
    if let clipFrame, !clipFrame.contains(point) { return false }
    return path.map { Polygon.contains($0, point) } ?? true
  }

  /// Whether the element refuses actions (the `notEnabled` trait).
  public var isEnabled: Bool { !traits.contains(.notEnabled) }

  /// Whether the element can be adjusted with increment and decrement.
  public var isAdjustable: Bool {
    traits.contains(.adjustable) || handledEvents.contains(.increment)
      || handledEvents.contains(.decrement)
  }

  /// The name a report shows: the label, else the first input label, else the id.
  public var displayName: String {
    if let label, !label.isEmpty { return label }
    if let first = userInputLabels.first { return first }
    return id
  }
}

/// A container view the traversal passed through, for fronts that group elements (Switch
/// Control's groups, Voice Control's scroll targets).
public struct AXContainer: Hashable, Sendable {
  /// The view's id.
  public var id: String
  /// The view type.
  public var type: ViewType
  /// The label, when the container has one.
  public var label: String?
  /// `accessibilityContainerType`.
  public var containerType: ContainerType?
  /// `shouldGroupAccessibilityChildren`.
  public var groupsChildren: Bool
  /// Whether the order of its elements comes from an `elements` list.
  public var hasExplicitOrder: Bool
  /// Whether it scrolls (a scroll view or a table).
  public var scrolls: Bool
  /// The frame.
  public var frame: Rect
  /// The id of the enclosing container, if any.
  public var parent: String?
}

/// Something worth telling the scene's author about the tree.
public struct TreeDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// The kind of remark.
  public enum Kind: String, Hashable, Sendable {
    /// A view is both an element and a container (rule 1 of UIAccessibilityContainer).
    case containerIsElement
    /// An element lies entirely outside the screen.
    case offScreen
    /// An `elements` entry names a view that is not shown.
    case elementNotShown
    /// Traversal stopped at the depth limit (a long chain of `elements` lists).
    case tooDeep
  }

  /// The kind of remark.
  public var kind: Kind
  /// The view concerned.
  public var id: String
  /// The sentence a report prints.
  public var message: String

  public var description: String { "\(kind.rawValue): \(message)" }
}

/// The accessibility tree of a scene state: its elements in traversal order, the containers
/// they sit in and remarks on the structure.
public struct AccessibilityTree: Hashable, Sendable {
  /// The elements in the order VoiceOver visits them.
  public var elements: [AXElement]
  /// The containers passed through, by id.
  public var containers: [String: AXContainer]
  /// Structural remarks, in traversal order.
  public var diagnostics: [TreeDiagnostic]
  /// The screen size.
  public var screen: Size

  /// The position of each element id in ``elements``.
  public let positions: [String: Int]

  /// Creates a tree and indexes it.
  public init(
    elements: [AXElement], containers: [String: AXContainer], diagnostics: [TreeDiagnostic],
    screen: Size
  ) {
    self.elements = elements
    self.containers = containers
    self.diagnostics = diagnostics
    self.screen = screen
    var positions: [String: Int] = .init(minimumCapacity: elements.count)
    // By index: enumerating would copy each element to read its id.
    for index in elements.indices { positions[elements[index].id] = index }
    self.positions = positions
  }

  /// The element with the given id, if it is in the tree.
  public func element(id: String) -> AXElement? {
    positions[id].map { elements[$0] }
  }

  /// The scroll views an element sits in, innermost first: its ancestors that scroll.
  ///
  /// Every walk up from an element to its scroll views goes through here (for a view by id,
  /// ``SceneSession/scrollAncestors(of:)``), so they agree on which ones count and in what order.
  public func scrollAncestors(of element: AXElement) -> [String] {
    // An element lists its ancestors outermost first.
    element.ancestors.reversed().filter { containers[$0]?.scrolls == true }
  }

  /// The innermost scroll view an element sits in: the first of ``scrollAncestors(of:)``,
  /// found without listing the others.
  public func innermostScrollView(of element: AXElement) -> String? {
    element.ancestors.last { containers[$0]?.scrolls == true }
  }

  /// The frontmost element whose frame holds the point, as UIKit's accessibility hit-test finds
  /// it; modal and hidden views are already out of the tree.
  public func hitTest(_ point: Point) -> AXElement? {
    hitPosition(point).map { elements[$0] }
  }

  /// The position in ``elements`` of the element ``hitTest(_:)`` finds: the same answer
  /// without copying every element that holds the point on the way.
  package func hitPosition(_ point: Point) -> Int? {
    var best: Int?
    // Read in place, as ``HitTestIndex`` does: `elements[position].contains(point)` would copy
    // each element.
    for position in elements.indices
    where elements[position].frame.contains(point)
      && (elements[position].clipFrame?.contains(point) ?? true)
      && (elements[position].path.map { Polygon.contains($0, point) } ?? true)
    {
      if best.map({ elements[position].isInFront(of: elements[$0]) }) ?? true { best = position }
    }
    return best
  }
}
