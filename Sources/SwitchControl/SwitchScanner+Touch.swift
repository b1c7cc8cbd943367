import AXModel

extension SwitchScanner {
  /// Tap on a target, noting the point when point mode chose one: an accessibility element is
  /// activated; a view that is not one (point mode landed on a tap gesture outside the tree)
  /// gets a real touch at the point, as iOS's point mode delivers.
  ///
  /// Point mode's Tap is a real touch on iOS, so a view outside the tree drawn in front of the
  /// element and handling taps (a full-screen image with a tap gesture over a button) takes
  /// it, not the element behind.
  mutating func tap(_ target: String, at point: Point?) {
    guard let point else {
      dispatch(.activate, on: target)
      return
    }
    note("tap at \(point)")
    guard session.tree.element(id: target) == nil else {
      let touch = touchesReachOtherViews ? session.touchTarget(at: point) : nil
      if let touch, let responder = touch.responder, let action = touch.action, covers(responder, target) {
        note("the touch lands on '\(responder)', in front of '\(target)'")
        dispatch(action, on: responder, touchingAt: point)
      } else {
        dispatch(.activate, on: target)
      }
      return
    }
    let touch = session.touchTarget(at: point)
    dispatch(touch.action ?? .gesture(.tap), on: touch.responder ?? touch.hitView, touchingAt: point)
  }

  /// Whether a touch's responder is a view in front of the element rather than the element,
  /// a view inside it or one it lies in: a view outside the tree, not related to it.
  func covers(_ responder: String, _ element: String) -> Bool {
    guard responder != element, session.tree.element(id: responder) == nil else { return false }
    let index = session.builder.index
    return !index.ancestors(of: responder).contains(element) && !index.ancestors(of: element).contains(responder)
  }

  /// The view a touch at the point reaches when no accessibility element is there but a view
  /// handles it (a tap gesture, a control outside the tree), or `nil`.
  func touchResponder(at point: Point) -> String? {
    session.touchTarget(at: point).responder
  }

  /// Opens the scanner menu for a target, an element or a view a touch reaches.
  mutating func openMenu(forTap target: String, point: Point?) {
    guard session.tree.element(id: target) == nil, let point else {
      openMenu(on: target, point: point)
      return
    }
    openTouchMenu(on: target, point: point)
  }

  /// Opens the scanner menu at a point whose view is no accessibility element: Tap (a real
  /// touch), then Escape when the scene has one, Refine and Item Mode. Actions, gestures and
  /// scrolling belong to elements, so they are not offered.
  mutating func openTouchMenu(on target: String, point: Point) {
    let hasEscape = escapeInMenu ?? Self.hasEscape(in: session)
    escapeInMenu = hasEscape
    var items: [MenuItem] = [.tap]
    if hasEscape { items.append(.escape) }
    items += [.refine, .itemMode]
    show(
      ScannerMenu(
        target: target, point: point, scrollContainer: nil, items: items, parentItems: nil, index: 0),
      note: "menu at \(point) on \(target)")
  }

  /// Shows a menu with its first entry highlighted (in step scanning, it dwells there).
  mutating func show(_ opened: ScannerMenu, note text: @autoclosure () -> String) {
    menu = opened
    loopsDone = 0
    highlightStart = now
    note(text())
    armDwellAfterSelect()
  }
}
