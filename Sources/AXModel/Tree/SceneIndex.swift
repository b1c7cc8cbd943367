/// Lookup tables over a scene's views, built once per scene.
public struct SceneIndex: Sendable {
  /// Every view by id, all screens included.
  public let views: [String: ViewNode]
  /// The id of each view's superview; roots have none.
  public let parents: [String: String]
  /// The screen each view belongs to.
  public let screens: [String: String]
  /// Each view's position in a depth-first, back-to-front walk of its window; a higher number
  /// is drawn in front, which hit-testing uses.
  public let depthOrders: [String: Int]

  /// Indexes the scene.
  public init(scene: Scene) {
    let named = [Screen(name: Scene.startScreenName, windows: scene.windows)] + scene.screens
    var count = 0
    for screen in named {
      for window in screen.windows {
        var stack = [window.root]
        while let view = stack.popLast() {
          count += 1
          stack.append(contentsOf: view.children)
        }
      }
    }
    var views: [String: ViewNode] = .init(minimumCapacity: count)
    var parents: [String: String] = .init(minimumCapacity: count)
    var screens: [String: String] = .init(minimumCapacity: count)
    var depthOrders: [String: Int] = .init(minimumCapacity: count)
    for screen in named {
      for window in screen.windows {
        var order = 0
        var stack = [window.root]
        while let view = stack.popLast() {
          views[view.id] = view
          screens[view.id] = screen.name
          depthOrders[view.id] = order
          order += 1
          for child in view.children { parents[child.id] = view.id }
          stack.append(contentsOf: view.children.reversed())
        }
      }
    }
    self.views = views
    self.parents = parents
    self.screens = screens
    self.depthOrders = depthOrders
  }

  /// The ids of the view's superviews, innermost first.
  public func ancestors(of id: String) -> [String] {
    var result: [String] = []
    var current = parents[id]
    while let parent = current, result.count < views.count {
      result.append(parent)
      current = parents[parent]
    }
    return result
  }
}
