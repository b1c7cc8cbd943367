import AXModel

extension SwitchPathFinder {
  /// The cheapest point-mode path that touches view `id`, which is no accessibility element,
  /// to reach `goal` on it: `activate` (a control's activation, or the tap gesture of a view
  /// that has one) or `gesture tap`. Planned like
  /// ``plannedPath(to:goal:from:aimingAt:withTranscript:)``, or driven to its end unless `plans`.
  ///
  /// Point mode reaches what a finger does: the cursor aims at the view's activation point,
  /// its frame's centre, then a 3 x 3 grid over the frame (and, while a field is edited, the
  /// centre of the part above the keyboard), keeping the points where no element
  /// is (point mode would select that instead), off the keyboard while a field is edited, and a
  /// touch reaches the view and does the goal; the scanner menu's Tap (or the tap behaviour's)
  /// delivers the touch.
  public func touchPath(
    to id: String, goal: SwitchGoal, from start: SwitchScanner, plans: Bool = true,
    withTranscript: Bool = false
  ) -> Result<SwitchPath, SwitchPathFailure> {
    func fail(_ reason: String) -> Result<SwitchPath, SwitchPathFailure> {
      .failure(SwitchPathFailure(id: id, reason: reason))
    }
    guard settings.mode == .point, start.settings == settings else {
      return fail("only point mode touches")
    }
    guard goal == .activate || goal == .gesture(.tap) else { return fail("a touch only taps") }
    let session = start.session
    guard let view = session.builder.index.views[id] else { return fail("no view '\(id)' in the scene") }
    let aim = Self.touchAim(at: view)
    var seen: Set<Point> = []
    var candidates: [(point: Point, action: SceneAction)] = []
    var points = Self.aimCandidates(aim, view.frame)
    // As for an element (``aimPoints(for:in:)``): a strip above the keyboard may be all that shows.
    if let part = session.partAboveKeyboard(of: view.frame) { points.append(part.center) }
    for point in points where seen.insert(point).inserted {
      let touch = session.touchTarget(at: point)
      guard !session.isOnKeyboard(point), touch.responder == id, let action = touch.action,
        start.hitTestID(point) == nil,
        action == goal.action || (goal == .activate && action == .gesture(.tap))
      else { continue }
      candidates.append((point, action))
    }
    guard !candidates.isEmpty else {
      let touch = session.touchTarget(at: aim)
      if session.isOnKeyboard(aim) { return fail(Self.touchUnderKeyboardReason) }
      if let element = start.hitTest(aim) { return fail("point mode selects '\(element.id)' there") }
      if let responder = touch.responder, responder != id {
        return fail("a touch there reaches '\(responder)'")
      }
      if let hit = touch.hitView, touch.responder == nil {
        return fail("a touch there lands on '\(hit)', which does nothing")
      }
      return fail(touch.hitView == nil ? "no touch reaches it" : "a touch there does not \(goal)")
    }
    // The menu's Tap delivers the touch, whatever the view does with it.
    return quickestAimedPath(
      to: id, goal: .activate, at: candidates.map { ($0.point, $0.action) }, from: start, plans: plans,
      transcript: withTranscript) ?? fail("point mode never reaches it")
  }

  /// Why point mode can't touch a view outside the tree: the keyboard is drawn over where a
  /// finger would touch it (Scroll steps are planned only for elements).
  static let touchUnderKeyboardReason = "under the keyboard: a touch there lands on the keyboard"

  /// Where a finger touches a view first: its activation point, else its frame's centre.
  static func touchAim(at view: ViewNode) -> Point {
    view.activationPoint ?? view.frame.center
  }

  /// The points point mode tries on a target, in order of preference: its activation point,
  /// its frame's centre, then a 3 x 3 grid over the frame.
  static func aimCandidates(_ activationPoint: Point, _ frame: Rect) -> [Point] {
    var candidates = [activationPoint, frame.center]
    for row in 1...3 {
      for column in 1...3 {
        candidates.append(
          Point(
            x: frame.minX + frame.width * Double(column) / 4,
            y: frame.minY + frame.height * Double(row) / 4))
      }
    }
    return candidates
  }
}
