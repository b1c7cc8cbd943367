import AXModel
import SwitchControl

extension SwitchRoutes {
  /// The point-mode cost of touching a view that is no accessibility element, or `nil` when no
  /// touch performs the action on it: item scanning never stops on such a view, but point
  /// mode's Tap is a real touch, which reaches it where no element covers it (see
  /// `SwitchPathFinder.touchPath(to:goal:from:plans:withTranscript:)`).
  func touchCost(
    _ action: SceneAction, id: String, style: String, settings: SwitchSettings, start: SwitchScanner
  ) -> SwitchReach.Cost? {
    guard let goal = SwitchGoal(action: action),
      case .success(let path) = SwitchPathFinder(settings: settings).touchPath(
        to: id, goal: goal, from: start)
    else { return nil }
    return SwitchReach.Cost(
      action: action, style: style, menuPath: settings.tapBehavior == .default ? ["Tap"] : [],
      keys: KeyScript.text(path.keys), presses: path.presses, seconds: Double(path.milliseconds) / 1000,
      point: path.point, hits: true, failure: nil)
  }
}
