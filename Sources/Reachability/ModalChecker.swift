import AXModel

/// Checks the modal views of a screen: that escape dismisses each, and that focus then returns
/// to the element that presented it (seeds 002 and 003, item 8).
struct ModalChecker {
  let screen: String
  let setup: [PlannedStep]
  let session: SceneSession

  /// The shown views marked `accessibilityViewIsModal`, outermost first.
  func modalViews() -> [ViewNode] {
    var found: [ViewNode] = []
    var stack = session.builder.shownWindows(session.state).map(\.root)
    while let view = stack.popLast() {
      guard session.isShown(view.id) else { continue }
      if view.viewIsModal { found.append(view) }
      stack.append(contentsOf: view.children)
    }
    return found
  }

  func findings() -> [Finding] {
    guard let modal = modalViews().last else { return [] }
    let location = modal.location
    func finding(_ rule: ReachRule, _ message: String) -> Finding {
      Finding(rule: rule, screen: screen, target: modal.id, message: message, location: location)
    }
    var findings: [Finding] = []
    var escaped = session
    let result = escaped.perform(.escape, on: nil)
    let dismissed = result.isDone && !escaped.isShown(modal.id)
    var closed: SceneSession? = dismissed ? escaped : nil
    if !dismissed {
      let why = result.isDone ? "escape runs but leaves it shown" : "nothing handles escape"
      findings.append(
        finding(.modalWithoutEscape, "the modal view '\(modal.id)' can't be dismissed with escape: \(why)"))
      closed = dismissedByActivation(modal)
    }
    if let presenter = presenter(of: modal), let closed, closed.tree.element(id: presenter) != nil,
      closed.state.focus != presenter
    {
      let focus = closed.state.focus.map { "'\($0)'" } ?? "the first element"
      let screen = session.builder.index.screens[modal.id]
      let isOverlay = session.scene.screens.contains { $0.name == screen && $0.isOverlay }
      let why =
        isOverlay
        ? " (the app draws it as an overlay, so UIKit returns no focus: post screenChanged with '\(presenter)' when it closes)"
        : ""
      findings.append(
        finding(
          .focusNotReturned,
          "after '\(modal.id)' is dismissed, focus goes to \(focus), not to '\(presenter)' that presented it\(why)"))
    }
    return findings
  }

  /// The element that presented the modal: the one the session recorded for its screen, else
  /// the last step of the setup (which showed it).
  ///
  /// The session returns the focus to a recorded presenter when a UIKit-presented screen is
  /// dismissed, so the finding is left for what UIKit does not cover: an overlay the app draws
  /// itself (`"overlay": true`), and a dismissal that moves the focus elsewhere on purpose.
  func presenter(of modal: ViewNode) -> String? {
    if let screen = session.builder.index.screens[modal.id],
      let recorded = session.state.presenters[screen]
    {
      return recorded
    }
    return setup.last?.target
  }

  /// The session after activating the first element that dismisses the modal, if one does.
  func dismissedByActivation(_ modal: ViewNode) -> SceneSession? {
    for element in session.tree.elements where element.ancestors.contains(modal.id) || element.id == modal.id {
      var trial = session
      if trial.perform(.activate, on: element.id).isDone, !trial.isShown(modal.id) { return trial }
    }
    return nil
  }
}
