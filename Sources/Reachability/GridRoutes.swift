import AXModel
import VoiceControl

/// Plans the Voice Control grid route to a view that is no accessibility element but that a
/// real touch reaches (a tap gesture on an image view): "show grid", the cells to zoom into,
/// then "tap N" on a cell whose centre a touch there delivers to the view ("double tap N",
/// "long press N" or "swipe up N" for a gesture recognizer of that kind).
///
/// Names and numbers never find such a view; the grid does, since a grid tap is a touch (see
/// `SceneSession.touch(at:)`). Each level tries every cell's centre, then zooms into the cell
/// holding the view's activation point, up to the grid's last level.
struct GridRoutes {
  let session: SceneSession
  let phrases: CommandPhrases

  /// The route that performs `action` on view `id` by touching a grid cell, or `nil` when no
  /// cell's centre delivers that action to it; when a touch reaches a dimmed view, the route
  /// is that failure, since the view refuses the touch.
  func route(_ action: SceneAction, to id: String) -> VoiceReach.Route? {
    guard let view = session.builder.index.views[id], let show = phrases.phrase(.showGrid),
      let (gesture, intent, direction) = Self.touch(for: action)
    else {
      return nil
    }
    let screen = session.scene.screenFrame
    var grid = GridOverlay(
      columns: GridOverlay.defaultSize, rows: GridOverlay.defaultSize, isContinuous: false, screen: screen)
    let aim = view.activationPoint ?? view.frame.center
    var utterances = [show]
    while true {
      for (number, frame) in grid.cells {
        let touch = session.touchTarget(at: frame.center, gesture: gesture)
        if touch.responder == id, touch.action == action {
          // The touch reaches it, and is refused there: a dimmed control does nothing.
          if session.state.traits(of: view).contains(.notEnabled) {
            return VoiceReach.Route(action: action, utterances: [], failure: "it is dimmed (not enabled)")
          }
          // At the last level a bare number taps too, but "tap N" says what it does.
          guard let tap = phrases.phrase(intent, direction: direction, item: String(number)) else { return nil }
          return VoiceReach.Route(action: action, utterances: utterances + [tap], failure: nil)
        }
      }
      guard grid.canZoom, let cell = grid.cells.first(where: { $0.frame.contains(aim) })?.number else {
        return nil
      }
      grid.path.append(cell)
      utterances.append(String(cell))
    }
  }

  /// The gesture a grid cell's touch makes to perform an action, with the command that makes
  /// it; `nil` for an action no touch performs (an increment, a custom action).
  static func touch(for action: SceneAction) -> (GestureKind, VoiceIntent, VoiceDirection?)? {
    switch action {
    case .activate: return (.tap, .tap, nil)
    case .gesture(let kind):
      guard let (intent, direction) = VoiceRoutes.gestureIntent(kind) else { return nil }
      return (kind, intent, direction)
    default: return nil
    }
  }
}
