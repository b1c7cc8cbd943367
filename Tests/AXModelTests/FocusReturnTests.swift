import AXModel
import Testing

/// Layout notifications and where the focus goes after them: `screenChanged`, `layoutChanged`,
/// the old `focus` effect, and the return to the presenter when a presented screen goes.
@Suite("Focus and layout notifications")
struct FocusReturnTests {
  static let page = """
    {"id": "title", "type": "label", "text": "Inbox", "frame": [0, 0, 400, 40]},
    {"id": "open", "type": "button", "text": "Compose", "frame": [0, 50, 200, 40],
     "on": {"activate": [{"present": "sheet"}]}},
    {"id": "overlay-button", "type": "button", "text": "Sort", "frame": [0, 100, 200, 40],
     "on": {"activate": [{"present": "popover"}]}},
    {"id": "delete", "type": "button", "text": "Delete", "frame": [0, 150, 200, 40],
     "on": {"activate": [{"present": "confirm"}]}},
    {"id": "refresh", "type": "button", "text": "Refresh", "frame": [0, 200, 200, 40],
     "on": {"activate": [{"hide": "banner"}, {"layoutChanged": true}]}},
    {"id": "banner", "type": "button", "text": "Banner", "frame": [0, 250, 200, 40],
     "on": {"activate": [{"hide": true}, {"layoutChanged": true}]}},
    {"id": "reset", "type": "button", "text": "Reset", "frame": [0, 300, 200, 40],
     "on": {"activate": [{"screenChanged": true}]}},
    {"id": "jump", "type": "button", "text": "Jump", "frame": [0, 350, 200, 40],
     "on": {"activate": [{"focus": "title"}]}}
    """
  static let screens = """
    {"sheet": {"windows": [{"level": 1, "root": {"id": "sheet-root", "viewIsModal": true, "frame": [0, 400, 400, 400],
       "on": {"escape": [{"dismiss": true}]},
       "children": [
         {"id": "sheet-title", "type": "label", "text": "New Message", "frame": [0, 400, 400, 40]},
         {"id": "cancel", "type": "button", "text": "Cancel", "frame": [0, 450, 100, 40], "on": {"activate": [{"dismiss": true}]}},
         {"id": "send", "type": "button", "text": "Send", "frame": [100, 450, 100, 40],
          "on": {"activate": [{"dismiss": true}, {"focus": "title"}]}}]}}]},
     "popover": {"overlay": true, "windows": [{"level": 1, "root": {"id": "popover-root", "viewIsModal": true, "frame": [0, 400, 400, 100],
       "children": [{"id": "close-popover", "type": "button", "text": "Close", "frame": [0, 400, 100, 40],
         "on": {"activate": [{"dismiss": true}]}}]}}]},
     "confirm": {"windows": [{"level": 1, "root": {"id": "confirm-root", "viewIsModal": true, "frame": [0, 400, 400, 100],
       "children": [{"id": "confirm-delete", "type": "button", "text": "Confirm", "frame": [0, 400, 100, 40],
         "on": {"activate": [{"dismiss": true}, {"remove": "delete"}]}}]}}]}}
    """

  func session() throws -> SceneSession {
    SceneSession(scene: try makeScene(Self.page, screens: Self.screens))
  }

  /// The focus after activating each element in turn, with the notification of the last.
  func run(_ steps: [String], escapeLast: Bool = false) throws -> (String?, LayoutNotification?) {
    var session = try session()
    var last: ActionResult?
    for step in steps { last = session.activate(step) }
    if escapeLast { last = session.escape() }
    return (session.state.focus, last?.notification)
  }

  static let cases: [(steps: [String], escape: Bool, focus: String?, notification: LayoutNotification?)] = [
    // Presenting: screenChanged, the first element of the sheet.
    (["open"], false, "sheet-title", .screenChanged),
    // Dismissing a presented screen returns the focus to the button that presented it.
    (["open", "cancel"], false, "open", .screenChanged),
    (["open"], true, "open", .screenChanged),
    // An explicit focus on dismissal wins over the return.
    (["open", "send"], false, "title", .screenChanged),
    // An overlay the app draws itself gets no return: the first element.
    (["overlay-button", "close-popover"], false, "title", .screenChanged),
    // The presenter removed by the dismissing action: the first element.
    (["delete", "confirm-delete"], false, "title", .screenChanged),
    // layoutChanged without an argument keeps the focus while its element remains.
    (["jump", "refresh"], false, "title", .layoutChanged),
    // screenChanged without an argument: the first element, even on the same screen.
    (["reset"], false, "title", .screenChanged),
    // focus on the same screen is layoutChanged with the argument, as it always moved it.
    (["jump"], false, "title", .layoutChanged),
  ]

  @Test("focus and notification after each sequence", arguments: cases)
  func focusAfter(steps: [String], escape: Bool, focus: String?, notification: LayoutNotification?) throws {
    let (actual, posted) = try run(steps, escapeLast: escape)
    #expect(actual == focus)
    #expect(posted == notification)
  }

  @Test("layoutChanged without an argument leaves a remaining focus unmoved and reports no move")
  func layoutChangedKeepsFocus() throws {
    var session = try session()
    _ = session.activate("open")
    _ = session.activate("cancel")
    #expect(session.state.focus == "open")
    let result = session.activate("refresh")
    #expect(result.notification == .layoutChanged)
    #expect(result.focus == nil)
    #expect(session.state.focus == "open")
  }

  @Test("a layoutChanged whose focused element went moves the focus to the first element")
  func layoutChangedLostFocus() throws {
    var session = try session()
    _ = session.activate("open")
    _ = session.activate("cancel")
    // Focus on the banner, then the banner hides itself.
    var state = session.state
    state.focus = "banner"
    session = SceneSession(builder: session.builder, state: state)
    let result = session.activate("banner")
    #expect(result.focus == "title")
  }

  @Test("the presenter is recorded while its screen is shown and forgotten when it goes")
  func presenters() throws {
    var session = try session()
    _ = session.activate("open")
    #expect(session.state.presenters == ["sheet": "open"])
    _ = session.escape()
    #expect(session.state.presenters.isEmpty)
  }

  @Test("dismissing a sheet and the alert it presented returns to the sheet's presenter")
  func nestedDismissal() throws {
    let scene = try makeScene(
      #"{"id": "title", "type": "label", "text": "Inbox", "frame": [0, 0, 400, 40]}, {"id": "open", "type": "button", "text": "Compose", "frame": [0, 50, 200, 40], "on": {"activate": [{"present": "sheet"}]}}"#,
      screens: #"""
        {"sheet": {"windows": [{"level": 1, "root": {"id": "sheet-root", "viewIsModal": true, "frame": [0, 400, 400, 400], "children": [
           {"id": "discard", "type": "button", "text": "Discard", "frame": [0, 400, 100, 40], "on": {"activate": [{"present": "alert"}]}}]}}]},
         "alert": {"windows": [{"level": 2, "root": {"id": "alert-root", "viewIsModal": true, "frame": [0, 600, 400, 100], "children": [
           {"id": "confirm", "type": "button", "text": "Confirm", "frame": [0, 600, 100, 40],
            "on": {"activate": [{"dismiss": "alert"}, {"dismiss": "sheet"}]}}]}}]}}
        """#)
    var session = SceneSession(scene: scene)
    _ = session.activate("open")
    _ = session.activate("discard")
    #expect(session.state.presenters == ["sheet": "open", "alert": "discard"])
    let result = session.activate("confirm")
    #expect(result.notification == .screenChanged)
    #expect(result.focus == "open", "the alert's presenter went with the sheet")
  }

  @Test("an action without a notification posts none and leaves the focus")
  func noNotification() throws {
    var session = SceneSession(
      scene: try makeScene(
        #"{"id": "a", "type": "button", "text": "A", "frame": [0, 0, 100, 40], "on": {"activate": [{"announce": "hi"}]}}"#))
    let result = session.activate("a")
    #expect(result.notification == nil)
    #expect(result.focus == nil)
  }

  static let badEffects: [(String, String)] = [
    (#"{"screenChanged": 3}"#, "expected true or a view id"),
    (#"{"layoutChanged": "nowhere"}"#, "no view id 'nowhere'"),
    (#"{"screenChanged": "a", "target": "a"}"#, "takes its element as the argument, not a target"),
  ]

  @Test("bad notification effects are located errors", arguments: badEffects)
  func badEffect(effect: String, message: String) throws {
    let error = #expect(throws: SceneError.self) {
      try makeScene(
        #"{"id": "a", "type": "button", "text": "A", "frame": [0, 0, 100, 40], "on": {"activate": [\#(effect)]}}"#)
    }
    #expect(error?.description.contains(message) == true)
  }
}
