import AXModel
import AXTestSupport
import Testing
import VoiceControl

/// Which scroll view a bare "scroll right" moves when two carousels could
/// (`Scenes/music-shelves.json`): the one holding what was touched last, else
/// the field being edited, else the one nearest the screen's centre, and the message says so
/// when geometry chose.
@Suite("Scroll target")
struct ScrollTargetTests {
  /// A session on the two-carousel fixture.
  func shelves() throws -> VoiceSession {
    let scene = try SceneLoader().load(path: packagePath("Scenes/music-shelves.json"))
    return VoiceSession(scene: scene, vocabulary: try loadGrammar())
  }

  /// The scroll view an outcome scrolled, from its changes.
  func scrolled(_ outcome: VoiceOutcome) -> String? {
    for change in outcome.changes {
      if case .scrolled(let container, _, _) = change { return container }
    }
    return nil
  }

  @Test func withNothingTouchedTheCarouselNearestTheCentreScrollsAndTheMessageSaysSo() throws {
    var session = try shelves()
    let outcome = session.handle(utterance: "scroll right")
    #expect(outcome.kind == .done)
    // New releases' centre is 98 points from the screen's, Top picks' 162: the first in the
    // accessibility order (Top picks) is not what the eye takes for the one in the middle.
    #expect(scrolled(outcome) == "new-releases")
    #expect(
      outcome.message
        == "scroll right in 'New releases' (of 2 scroll views that scroll right, the one nearest the centre of the screen; say 'scroll right on Top picks' for the other)"
    )
  }

  @Test func theCarouselOfTheCardTouchedLastScrolls() throws {
    var session = try shelves()
    #expect(session.handle(utterance: "tap blue morning").kind == .done)
    #expect(session.lastTouched == "top-picks-1")
    let outcome = session.handle(utterance: "scroll right")
    #expect(scrolled(outcome) == "top-picks")
    #expect(outcome.message == "scroll right in 'Top picks'", "a touch decided: no note")
    // The carousel that scrolled is what was touched last: the next scroll moves it again.
    #expect(scrolled(session.handle(utterance: "scroll right")) == "top-picks")
    // At its end it can't move: the other is the only one left, and needs no note.
    let next = session.handle(utterance: "scroll right")
    #expect(scrolled(next) == "new-releases")
    #expect(next.message == "scroll right in 'New releases'")
  }

  @Test func aCarouselIsNamedByItsLabel() throws {
    var session = try shelves()
    let outcome = session.handle(utterance: "scroll right on top picks")
    #expect(outcome.kind == .done && outcome.match == .exact)
    #expect(scrolled(outcome) == "top-picks")
    #expect(scrolled(session.handle(utterance: "scroll left on top picks")) == "top-picks")
    #expect(session.handle(utterance: "scroll right on bottom picks").kind == .noSuchName)
  }

  @Test func aCardNamesItsCarousel() throws {
    var session = try shelves()
    #expect(scrolled(session.handle(utterance: "scroll right on harbour lights")) == "top-picks")
  }

  @Test func theFieldBeingEditedAnchorsTheScroll() throws {
    // Two lists side by side, each with a search field: editing the right one's field makes
    // "scroll down" scroll the right list, though the left one comes first.
    func list(_ id: String, x: Int) -> String {
      let rows = (0..<12).map { row in
        #"{"id": "\#(id)-\#(row)", "type": "button", "frame": [\#(x), \#(160 + row * 60), 195, 60], "text": "\#(id) row \#(row)"}"#
      }
      return #"""
        {"id": "\#(id)", "type": "scroll", "frame": [\#(x), 100, 195, 600], "label": "\#(id) list", "children": [
          {"id": "\#(id)-search", "type": "textField", "frame": [\#(x), 100, 195, 44], "label": "\#(id) search"},
          \#(rows.joined(separator: ",\n"))]}
        """#
    }
    let done = #"{"id": "done", "type": "button", "frame": [16, 40, 358, 44], "label": "Done"}"#
    var session = try makeSession(json: sceneJSON([list("left", x: 0), list("right", x: 195), done]))
    #expect(session.handle(utterance: "tap right search").kind == .done)
    // A tap outside both lists: what was touched last no longer names the right one, and the
    // lists tie on geometry, which would pick the left one first in the order.
    #expect(session.handle(utterance: "tap done").kind == .done)
    #expect(session.lastTouched == "done")
    #expect(session.sceneSession.editingField == "right-search")
    #expect(scrolled(session.handle(utterance: "scroll down")) == "right")
  }

  @Test func aSheetsListScrollsBeforeThePageBehindItThoughThePageWasTouched() throws {
    let scene = try SceneLoader().load(path: packagePath("Tests/Fixtures/scroll/sheet-over-page.json"))
    var session = VoiceSession(scene: scene, vocabulary: try loadGrammar())
    #expect(session.handle(utterance: "tap like").kind == .done)
    #expect(session.lastTouched == "like")
    #expect(scrolled(session.handle(utterance: "scroll down")) == "list")
  }

  @Test func theHintSaysWordsThatScrollTheOther() throws {
    // The Library button is also labelled "Top picks": "scroll right on Top picks" would find
    // the button, so the hint names a card of the carousel instead.
    let scene = try SceneLoader().load(path: packagePath("Tests/Fixtures/scroll/shelves-label-clash.json"))
    var session = VoiceSession(scene: scene, vocabulary: try loadGrammar())
    let outcome = session.handle(utterance: "scroll right")
    #expect(scrolled(outcome) == "new-releases")
    #expect(!outcome.message.contains("on Top picks"), "\(outcome.message)")
    let hint = try #require(outcome.message.firstRange(of: "say '")).upperBound
    let words = try #require(outcome.message[hint...].split(separator: "'").first).description
    #expect(words == "scroll right on Blue Morning")
    #expect(scrolled(session.handle(utterance: words)) == "top-picks", "\(words)")
  }

  @Test func noHintWhenNoWordsScrollTheOther() throws {
    // Two unlabelled carousels whose cards share names: nothing names the other one.
    let session = try makeSession(
      json: sceneJSON(
        (0..<2).map { shelf in
          let cards = (0..<4).map { card in
            #"{"id": "c\#(shelf)\#(card)", "type": "button", "frame": [\#(16 + card * 186), \#(160 + shelf * 300), 170, 180], "label": "Card \#(card)"}"#
          }
          return #"{"id": "s\#(shelf)", "type": "scroll", "frame": [0, \#(150 + shelf * 300), 390, 200], "children": [\#(cards.joined(separator: ","))]}"#
        }))
    let target = try #require(session.scrollTarget(.right))
    let note = try #require(target.note)
    #expect(!note.contains("say"), "\(note)")
  }

  @Test func theWordingThatScrollsAGivenCarousel() throws {
    var session = try shelves()
    #expect(session.scrollWording(toScroll: "new-releases", .right) == .bare)
    #expect(session.scrollWording(toScroll: "top-picks", .right) == .on("Top picks"))
    #expect(session.scrollWording(toScroll: "top-picks", .left) == nil, "it is at its start")
    _ = session.handle(utterance: "scroll right on top picks")
    #expect(session.scrollWording(toScroll: "top-picks", .right) == .bare, "touched last")
    // Without a label, an item on screen in it is named.
    var unlabelled = try makeSession(
      json: sceneJSON(
        (0..<2).map { shelf in
          let cards = (0..<4).map { card in
            #"{"id": "c\#(shelf)\#(card)", "type": "button", "frame": [\#(16 + card * 186), \#(160 + shelf * 300), 170, 180], "label": "Card \#(shelf) \#(card)"}"#
          }
          return #"{"id": "s\#(shelf)", "type": "scroll", "frame": [0, \#(150 + shelf * 300), 390, 200], "children": [\#(cards.joined(separator: ","))]}"#
        }))
    let first = try #require(unlabelled.scrollTarget(.right)).container
    let other = first == "s0" ? "s1" : "s0"
    let wording = try #require(unlabelled.scrollWording(toScroll: other, .right))
    guard case .on(let name) = wording else { Issue.record("\(wording)"); return }
    #expect(scrolled(unlabelled.handle(utterance: "scroll right on \(name)")) == other)
  }

  @Test(arguments: ["top-picks-6", "new-releases-6"])
  func aPlanSaidWithTheseWordsShowsTheCard(_ card: String) throws {
    var session = try shelves()
    let plan = try #require(session.sceneSession.scrollPlan(toShow: card))
    for step in plan.steps {
      for _ in 0..<step.pages {
        let wording = try #require(session.scrollWording(toScroll: step.container, step.direction))
        let item = if case .on(let name) = wording { " on \(name)" } else { "" }
        let words = "scroll \(step.direction.rawValue)" + item
        #expect(scrolled(session.handle(utterance: words)) == step.container, "\(words)")
      }
    }
    #expect(session.index.target(id: card) != nil, "the card is on screen and named")
  }

  @Test func aCarouselScrollsBeforeThePageAroundIt() throws {
    // The news feed's carousel is inside the feed: "scroll right" can only be the carousel,
    // and "scroll down" only the feed, whatever was touched.
    var session = try makeSession("news-feed")
    #expect(scrolled(session.handle(utterance: "scroll down")) == "feed")
    #expect(scrolled(session.handle(utterance: "scroll right")) == "popular")
    #expect(scrolled(session.handle(utterance: "scroll up")) == "feed")
  }
}
