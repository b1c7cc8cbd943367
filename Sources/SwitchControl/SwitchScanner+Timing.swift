import AXModel

/// The virtual clock's events: automatic moves, dwells, auto taps and the end of a sweep, and
/// the runs of moves that are worked out at once instead of one by one.
extension SwitchScanner {
  /// Lets time pass to `time`, running every event due on the way.
  ///
  /// Automatic moves of item scanning that stay inside the level are applied a run at a time
  /// (see ``fastForward(to:limit:)``), so a long wait costs one step per loop of the level,
  /// not one per move; the result is the same as firing each move in turn.
  public mutating func advance(to time: Int) {
    var events = 0
    while events < Self.eventLimit {
      let moves = fastForward(to: time, limit: Self.eventLimit - events)
      if moves > 0 {
        events += moves
        continue
      }
      guard let due = nextEventTime(), due <= time else { break }
      now = max(now, due)
      fireEvent()
      events += 1
    }
    now = max(now, time)
  }

  /// Applies at once the automatic moves of item scanning due by `time` that do not wrap around
  /// the level, at most `limit` of them, and returns how many there were.
  ///
  /// Such a move changes only the highlighted position and when it began (the loop count
  /// changes at the wrap, which the caller fires as a single event), and every position after
  /// the first rests exactly one interval, so the run's end is known without stepping through
  /// it. Returns 0 when the next event is anything else: an auto tap, a menu, point mode,
  /// manual or step scanning, a stopped scan, or the wrap itself.
  mutating func fastForward(to time: Int, limit: Int) -> Int {
    guard let position = index, let (first, moves) = forwardMoves(to: time) else { return 0 }
    let count = min(moves, limit)
    guard count > 0 else { return 0 }
    let lastDue = first + (count - 1) * settings.intervalMS
    record.automaticMoves += count
    index = position + count
    highlightStart = lastDue
    now = max(now, lastDue)
    return count
  }

  /// When the next automatic move of item scanning is due and how many moves without a wrap
  /// are due by `time`, or `nil` when the next event is not such a move.
  func forwardMoves(to time: Int) -> (firstDue: Int, moves: Int)? {
    let interval = settings.intervalMS
    // A zero or negative interval (only possible for unvalidated settings) makes moves due
    // without time passing: left to the one-at-a-time loop and its event limit.
    guard settings.scanning == .auto, mode == .item, menu == nil, pendingTap == nil,
      let position = index, loopsDone < settings.loops, interval > 0
    else { return nil }
    // The last position's move wraps around the level and counts a loop.
    let inside = levelCount - 1 - position
    guard inside > 0 else { return nil }
    let first = highlightStart + duration(atPosition: position)
    guard first <= time else { return (first, 0) }
    let (span, overflow) = time.subtractingReportingOverflow(first)
    guard !overflow else { return nil }
    return (first, min(span / interval + 1, inside))
  }

  /// When automatic scanning highlights `target` of the open menu, or else of the current
  /// level, without wrapping around it, or `nil` when it needs a wrap or the next event is not
  /// an automatic move.
  func arrivalTime(atPosition target: Int) -> Int? {
    if let menu { return menuArrivalTime(atPosition: target, in: menu) }
    guard let position = index, target >= position, target < levelCount,
      let (first, _) = forwardMoves(to: Int.min)
    else { return nil }
    return target == position ? now : first + (target - position - 1) * settings.intervalMS
  }

  /// The menu's arrival time: its entries rest as a level's items do (the first pause on the
  /// first, one interval on every other), and nothing else is due while it is open and the
  /// loops last, so the time is known without running each move (on a copy of the scanner,
  /// which costs more than the moves for a menu a handful of entries long).
  func menuArrivalTime(atPosition target: Int, in menu: ScannerMenu) -> Int? {
    let interval = settings.intervalMS
    guard settings.scanning == .auto, pendingTap == nil, loopsDone < settings.loops, interval > 0,
      let position = menu.index, target >= position, target < menu.items.count
    else { return nil }
    guard target > position else { return now }
    return highlightStart + duration(atPosition: position) + (target - position - 1) * interval
  }

  /// The time of the next timed event: an auto tap, a dwell, an automatic move or the end of
  /// a sweep.
  public func nextEventTime() -> Int? {
    if let pendingTap { return pendingTap.deadline }
    if menu == nil, mode == .point {
      return cursor?.stopTime
    }
    if settings.scanning == .step {
      return isDwellArmed ? lastPress + settings.dwellMS : nil
    }
    guard settings.scanning == .auto else { return nil }
    if let menu {
      guard let position = menu.index else { return nil }
      return highlightStart + duration(atPosition: position)
    }
    guard let index else { return nil }
    return highlightStart + duration(atPosition: index)
  }

  /// How long an automatic highlight rests on a position.
  func duration(atPosition position: Int) -> Int {
    settings.intervalMS + (position == 0 ? settings.firstPauseMS : 0)
  }

  mutating func fireEvent() {
    if let pending = pendingTap {
      pendingTap = nil
      note("auto tap")
      tap(pending.target, at: pending.point)
      return
    }
    if menu == nil, mode == .point {
      let loops = settings.loops
      note("point scanning stopped after \(loops) sweeps")
      cursor?.isActive = false
      return
    }
    if settings.scanning == .step {
      isDwellArmed = false
      note("dwell")
      select()
      return
    }
    moveAutomatically()
  }

  /// Moves the automatic highlight to the next position, counting loops.
  mutating func moveAutomatically() {
    record.automaticMoves += 1
    let start = highlightStart + duration(atPosition: (menu?.index ?? index) ?? 0)
    if var current = menu, let position = current.index {
      if position + 1 < current.items.count {
        current.index = position + 1
      } else {
        loopsDone += 1
        current.index = 0
      }
      menu = current
      highlightStart = start
      let loops = settings.loops
      if loopsDone >= loops {
        note("menu closed after \(loops) loops")
        closeMenu()
      }
      return
    }
    guard let position = index else { return }
    if position + 1 < levelCount {
      index = position + 1
    } else {
      loopsDone += 1
      index = 0
    }
    highlightStart = start
    let loops = settings.loops
    if loopsDone >= loops {
      note("scanning stopped after \(loops) loops")
      index = nil
      groupPath = []
    }
  }
}
