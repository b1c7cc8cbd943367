import AXModel

/// What a switch path must end by doing to its element.
public enum SwitchGoal: Hashable, Sendable, CustomStringConvertible {
  /// Tap (activate).
  case activate
  /// Increment an adjustable element.
  case increment
  /// Decrement an adjustable element.
  case decrement
  /// A custom action, by name.
  case custom(String)
  /// A declared gesture-only interaction.
  case gesture(GestureKind)

  /// The goal for an `--action` name: a custom action of the element when one has that name,
  /// else `activate`/`tap`, `increment`, `decrement` or `gesture:KIND`.
  public init?(actionName name: String, element: AXElement?) {
    if let element, element.customActionNames.contains(name) {
      self = .custom(name)
      return
    }
    switch name.lowercased() {
    case "activate", "tap": self = .activate
    case "increment": self = .increment
    case "decrement": self = .decrement
    default:
      if name.hasPrefix("gesture:"), let kind = GestureKind(rawValue: String(name.dropFirst(8))) {
        self = .gesture(kind)
      } else {
        return nil
      }
    }
  }

  /// The goal that dispatches a scene action, or `nil` for escape and the magic tap, which no
  /// element's menu path ends with.
  public init?(action: SceneAction) {
    switch action {
    case .activate: self = .activate
    case .increment: self = .increment
    case .decrement: self = .decrement
    case .custom(let name): self = .custom(name)
    case .gesture(let kind): self = .gesture(kind)
    case .escape, .magicTap: return nil
    // Text is typed on the keyboard, not chosen from an element's menu (see `SwitchTyping`).
    case .edit: return nil
    // A scroll is a step on the way to an element below the fold, not a goal of its own.
    case .scroll: return nil
    }
  }

  /// The scene action the goal dispatches.
  public var action: SceneAction {
    switch self {
    case .activate: return .activate
    case .increment: return .increment
    case .decrement: return .decrement
    case .custom(let name): return .custom(name)
    case .gesture(let kind): return .gesture(kind)
    }
  }

  /// The menu entries that lead to the action, top level first.
  var menuItems: [MenuItem] {
    switch self {
    case .activate: return [.tap]
    case .increment: return [.increment]
    case .decrement: return [.decrement]
    case .custom(let name): return [.actions, .customAction(name)]
    case .gesture(let kind): return [.gestures, .gesture(kind)]
    }
  }

  public var description: String { action.description }
}

/// The cheapest inputs that reach an element and perform an action on it, with their cost.
public struct SwitchPath: Hashable, Sendable {
  /// The inputs, replayable with `axswitch scan --keys`.
  public var keys: [SwitchInput]
  /// The switch presses among them.
  public var presses: Int { keys.count(where: \.isPress) }
  /// The virtual time the path takes, in milliseconds.
  public var milliseconds: Int
  /// The point tapped, in point mode.
  public var point: Point?
  /// The transcript of the replay that verified the path; a planned path's lacks the final
  /// step, whose action was not run, and one planned without a transcript has none (see
  /// ``SwitchPathFinder/plannedPath(to:goal:from:aimingAt:withTranscript:)``), nor do a
  /// ``CostReport`` row's and a ``SwitchTyping`` path's.
  public var steps: [SwitchStep]
}

/// Why no switch path reaches an element's action.
public struct SwitchPathFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The element.
  public var id: String
  /// The reason, one phrase.
  public var reason: String

  public var description: String { "'\(id)' is unreachable: \(reason)" }
}

/// Finds the cheapest switch input sequence that reaches an element and performs an action on
/// it, in the settings' mode and scanning style.
///
/// Item mode walks the element's group path level by level, taking at each level the shorter
/// way round (Next or Previous) in manual scanning, Next presses and a dwell in step scanning,
/// and the waits until the highlight arrives in auto scanning; then the tap behaviour and the
/// scanner menu. Point mode aims each band and line at a point of the element that hit-tests to
/// it (the activation point first, then the frame's centre, then a grid over the frame) and
/// keeps the quickest. Every path is verified by replaying it on a fresh scanner: the returned
/// keys perform exactly the action, and the cost is measured on that replay.
///
/// To cost many elements, build one start scanner and pass it to ``path(to:goal:from:)`` or
/// ``plannedPath(to:goal:from:)``: the scanner is a value, so every search drives its own copy
/// and the stops are laid out once.
///
///     let start = SwitchScanner(session: session, settings: settings)
///     let finder = SwitchPathFinder(settings: settings)
///     for id in start.layout.stops {
///       let path = try finder.plannedPath(to: id, from: start).get()
///       // finder.verify(path, to: id, goal: .activate, from: start) == true, unless refused
///     }
public struct SwitchPathFinder: Sendable {
  /// The settings paths are found for.
  public var settings: SwitchSettings

  /// Creates a path finder.
  public init(settings: SwitchSettings) {
    self.settings = settings
  }

  /// The cheapest path to perform `goal` on element `id`, starting from the session's state.
  public func path(
    to id: String, goal: SwitchGoal = .activate, in session: SceneSession
  ) -> Result<SwitchPath, SwitchPathFailure> {
    path(to: id, goal: goal, from: SwitchScanner(session: session, settings: settings))
  }

  /// The cheapest path to perform `goal` on element `id`, driving a copy of `start`, which must
  /// have the finder's settings.
  ///
  /// Every input is handled, the last one too, so the action really runs on the copy: a
  /// refusal (a disabled element) is a failure with the scene's reason.
  public func path(
    to id: String, goal: SwitchGoal = .activate, from start: SwitchScanner
  ) -> Result<SwitchPath, SwitchPathFailure> {
    search(to: id, goal: goal, from: start, plans: false)
  }

  /// The cheapest path to perform `goal` on element `id` from a copy of `start`, planned up to
  /// its final input: the same keys, presses and milliseconds as ``path(to:goal:from:)``, found
  /// without running the action.
  ///
  /// The final input (the Select press or dwell that chooses the menu entry, the select under
  /// Always Tap, or the wait for the Auto Tap) is handled by a scanner that only notes what it
  /// would dispatch; the path fails unless that is `goal` on `id`, and nothing earlier. Running
  /// the action would rebuild the tree and the stops, in time proportional to the scene; a
  /// planned path costs only its own steps. Whether the scene accepts the action is not
  /// checked: ``verify(_:to:goal:from:)`` replays the path and checks it.
  ///
  /// In point mode, `aimingAt` limits the points tried (those that don't hit-test to the element
  /// are dropped). What follows the aim costs the same from every point, so the point of an
  /// element's cheapest tap is also that of its cheapest other action: a caller costing every
  /// action of an element can aim once.
  ///
  /// Without a transcript (`withTranscript: false`) the path's ``SwitchPath/steps`` are empty
  /// and its keys, presses, milliseconds and point are the same: writing each step's
  /// highlight, menu and notes is most of the work of a path that is reported only by its cost.
  public func plannedPath(
    to id: String, goal: SwitchGoal = .activate, from start: SwitchScanner,
    aimingAt points: [Point]? = nil, withTranscript: Bool = true
  ) -> Result<SwitchPath, SwitchPathFailure> {
    search(to: id, goal: goal, from: start, plans: true, points: points, transcript: withTranscript)
  }

  /// The same path as ``plannedPath(to:goal:from:aimingAt:withTranscript:)`` from the start of
  /// `scrolls`, whose Scroll steps are shared with every other path planned or costed with it:
  /// to plan many elements scrolled out of view, or many actions of one.
  public func plannedPath(
    to id: String, goal: SwitchGoal = .activate, sharing scrolls: SwitchScrollStates,
    aimingAt points: [Point]? = nil, withTranscript: Bool = true
  ) -> Result<SwitchPath, SwitchPathFailure> {
    search(
      to: id, goal: goal, from: scrolls.start, plans: true, points: points, transcript: withTranscript,
      scrolls: scrolls)
  }

  /// Whether replaying the path's keys on a copy of `start` dispatches `goal` on element `id`
  /// in its last step, without a refusal, at the path's time.
  public func verify(
    _ path: SwitchPath, to id: String, goal: SwitchGoal, from start: SwitchScanner
  ) -> Bool {
    var scanner = start
    scanner.plansDispatch = false
    guard let last = scanner.run(path.keys).last, last.time == path.milliseconds else {
      return false
    }
    let dispatched = last.results.last { $0.action == goal.action && $0.target == id }
    guard let result = dispatched else { return false }
    // A failed action was delivered: the path did its part, the handler said no.
    if case .refused = result.outcome { return false }
    return true
  }

  /// The path a cost table reports: the planned path when the scene certainly accepts the
  /// action, else the driven one, so that a refusal gives the scene's own reason.
  ///
  /// The path has no ``SwitchPath/steps``: a table prints only the keys, presses and time,
  /// and a transcript per stop would hold every step of every path at once (a manual scan's
  /// paths run to hundreds of steps).
  ///
  /// The planned and the driven path share their Scroll steps in `scrolls` (see
  /// ``SwitchScrollStates``), and so do the paths of every stop costed with it.
  func costPath(
    to id: String, goal: SwitchGoal, sharing scrolls: SwitchScrollStates
  ) -> Result<SwitchPath, SwitchPathFailure> {
    let start = scrolls.start
    if case .success(let planned) = plannedPath(
      to: id, goal: goal, sharing: scrolls, withTranscript: false),
      Self.certainlyPerforms(goal, on: id, in: start.session)
    {
      return .success(planned)
    }
    // Driven for the scene's own reason of a refusal, which its last input's record holds.
    return search(to: id, goal: goal, from: start, plans: false, transcript: false, scrolls: scrolls)
  }

  /// ``costPath(to:goal:sharing:)`` from `start`, with Scroll steps of its own.
  func costPath(
    to id: String, goal: SwitchGoal, from start: SwitchScanner
  ) -> Result<SwitchPath, SwitchPathFailure> {
    costPath(to: id, goal: goal, sharing: SwitchScrollStates(start: start))
  }

  /// Whether the session runs `goal` on `id` rather than refusing it; `false` when unsure.
  ///
  /// These are the checks `SceneSession.perform(_:on:)` makes before running any effect; past
  /// them it always reports the action done. A check added there that this lacks would let a
  /// cost table report a refused action as a path, which the planned-path tests would catch.
  static func certainlyPerforms(
    _ goal: SwitchGoal, on id: String, in session: SceneSession
  ) -> Bool {
    guard let view = session.builder.index.views[id] else { return false }
    if case .gesture(let kind) = goal {
      return session.isTouchable(id) && !session.state.traits(of: view).contains(.notEnabled)
        && view.gestures.contains { $0.kind == kind }
    }
    guard let element = session.tree.element(id: id), element.isEnabled else { return false }
    // A handler that returns false still receives the action: a failure is no refusal.
    switch goal {
    case .activate: return true
    case .increment: return view.handlers[.increment] != nil
    case .decrement: return view.handlers[.decrement] != nil
    case .custom(let name): return view.customActions.contains { $0.name == name }
    case .gesture: return false
    }
  }

  /// Finds a path from a copy of `start`, driven to its end or planned (see ``PathBuilder``);
  /// its Scroll steps, if any, are shared in `scrolls`, whose start must be `start`.
  func search(
    to id: String, goal: SwitchGoal, from start: SwitchScanner, plans: Bool,
    points: [Point]? = nil, transcript: Bool = true, scrolls: SwitchScrollStates? = nil
  ) -> Result<SwitchPath, SwitchPathFailure> {
    func fail(_ reason: String) -> Result<SwitchPath, SwitchPathFailure> {
      .failure(SwitchPathFailure(id: id, reason: reason))
    }
    // The builder decides with the finder's settings and the scanner acts on its own.
    guard start.settings == settings else {
      return fail("the start scanner's settings differ from the path finder's")
    }
    let session = start.session
    guard let element = session.tree.element(id: id) else {
      guard let view = session.builder.index.views[id] else { return fail("no element '\(id)' in the scene") }
      // Point mode's Tap is a real touch, which reaches views the tree leaves out.
      if settings.mode == .point, goal == .activate || goal == .gesture(.tap) {
        let touched = touchPath(to: id, goal: goal, from: start, plans: plans, withTranscript: transcript)
        if case .success = touched { return touched }
        // That it is under the keyboard says more than that the tree leaves it out.
        if session.isOnKeyboard(Self.touchAim(at: view)) { return touched }
      }
      return fail("not in the accessibility tree (hidden, removed, off the shown screens or behind a modal view)")
    }
    if let problem = goalProblem(goal, element) { return fail(problem) }
    if settings.tapBehavior == .always, goal != .activate, settings.longPress == nil {
      return fail("Always Tap with Long Press off leaves no way to open the scanner menu")
    }
    if settings.mode == .point {
      // The cursor sees what is drawn: an element the keyboard hides from it is scrolled above
      // the keyboard first, as Voice Control's plans do.
      if !element.isOnScreen || isHidden(element, from: start),
        let scrolled = scrollingPath(
          to: id, goal: goal, from: start, plans: plans, transcript: transcript, sharing: scrolls)
      {
        return scrolled
      }
      return pointPath(
        to: element, goal: goal, from: start, plans: plans, points: points, transcript: transcript)
    }
    let layout = start.layout
    guard layout.location(of: id) != nil else {
      let reason = layout.exclusions.first { $0.id == id }?.reason
      switch reason {
      case .notInteractive?: return fail("not a scan stop: it does not respond to user interaction")
      case .zeroSize?: return fail("not a scan stop: its frame has no area")
      case .offScreen?:
        // A row below the fold is reached by scrolling it into view first.
        return scrollingPath(
          to: id, goal: goal, from: start, plans: plans, transcript: transcript, sharing: scrolls)
          ?? fail("not a scan stop: it is off screen")
      case nil: return fail("not a scan stop")
      }
    }
    var builder = PathBuilder(scanner: start, settings: settings, plans: plans, transcript: transcript)
    guard builder.reachItem(id) else { return fail("item scanning never highlights it") }
    return builder.finish(on: id, goal: goal)
  }

  /// Why the element can't take the action at all, if so.
  func goalProblem(_ goal: SwitchGoal, _ element: AXElement) -> String? {
    switch goal {
    case .activate: return nil
    case .increment, .decrement:
      return element.isAdjustable ? nil : "'\(element.displayName)' is not adjustable"
    case .custom(let name):
      return element.customActionNames.contains(name)
        ? nil : "'\(element.displayName)' has no action '\(name)'"
    case .gesture(let kind):
      return element.gestures.contains(kind)
        ? nil : "'\(element.displayName)' declares no \(kind.rawValue) gesture"
    }
  }

  func pointPath(
    to element: AXElement, goal: SwitchGoal, from start: SwitchScanner, plans: Bool,
    points: [Point]? = nil, transcript: Bool = true
  ) -> Result<SwitchPath, SwitchPathFailure> {
    let candidates = points.map { $0.filter { start.hitTestID($0) == element.id } }
      ?? aimPoints(for: element, in: start)
    let aimed = quickestAimedPath(
      to: element.id, goal: goal, at: candidates.map { ($0, nil) }, from: start, plans: plans,
      transcript: transcript)
    var lastFailure = "no point of its frame hit-tests to it"
    switch aimed {
    case .success(let path)?: return .success(path)
    case .failure(let failure)?: lastFailure = failure.reason
    case nil: break
    }
    if !element.isOnScreen { lastFailure = "it is off screen" }
    if isHidden(element, from: start) { lastFailure = Self.underKeyboardReason }
    if let cover = start.hitTest(element.activationPoint), cover.id != element.id {
      lastFailure = "covered by '\(cover.id)' at every point tried"
    }
    return .failure(SwitchPathFailure(id: element.id, reason: lastFailure))
  }

  /// Why point mode reaches nothing of a target the on-screen keyboard hides from the cursor
  /// (``isHidden(_:from:)``).
  static let underKeyboardReason =
    "under the keyboard: no point of it the cursor can aim at shows above the keyboard, and no scroll brings it up"

  /// The quickest (fewest presses, then least time) of the point-mode paths that aim the
  /// cursor at each point and finish `goal` on `id` there, performing the point's action where
  /// a touch does another than the goal's (see ``PathBuilder/finish(on:goal:performing:)``);
  /// the first of equals wins. The last failure when none finishes; `nil` when the cursor
  /// reaches none of the points.
  func quickestAimedPath(
    to id: String, goal: SwitchGoal, at candidates: [(point: Point, action: SceneAction?)],
    from start: SwitchScanner, plans: Bool, transcript: Bool
  ) -> Result<SwitchPath, SwitchPathFailure>? {
    var best: SwitchPath?
    var lastFailure: SwitchPathFailure?
    for (point, action) in candidates {
      var builder = PathBuilder(
        scanner: start, settings: settings, plans: plans, transcript: transcript)
      guard builder.aim(at: point) else { continue }
      switch builder.finish(on: id, goal: goal, performing: action) {
      case .success(let path):
        if best.map({ (path.presses, path.milliseconds) < ($0.presses, $0.milliseconds) }) ?? true {
          best = path
        }
      case .failure(let failure):
        lastFailure = failure
      }
    }
    if let best { return .success(best) }
    return lastFailure.map { .failure($0) }
  }

  /// The points tried in point mode: those of the element that hit-test to it, in order of
  /// preference. While a field is edited the centre of the part of it above the keyboard comes
  /// last: every other point may lie on the keyboard when only a strip of it shows.
  func aimPoints(for element: AXElement, in scanner: SwitchScanner) -> [Point] {
    var seen: Set<Point> = []
    var candidates = Self.aimCandidates(element.activationPoint, element.frame)
    if let part = scanner.session.partAboveKeyboard(of: element) { candidates.append(part.center) }
    return candidates.filter {
      seen.insert($0).inserted && scanner.hitTestID($0) == element.id
    }
  }

  /// Whether the keyboard hides an on-screen element from point mode's cursor: it covers the
  /// element wholly, or every point the cursor would aim at that is not on the keyboard misses
  /// it. Item mode scans the tree, which keeps it, so nothing is hidden there.
  func isHidden(_ element: AXElement, from scanner: SwitchScanner) -> Bool {
    let session = scanner.session
    guard settings.mode == .point, session.keyboardFrame != nil, element.isOnScreen else { return false }
    if session.isUnderKeyboard(element) { return true }
    return aimPoints(for: element, in: scanner).isEmpty
      && Self.aimCandidates(element.activationPoint, element.frame).contains { session.isOnKeyboard($0) }
  }
}
