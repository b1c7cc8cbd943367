/// Where the accessibility focus goes after an action, as UIKit's layout notifications and
/// view-controller presentation move it.
extension SceneSession {
  /// The notification an action posts: `screenChanged` when it posted one or changed the
  /// screens (UIKit posts it for a presentation, a dismissal and a new root), else
  /// `layoutChanged` when it posted one or moved the focus with a `focus` effect, else none.
  func notification(posted: LayoutNotification?, focus: String?, before: SceneState)
    -> LayoutNotification?
  {
    if posted == .screenChanged || before.screenStack != state.screenStack { return .screenChanged }
    return posted ?? (focus == nil ? nil : .layoutChanged)
  }

  /// The element the focus moves to when the action named none.
  ///
  /// - After `screenChanged` from a dismissal that presented nothing new, the element that
  ///   presented the topmost dismissed screen whose presenter is still in the tree, unless an
  ///   overlay comes first: UIKit returns the focus there when a presented view controller goes
  ///   away.
  /// - Otherwise after `screenChanged`, the first element (a nil argument).
  /// - After `layoutChanged`, nothing while the focused element remains, else the first element.
  /// - After no notification, nothing.
  func defaultFocus(after notification: LayoutNotification?, posted: LayoutNotification?, before: SceneState)
    -> String?
  {
    switch notification {
    case .screenChanged?:
      if posted != .screenChanged, let presenter = returningFocus(before: before) { return presenter }
      return tree.elements.first?.id
    case .layoutChanged?:
      if let current = state.focus, tree.element(id: current) != nil { return nil }
      return tree.elements.first?.id
    case nil:
      return nil
    }
  }

  /// The presenter the focus returns to after a dismissal, or `nil` when the action presented
  /// or navigated, the presenter is gone, or the screen is an overlay the app drew itself.
  func returningFocus(before: SceneState) -> String? {
    let old = before.screenStack
    let new = state.screenStack
    guard old.first == new.first, new.allSatisfy(old.contains) else { return nil }
    // Topmost first; when one action dismisses a screen and the one that presented it, the
    // upper one's presenter went with the lower screen, and the focus goes back down the chain.
    for dismissed in old.reversed() where !new.contains(dismissed) {
      guard scene.screens.first(where: { $0.name == dismissed })?.isOverlay != true else { return nil }
      if let presenter = before.presenters[dismissed], tree.element(id: presenter) != nil { return presenter }
    }
    return nil
  }
}
