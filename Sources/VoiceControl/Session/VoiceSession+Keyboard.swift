import AXModel

/// The on-screen keyboard, which covers the bottom of the screen while a field is edited.
///
/// Voice Control works from what is drawn: its names, numbers and grid see the keyboard, not
/// the app's views behind it (``SceneSession/keyboardFrame``). An element wholly under the
/// keyboard is no target, so it has no number or name badge and saying its name does not
/// reach it, until editing ends or a scroll brings it above the keyboard; a grid cell on the
/// keyboard touches a key, not the app. VoiceOver, which reads the tree, still reaches it.
extension VoiceSession {
  /// The tree as Voice Control sees it: an element wholly under the keyboard is off screen.
  /// The tree itself when no field is edited.
  static func visibleTree(of session: SceneSession) -> AccessibilityTree {
    guard session.keyboardFrame != nil else { return session.tree }
    var tree = session.tree
    for position in tree.elements.indices where session.isUnderKeyboard(tree.elements[position]) {
      tree.elements[position].isOnScreen = false
    }
    return tree
  }

  /// Why a touch at a point on the keyboard reaches nothing of the app.
  static func onKeyboardRefusal(_ point: Point) -> String {
    "nothing of the app to touch at \(point): the keyboard covers it"
  }

  /// For a name that found nothing while a field is edited: the elements of that name the
  /// keyboard hides, as a clause for the refusal ("'Create account' is under the keyboard"),
  /// or `nil`. It advises scrolling only when a scroll view around the first of them can
  /// scroll down (bring it up), else only ending editing.
  func underKeyboardClause(_ tokens: [String]) -> String? {
    guard sceneSession.keyboardFrame != nil else { return nil }
    let all = NameIndex(tree: sceneSession.tree, normalizer: vocabulary.normalizer)
    guard let found = all.match(tokens) else { return nil }
    let hidden = found.targets.filter { target in
      sceneSession.tree.element(id: target.id).map(sceneSession.isUnderKeyboard) ?? false
    }
    guard let first = hidden.first else { return nil }
    let name = first.shownName ?? first.id
    let more = hidden.count > 1 ? " (and \(hidden.count - 1) more of that name)" : ""
    // Scrolling is advice only where a scroll view around it can move its content up.
    let scrolls = sceneSession.raisingScrollView(of: first.id) != nil
    let how = scrolls ? "scroll it above the keyboard, or end editing," : "end editing"
    return "'\(name)'\(more) is under the keyboard; \(how) to reach it"
  }
}
