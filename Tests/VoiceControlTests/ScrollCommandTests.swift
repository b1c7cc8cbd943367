import AXModel
import Testing
import VoiceControl

/// Voice Control's scroll commands on scroll views with content beyond the screen, and names
/// and numbers limited to what is on screen.
@Suite struct ScrollCommandTests {
  @Test("a row below the fold has no name until it is scrolled into view")
  func namesFollowTheScroll() throws {
    var session = try makeSession("archive")
    let before = session.handle(utterance: "tap yara haddad")
    #expect(before.kind == .noSuchName)
    let scrolled = say(["scroll down", "scroll down"], to: &session)
    #expect(scrolled.map(\.announcements) == [["Page 2 of 3"], ["Page 3 of 3"]])
    #expect(scrolled[0].changes.contains(.cameOnScreen(element: "message-11")))
    let after = session.handle(utterance: "tap yara haddad")
    #expect(after.kind == .done)
    #expect(after.target == "message-25")
    // The rows scrolled away lost their names in turn.
    #expect(session.handle(utterance: "tap alice chen").kind == .noSuchName)
  }

  @Test("numbers cover only the items on screen, and are renumbered after a scroll")
  func numbersFollowTheScroll() throws {
    var session = try makeSession("archive")
    let shown = session.handle(utterance: "show numbers continuously")
    #expect(shown.message == "numbers 1 to 12 shown continuously")  // 2 buttons in the bar, 10 rows
    _ = session.handle(utterance: "scroll down")
    let tapped = session.handle(utterance: "3")
    #expect(tapped.target == "message-11")
  }

  @Test("at the end, and across an axis with no content, the scroll is refused with the reason")
  func refusals() throws {
    var session = try makeSession("archive")
    #expect(session.handle(utterance: "scroll up").message == "'Archive' is already at the top")
    let across = session.handle(utterance: "scroll right")
    #expect(across.message == "'Archive' does not scroll horizontally: its content fits in it")
    _ = session.handle(utterance: "scroll to bottom")
    #expect(session.handle(utterance: "scroll down").message == "'Archive' is already at the bottom")
    #expect(session.handle(utterance: "scroll to top").announcements == ["Page 1 of 3"])
  }

  /// A vertical list holding a horizontal carousel, with a sheet's list in front.
  static let nested = sceneJSON([
    #"""
    {"id": "page", "type": "scroll", "frame": [0, 0, 390, 844], "label": "Page", "children": [
      {"id": "carousel", "type": "scroll", "frame": [0, 100, 390, 100], "label": "Photos", "children": [
        {"id": "photo-1", "type": "button", "frame": [0, 100, 390, 100], "label": "Beach"},
        {"id": "photo-2", "type": "button", "frame": [390, 100, 390, 100], "label": "Harbour"}]},
      {"id": "footer", "type": "button", "frame": [0, 1600, 390, 44], "label": "Imprint"}]}
    """#
  ])

  @Test(
    "the frontmost scroll view that moves that way scrolls",
    arguments: [("scroll right", "carousel"), ("scroll down", "page")])
  func frontmost(utterance: String, container: String) throws {
    var session = try makeSession(json: Self.nested)
    let outcome = session.handle(utterance: utterance)
    #expect(outcome.kind == .done, "\(outcome.message)")
    #expect(outcome.target == container)
  }

  @Test("scrolling the carousel reveals its next photo by name")
  func carousel() throws {
    var session = try makeSession(json: Self.nested)
    #expect(session.handle(utterance: "tap harbour").kind == .noSuchName)
    _ = session.handle(utterance: "scroll right")
    #expect(session.handle(utterance: "tap harbour").target == "photo-2")
  }

  @Test("zh-CN says the same scrolls")
  func chinese() throws {
    var session = try makeSession("archive", language: "zh-CN")
    let outcome = session.handle(utterance: "向下滚动")
    #expect(outcome.kind == .done)
    #expect(outcome.announcements == ["Page 2 of 3"])
  }
}
