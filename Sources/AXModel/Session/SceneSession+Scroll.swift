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

  /// The scroll views around a view or element, innermost first; empty when it is in none.
  ///
  /// An element of the tree reads them from its ancestors there
  /// (``AccessibilityTree/scrollAncestors(of:)``); any other view (a container, or one that is
  /// hidden) from its superviews in the scene. Either way only the scroll views the tree passes
  /// through count, and unlike ``scrollContainer(of:)`` a scroll view is not among its own.
  public func scrollAncestors(of id: String) -> [String] {
    if let element = tree.element(id: id) { return tree.scrollAncestors(of: element) }
    return builder.index.ancestors(of: id).filter { tree.containers[$0]?.scrolls == true }
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
