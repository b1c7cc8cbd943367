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
  public internal(set) var layout: ScanLayout {
    didSet { level = Level(layout: layout, path: groupPath) }
  }
  /// The positions of the groups entered, outermost first (see ``ScanLayout/level(_:)``).
  public internal(set) var groupPath: [Int] = [] {
    didSet { level = Level(layout: layout, path: groupPath) }
  }
  /// The current level, looked up when the groups entered or the stops change: every move and
  /// highlight reads it, and a lookup walks and copies the levels on the way.
  var level: Level
  /// The highlighted position in the current level (the exit stop is one past the items), or
  /// `nil` when nothing is highlighted.
  public internal(set) var index: Int?
  /// The scanner menu, when open.
  public internal(set) var menu: ScannerMenu?
  /// The gliding cursor, in point mode.
  public internal(set) var cursor: PointCursor?
  /// The on-screen keyboard, while a text field is being edited (see ``SwitchKeyboard``).
  public internal(set) var keyboard: SwitchKeyboard?

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
  /// Whether a touch may be taken by a view other than the element under it (see
  /// `Scene.hasTouchRespondersOutsideTheTree`); without such views, point mode's Tap on an
  /// element needs no view hit test. The scene never changes, so neither does this.
  let touchesReachOtherViews: Bool
  /// The grid that hit-tests the start tree in point mode (see ``hitTest(_:)``): built once,
  /// for the many points the paths from one start scanner aim at, and dropped when the session
  /// changes.
  var hitIndex: HitTestIndex?
  /// Whether dispatching only records the intent (see ``PlannedDispatch``): a planned path
  /// stops short of running the action, which would rebuild the tree and the stops.
  var plansDispatch = false
  /// Whether the notes of each step are written (see ``note(_:)``): a path costed only for
  /// its keys and time skips building the words of every step.
  var recordsTranscript = true

  /// The items of the level at a group path, and the group whose exit stop ends them.
  struct Level: Hashable, Sendable {
    /// The items, or the top level's when the path no longer exists.
    var items: [ScanNode]
    /// The id of the innermost group entered, or `nil` at the top level (or when the path no
    /// longer exists).
    var innermostGroup: String?
    /// The highlight positions: the items, plus the exit stop inside a group.
    var count: Int

    init(layout: ScanLayout, path: [Int]) {
      items = layout.level(path) ?? layout.items
      innermostGroup = path.isEmpty ? nil : layout.groups(along: path)?.last?.id
      count = items.count + (path.isEmpty ? 0 : 1)
    }
  }

  struct PendingTap: Hashable, Sendable {
    var target: String
    var point: Point?
    var deadline: Int
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
    let keyboard = Self.keyboard(for: session, previous: nil)
    self.keyboard = keyboard
    self.layout = Self.layout(of: session, settings: settings, keyboard: keyboard)
    // Observers do not run in an initializer.
    self.level = Level(layout: layout, path: [])
    self.escapeInMenu = Self.hasEscape(in: session)
    self.touchesReachOtherViews = session.scene.hasTouchRespondersOutsideTheTree
    if settings.mode == .point {
      hitIndex = HitTestIndex(tree: session.tree)
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: 0)
    } else {
      restartItemScan(highlightFirst: settings.scanning != .step)
    }
  }

  /// Works out again, for the current session, what the initializer works out for every copy
  /// of a start scanner (``escapeInMenu`` and the point-mode ``hitIndex``), which a change of
  /// session drops: for a scanner many paths start from after its session changed (a scrolled
  /// state of ``SwitchScrollStates``). Either is only a shortcut, so nothing else changes.
  mutating func prepareForCopies() {
    if escapeInMenu == nil { escapeInMenu = Self.hasEscape(in: session) }
    if settings.mode == .point, hitIndex == nil { hitIndex = HitTestIndex(tree: session.tree) }
  }

  /// The items of the current level.
  public var currentLevel: [ScanNode] {
    level.items
  }

  /// The groups entered, outermost first.
  public var enteredGroups: [ScanGroup] {
    layout.groups(along: groupPath) ?? []
  }

  /// The number of highlight positions in the current level: its items, plus the exit stop
  /// inside a group.
  var levelCount: Int {
    level.count
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
    if index >= level.items.count {
      return level.innermostGroup.map { .exit($0) } ?? .none
    }
    switch level.items[index] {
    case .element(let id): return .element(id)
    case .group(let group): return .group(group.id)
    }
  }

  /// Whether anything is highlighted (``highlight`` is not `.none`), found without making the
  /// highlight: step scanning asks after every press.
  var hasHighlight: Bool {
    if let menu { return menu.highlighted != nil }
    if mode == .point { return cursor?.isActive ?? false }
    guard let index else { return false }
    return index < level.items.count || level.innermostGroup != nil
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
  /// it, through the grid when point mode built one; `nil` on the on-screen keyboard, which is
  /// drawn in front of every window while a field is edited (its keys are no elements: see
  /// ``selectKey(at:)``).
  func hitTest(_ point: Point) -> AXElement? {
    hitPosition(point).map { session.tree.elements[$0] }
  }

  /// The id of the element ``hitTest(_:)`` finds: what point mode compares, for every point it
  /// aims at, without a copy of the element.
  func hitTestID(_ point: Point) -> String? {
    hitPosition(point).map { session.tree.elements[$0].id }
  }

  /// The position in the tree's elements of the element ``hitTest(_:)`` finds.
  func hitPosition(_ point: Point) -> Int? {
    // The tree keeps what the keyboard hides (VoiceOver reaches it), but no touch does.
    if session.isOnKeyboard(point) { return nil }
    if let hitIndex { return hitIndex.hitPosition(point, in: session.tree) }
    return session.tree.hitPosition(point)
  }

  /// Highlights a position of the current level and restarts the loop count there.
  mutating func highlight(position: Int?) {
    index = position
    loopsDone = 0
    highlightStart = now
  }
}
