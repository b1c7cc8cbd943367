import AXModel

extension SwitchScanner {
  /// Handles a switch press at the current time.
  mutating func press(_ action: SwitchAction) {
    if action == .hold, let hold = settings.longPressMS {
      // The switch is held: nothing moves while it is down.
      now += hold
      highlightStart += hold
      pendingTap.map { pendingTap?.deadline = $0.deadline + hold }
      cursor?.shift(by: hold)
    }
    lastPress = now
    switch action {
    case .select: select()
    case .next: move(by: 1)
    case .previous: move(by: -1)
    case .escape: escape()
    case .hold: hold()
    }
    if settings.scanning == .step, action != .select, action != .hold, action != .escape {
      isDwellArmed = hasHighlight
    }
  }

  /// Select Item: starts a stopped scan, enters or leaves a group, opens the menu or taps.
  mutating func select() {
    if let pending = pendingTap {
      pendingTap = nil
      note("second press: menu")
      openMenu(forTap: pending.target, point: pending.point)
      return
    }
    if menu != nil {
      chooseMenuItem()
      return
    }
    if mode == .point {
      selectPoint()
      return
    }
    guard let position = index else {
      restartItemScan(highlightFirst: true)
      note("scanning started")
      armDwellAfterSelect()
      return
    }
    let level = currentLevel
    if position >= level.count {
      leaveGroup()
      armDwellAfterSelect()
      return
    }
    switch level[position] {
    case .group(let group):
      groupPath.append(position)
      highlight(position: 0)
      note("entered group \(group.id)")
      armDwellAfterSelect()
    case .element(let id) where isKey(id):
      tapKey(id)
    case .element(let id):
      selectElement(id, point: nil)
    }
  }

  /// What selecting an element (or a hit point) does under the tap behaviour.
  mutating func selectElement(_ id: String, point: Point?) {
    switch settings.tapBehavior {
    case .default:
      openMenu(forTap: id, point: point)
    case .always:
      tap(id, at: point)
    case .auto:
      let delay = settings.autoTapMS
      pendingTap = PendingTap(target: id, point: point, deadline: now + delay)
      note("auto tap in \(SwitchClock.seconds(delay)) s")
    }
  }

  /// In step scanning, a select that opens something leaves the new highlight to dwell.
  mutating func armDwellAfterSelect() {
    guard settings.scanning == .step else { return }
    isDwellArmed = hasHighlight
    lastPress = now
  }

  /// Moves the highlight by one position (Next or Previous), wrapping around the level.
  mutating func move(by offset: Int) {
    if pendingTap != nil {
      pendingTap = nil
      note("auto tap cancelled")
    }
    if var current = menu {
      let count = current.items.count
      guard count > 0 else { return }
      current.index = current.index.map { (($0 + offset) % count + count) % count }
        ?? (offset > 0 ? 0 : count - 1)
      menu = current
      highlightStart = now
      return
    }
    if mode == .point {
      note("\(offset > 0 ? "next" : "previous") does nothing in point mode")
      return
    }
    let count = levelCount
    guard count > 0 else { return }
    if let position = index {
      index = ((position + offset) % count + count) % count
    } else {
      index = offset > 0 ? 0 : count - 1
      loopsDone = 0
    }
    highlightStart = now
  }

  /// Handles `times` more Next (`offset` 1) or Previous (-1) presses at once, right after one
  /// was handled, and returns whether it could; `false` leaves the scanner as it was.
  ///
  /// Presses take no time, so no event falls between them, and once the first has cancelled
  /// any auto tap and highlighted a position, each of the others only moves the highlight one
  /// place round the level or menu: the end is a sum. It can't when nothing is highlighted or
  /// in point mode, where a press does something else. Nothing is noted, as a move notes
  /// nothing.
  mutating func repeatMove(by offset: Int, times: Int) -> Bool {
    guard pendingTap == nil, times >= 0, offset == 1 || offset == -1 else { return false }
    func wrapped(_ position: Int, _ count: Int) -> Int {
      ((position + offset * (times % count)) % count + count) % count
    }
    if var current = menu {
      guard let position = current.index, !current.items.isEmpty else { return false }
      current.index = wrapped(position, current.items.count)
      menu = current
    } else {
      guard mode == .item, let position = index, levelCount > 0 else { return false }
      index = wrapped(position, levelCount)
    }
    record = StepRecord()
    lastPress = now
    highlightStart = now
    if settings.scanning == .step { isDwellArmed = hasHighlight }
    return true
  }

  /// Escape: cancels an auto tap, closes a submenu or the menu, leaves a group, or else
  /// performs the scene's escape.
  mutating func escape() {
    if pendingTap != nil {
      pendingTap = nil
      note("auto tap cancelled")
      return
    }
    if var current = menu {
      if let parent = current.parentItems {
        current.items = parent
        current.parentItems = nil
        current.index = settings.scanning == .step ? nil : 0
        menu = current
        highlightStart = now
        loopsDone = 0
        note("back to the menu")
      } else {
        note("menu closed")
        closeMenu()
      }
      return
    }
    if mode == .item, !groupPath.isEmpty {
      leaveGroup()
      return
    }
    dispatch(.escape, on: nil)
  }

  /// Long press: opens the scanner menu on the highlighted element, whatever the tap
  /// behaviour.
  mutating func hold() {
    guard settings.longPress != nil else {
      note("long press is off; treated as select")
      select()
      return
    }
    if menu != nil {
      note("long press: menu already open")
      return
    }
    if mode == .point {
      selectPoint(opensMenu: true)
      return
    }
    if let pending = pendingTap {
      pendingTap = nil
      openMenu(forTap: pending.target, point: pending.point)
      return
    }
    if case .element(let id) = highlight, isKey(id) {
      // Keys have no scanner menu (their accents are not modelled): a long press taps.
      tapKey(id)
    } else if case .element(let id) = highlight {
      openMenu(on: id, point: nil)
    } else {
      note("long press: no element highlighted")
    }
  }

  /// Leaves the innermost group, highlighting the group itself.
  mutating func leaveGroup() {
    guard let group = enteredGroups.last, let position = groupPath.popLast() else { return }
    highlight(position: position)
    note("left group \(group.id)")
  }
}
