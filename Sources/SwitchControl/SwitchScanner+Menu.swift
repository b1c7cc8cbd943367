import AXModel

extension SwitchScanner {
  /// Opens the scanner menu on an element; its first entry is highlighted (in step scanning,
  /// it dwells there). An element only partly visible in its scroll view is scrolled whole
  /// into view first, as iOS scrolls to the item Switch Control acts on.
  mutating func openMenu(on id: String, point: Point?) {
    if point == nil { scrollIntoView(id) }
    guard let element = session.tree.element(id: id) else {
      note("'\(id)' is no longer on screen")
      return
    }
    let scroll = session.tree.innermostScrollView(of: element)
    let hasEscape = escapeInMenu ?? Self.hasEscape(in: session)
    escapeInMenu = hasEscape
    let items = ScannerMenu.items(
      for: element, scrollContainer: scroll, hasEscape: hasEscape, mode: mode)
    show(
      ScannerMenu(
        target: id, point: point, scrollContainer: scroll, items: items, parentItems: nil, index: 0),
      note: "menu on \(id)")
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
    resumeScanning(at: closed.target)
    isDwellArmed = false
  }

  /// Scans on after the menu or an action: the point cursor starts again; item scanning
  /// resumes at an element's stop when one is given and still laid out, else starts again.
  mutating func resumeScanning(at id: String?) {
    if mode == .point {
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: now)
    } else if let id, let location = layout.location(of: id) {
      groupPath = location.groups
      index = location.index
    } else {
      restartItemScan(highlightFirst: settings.scanning != .step)
    }
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
      tap(target, at: current.point)
    case .increment: dispatch(.increment, on: target)
    case .decrement: dispatch(.decrement, on: target)
    case .customAction(let name): dispatch(.custom(name), on: target)
    case .gesture(let kind): dispatch(.gesture(kind), on: target)
    case .escape: dispatch(.escape, on: nil)
    case .scrollDirection(let name):
      guard let direction = ScrollDirection(rawValue: name.lowercased()),
        let container = current.scrollContainer
      else {
        note("nothing to scroll \(name.lowercased())")
        closeMenu()
        return
      }
      dispatch(.scroll(direction, toEdge: false), on: container)
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
  ///
  /// With `touchingAt`, a real touch at the point is delivered instead (see
  /// `SceneSession.touch(at:)`); `action` and `target` are then what the touch does.
  mutating func dispatch(_ action: SceneAction, on target: String?, touchingAt point: Point? = nil) {
    var changed = false
    // screenChanged restarts scanning at the top whatever Focused Item After Tap says.
    var screenChanged = false
    if plansDispatch {
      record.plannedDispatches.append(PlannedDispatch(action: action, target: target))
    } else {
      // Auto Tap and Always Tap act without the menu: the item comes whole into view first.
      if point == nil, let target { scrollIntoView(target) }
      var updated = session
      let result = point.map { updated.touch(at: $0) } ?? updated.perform(action, on: target)
      record.results.append(result)
      screenChanged = result.notification == .screenChanged
      // The tree is built from the state alone, so when the state stands (a refusal, or an
      // action without lasting effects) so do the tree, the stops and what is derived from
      // them; keeping them saves rebuilding all three.
      changed = updated.state != session.state
      if changed { session = updated }
    }
    menu = nil
    pendingTap = nil
    if changed { relayout() }
    loopsDone = 0
    highlightStart = now
    isDwellArmed = false
    resumeScanning(at: !screenChanged && settings.focusAfterTap == .tapped ? target : nil)
  }

  /// Lays the stops out again after the session changed, noting when they moved.
  mutating func relayout() {
    let rebuilt = rebuiltLayout()
    if rebuilt != layout {
      layout = rebuilt
      note("stops rebuilt: \(rebuilt.stops.count) stops")
    }
  }

  /// Scrolls a partly visible element whole into view in its scroll view, and lays the stops
  /// out again.
  mutating func scrollIntoView(_ id: String) {
    // Tried on a copy: a mutating call on `session` itself would count as a change of session
    // even when nothing scrolls, and forget what is derived from it (the menu's Escape, a
    // whole-scene probe) at every menu opened.
    var scrolled = session
    guard let result = scrolled.scrollIntoView(id) else { return }
    session = scrolled
    record.results.append(result)
    note("scrolled \(id) into view")
    relayout()
  }
}
