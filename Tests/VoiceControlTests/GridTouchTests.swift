import AXModel
import Testing
import VoiceControl

/// A grid tap is a real touch: it reaches views that are not accessibility elements.
@Suite("Voice Control grid taps deliver touches")
struct GridTouchTests {
  @Test("tapping a cell over a gesture-only photo runs its gesture")
  func photo() throws {
    var session = try makeSession("photo-grid")
    let outcomes = say(["show grid", "tap 1"], to: &session)
    let tap = try #require(outcomes.last)
    #expect(tap.kind == .done)
    #expect(tap.action == .gesture(.tap))
    #expect(tap.target == "photo-beach")
    #expect(tap.match == .gridCell)
    #expect(tap.results.map(\.action) == [.gesture(.tap)])
    #expect(session.sceneSession.state.values["opened"] == .string("Beach"))
  }

  @Test("a bare number at the last level touches too")
  func lastLevel() throws {
    var session = try makeSession("photo-grid")
    // Zoom four times into cell 1 (the top-left ninth each time) to the fifth level: the last
    // one's cells lie in the top-left corner, over the root view, which does nothing.
    let outcomes = say(["show grid", "1", "1", "1", "1", "1"], to: &session)
    let last = try #require(outcomes.last)
    #expect(last.kind == .refused)
    #expect(last.message.hasSuffix("landed on 'album-screen', which does nothing"))
  }

  @Test(
    "where a touch lands on nothing that handles it, the outcome says where", arguments: [
      ("tap 4", "the touch at (65, 422) landed on 'banner', which does nothing")
    ])
  func nothingThere(utterance: String, message: String) throws {
    var session = try makeSession("photo-grid")
    let outcomes = say(["show grid", utterance], to: &session)
    #expect(outcomes.last?.kind == .refused)
    #expect(outcomes.last?.message == message)
  }

  @Test("an image view left at its default takes no touch: the grid's tap falls through")
  func interactionOff() throws {
    var session = try makeSession("photo-grid")
    // Cell 3 of the first grid is centred on photo-dinner.
    let outcomes = say(["show grid", "tap 3"], to: &session)
    #expect(outcomes.last?.kind == .refused)
    #expect(outcomes.last?.message.contains("landed on 'photo-grid'") == true)
    #expect(session.sceneSession.state.values["opened"] == .string(""))
  }

  @Test("a zero-size button gets no name and no number; a sized one does")
  func zeroSizeSkipped() throws {
    let session = try makeSession(
      json: sceneJSON([
        #"{"id": "ghost", "type": "button", "text": "Ghost", "frame": [100, 100, 0, 0]}"#,
        #"{"id": "real", "type": "button", "text": "Real", "frame": [100, 200, 80, 44]}"#,
      ]))
    #expect(session.index.targets.map(\.id) == ["real"])
    #expect(session.index.target(number: 1)?.id == "real")
    let ghost = try #require(session.sceneSession.tree.element(id: "ghost"))
    #expect(!VoiceTarget.isTarget(ghost), "the public rule agrees with the index")
  }
}
