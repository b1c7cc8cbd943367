/// Where a touch at a point lands and which view handles it, found before it is delivered.
public struct TouchTarget: Hashable, Sendable {
  /// How the touch is handled.
  public enum Response: Hashable, Sendable {
    /// A tap gesture recognizer on the responder takes it.
    case tapGesture
    /// A recognizer of another gesture (a double tap, a long press, a swipe) on the responder
    /// takes it.
    case gesture(GestureKind)
    /// The responder is a control (or an element with an activate handler): it runs its
    /// activate handlers.
    case control
    /// Nothing from the hit view up handles it.
    case none
  }

  /// The point touched.
  public var point: Point
  /// What the finger does there: a tap, unless a front delivers another gesture.
  public var gesture: GestureKind = .tap
  /// The view UIKit's hit test returns, or `nil` when no view holds the point.
  public var hitView: String?
  /// The view that handles the touch: the hit view or its nearest superview that does.
  public var responder: String?
  /// How the responder handles it.
  public var response: Response

  /// The scene action delivering the touch performs on the responder, or `nil` when it does
  /// nothing.
  public var action: SceneAction? {
    switch response {
    case .tapGesture: return .gesture(.tap)
    case .gesture(let kind): return .gesture(kind)
    case .control: return .activate
    case .none: return nil
    }
  }
}

extension SceneSession {
  /// The view types that handle a touch as controls do, whatever their handlers: UIKit's
  /// controls, a table cell (its table selects it) and a text field.
  static let touchControlTypes: Set<ViewType> = [
    .button, .switch, .segment, .cell, .textField, .slider, .stepper,
  ]

  /// Where a touch at the point lands and what handles it (see ``ViewHitTest``): from the hit
  /// view up its superviews, the first with a tap gesture runs it, and the first control (or
  /// element with an activate handler) runs its activate handlers; a gesture recognizer on a
  /// view comes before the view's own control handling, as in UIKit.
  ///
  /// Another gesture (a Voice Control grid cell's "double tap", "long press" or "swipe") goes
  /// to the nearest view from the hit view up with a recognizer for it, since a recognizer on
  /// a superview sees the touches too and, once it recognizes, cancels them in the views
  /// below. With none, a long press still activates a control, which fires on touch-up however
  /// long the finger stayed; a double tap or a swipe does nothing (UIKit would deliver a double
  /// tap on a control as two taps, and a swipe on a scroll view would pan it: neither is
  /// modelled).
  public func touchTarget(at point: Point, gesture: GestureKind = .tap) -> TouchTarget {
    let chain = ViewHitTest(builder: builder, state: state).chain(at: point)
    var target = TouchTarget(point: point, hitView: chain.last?.id, responder: nil, response: .none)
    target.gesture = gesture
    guard gesture == .tap else {
      if let view = chain.last(where: { view in view.gestures.contains { $0.kind == gesture } }) {
        target.responder = view.id
        target.response = .gesture(gesture)
      } else if gesture == .longPress, let control = chain.last(where: { Self.handlesTouchAsControl($0) }) {
        target.responder = control.id
        target.response = .control
      }
      return target
    }
    for view in chain.reversed() {
      if view.gestures.contains(where: { $0.kind == .tap }) {
        target.responder = view.id
        target.response = .tapGesture
        break
      }
      if Self.handlesTouchAsControl(view) {
        target.responder = view.id
        target.response = .control
        break
      }
    }
    return target
  }

  /// Whether a view handles a touch as a control does: a control type, or an element with an
  /// activate handler.
  static func handlesTouchAsControl(_ view: ViewNode) -> Bool {
    touchControlTypes.contains(view.type) || (view.isElement && view.handlers[.activate] != nil)
  }

  /// Touches the screen at a point, as a finger (or Switch Control's point mode, or a Voice
  /// Control grid cell) does: the touch goes to the view under it, not to an accessibility
  /// element.
  ///
  /// The result is that of the tap gesture (`gesture tap`) or the control's activation
  /// (`activate`) on the view that handles the touch; a touch that lands on nothing, or on a
  /// view nothing above handles, is refused with where it landed.
  ///
  /// With another `gesture`, the finger does that instead (see
  /// ``touchTarget(at:gesture:)``): the result is that gesture's on the view whose recognizer
  /// takes it, or a long-pressed control's activation.
  public mutating func touch(at point: Point, gesture: GestureKind = .tap) -> ActionResult {
    let target = touchTarget(at: point, gesture: gesture)
    guard let responder = target.responder, let action = target.action,
      let view = builder.index.views[responder]
    else {
      let what = gesture == .tap ? "touch" : gesture.rawValue
      let reason = target.hitView.map {
        "the \(what) at \(point) landed on '\(touchName(of: $0))', which does nothing"
          + (gesture == .tap ? "" : " with it")
      }
      return ActionResult(
        action: .gesture(gesture), target: target.hitView,
        outcome: .refused(reason ?? "nothing at \(point)"), changes: [], announcements: [], focus: nil)
    }
    guard !state.traits(of: view).contains(.notEnabled) else {
      return ActionResult(
        action: action, target: responder, outcome: .refused("'\(touchName(of: responder))' is not enabled"),
        changes: [], announcements: [], focus: nil)
    }
    guard target.response == .control else {
      return apply(view.gestures.first { $0.kind == gesture }?.effects ?? [], actor: responder, action: action)
    }
    // The control's action is the one its `activate` handler models, so it answers the same
    // in a state where that handler says no (Brew with an empty cup), and a touch on a text
    // field begins editing it, as its activation does.
    return activateView(view, action: action)
  }

  /// Activates a view: a text field not being edited begins editing, anything else runs its
  /// `activate` handler (under its `succeedsWhen`).
  mutating func activateView(_ view: ViewNode, action: SceneAction) -> ActionResult {
    guard view.type == .textField, editingField != view.id else {
      return run(view.handlers[.activate] ?? [], when: view.succeedsWhen[.activate], actor: view.id, action: action)
    }
    return activateTextField(view)
  }

  /// The name a touch's outcome gives a view: its element's, or else its id.
  func touchName(of id: String) -> String {
    tree.element(id: id)?.displayName ?? id
  }
}

extension Scene {
  /// Whether a touch may be taken by a view other than the accessibility element under it:
  /// the scene has a tap gesture, or a view that handles touches (``TouchTarget``'s rule) that
  /// is no element or is out of the tree under an element, a hidden subtree, an `elements`
  /// list or a modal sibling.
  ///
  /// It errs towards `true`, and reads only the scene, so a front can work it out once and skip
  /// a view hit test per tap where the answer is `false` (most scenes).
  public var hasTouchRespondersOutsideTheTree: Bool {
    func takesTouches(_ view: ViewNode, hidden: Bool) -> Bool {
      if view.gestures.contains(where: { $0.kind == .tap }) || view.viewIsModal { return true }
      if SceneSession.handlesTouchAsControl(view) && (hidden || !view.isElement) { return true }
      let inner = hidden || view.isElement || view.elementsHidden || view.elements != nil
      return view.children.contains { takesTouches($0, hidden: inner) }
    }
    let roots = windows.map(\.root) + screens.flatMap { $0.windows.map(\.root) }
    return roots.contains { takesTouches($0, hidden: false) }
  }
}

