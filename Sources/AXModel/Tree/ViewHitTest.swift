/// Finds the view a finger touches, as UIKit's `hitTest(_:with:)` does: over the views, not the
/// accessibility elements.
///
/// - Windows are tried front to back (``TreeBuilder/shownWindows(_:)``): a presented screen
///   covers what is behind it wherever its window's root holds the point.
/// - A view that is hidden, at alpha below 0.01, removed, or has user interaction off (see
///   ``ViewNode/isUserInteractionEnabled``) is skipped with its subviews.
/// - A point outside a view's frame misses it and all its subviews, even those drawn outside
///   it (UIKit's `point(inside:with:)`).
/// - Subviews are tried front to back (the last child first); the deepest view that holds the
///   point wins.
/// - A virtual element (type `element`, a `UIAccessibilityElement` the container's own touch
///   handling stands for) is tried like a subview, by its `accessibilityPath` when it has one.
///
/// What hides views from assistive technologies does not hide them from touches:
/// `accessibilityViewIsModal` on a sibling and `accessibilityElementsHidden` change nothing
/// here.
public struct ViewHitTest: Sendable {
  /// The builder whose scene is hit-tested.
  public let builder: TreeBuilder
  /// The state whose screens, hidden and removed views count.
  public let state: SceneState

  /// Creates a hit test of a state.
  public init(builder: TreeBuilder, state: SceneState) {
    self.builder = builder
    self.state = state
  }

  /// The views from the window's root down to the one the point hits (the last), or `[]` when
  /// it hits none.
  public func chain(at point: Point) -> [ViewNode] {
    for window in builder.shownWindows(state) {
      if let chain = descend(window.root, point) { return chain }
    }
    return []
  }

  /// The deepest view the point hits, if any.
  public func view(at point: Point) -> ViewNode? {
    chain(at: point).last
  }

  /// Whether the view takes touches at all: shown, opaque enough and interactive.
  public func takesTouches(_ view: ViewNode) -> Bool {
    guard view.alpha >= 0.01, view.isUserInteractionEnabled else { return false }
    if !state.removed.isEmpty, state.removed.contains(view.id) { return false }
    return !state.isHidden(view)
  }

  /// Whether the point is inside the view: its frame, narrowed to its outline for a virtual
  /// element with one.
  func holds(_ view: ViewNode, _ point: Point) -> Bool {
    guard view.frame.contains(point) else { return false }
    guard view.type == .element, let path = view.accessibilityPath else { return true }
    return Polygon.contains(path, point)
  }

  /// The views from `root` down to the one hit, or `nil` when `root` itself is missed; a loop
  /// over front-to-back children, so a deep scene cannot exhaust the stack.
  private func descend(_ root: ViewNode, _ point: Point) -> [ViewNode]? {
    guard takesTouches(root), holds(root, point) else { return nil }
    var path = [root]
    // Subview frames are written at offset zero: inside a scrolled view the point is moved
    // into its content by the offset, as UIKit's bounds origin does.
    var point = point
    while let current = path.last {
      if current.type.scrolls {
        let offset = state.contentOffset(of: current)
        point = Point(x: point.x + offset.x, y: point.y + offset.y)
      }
      guard let child = current.children.last(where: { takesTouches($0) && holds($0, point) }) else { break }
      path.append(child)
    }
    return path
  }
}
