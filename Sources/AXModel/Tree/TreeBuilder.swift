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

  /// A sort unit: one element, or a group that sorts as one and keeps its inner order.
  indirect enum Unit {
    case element(AXElement)
    case group(Rect, [Unit])

    var frame: Rect {
      switch self {
      case .element(let element): return element.frame
      case .group(let frame, _): return frame
      }
    }

    func flatten(into elements: inout [AXElement]) {
      switch self {
      case .element(let element): elements.append(element)
      case .group(_, let units): for unit in units { unit.flatten(into: &elements) }
      }
    }
  }

  /// The shown windows, front to back, stopping after a modal one.
  public func shownWindows(_ state: SceneState) -> [Window] {
    var ranked: [(window: Window, stack: Int, position: Int)] = []
    for (stack, name) in state.screenStack.enumerated() {
      for (position, window) in (scene.windows(ofScreen: name) ?? []).enumerated() {
        ranked.append((window, stack, position))
      }
    }
    ranked.sort {
      if $0.window.level != $1.window.level { return $0.window.level > $1.window.level }
      if $0.stack != $1.stack { return $0.stack > $1.stack }
      return $0.position > $1.position
    }
    var result: [Window] = []
    for entry in ranked {
      result.append(entry.window)
      if entry.window.root.viewIsModal && isVisible(entry.window.root, state) { break }
    }
    return result
  }

  /// Builds the tree for a state.
  public func build(_ state: SceneState) -> AccessibilityTree {
    var walk = Walk(builder: self, state: state)
    let sort = GeometrySort(layoutDirection: scene.layoutDirection)
    var elements: [AXElement] = []
    for (rank, window) in shownWindows(state).enumerated() {
      walk.windowRank = rank
      let units = walk.collect(
        window.root, ancestors: [], language: scene.language, depth: 0, parentContainer: nil)
      for unit in sort.sorted(units, frame: \.frame) { unit.flatten(into: &elements) }
    }
    let screenFrame = Rect(x: 0, y: 0, width: scene.screen.width, height: scene.screen.height)
    for index in elements.indices {
      elements[index].isOnScreen = elements[index].frame.intersects(screenFrame)
        || (elements[index].frame.isEmpty && screenFrame.contains(elements[index].frame.center))
      if !elements[index].isOnScreen {
        walk.diagnostics.append(
          TreeDiagnostic(
            kind: .offScreen, id: elements[index].id,
            message: "'\(elements[index].id)' at \(elements[index].frame) is outside the screen"))
      }
    }
    return AccessibilityTree(
      elements: elements, containers: walk.containers, diagnostics: walk.diagnostics,
      screen: scene.screen)
  }

  /// Whether the view itself is shown: not removed, not hidden, not transparent and not
  /// hiding its accessibility elements.
  func isVisible(_ view: ViewNode, _ state: SceneState) -> Bool {
    !state.removed.contains(view.id) && !state.isHidden(view) && view.alpha >= 0.01
      && !view.elementsHidden
  }
}
