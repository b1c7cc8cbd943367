import AXModel
import Testing
import VoiceControl

/// The on-screen keyboard covers the bottom 336 points of the screen while a field is edited
/// (`Scenes/sign-up.json`): Voice Control's names, numbers and grid don't reach what is behind
/// it until a scroll brings it above the keyboard; the tree, which VoiceOver reads, keeps it.
@Suite("Keyboard cover")
struct KeyboardCoverTests {
  @Test func theKeyboardIsTheBottom336PointsOfAPhoneScreen() {
    #expect(OnScreenKeyboard.frame(on: Size(width: 390, height: 844)) == Rect(x: 0, y: 508, width: 390, height: 336))
    // A shorter screen keeps its top: at most 40% of it (an iPhone SE's keyboard is 260).
    #expect(OnScreenKeyboard.frame(on: Size(width: 375, height: 667)) == Rect(x: 0, y: 400, width: 375, height: 267))
  }

  @Test func theKeyboardIsUpOnlyWhileAFieldIsEdited() throws {
    var session = SceneSession(scene: try loadScene("sign-up"))
    #expect(session.keyboardFrame == nil)
    let terms = try #require(session.tree.element(id: "terms"))
    #expect(!session.isUnderKeyboard(terms))
    #expect(session.activate("full-name").isDone)
    #expect(session.keyboardFrame == Rect(x: 0, y: 508, width: 390, height: 336))
    let covered = try #require(session.tree.element(id: "terms"))
    #expect(session.isUnderKeyboard(covered))
    #expect(covered.isOnScreen, "the tree keeps it: VoiceOver still reaches an element behind the keyboard")
    let newsletter = try #require(session.tree.element(id: "newsletter"))
    #expect(!session.isUnderKeyboard(newsletter))
    #expect(session.isOnKeyboard(Point(x: 195, y: 600)) && !session.isOnKeyboard(Point(x: 195, y: 400)))
  }

  @Test func numbersAndNamesLeaveOutWhatIsBehindTheKeyboard() throws {
    var session = try makeSession("sign-up")
    #expect(session.index.targets.map(\.id) == ["full-name", "email", "password", "newsletter", "terms", "create"])
    #expect(session.handle(utterance: "tap full name").kind == .done)
    #expect(session.index.targets.map(\.id) == ["full-name", "email", "password", "newsletter"])
    #expect(session.handle(utterance: "show numbers").message == "numbers 1 to 4 shown")
    let badges = try #require(session.overlaySnapshot()).badges.compactMap(\.id)
    #expect(!badges.contains("terms") && !badges.contains("create"))
  }

  @Test func aCommandNamingAnItemBehindTheKeyboardIsRefusedNotDictated() throws {
    var session = try makeSession("sign-up")
    _ = say(["tap full name", "ada"], to: &session)
    let outcome = session.handle(utterance: "tap create account")
    #expect(outcome.kind == .refused && outcome.intent == .tap)
    #expect(
      outcome.message
        == "no item named 'create account': 'Create account' is under the keyboard; scroll it above the keyboard, or end editing, to reach it"
    )
    #expect(session.sceneSession.text(of: "full-name") == "Ada", "nothing was typed")
    // Said bare, a name Voice Control can't see is dictated, as any words that are no command.
    #expect(session.handle(utterance: "accept terms").message == "dictated ' accept terms' into 'Full name'")
  }

  @Test func aGridCellOnTheKeyboardTouchesNothingOfTheApp() throws {
    var session = try makeSession("sign-up")
    _ = say(["tap full name", "show grid"], to: &session)
    let snapshot = try #require(session.overlaySnapshot())
    // The 3 x 3 grid's bottom row (centres at y 703) lies on the keyboard: no badge hits the app.
    let onKeyboard = snapshot.badges.filter { $0.frame.center.y > 508 }
    #expect(onKeyboard.count == 3)
    #expect(onKeyboard.allSatisfy { $0.hit == nil })
    #expect(snapshot.badges.first { $0.number == 1 }?.hit != nil)
    let outcome = session.handle(utterance: "tap 8")
    #expect(outcome.kind == .refused)
    #expect(outcome.message == "nothing of the app to touch at (195, 703.33): the keyboard covers it")
    #expect(session.overlay == nil, "the finger came down: the one-shot grid goes")
  }

  @Test func scrollingBringsAnItemAboveTheKeyboard() throws {
    var session = try makeSession("sign-up")
    _ = say(["tap full name", "ada lovelace", "tap password", "correct horse 7"], to: &session)
    #expect(session.handle(utterance: "scroll down").kind == .done)
    // One page of 240 points: the switch is at y 320 and the button at 460, above the keyboard.
    #expect(session.index.target(id: "terms") != nil && session.index.target(id: "create") != nil)
    #expect(session.handle(utterance: "tap accept terms").kind == .done)
    let created = session.handle(utterance: "tap create account")
    #expect(created.kind == .done && created.announcements == ["Account created"])
  }

  @Test func aKeyboardOverNothingHidesNoTarget() throws {
    // The login form's fields and buttons all lie above y 508: editing hides none of them.
    var session = try makeSession("login-form")
    let before = session.index.targets.map(\.id)
    #expect(session.handle(utterance: "轻点 邮箱").kind == .done)
    #expect(session.sceneSession.keyboardFrame != nil)
    #expect(session.index.targets.map(\.id) == before)
  }
}
