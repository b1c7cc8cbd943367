import AXModel

/// Builds a path by driving a scanner from the start state, recording every input.
///
/// A planning builder drives a scanner that only records what it would dispatch (see
/// ``SwitchScanner/plansDispatch``): every input is handled as usual, but the final one does
/// not run the action, so the path costs no tree rebuild. A builder without a transcript keeps
/// only the keys and the time, for callers that never read the steps; a driven one still knows
/// what its last input did (the scanner's ``SwitchScanner/record``), which is all `finish` reads.
struct PathBuilder {
  var scanner: SwitchScanner
  let settings: SwitchSettings
  var keys: [SwitchInput] = []
  var steps: [SwitchStep] = []
  /// The inputs handled, which is the number of steps even when they are not kept.
  var stepCount = 0
  var point: Point?
  /// The actions a planning scanner would have dispatched, with the step of each.
  var plannedDispatches: [(step: Int, dispatch: SwitchScanner.PlannedDispatch)] = []

  init(scanner: SwitchScanner, settings: SwitchSettings, plans: Bool = false, transcript: Bool = true) {
    self.scanner = scanner
    self.settings = settings
    self.scanner.plansDispatch = plans
    self.scanner.recordsTranscript = transcript
  }

  /// Whether the steps are kept, with their transcript.
  var keepsTranscript: Bool { scanner.recordsTranscript }

  mutating func apply(_ input: SwitchInput) {
    keys.append(input)
    if keepsTranscript {
      steps.append(scanner.handle(input))
    } else {
      scanner.apply(input)
    }
    stepCount += 1
    for dispatch in scanner.record.plannedDispatches {
      plannedDispatches.append((stepCount - 1, dispatch))
    }
  }

  /// Applies a Next or Previous press `times` times: the first is handled, and the rest are
  /// worked out at once (see ``SwitchScanner/repeatMove(by:times:)``) unless each step is
  /// kept, so a path's cost does not grow with the moves it makes inside a level.
  mutating func apply(_ action: SwitchAction, times: Int) {
    guard times > 0 else { return }
    apply(.press(action))
    let rest = times - 1
    guard rest > 0 else { return }
    let offset = action == .next ? 1 : -1
    guard !keepsTranscript, action == .next || action == .previous,
      scanner.repeatMove(by: offset, times: rest)
    else {
      for _ in 0..<rest { apply(.press(action)) }
      return
    }
    keys.append(contentsOf: repeatElement(.press(action), count: rest))
    stepCount += rest
  }

  /// Waits until `time`, in `wait:` steps no longer than a key script accepts, so that every
  /// path replays with `axswitch scan --keys`.
  mutating func waitUntil(_ time: Int) {
    while time > scanner.now {
      apply(.wait(milliseconds: min(time - scanner.now, KeyScript.longestWait)))
    }
  }

  /// The longest wait for the cursor to reach a target: beyond it (only possible on a screen
  /// far larger than the scene format allows) the target counts as unreachable, which also
  /// keeps the number of `wait:` steps small.
  static let longestAim = 30 * KeyScript.longestWait

  /// The most automatic moves waited for to bring the highlight to a position.
  static let longestProbe = 100_000

  /// The highlighted position of the menu, or else of the current level.
  var currentPosition: Int? {
    scanner.menu.map { $0.index } ?? scanner.index
  }

  /// Brings the highlight to position `target` of the menu or current level, `count` long.
  mutating func highlightPosition(_ target: Int, count: Int) -> Bool {
    switch settings.scanning {
    case .manual, .step:
      if currentPosition == nil { apply(.press(.next)) }
      guard let current = currentPosition else { return false }
      let forward = (target - current + count) % count
      let backward = (current - target + count) % count
      if settings.scanning == .manual, backward < forward {
        apply(.previous, times: backward)
      } else {
        apply(.next, times: forward)
      }
    case .auto:
      if currentPosition == nil { apply(.press(.select)) }
      // Forward in a level or the menu the arrival is known without probing each move (a
      // wrap-around only happens from a start scanner left mid-level).
      if let arrival = scanner.arrivalTime(atPosition: target), let position = currentPosition {
        guard target - position <= Self.longestProbe else { return false }
        waitUntil(arrival)
        return currentPosition == target
      }
      var probe = scanner
      let inMenu = probe.menu != nil
      let groups = probe.groupPath
      var guardCount = 0
      while (probe.menu.map { $0.index } ?? probe.index) != target {
        guard let due = probe.nextEventTime(), guardCount < Self.longestProbe else { return false }
        probe.advance(to: due)
        guardCount += 1
        guard (probe.menu != nil) == inMenu, probe.groupPath == groups else { return false }
      }
      waitUntil(probe.now)
    }
    return currentPosition == target
  }

  /// Chooses the highlighted item: a Select press, or in step scanning the dwell.
  mutating func choose() {
    if settings.scanning == .step, scanner.mode == .item || scanner.menu != nil,
      let due = scanner.nextEventTime()
    {
      waitUntil(due)
    } else {
      apply(.press(.select))
    }
  }

  /// Walks the groups down to an element stop and leaves it highlighted.
  mutating func reachItem(_ id: String) -> Bool {
    guard let path = scanner.layout.indexPath(of: id) else { return false }
    for (depth, position) in path.enumerated() {
      guard highlightPosition(position, count: scanner.levelCount) else { return false }
      if depth < path.count - 1 {
        choose()
        guard scanner.groupPath.count == depth + 1 else { return false }
      }
    }
    return scanner.highlight == .element(id)
  }

  /// Sweeps the cursor onto a point, stopping before the last press.
  mutating func aim(at target: Point) -> Bool {
    point = target
    while let cursor = scanner.cursor, cursor.isActive {
      let coordinate = cursor.axis == .x ? target.x : target.y
      guard let offset = cursor.millisecondsToReach(coordinate), offset <= Self.longestAim else {
        return false
      }
      let isLast = cursor.phase == .line && cursor.axisIndex == cursor.axes.count - 1
      waitUntil(cursor.start + offset)
      if isLast { return true }
      apply(.press(.select))
    }
    return false
  }

  /// Selects the highlighted element (or fixes the last line in point mode).
  mutating func selectTarget() {
    if scanner.mode == .point { apply(.press(.select)) } else { choose() }
  }

  /// Selects the element under the tap behaviour, goes through the menu, and checks that the
  /// action was dispatched.
  ///
  /// `performing` is the scene action expected instead of the goal's, for a Tap that delivers a
  /// touch (a view's tap gesture runs where the goal's menu path is Tap's).
  mutating func finish(
    on id: String, goal: SwitchGoal, performing expected: SceneAction? = nil
  ) -> Result<SwitchPath, SwitchPathFailure> {
    let action = expected ?? goal.action
    func fail(_ reason: String) -> Result<SwitchPath, SwitchPathFailure> {
      .failure(SwitchPathFailure(id: id, reason: reason))
    }
    var needsMenu = goal != .activate
    switch settings.tapBehavior {
    case .default:
      selectTarget()
      needsMenu = true
    case .always:
      if needsMenu { apply(.press(.hold)) } else { selectTarget() }
    case .auto:
      selectTarget()
      if needsMenu {
        apply(.press(.select))
      } else if let due = scanner.nextEventTime() {
        waitUntil(due)
      }
    }
    if needsMenu {
      for item in goal.menuItems {
        guard let menu = scanner.menu, menu.target == id else {
          return fail("the scanner menu did not open on it")
        }
        guard let position = menu.items.firstIndex(of: item) else {
          return fail("its scanner menu has no \(item.title)")
        }
        guard highlightPosition(position, count: menu.items.count) else {
          return fail("the menu never highlights \(item.title)")
        }
        choose()
      }
    }
    if scanner.plansDispatch {
      // The plan holds only when its one dispatch comes from the final input: an earlier one
      // would have changed the scene under the rest of the path.
      guard plannedDispatches.count == 1, let planned = plannedDispatches.first,
        planned.step == stepCount - 1, planned.dispatch.action == action,
        planned.dispatch.target == id
      else {
        if let other = plannedDispatches.last?.dispatch.target, other != id, let point {
          return fail(Self.coveredReason(point, other))
        }
        return fail("the path did not dispatch \(goal)")
      }
      // The final step ran nothing, so it is not part of the transcript.
      return .success(
        SwitchPath(
          keys: keys, milliseconds: scanner.now, point: point, steps: Array(steps.dropLast())))
    }
    // The record is the last input's, as the last step's results would be.
    let lastResults = stepCount > 0 ? scanner.record.results : []
    let dispatched = lastResults.last { $0.action == action && $0.target == id }
    guard let result = dispatched else {
      if let other = lastResults.last?.target, other != id, let point {
        return fail(Self.coveredReason(point, other))
      }
      return fail("the path did not dispatch \(goal)")
    }
    if case .refused(let reason) = result.outcome { return fail(reason) }
    return .success(
      SwitchPath(keys: keys, milliseconds: scanner.now, point: point, steps: steps))
  }

  /// Why a point path fails when its touch reaches another view: iOS's point mode Tap is a
  /// real touch, and that view is in front.
  static func coveredReason(_ point: Point, _ other: String) -> String {
    "a touch at \(point) lands on '\(other)', drawn in front of it"
  }
}
