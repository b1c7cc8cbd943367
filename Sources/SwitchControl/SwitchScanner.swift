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
  public internal(set) var session: SceneSession
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

  struct PendingTap: Hashable, Sendable {
    var target: String
    var point: Point?
    var deadline: Int
  }

  struct StepRecord: Hashable, Sendable {
    var results: [ActionResult] = []
    var notes: [String] = []
    var automaticMoves = 0
  }

  /// Starts scanning a session: the first stop is highlighted at time 0 (in step scanning,
  /// nothing is until the first press).
  public init(session: SceneSession, settings: SwitchSettings = SwitchSettings()) {
    self.session = session
    self.settings = settings
    self.mode = settings.mode
    self.layout = ScanLayout(tree: session.tree, groupsItems: settings.groupsItems)
    if settings.mode == .point {
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
  public mutating func advance(to time: Int) {
    var guardCount = 0
    while let due = nextEventTime(), due <= time, guardCount < 1_000_000 {
      now = max(now, due)
      fireEvent()
      guardCount += 1
    }
    now = max(now, time)
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

  /// Highlights a position of the current level and restarts the loop count there.
  mutating func highlight(position: Int?) {
    index = position
    loopsDone = 0
    highlightStart = now
  }
}
