import AXModel

/// Switch Control's scanner over a scene session: item and point scanning, the scanner menu,
/// tap behaviour and dispatch, driven by switch presses on a virtual clock.
///
/// Time passes only through ``wait(milliseconds:)`` (and long presses), so a run is a pure
/// function of its inputs: the same scene, settings and keys always give the same transcript.
/// Events due at the moment of a press (an automatic move, an auto tap, a dwell) happen before
/// the press is handled.
///
///     var scanner = SwitchScanner(session: SceneSession(scene: scene))
///     scanner.handle(.press(.select))      // opens the menu on the first stop
///     scanner.handle(.press(.select))      // Tap
public struct SwitchScanner: Sendable {
  /// The scene session every action is dispatched to.
  public internal(set) var session: SceneSession {
    // What is derived from the old session no longer holds. Both are worked out again only
    // when needed: most scanners that dispatch (a driven path's) are done with the session.
    didSet {
      escapeInMenu = nil
      hitIndex = nil
    }
  }
  /// The settings.
  public let settings: SwitchSettings
  /// The virtual time, in milliseconds since the scan began.
  public internal(set) var now = 0
  /// The current mode.
  public internal(set) var mode: ScanMode
  /// The scan stops of the current tree.
  public internal(set) var layout: ScanLayout
  /// The positions of the groups entered, outermost first (see ``ScanLayout/level(_:)``).
  public internal(set) var groupPath: [Int] = []
  /// The highlighted position in the current level (the exit stop is one past the items), or
  /// `nil` when nothing is highlighted.
  public internal(set) var index: Int?
  /// The scanner menu, when open.
  public internal(set) var menu: ScannerMenu?
  /// The gliding cursor, in point mode.
  public internal(set) var cursor: PointCursor?

  /// When the current highlight began, for automatic moves.
  var highlightStart = 0
  /// Completed loops of the current level or menu.
  var loopsDone = 0
  /// Whether resting for the dwell time selects (step scanning, after a move).
  var isDwellArmed = false
  /// When the last press happened, for the dwell.
  var lastPress = 0
  /// A tap waiting out the Auto Tap interval.
  var pendingTap: PendingTap?
  /// The step being recorded.
  var record = StepRecord()
  /// Whether the scanner menu offers Escape in the current session (see ``hasEscape(in:)``),
  /// once worked out: it costs a walk of the tree and an escape tried on a copy, too much to
  /// repeat for every menu a path opens. Known from the start, so every copy of a start
  /// scanner shares it.
  var escapeInMenu: Bool?
  /// The grid that hit-tests the start tree in point mode (see ``hitTest(_:)``): built once,
  /// for the many points the paths from one start scanner aim at, and dropped when the session
  /// changes.
  var hitIndex: HitTestIndex?
  /// Whether dispatching only records the intent (see ``PlannedDispatch``): a planned path
  /// stops short of running the action, which would rebuild the tree and the stops.
  var plansDispatch = false

  struct PendingTap: Hashable, Sendable {
    var target: String
    var point: Point?
    var deadline: Int
  }

  struct StepRecord: Hashable, Sendable {
    var results: [ActionResult] = []
    var notes: [String] = []
    var automaticMoves = 0
    var plannedDispatches: [PlannedDispatch] = []
  }

  /// An action the scanner would have sent to the session while ``plansDispatch`` is set.
  struct PlannedDispatch: Hashable, Sendable {
    var action: SceneAction
    var target: String?
  }

  /// The most events one call of ``advance(to:)`` runs: a backstop against settings that make
  /// events due without time passing.
  static let eventLimit = 1_000_000

  /// Starts scanning a session: the first stop is highlighted at time 0 (in step scanning,
  /// nothing is until the first press).
  public init(session: SceneSession, settings: SwitchSettings = SwitchSettings()) {
    self.session = session
    self.settings = settings
    self.mode = settings.mode
    self.layout = ScanLayout(tree: session.tree, groupsItems: settings.groupsItems)
    self.escapeInMenu = Self.hasEscape(in: session)
    if settings.mode == .point {
      hitIndex = HitTestIndex(tree: session.tree)
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: 0)
    } else {
      restartItemScan(highlightFirst: settings.scanning != .step)
    }
  }

  /// The items of the current level.
  public var currentLevel: [ScanNode] {
    layout.level(groupPath) ?? layout.items
  }

  /// The groups entered, outermost first.
  public var enteredGroups: [ScanGroup] {
    layout.groups(along: groupPath) ?? []
  }

  /// The number of highlight positions in the current level: its items, plus the exit stop
  /// inside a group.
  var levelCount: Int {
    currentLevel.count + (groupPath.isEmpty ? 0 : 1)
  }

  /// What is highlighted now.
  public var highlight: Highlight {
    if let menu {
      return menu.highlighted.map { .menuItem($0.title) } ?? .none
    }
    if mode == .point {
      return cursor?.highlight(at: now) ?? .none
    }
    guard let index else { return .none }
    let level = currentLevel
    if index >= level.count {
      return enteredGroups.last.map { .exit($0.id) } ?? .none
    }
    switch level[index] {
    case .element(let id): return .element(id)
    case .group(let group): return .group(group.id)
    }
  }

  /// Handles one input and reports what it did.
  public mutating func handle(_ input: SwitchInput) -> SwitchStep {
    record = StepRecord()
    switch input {
    case .waitInterval: advance(to: now + settings.intervalMS)
    case .wait(let milliseconds): advance(to: now + milliseconds)
    case .press(let action): press(action)
    }
    return SwitchStep(
      input: input, time: now, highlight: highlight, menu: menu.map { $0.items.map(\.title) },
      results: record.results, notes: record.notes, automaticMoves: record.automaticMoves)
  }

  /// Handles inputs in order.
  public mutating func run(_ inputs: [SwitchInput]) -> [SwitchStep] {
    inputs.map { handle($0) }
  }

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

  /// When automatic item scanning highlights `target` of the current level without wrapping
  /// around it, or `nil` when it needs a wrap or the next event is not an automatic move.
  func arrivalTime(atPosition target: Int) -> Int? {
    guard let position = index, target >= position, target < levelCount,
      let (first, _) = forwardMoves(to: Int.min)
    else { return nil }
    return target == position ? now : first + (target - position - 1) * settings.intervalMS
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
      record.notes.append("auto tap")
      if let point = pending.point {
        record.notes.append("tap at \(point)")
      }
      dispatch(.activate, on: pending.target)
      return
    }
    if menu == nil, mode == .point {
      record.notes.append("point scanning stopped after \(settings.loops) sweeps")
      cursor?.isActive = false
      return
    }
    if settings.scanning == .step {
      isDwellArmed = false
      record.notes.append("dwell")
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
      if loopsDone >= settings.loops {
        record.notes.append("menu closed after \(settings.loops) loops")
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
    if loopsDone >= settings.loops {
      record.notes.append("scanning stopped after \(settings.loops) loops")
      index = nil
      groupPath = []
    }
  }

  /// Starts item scanning over from the top level.
  mutating func restartItemScan(highlightFirst: Bool) {
    groupPath = []
    index = highlightFirst && !layout.items.isEmpty ? 0 : nil
    loopsDone = 0
    highlightStart = now
    isDwellArmed = false
  }

  /// The frontmost element at a point of the screen, as `AccessibilityTree.hitTest(_:)` finds
  /// it, through the grid when point mode built one.
  func hitTest(_ point: Point) -> AXElement? {
    if let hitIndex { return hitIndex.hitTest(point, in: session.tree) }
    return session.tree.hitTest(point)
  }

  /// Highlights a position of the current level and restarts the loop count there.
  mutating func highlight(position: Int?) {
    index = position
    loopsDone = 0
    highlightStart = now
  }
}
