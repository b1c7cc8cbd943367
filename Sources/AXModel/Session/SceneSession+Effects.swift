extension SceneSession {
  /// Runs an action's handler: its effects when `condition` holds (or there is none), else
  /// nothing, reported as ``ActionOutcome/failed``, the handler having returned `false`.
  mutating func run(
    _ effects: [Effect], when condition: Condition?, actor: String, action: SceneAction
  ) -> ActionResult {
    if let condition, !isSatisfied(condition) {
      return ActionResult(
        action: action, target: actor, outcome: .failed, changes: [], announcements: [], focus: nil)
    }
    return apply(effects, actor: actor, action: action)
  }

  /// Runs effects for an actor, rebuilds the tree and reports the differences.
  mutating func apply(_ effects: [Effect], actor: String, action: SceneAction) -> ActionResult {
    let before = (state: state, tree: tree)
    var announcements: [String] = []
    var focus: String?
    var posted: LayoutNotification?
    for effect in effects {
      let target = effect.target ?? actor
      switch effect.kind {
      case .set(let name, let value):
        if state.values[name] != nil {
          state.values[name] = value
        } else if let trait = AXTraits(name: name), case .bool(let isOn) = value {
          state.setTrait(trait, isOn, on: target)
        }
      case .add(let name, let amount):
        guard let variable = scene.variables.first(where: { $0.name == name }),
          case .number(let current)? = state.values[name]
        else { continue }
        state.values[name] = .number(variable.bounded(current + (amount ?? variable.step)))
      case .toggle(let name):
        if case .bool(let flag)? = state.values[name] {
          state.values[name] = .bool(!flag)
        } else if let trait = AXTraits(name: name), let view = builder.index.views[target] {
          state.setTrait(trait, !state.traits(of: view).contains(trait), on: target)
        }
      case .announce(let template):
        let text = template.rendered(with: state.values)
        announcements.append(text)
        state.announced.insert(text)
      case .present(let screen):
        if !state.screenStack.contains(screen) {
          state.screenStack.append(screen)
          // The presenter is an element the user acted on, not a container handling escape.
          if before.tree.element(id: actor) != nil { state.presenters[screen] = actor }
        }
      case .dismiss(let screen):
        if let screen {
          if let position = state.screenStack.lastIndex(of: screen), position > 0 {
            state.screenStack.remove(at: position)
          }
        } else if state.screenStack.count > 1 {
          state.screenStack.removeLast()
        }
      case .navigate(let screen):
        state.screenStack = [screen]
      case .remove: state.removed.insert(target)
      case .hide: state.hiddenOverrides[target] = true
      case .show: state.hiddenOverrides[target] = false
      case .focus: focus = target
      case .post(let notification, let argument):
        // screenChanged outranks layoutChanged: the new screen is the larger change.
        if posted != .screenChanged { posted = notification }
        if let argument { focus = argument }
      }
    }
    // Only a screen that went away leaves a presenter behind: the planner applies effects at
    // every step it tries, and most present or dismiss nothing.
    if !state.presenters.isEmpty, state.screenStack != before.state.screenStack {
      state.presenters = state.presenters.filter { state.screenStack.contains($0.key) }
    }
    tree = builder.build(state)
    let notification = self.notification(posted: posted, focus: focus, before: before.state)
    focus = focus ?? defaultFocus(after: notification, posted: posted, before: before.state)
    if let focus { state.focus = focus }
    if let current = state.focus, tree.element(id: current) == nil { state.focus = nil }
    var result = ActionResult(
      action: action, target: actor, outcome: .done,
      changes: SceneSession.changes(from: before, to: (state, tree)), announcements: announcements,
      focus: focus)
    result.notification = notification
    result.polled = result.changes.compactMap { change in
      guard case .value(let id, _, _) = change,
        tree.element(id: id)?.traits.contains(.updatesFrequently) == true
      else { return nil }
      return id
    }
    return result
  }

  /// The differences between two states and their trees, in a fixed order: variables by name,
  /// screens, then element changes in tree order.
  static func changes(
    from old: (state: SceneState, tree: AccessibilityTree),
    to new: (state: SceneState, tree: AccessibilityTree)
  ) -> [SceneChange] {
    var changes: [SceneChange] = []
    for name in new.state.values.keys.sorted() {
      if let from = old.state.values[name], let to = new.state.values[name], from != to {
        changes.append(.variable(name: name, from: from, to: to))
      }
    }
    let oldStack = old.state.screenStack
    let newStack = new.state.screenStack
    if oldStack.first != newStack.first, let from = oldStack.first, let to = newStack.first {
      changes.append(.navigated(from: from, to: to))
    }
    for screen in oldStack.dropFirst() where !newStack.contains(screen) {
      changes.append(.dismissed(screen: screen))
    }
    for screen in newStack.dropFirst() where !oldStack.contains(screen) {
      changes.append(.presented(screen: screen))
    }
    for element in new.tree.elements {
      guard let previous = old.tree.element(id: element.id) else {
        changes.append(.appeared(element: element.id))
        continue
      }
      if previous.label != element.label {
        changes.append(.label(element: element.id, from: previous.label, to: element.label))
      }
      if previous.value != element.value {
        changes.append(.value(element: element.id, from: previous.value, to: element.value))
      }
      if previous.traits != element.traits {
        changes.append(
          .traits(
            element: element.id, added: element.traits.subtracting(previous.traits),
            removed: previous.traits.subtracting(element.traits)))
      }
      if previous.isOnScreen != element.isOnScreen {
        changes.append(
          element.isOnScreen ? .cameOnScreen(element: element.id) : .wentOffScreen(element: element.id))
      }
    }
    for element in old.tree.elements where new.tree.element(id: element.id) == nil {
      changes.append(.disappeared(element: element.id))
    }
    return changes
  }
}

/// The range number variables live in, so that no run of effects reaches `inf` or `nan`.
///
/// ±10^15: every whole number up to it is exact in a `Double` (2^53 is about 9 x 10^15), and a
/// counter would need a thousand trillion increments to get there. The loader refuses literals
/// beyond it (``SceneErrorCode/limitExceeded``, located); `add` clamps to it, as it clamps to a
/// variable's own `min` and `max`.
extension Variable {
  /// The largest magnitude a number variable takes.
  public static let numberLimit: Double = 1e15

  /// `value` within ±``numberLimit`` and then within the variable's own `min` and `max`.
  public func bounded(_ value: Double) -> Double {
    // A NaN can't arise from bounded operands, but if one did it must not survive as the value.
    guard !value.isNaN else { return clamped(0) }
    return clamped(min(Self.numberLimit, max(-Self.numberLimit, value)))
  }
}
