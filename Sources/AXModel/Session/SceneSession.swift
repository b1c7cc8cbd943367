/// A running scene: the state, the accessibility tree derived from it, and the actions that
/// change both.
///
/// A session is a value. Every action returns an ``ActionResult`` describing what changed, and
/// the tree is rebuilt after each one so that readers never see stale elements.
///
///     var session = SceneSession(scene: scene)
///     let result = session.increment("coffee")
///     // result.changes == [.variable(name: "coffee", from: 0, to: 1), .value(...)]
public struct SceneSession: Sendable {
  /// The scene being run.
  public var scene: Scene { builder.scene }
  /// The tree builder, with the scene's lookup tables.
  public let builder: TreeBuilder
  /// The current state.
  public internal(set) var state: SceneState
  /// The accessibility tree of the current state.
  public internal(set) var tree: AccessibilityTree

  /// Starts a session in the scene's start state.
  public init(scene: Scene) {
    let builder = TreeBuilder(scene: scene)
    self.init(builder: builder, state: SceneState(scene: scene))
  }

  /// Starts a session in a given state.
  public init(builder: TreeBuilder, state: SceneState) {
    self.builder = builder
    self.state = state
    self.tree = builder.build(state)
  }

  /// Activates the element: a tap, VoiceOver's double tap, Switch Control's Tap.
  public mutating func activate(_ id: String) -> ActionResult { perform(.activate, on: id) }

  /// Increments an adjustable element.
  public mutating func increment(_ id: String) -> ActionResult { perform(.increment, on: id) }

  /// Decrements an adjustable element.
  public mutating func decrement(_ id: String) -> ActionResult { perform(.decrement, on: id) }

  /// Performs the element's custom action with the given name.
  public mutating func perform(action name: String, on id: String) -> ActionResult {
    perform(.custom(name), on: id)
  }

  /// Performs the escape action of the focused element, its superviews, or else the frontmost
  /// view that handles escape (a modal sheet's close).
  public mutating func escape() -> ActionResult { perform(.escape, on: nil) }

  /// Performs any action; escape and magic tap may omit the target.
  public mutating func perform(_ action: SceneAction, on id: String?) -> ActionResult {
    func refuse(_ reason: String, target: String? = id) -> ActionResult {
      ActionResult(
        action: action, target: target, outcome: .refused(reason), changes: [], announcements: [],
        focus: nil)
    }
    switch action {
    case .escape, .magicTap:
      let event: EventKind = action == .escape ? .escape : .magicTap
      guard let view = handler(for: event, from: id ?? state.focus) else {
        return refuse(
          action == .escape ? "nothing on screen handles escape" : "nothing on screen handles the magic tap")
      }
      return run(view.handlers[event] ?? [], when: view.succeedsWhen[event], actor: view.id, action: action)
    case .scroll(let direction, let toEdge):
      // A scroll view is rarely an element itself: it is acted on as a container.
      return performScroll(direction, toEdge: toEdge, on: id)
    default:
      break
    }
    if case .edit = action, id == nil { return refuse("no text field is being edited") }
    guard let id else { return refuse("\(action) needs an element") }
    guard let view = builder.index.views[id] else { return refuse("no element '\(id)' in the scene") }
    if case .gesture(let kind) = action {
      // A gesture lands on a view whether or not it is an accessibility element, but only on one
      // a finger can touch: shown, not behind a modal view, and enabled.
      guard isTouchable(id) else { return refuse("'\(id)' is not shown") }
      let name = tree.element(id: id)?.displayName ?? id
      guard !state.traits(of: view).contains(.notEnabled) else {
        return refuse("'\(name)' is not enabled")
      }
      guard let gesture = view.gestures.first(where: { $0.kind == kind }) else {
        return refuse("'\(id)' does not respond to \(kind.rawValue)")
      }
      return apply(gesture.effects, actor: id, action: action)
    }
    guard let element = tree.element(id: id) else {
      return refuse("'\(id)' is not in the accessibility tree")
    }
    guard element.isEnabled else { return refuse("'\(element.displayName)' is not enabled") }
    switch action {
    case .activate:
      return activateView(view, action: action)
    case .edit(let edit):
      return perform(edit, on: view, element: element)
    case .increment, .decrement:
      let event: EventKind = action == .increment ? .increment : .decrement
      guard let effects = view.handlers[event] else {
        return refuse(
          element.traits.contains(.adjustable)
            ? "'\(element.displayName)' has no \(event.rawValue) action"
            : "'\(element.displayName)' is not adjustable")
      }
      return run(effects, when: view.succeedsWhen[event], actor: id, action: action)
    case .custom(let name):
      guard let custom = view.customActions.first(where: { $0.name == name }) else {
        let names = view.customActions.map { "'\($0.name)'" }.joined(separator: ", ")
        return refuse(
          "'\(element.displayName)' has no action '\(name)'"
            + (names.isEmpty ? "" : "; its actions are \(names)"))
      }
      return run(custom.effects, when: custom.succeedsWhen, actor: id, action: action)
    case .gesture, .escape, .magicTap, .scroll:
      return refuse("\(action) is not supported here")
    }
  }

  /// Whether the view is on a shown screen and neither it nor a superview is hidden.
  public func isShown(_ id: String) -> Bool {
    guard let screen = builder.index.screens[id], state.screenStack.contains(screen) else {
      return false
    }
    for viewID in [id] + builder.index.ancestors(of: id) {
      guard let view = builder.index.views[viewID], builder.isVisible(view, state) else {
        return false
      }
    }
    return true
  }

  /// Whether a touch can reach the view: it is shown, its window is not behind a modal window,
  /// and no modal sibling of it or of a superview hides it.
  public func isTouchable(_ id: String) -> Bool {
    guard isShown(id) else { return false }
    let chain = [id] + builder.index.ancestors(of: id)
    guard let root = chain.last,
      builder.shownWindows(state).contains(where: { $0.root.id == root })
    else { return false }
    for (child, parent) in zip(chain, chain.dropFirst()) {
      guard let parentView = builder.index.views[parent] else { continue }
      let modal = parentView.children.last { $0.viewIsModal && builder.isVisible($0, state) }
      if let modal, modal.id != child { return false }
    }
    return true
  }

  /// The view whose handler for `event` runs: the start view or its nearest superview that
  /// handles it, else the frontmost shown view that does.
  func handler(for event: EventKind, from start: String?) -> ViewNode? {
    if let start, isShown(start) {
      for viewID in [start] + builder.index.ancestors(of: start) {
        if let view = builder.index.views[viewID], view.handlers[event] != nil { return view }
      }
    }
    for window in builder.shownWindows(state) {
      var found: ViewNode?
      var stack = [window.root]
      while let view = stack.popLast() {
        guard builder.isVisible(view, state) else { continue }
        if view.handlers[event] != nil { found = view }
        stack.append(contentsOf: view.children.reversed())
      }
      if let found { return found }
    }
    return nil
  }

  /// Whether the goal holds in the current state.
  public func isSatisfied(_ goal: Condition) -> Bool {
    switch goal {
    case .equals(let name, let value): return state.values[name] == value
    case .atLeast(let name, let bound):
      if case .number(let number)? = state.values[name] { return number >= bound }
      return false
    case .atMost(let name, let bound):
      if case .number(let number)? = state.values[name] { return number <= bound }
      return false
    case .hasTrait(let id, let trait):
      guard let view = builder.index.views[id] else { return false }
      return state.traits(of: view).contains(trait)
    case .onScreen(let screen): return state.screenStack.contains(screen)
    case .gone(let id): return tree.element(id: id) == nil && tree.containers[id] == nil
    case .present(let id): return tree.element(id: id) != nil || tree.containers[id] != nil
    case .removed(let id): return state.removed.contains(id)
    case .announced(let text): return state.announced.contains(text)
    case .text(let id, let text): return self.text(of: id) == text
    case .hasText(let id): return !self.text(of: id).isEmpty
    case .all(let goals): return goals.allSatisfy { isSatisfied($0) }
    case .any(let goals): return goals.contains { isSatisfied($0) }
    case .not(let goal): return !isSatisfied(goal)
    }
  }
}
