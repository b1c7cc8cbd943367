import AXModel

/// Finds the views a finger can touch, or could if nothing covered them, that respond to
/// interaction but that the accessibility tree does not expose.
///
/// A view counts when it has handlers, gestures or interactive traits, is on a screen of the
/// state and not removed (a hidden or transparent one is reported as hidden), is not an element, and no
/// element stands for it: no element inside it (touching one reaches its handlers through the
/// responder chain) and no element around it that offers custom actions in its place.
struct HiddenViews {
  let session: SceneSession

  /// A hidden interactive view and why it is out of the tree.
  struct Entry {
    var view: ViewNode
    var reason: Unreachability
    /// The frames of the modal views that hide it, when a modal does.
    var modalFrames: [Rect]
  }

  func interactiveViews() -> [Entry] {
    let builder = session.builder
    let tree = session.tree
    let shown = builder.shownWindows(session.state)
    let shownRoots = Set(shown.map(\.root.id))
    // The shown windows' modal roots hide every window behind them.
    let frontModalFrames = shown.filter(\.root.viewIsModal).map(\.root.frame)
    var entries: [Entry] = []
    for screen in session.state.screenStack {
      for window in session.scene.windows(ofScreen: screen) ?? [] {
        let behindWindow = !shownRoots.contains(window.root.id)
        let modalFrames = behindWindow ? frontModalFrames : []
        walk(window.root, behindModal: behindWindow, modalFrames: modalFrames, tree: tree, into: &entries)
      }
    }
    return entries
  }

  func walk(
    _ view: ViewNode, behindModal: Bool, modalFrames: [Rect], tree: AccessibilityTree,
    isHidden: Bool = false, into entries: inout [Entry]
  ) {
    let state = session.state
    guard !state.removed.contains(view.id) else { return }
    // A hidden or transparent view hides its subviews from everyone, not only from assistive
    // technologies: they are reported as hidden, with no finding.
    let hidden = isHidden || state.isHidden(view) || view.alpha < 0.01
    if tree.element(id: view.id) == nil, Self.isInteractive(view, state), !hasElement(inside: view, tree),
      !isStoodFor(view, tree)
    {
      let reason: Unreachability = hidden ? .hidden : behindModal ? .behindModal : .notInTree
      entries.append(Entry(view: view, reason: reason, modalFrames: behindModal && !hidden ? modalFrames : []))
    }
    let modal = view.children.last { $0.viewIsModal && !state.removed.contains($0.id) && !state.isHidden($0) }
    for child in view.children {
      let isBehind = behindModal || (modal != nil && modal?.id != child.id)
      let frames = modal != nil && modal?.id != child.id ? modalFrames + [modal?.frame ?? .zero] : modalFrames
      walk(child, behindModal: isBehind, modalFrames: frames, tree: tree, isHidden: hidden, into: &entries)
    }
  }

  /// Whether a view responds to interaction on its own.
  static func isInteractive(_ view: ViewNode, _ state: SceneState) -> Bool {
    if view.respondsToUserInteraction == false { return false }
    if view.respondsToUserInteraction == true { return true }
    let handled: [EventKind] = [.activate, .increment, .decrement]
    return handled.contains { view.handlers[$0] != nil } || !view.gestures.isEmpty
      || !view.customActions.isEmpty || !state.traits(of: view).isDisjoint(with: .interactive)
  }

  /// Whether an element inside the view reaches its handlers through the responder chain.
  func hasElement(inside view: ViewNode, _ tree: AccessibilityTree) -> Bool {
    var stack = view.children
    while let child = stack.popLast() {
      if tree.element(id: child.id) != nil { return true }
      stack.append(contentsOf: child.children)
    }
    return false
  }

  /// Whether an element around the view offers custom actions in its place.
  func isStoodFor(_ view: ViewNode, _ tree: AccessibilityTree) -> Bool {
    for id in session.builder.index.ancestors(of: view.id) {
      if let element = tree.element(id: id) { return !element.customActionNames.isEmpty }
    }
    return false
  }
}
