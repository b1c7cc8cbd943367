/// Derives the accessibility tree from a scene state, following UIKit's traversal (seed 000,
/// section 4.3).
///
/// 1. Windows are visited from the highest `windowLevel` down (a later-presented screen is in
///    front of an earlier one at the same level). A window whose root has `viewIsModal` hides
///    the windows behind it.
/// 2. Hidden views, views at alpha 0, removed views and `elementsHidden` subtrees are gone.
/// 3. Among siblings, a view with `viewIsModal` hides the others (the last such sibling wins).
/// 4. A view with `elements` uses that list instead of its subviews, in that order; otherwise
///    an element is a leaf that hides its subviews; otherwise the view is a container and its
///    subviews are visited in order.
/// 5. Each window's elements are put in order with ``GeometrySort``, except that a container
///    with `groupsChildren` or an `elements` list sorts as one unit and keeps its own order
///    inside (subview order, seed 000 section 2.6; or the list's order).
public struct TreeBuilder: Sendable {
  /// The scene the tree is built from.
  public let scene: Scene
  /// Lookup tables over the scene.
  public let index: SceneIndex
  /// How deep `elements` lists and subviews may nest before traversal stops.
  public var maximumDepth = 400

  /// Creates a builder for a scene.
  public init(scene: Scene, index: SceneIndex? = nil) {
    self.scene = scene
    self.index = index ?? SceneIndex(scene: scene)
  }

  /// A sort unit: one element (its position in the walk's elements, and its frame), or a
  /// group that sorts as one and keeps its inner order.
  enum Unit {
    case element(Int, Rect)
    case group(Rect, [Unit])

    var frame: Rect {
      switch self {
      case .element(_, let frame): return frame
      case .group(let frame, _): return frame
      }
    }

    /// Appends the positions of the unit's elements, in order.
    func flatten(into positions: inout [Int]) {
      switch self {
      case .element(let position, _): positions.append(position)
      case .group(_, let units): for unit in units { unit.flatten(into: &positions) }
      }
    }
  }

  /// The shown windows, front to back, stopping after a modal one.
  public func shownWindows(_ state: SceneState) -> [Window] {
    shownWindowEntries(state).map(\.window)
  }

  /// The shown windows, front to back, stopping after a modal one, with their screens' names
  /// and their positions there.
  func shownWindowEntries(_ state: SceneState) -> [(window: Window, screen: String, position: Int)] {
    var ranked: [(window: Window, screen: String, stack: Int, position: Int)] = []
    for (stack, name) in state.screenStack.enumerated() {
      for (position, window) in (scene.windows(ofScreen: name) ?? []).enumerated() {
        ranked.append((window, name, stack, position))
      }
    }
    ranked.sort {
      if $0.window.level != $1.window.level { return $0.window.level > $1.window.level }
      if $0.stack != $1.stack { return $0.stack > $1.stack }
      return $0.position > $1.position
    }
    var result: [(window: Window, screen: String, position: Int)] = []
    for entry in ranked {
      result.append((entry.window, entry.screen, entry.position))
      if entry.window.root.viewIsModal && isVisible(entry.window.root, state) { break }
    }
    return result
  }

  /// Builds the tree for a state.
  public func build(_ state: SceneState) -> AccessibilityTree {
    let windows = shownWindowEntries(state)
    // An index made for another scene would number other views: index this one instead.
    let matches = windows.allSatisfy { entry in
      self.index.rootNumber(screen: entry.screen, window: entry.position).map {
        self.index.storage.ids[$0] == entry.window.root.id
      } ?? false
    }
    let index = matches ? self.index : SceneIndex(scene: scene)
    var walk = Walk(builder: self, index: index, state: state)
    let sort = GeometrySort(layoutDirection: scene.layoutDirection)
    let roots = windows.map { index.rootNumber(screen: $0.screen, window: $0.position)! }
    // At most every shown view is an element: reserving that much touches fewer fresh pages
    // than growing the array by doubling.
    let shownViews = roots.reduce(0) { $0 + Int(index.storage.ends[$1]) - $1 }
    walk.elements.reserveCapacity(shownViews)
    var order: [Int] = []
    order.reserveCapacity(shownViews)
    for (rank, entry) in windows.enumerated() {
      walk.windowRank = rank
      var units: [Unit] = []
      withUnsafePointer(to: entry.window.root) { root in
        walk.collect(
          root, number: roots[rank],
          ancestors: [], language: scene.language, depth: 0, parentContainer: nil, into: &units)
      }
      for unit in sort.sorted(units, frame: \.frame) { unit.flatten(into: &order) }
    }
    var elements: [AXElement] = []
    swap(&elements, &walk.elements)
    Self.permute(&elements, by: order)
    let screenFrame = scene.screenFrame
    for index in elements.indices {
      let frame = elements[index].frame
      let clip = elements[index].clipFrame
      let isOnScreen = Self.shows(frame, in: screenFrame) && clip.map { Self.shows(frame, in: $0) } != false
      elements[index].isOnScreen = isOnScreen
      // A row scrolled out of its scroll view stays in the tree, as on iOS (VoiceOver reaches
      // it, and scrolling brings it back): that is no remark on the scene.
      if !isOnScreen, clip == nil {
        let id = elements[index].id
        walk.diagnostics.append(
          TreeDiagnostic(kind: .offScreen, id: id, message: "'\(id)' at \(frame) is outside the screen"))
      }
    }
    var containers: [String: AXContainer] = .init(minimumCapacity: walk.containers.count)
    for container in walk.containers { containers[container.id] = container }
    return AccessibilityTree(
      elements: elements, containers: containers, diagnostics: walk.diagnostics,
      screen: scene.screen)
  }

  /// Whether any of a frame shows in a visible area (a zero-size frame: its centre).
  static func shows(_ frame: Rect, in visible: Rect) -> Bool {
    frame.intersects(visible) || (frame.isEmpty && visible.contains(frame.center))
  }

  /// Reorders `items` so that position `k` holds what was at `order[k]`, by moving along the
  /// permutation's cycles: no element is copied (which would retain each of its strings).
  static func permute<T>(_ items: inout [T], by order: [Int]) {
    precondition(order.count == items.count, "every element is in exactly one unit")
    var done = [Bool](repeating: false, count: order.count)
    items.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for start in order.indices where !done[start] && order[start] != start {
        let first = (base + start).move()
        var current = start
        while true {
          done[current] = true
          let next = order[current]
          if next == start { break }
          (base + current).moveInitialize(from: base + next, count: 1)
          current = next
        }
        (base + current).initialize(to: first)
      }
    }
  }

  /// Whether the view itself is shown: not removed, not hidden, not transparent and not
  /// hiding its accessibility elements.
  func isVisible(_ view: ViewNode, _ state: SceneState) -> Bool {
    withUnsafePointer(to: view) { Self.isVisible($0, state) }
  }

  /// ``isVisible(_:_:)`` of the view at `view`, read in place: the tree walk lends views by
  /// pointer, and a copy would retain every string and array of the view.
  static func isVisible(_ view: UnsafePointer<ViewNode>, _ state: SceneState) -> Bool {
    // Checked before the lookups, which hash the id, and usually settle it: most views are
    // neither removed nor hidden at run time.
    guard view.pointee.alpha >= 0.01, !view.pointee.elementsHidden else { return false }
    if !state.removed.isEmpty, state.removed.contains(view.pointee.id) { return false }
    return state.hiddenOverrides.isEmpty ? !view.pointee.hidden : !state.isHidden(view.pointee)
  }
}
