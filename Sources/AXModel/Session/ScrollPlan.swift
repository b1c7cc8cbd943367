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
    // Outermost first: that is the order they scroll in.
    let scrollViews = Array(tree.scrollAncestors(of: element).reversed())
    var visible = scene.screenFrame
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
