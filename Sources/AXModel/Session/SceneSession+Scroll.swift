extension SceneSession {
  /// Scrolls a scroll view by a page, as `accessibilityScroll(_:)` does for VoiceOver's
  /// three-finger swipe, Voice Control's "scroll down" and Switch Control's Scroll menu.
  ///
  /// `container` is the scroll view, or a view inside one: the innermost scroll view around it
  /// scrolls, as the action bubbles up in UIKit. A page is the visible frame's height (or
  /// width), with no overlap, and the offset is clamped to the content; the result announces
  /// the page shown ("Page 2 of 3"), reports the offset and which elements came on and went
  /// off screen. Scrolling is refused at the end of the content ("'Inbox' is already at the
  /// bottom") and along an axis with nothing beyond the frame.
  public mutating func scroll(_ container: String, _ direction: ScrollDirection) -> ActionResult {
    perform(.scroll(direction, toEdge: false), on: container)
  }

  /// Scrolls a scroll view all the way in a direction: Voice Control's "scroll to top" and
  /// "scroll to bottom". Refused when already there.
  public mutating func scroll(_ container: String, toEdge direction: ScrollDirection) -> ActionResult {
    perform(.scroll(direction, toEdge: true), on: container)
  }

  /// The scroll view that scrolls a view: the view itself when it scrolls, else its innermost
  /// scrolling superview.
  public func scrollContainer(of id: String) -> String? {
    for viewID in [id] + builder.index.ancestors(of: id)
    where builder.index.views[viewID]?.type.scrolls == true {
      return viewID
    }
    return nil
  }

  /// The geometry of a scroll view, by id.
  public func scrollGeometry(of container: String) -> ScrollGeometry? {
    guard let view = builder.index.views[container], view.type.scrolls else { return nil }
    return ScrollGeometry(view: view, layoutDirection: scene.layoutDirection)
  }

  /// Whether a page scroll in the direction would move the scroll view (and so not be refused
  /// as already at the end).
  public func canScroll(_ container: String, _ direction: ScrollDirection) -> Bool {
    guard let id = scrollContainer(of: container), let view = builder.index.views[id],
      let geometry = scrollGeometry(of: id)
    else { return false }
    let offset = state.contentOffset(of: view)
    return geometry.clamped(Self.paged(offset, direction, geometry, toEdge: false)) != offset
  }

  /// Scrolls the least that shows a partly visible element whole in its scroll view, as iOS
  /// does when the focus moves to it; `nil` when it is whole, wholly hidden or not in one.
  public mutating func scrollIntoView(_ id: String) -> ActionResult? {
    guard let element = tree.element(id: id), element.isOnScreen, let clip = element.clipFrame,
      let container = scrollContainer(of: id), container != id,
      let view = builder.index.views[container], let geometry = scrollGeometry(of: container)
    else { return nil }
    let frame = element.frame
    func delta(_ low: Double, _ high: Double, _ visibleLow: Double, _ visibleHigh: Double) -> Double {
      // Too tall to fit: its top (leading edge) is what a reader needs first.
      if low < visibleLow || high - low > visibleHigh - visibleLow { return low - visibleLow }
      return high > visibleHigh ? high - visibleHigh : 0
    }
    let dx = delta(frame.minX, frame.maxX, clip.minX, clip.maxX)
    let dy = delta(frame.minY, frame.maxY, clip.minY, clip.maxY)
    let old = state.contentOffset(of: view)
    let new = geometry.clamped(Point(x: old.x + dx, y: old.y + dy))
    guard new != old else { return nil }
    let direction: ScrollDirection =
      new.y != old.y ? (new.y > old.y ? .down : .up) : (new.x > old.x ? .right : .left)
    return moveContent(of: view, to: new, action: .scroll(direction, toEdge: false), announcing: nil)
  }

  /// Performs a scroll action on a scroll view or a view inside one.
  mutating func performScroll(
    _ direction: ScrollDirection, toEdge: Bool, on id: String?
  ) -> ActionResult {
    let action = SceneAction.scroll(direction, toEdge: toEdge)
    func refuse(_ reason: String) -> ActionResult {
      ActionResult(
        action: action, target: id, outcome: .refused(reason), changes: [], announcements: [],
        focus: nil)
    }
    guard let id else { return refuse("\(action) needs a scroll view") }
    guard builder.index.views[id] != nil else { return refuse("no element '\(id)' in the scene") }
    guard isShown(id) else { return refuse("'\(id)' is not shown") }
    guard let container = scrollContainer(of: id), let view = builder.index.views[container],
      let geometry = scrollGeometry(of: container)
    else { return refuse("'\(id)' is not in a scroll view") }
    let name = scrollName(of: view)
    guard geometry.scrolls(direction.axis) else {
      return refuse("'\(name)' does not scroll \(direction.axis.rawValue)ly: its content fits in it")
    }
    let old = state.contentOffset(of: view)
    let new = geometry.clamped(Self.paged(old, direction, geometry, toEdge: toEdge))
    guard new != old else { return refuse("'\(name)' is already at the \(direction.edgeName)") }
    let page = geometry.page(at: new, along: direction.axis)
    return moveContent(
      of: view, to: new, action: action, announcing: "Page \(page.page) of \(page.count)")
  }

  /// The offset a page (or the whole way) in the direction leads to, before clamping.
  static func paged(
    _ offset: Point, _ direction: ScrollDirection, _ geometry: ScrollGeometry, toEdge: Bool
  ) -> Point {
    let isVertical = direction.axis == .vertical
    if toEdge {
      let range = isVertical ? geometry.verticalOffsets : geometry.horizontalOffsets
      let edge = direction.sign > 0 ? range.upperBound : range.lowerBound
      return isVertical ? Point(x: offset.x, y: edge) : Point(x: edge, y: offset.y)
    }
    let step = direction.sign * (isVertical ? geometry.frame.height : geometry.frame.width)
    return isVertical ? Point(x: offset.x, y: offset.y + step) : Point(x: offset.x + step, y: offset.y)
  }

  /// The name refusals give a scroll view: its label, else its id.
  func scrollName(of view: ViewNode) -> String {
    if let label = view.label?.rendered(with: state.values), !label.isEmpty { return label }
    return view.id
  }

  /// Sets a scroll view's offset, rebuilds the tree and reports the differences; a focused
  /// element scrolled away gives the focus to the first element that came into view, as
  /// VoiceOver moves it after a page scroll.
  mutating func moveContent(
    of view: ViewNode, to offset: Point, action: SceneAction, announcing announcement: String?
  ) -> ActionResult {
    let before = (state: state, tree: tree)
    let container = view.id
    let from = state.contentOffset(of: view)
    state.contentOffsets[container] = offset
    if let announcement { state.announced.insert(announcement) }
    tree = builder.build(state)
    var focus: String?
    if let current = state.focus, tree.element(id: current)?.isOnScreen == false {
      focus = tree.elements.first { $0.isOnScreen && $0.ancestors.contains(container) }?.id
      state.focus = focus
    }
    let changes =
      [SceneChange.scrolled(container: container, from: from, to: offset)]
      + SceneSession.changes(from: before, to: (state, tree))
    return ActionResult(
      action: action, target: container, outcome: .done, changes: changes,
      announcements: announcement.map { [$0] } ?? [], focus: focus)
  }
}

/// The page scrolls that bring an element scrolled out of view on screen: for an element in
/// nested scroll views (a carousel below the fold of a feed), the outer ones scroll first,
/// outermost to innermost, each until the next one in shows, as iOS scrolls to an element.
public struct ScrollPlan: Sendable {
  /// Pages of one scroll view in one direction.
  public struct Step: Hashable, Sendable {
    /// The scroll view that scrolls.
    public var container: String
    /// The direction of every page.
    public var direction: ScrollDirection
    /// How many pages.
    public var pages: Int

    /// Creates a run of pages.
    public init(container: String, direction: ScrollDirection, pages: Int) {
      self.container = container
      self.direction = direction
      self.pages = pages
    }
  }

  /// The runs of pages, in the order they are scrolled (never empty).
  public var steps: [Step]
  /// The session after the scrolls, with the element on screen.
  public var session: SceneSession

  /// The direction of each page, in order: one "scroll down" or Scroll menu choice each.
  public var pageDirections: [ScrollDirection] {
    steps.flatMap { Array(repeating: $0.direction, count: $0.pages) }
  }

  /// The number of pages in all.
  public var pages: Int { steps.reduce(0) { $0 + $1.pages } }
}

extension SceneSession {
  /// The page scrolls that bring an element on screen (see ``ScrollPlan``); `nil` when it is
  /// on screen, not in a scroll view, or scrolling never shows it (its outermost scroll view is
  /// itself off screen, or the content ends first).
  ///
  /// To plan many elements of one scroll view, use a ``ScrollPlanner``, which scrolls each
  /// scroll view once.
  public func scrollPlan(toShow id: String) -> ScrollPlan? {
    var planner = ScrollPlanner(session: self)
    return planner.plan(toShow: id)
  }

  /// The next page scroll that brings an off-screen element nearer the screen: in the
  /// outermost scroll view around it whose visible part does not yet show the next scroll view
  /// in (or, for the innermost, the element), towards it. `nil` when the element is on screen,
  /// in no scroll view, or a scroll view around it shows nothing (it is off screen itself).
  ///
  /// Both the report's planner and Switch Control's scanner follow it page by page, so their
  /// Scroll steps agree.
  public func nextScroll(toShow id: String) -> (container: String, direction: ScrollDirection)? {
    guard let element = tree.element(id: id), !element.isOnScreen, element.clipFrame != nil else { return nil }
    let scrollViews = element.ancestors.filter { tree.containers[$0]?.scrolls == true }
    var visible = Rect(x: 0, y: 0, width: scene.screen.width, height: scene.screen.height)
    var outer: [(container: String, visible: Rect)] = []
    for (level, container) in scrollViews.enumerated() {
      // A scroll view with no area (an imported one without a frame) does not clip, as in the tree.
      if let frame = tree.containers[container]?.frame, !frame.isEmpty { visible = visible.intersection(frame) }
      guard !visible.isEmpty else { return nil }
      let target =
        level + 1 < scrollViews.count
        ? tree.containers[scrollViews[level + 1]]?.frame ?? element.frame : element.frame
      if TreeBuilder.shows(target, in: visible) {
        outer.append((container, visible))
        continue
      }
      guard let direction = ScrollDirection.toward(target, from: visible) else { continue }
      if canScroll(container, direction) { return (container, direction) }
      // It can't move that way (no more content, say): the nearest scroll view around it that
      // can bring the element nearer scrolls instead, as the action bubbles up in UIKit.
      for (around, shown) in outer.reversed() {
        if let toward = ScrollDirection.toward(element.frame, from: shown), canScroll(around, toward) {
          return (around, toward)
        }
      }
      return (container, direction)
    }
    return nil
  }
}

/// Plans the scrolls that show elements scrolled out of view, sharing the scrolled states:
/// each page from a given state is scrolled once, however many rows need it, so planning every
/// row of a long list costs one tree per page, and the cards of a carousel below the fold share
/// the page scrolls that bring the carousel in.
public struct ScrollPlanner: Sendable {
  /// The session the plans start from.
  public let session: SceneSession
  /// The states reached so far, as a tree of pages from ``session`` (the first): each state's
  /// pages, keyed as runs of one page, lead to others (`nil` where the page was refused).
  var states: [(session: SceneSession, next: [ScrollPlan.Step: Int?])] = []

  /// Creates a planner over a session's state.
  public init(session: SceneSession) {
    self.session = session
    states = [(session, [:])]
  }

  /// The plan that shows an element (see ``SceneSession/scrollPlan(toShow:)``).
  public mutating func plan(toShow id: String) -> ScrollPlan? {
    var state = 0
    var steps: [ScrollPlan.Step] = []
    var pages = 0
    while states[state].session.tree.element(id: id)?.isOnScreen == false {
      guard let next = states[state].session.nextScroll(toShow: id), pages < ScrollPlan.mostPages
      else { return nil }
      let key = ScrollPlan.Step(container: next.container, direction: next.direction, pages: 1)
      if states[state].next[key] == nil {
        var scrolled = states[state].session
        if scrolled.scroll(next.container, next.direction).isDone {
          states.append((scrolled, [:]))
          states[state].next[key] = states.count - 1
        } else {
          states[state].next[key] = .some(nil)
        }
      }
      guard let reached = states[state].next[key] ?? nil else { return nil }
      state = reached
      pages += 1
      if let last = steps.last, last.container == next.container, last.direction == next.direction {
        steps[steps.count - 1].pages += 1
      } else {
        steps.append(ScrollPlan.Step(container: next.container, direction: next.direction, pages: 1))
      }
    }
    let shown = states[state].session
    guard !steps.isEmpty, shown.tree.element(id: id) != nil else { return nil }
    return ScrollPlan(steps: steps, session: shown)
  }
}

extension ScrollPlan {
  /// The most pages a plan scrolls; a list longer than this is better served by search.
  public static let mostPages = 200
}

extension ScrollDirection {
  /// The direction to scroll to bring a frame into a visible area: towards the side it lies
  /// beyond; `nil` when it overlaps the area.
  public static func toward(_ frame: Rect, from visible: Rect) -> ScrollDirection? {
    if frame.minY >= visible.maxY { return .down }
    if frame.maxY <= visible.minY { return .up }
    if frame.minX >= visible.maxX { return .right }
    if frame.maxX <= visible.minX { return .left }
    return nil
  }
}
