/// Lookup tables over a scene's views, built once per scene.
public struct SceneIndex: Sendable {
  /// Every view by id, all screens included.
  public let views: [String: ViewNode]
  /// The id of each view's superview; roots have none.
  public let parents: [String: String]
  /// The screen each view belongs to.
  public let screens: [String: String]

  /// Indexes the scene.
  public init(scene: Scene) {
    var views: [String: ViewNode] = [:]
    var parents: [String: String] = [:]
    var screens: [String: String] = [:]
    let named = [Screen(name: Scene.startScreenName, windows: scene.windows)] + scene.screens
    for screen in named {
      for window in screen.windows {
        var stack = [window.root]
        while let view = stack.popLast() {
          views[view.id] = view
          screens[view.id] = screen.name
          for child in view.children {
            parents[child.id] = view.id
            stack.append(child)
          }
        }
      }
    }
    self.views = views
    self.parents = parents
    self.screens = screens
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
