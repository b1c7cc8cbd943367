import AXModel

extension SwitchScanner {
  /// Opens the scanner menu on an element; its first entry is highlighted (in step scanning,
  /// it dwells there).
  mutating func openMenu(on id: String, point: Point?) {
    guard let element = session.tree.element(id: id) else {
      note("'\(id)' is no longer on screen")
      return
    }
    let scroll = element.ancestors.last { session.tree.containers[$0]?.scrolls == true }
    let hasEscape = escapeInMenu ?? Self.hasEscape(in: session)
    escapeInMenu = hasEscape
    let items = ScannerMenu.items(
      for: element, scrollContainer: scroll, hasEscape: hasEscape, mode: mode)
    menu = ScannerMenu(
      target: id, point: point, scrollContainer: scroll, items: items, parentItems: nil, index: 0)
    loopsDone = 0
    highlightStart = now
    note("menu on \(id)")
    armDwellAfterSelect()
  }

  /// Whether Escape belongs in a session's menu: a modal view is shown or something handles
  /// escape.
  static func hasEscape(in session: SceneSession) -> Bool {
    var probe = session
    if probe.escape().isDone { return true }
    let index = session.builder.index
    return session.tree.elements.contains { element in
      index.ancestors(of: element.id).contains { index.views[$0]?.viewIsModal == true }
    }
  }

  /// Closes the menu and resumes scanning at its element (item mode) or restarts the cursor.
  mutating func closeMenu() {
    guard let closed = menu else { return }
    menu = nil
    loopsDone = 0
    highlightStart = now
    if mode == .point {
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: now)
    } else if let location = layout.location(of: closed.target) {
      groupPath = location.groups
      index = location.index
    } else {
      restartItemScan(highlightFirst: settings.scanning != .step)
    }
    isDwellArmed = false
  }

  /// Chooses the highlighted menu entry.
  mutating func chooseMenuItem() {
    guard var current = menu, let item = current.highlighted else { return }
    let target = current.target
    if item.opensSubmenu {
      guard let element = session.tree.element(id: target) else { return }
      current.parentItems = current.items
      current.items = ScannerMenu.submenu(item, for: element)
      current.index = 0
      menu = current
      loopsDone = 0
      highlightStart = now
      note("\(item.title) submenu")
      armDwellAfterSelect()
      return
    }
    switch item {
    case .tap:
      if let point = current.point { note("tap at \(point)") }
      dispatch(.activate, on: target)
    case .increment: dispatch(.increment, on: target)
    case .decrement: dispatch(.decrement, on: target)
    case .customAction(let name): dispatch(.custom(name), on: target)
    case .gesture(let kind): dispatch(.gesture(kind), on: target)
    case .escape: dispatch(.escape, on: nil)
    case .scrollDirection(let direction):
      let container = current.scrollContainer ?? "-"
      note(
        "scroll \(direction.lowercased()) in \(container): the scene has no scroll offsets")
      closeMenu()
    case .pointMode:
      menu = nil
      mode = .point
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: now)
      note("point mode")
    case .itemMode:
      menu = nil
      mode = .item
      cursor = nil
      restartItemScan(highlightFirst: settings.scanning != .step)
      note("item mode")
    case .refine:
      menu = nil
      let point = current.point ?? session.tree.element(id: target)?.activationPoint
      cursor = PointCursor(
        settings: settings, screen: session.tree.screen, start: now, refining: point)
      note("refine")
    case .actions, .gestures, .scroll:
      break
    }
  }

  /// Sends an action to the scene session, then rebuilds the stops and resumes scanning as
  /// Focused Item After Tap says.
  ///
  /// While ``plansDispatch`` is set, the action is only recorded: the session, and so the
  /// stops, stay as they were, and scanning resumes as if the action had changed nothing.
  mutating func dispatch(_ action: SceneAction, on target: String?) {
    var changed = false
    if plansDispatch {
      record.plannedDispatches.append(PlannedDispatch(action: action, target: target))
    } else {
      var updated = session
      let result = updated.perform(action, on: target)
      record.results.append(result)
      // The tree is built from the state alone, so when the state stands (a refusal, or an
      // action without lasting effects) so do the tree, the stops and what is derived from
      // them; keeping them saves rebuilding all three.
      changed = updated.state != session.state
      if changed { session = updated }
    }
    menu = nil
    pendingTap = nil
    if changed {
      let rebuilt = ScanLayout(tree: session.tree, groupsItems: settings.groupsItems)
      if rebuilt != layout {
        layout = rebuilt
        note("stops rebuilt: \(rebuilt.stops.count) stops")
      }
    }
    loopsDone = 0
    highlightStart = now
    isDwellArmed = false
    if mode == .point {
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: now)
      return
    }
    if settings.focusAfterTap == .tapped, let target, let location = layout.location(of: target) {
      groupPath = location.groups
      index = location.index
    } else {
      restartItemScan(highlightFirst: settings.scanning != .step)
    }
  }
}
