import AXModel

extension SwitchPathFinder {
  /// The cheapest path to an element scrolled out of view: Scroll steps bring it on screen,
  /// then the path any element on screen takes, found from the scrolled state. In point mode an
  /// element the keyboard hides (``isHidden(_:from:)``) is scrolled up the same way until the
  /// cursor can aim at it above the keyboard.
  ///
  /// Each Scroll step reaches an element of a scroll view around the element (the first scan
  /// stop in item mode; in point mode, the first element on screen the cursor can aim at),
  /// opens the scanner menu on it under the tap behaviour and chooses Scroll, then the
  /// direction: a page each time, as Switch Control scrolls. The pages are those of
  /// ``SceneSession/nextScroll(toShow:)``, worked out again after every page, as the report's
  /// ``ScrollPlan`` takes them: the outer scroll views first, so a card of a carousel below the
  /// fold of a page first scrolls the page, then the carousel, since Scroll moves only the
  /// highlighted item's innermost scroll view. The scrolls are real even in a planned path,
  /// since what follows is scanned in the scrolled state; only the final action is planned.
  /// The Scroll steps from each state are driven once in `scrolls`, whose start is `start`
  /// (see ``SwitchScrollStates``), or else in states of this path's own. `nil` when the element
  /// is not in a scroll view.
  func scrollingPath(
    to id: String, goal: SwitchGoal, from start: SwitchScanner, plans: Bool, transcript: Bool,
    sharing scrolls: SwitchScrollStates? = nil
  ) -> Result<SwitchPath, SwitchPathFailure>? {
    guard let element = start.session.tree.element(id: id), element.clipFrame != nil,
      start.session.scrollContainer(of: id) != nil
    else { return nil }
    func fail(_ reason: String) -> Result<SwitchPath, SwitchPathFailure> {
      .failure(SwitchPathFailure(id: id, reason: reason))
    }
    let states = scrolls ?? SwitchScrollStates(start: start)
    var state = states.root(transcript: transcript)
    var pages = 0
    var raised = false
    while let current = states.states[state].builder.scanner.session.tree.element(id: id),
      !current.isOnScreen || isHidden(current, from: states.states[state].builder.scanner)
    {
      // A page that raised it from under the keyboard took it off the top: no page shows it
      // above the keyboard, and scrolling it back would only hide it again.
      if raised, !current.isOnScreen { return fail(Self.underKeyboardReason) }
      let session = states.states[state].builder.scanner.session
      // On screen, it is hidden by the keyboard: Down in the innermost scroll view around it
      // that can scroll down raises it, as Voice Control's "scroll down" does.
      let raising = current.isOnScreen
      let next = raising
        ? session.raisingScrollView(of: id).map { ($0, ScrollDirection.down) } : session.nextScroll(toShow: id)
      guard let (container, direction) = next else {
        return fail(raising ? Self.underKeyboardReason : "it is off screen, and so is its scroll view")
      }
      guard session.canScroll(container, direction), pages < ScrollPlan.mostPages else {
        return fail("scrolling '\(container)' \(direction.rawValue) never brings it on screen")
      }
      let page = ScrollPlan.Step(container: container, direction: direction, pages: 1)
      guard let next = states.state(after: page, from: state, finder: self) else {
        // A scroll view the keyboard covers too shows the cursor nothing to scroll it by.
        return fail(raising ? Self.underKeyboardReason : "nothing in '\(container)' opens a scanner menu with Scroll")
      }
      state = next
      pages += 1
      raised = raising
    }
    let builder = states.states[state].builder
    guard builder.scanner.session.tree.element(id: id) != nil else {
      return fail("scrolling takes it out of the accessibility tree")
    }
    switch search(to: id, goal: goal, from: builder.scanner, plans: plans, transcript: transcript) {
    case .success(let rest):
      return .success(
        SwitchPath(
          keys: builder.keys + rest.keys, milliseconds: rest.milliseconds, point: rest.point,
          steps: transcript ? builder.steps + rest.steps : []))
    case .failure(let failure):
      return .failure(failure)
    }
  }

  /// What a Scroll step opens the menu on: in item mode the first stop whose innermost scroll
  /// view is `container`; in point mode the first such element on screen, with the point the
  /// cursor aims at.
  func handle(in container: String, of scanner: SwitchScanner) -> (id: String, point: Point?)? {
    let tree = scanner.session.tree
    func scrolledBy(_ element: AXElement) -> Bool {
      tree.innermostScrollView(of: element) == container
    }
    if settings.mode == .point {
      for element in tree.elements where element.isOnScreen && scrolledBy(element) {
        if let point = aimPoints(for: element, in: scanner).first { return (element.id, point) }
      }
      return nil
    }
    return scanner.layout.stops.first { tree.element(id: $0).map(scrolledBy) ?? false }.map { ($0, nil) }
  }
}

extension PathBuilder {
  /// Scrolls a page through the scanner menu of an element of the scroll view: reaches it
  /// (by item scanning, or by aiming the cursor at `point`), opens its menu, then chooses
  /// Scroll and the direction.
  mutating func scroll(_ direction: ScrollDirection, via handle: String, at point: Point?) -> Bool {
    if let point {
      guard aim(at: point) else { return false }
    } else {
      guard reachItem(handle) else { return false }
    }
    switch settings.tapBehavior {
    case .default: selectTarget()
    case .always: apply(.press(.hold))
    case .auto:
      selectTarget()
      apply(.press(.select))
    }
    for item in [MenuItem.scroll, .scrollDirection(direction.title)] {
      guard let menu = scanner.menu, menu.target == handle,
        let position = menu.items.firstIndex(of: item),
        highlightPosition(position, count: menu.items.count)
      else { return false }
      choose()
    }
    return scanner.menu == nil
  }
}
