import AXModel
import Testing
import VoiceControl

/// "Double tap N", "long press N" and "swipe left N" on a grid cell are real touches too: they
/// reach the view under the finger, not the accessibility element a hit test of the tree finds.
@Suite("Voice Control grid gestures deliver touches")
struct GridGestureTests {
  /// A 3 x 3 grid's cell 5 is centred at (195, 422). There a button (`open`) is covered by a
  /// view drawn in front of it that is no element (`sticker`, with a double tap and a long
  /// press); cell 4's centre (65, 422) is on a card view that is no element either, holding a
  /// label (which takes no touches), with a long press and a left swipe; cell 6's centre
  /// (325, 422) is on a plain button with no recognizer.
  static let scene = """
    {"format": "axscene/1", "name": "Gestures", "screen": {"width": 390, "height": 844},
     "vars": {"done": ""},
     "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
       {"id": "card", "type": "view", "frame": [0, 300, 130, 240],
        "gestures": [{"gesture": "longPress", "effects": [{"set": "done", "to": "card long press"}]},
                     {"gesture": "swipeLeft", "effects": [{"set": "done", "to": "card swipe"}]}],
        "children": [{"id": "card-title", "type": "label", "frame": [0, 400, 130, 44], "text": "Recipe"}]},
       {"id": "open", "type": "button", "frame": [130, 300, 130, 240], "text": "Open",
        "gestures": [{"gesture": "doubleTap", "effects": [{"set": "done", "to": "open double tap"}]}],
        "on": {"activate": [{"set": "done", "to": "open"}]}},
       {"id": "sticker", "type": "view", "frame": [150, 380, 90, 90],
        "gestures": [{"gesture": "doubleTap", "effects": [{"set": "done", "to": "sticker double tap"}]},
                     {"gesture": "longPress", "effects": [{"set": "done", "to": "sticker long press"}]}]},
       {"id": "save", "type": "button", "frame": [260, 300, 130, 240], "text": "Save",
        "on": {"activate": [{"set": "done", "to": "save"}]}}]}}]}
    """

  @Test(
    "a gesture on a cell goes to the view with a recognizer for it under the finger",
    arguments: [
      ("double tap 5", "sticker", GestureKind.doubleTap, "sticker double tap"),
      ("long press 5", "sticker", .longPress, "sticker long press"),
      ("long press 4", "card", .longPress, "card long press"),
      ("swipe left 4", "card", .swipeLeft, "card swipe"),
    ])
  func recognizer(utterance: String, target: String, gesture: GestureKind, done: String) throws {
    var session = try makeSession(json: Self.scene)
    // The tree's hit test finds the button behind the sticker, and the label on the card:
    // neither has the gesture, so only a real touch performs it.
    let point = utterance.hasSuffix("5") ? Point(x: 195, y: 422) : Point(x: 65, y: 422)
    #expect(session.sceneSession.tree.hitTest(point)?.id == (target == "sticker" ? "open" : "card-title"))
    let outcome = try #require(say(["show grid", utterance], to: &session).last)
    #expect(outcome.kind == .done)
    #expect(outcome.match == .gridCell)
    #expect(outcome.target == target)
    #expect(outcome.action == .gesture(gesture))
    #expect(outcome.results.map(\.action) == [.gesture(gesture)])
    #expect(session.sceneSession.state.values["done"] == .string(done))
    #expect(session.overlay == nil, "the one-shot grid goes after the touch")
  }

  @Test("a long press on a control with no recognizer activates it, as it fires on touch-up")
  func longPressOnControl() throws {
    var session = try makeSession(json: Self.scene)
    let outcome = try #require(say(["show grid", "long press 6"], to: &session).last)
    #expect(outcome.kind == .done)
    #expect(outcome.target == "save")
    #expect(outcome.action == .activate)
    #expect(session.sceneSession.state.values["done"] == .string("save"))
  }

  @Test(
    "a gesture nothing under the finger recognizes does nothing, and says where it landed",
    arguments: [
      ("double tap 6", "the doubleTap at (325, 422) landed on 'Save', which does nothing with it"),
      ("swipe up 5", "the swipeUp at (195, 422) landed on 'sticker', which does nothing with it"),
    ])
  func nothingRecognizes(utterance: String, message: String) throws {
    var session = try makeSession(json: Self.scene)
    let outcome = try #require(say(["show grid", utterance], to: &session).last)
    #expect(outcome.kind == .refused)
    #expect(outcome.message == message)
    #expect(session.sceneSession.state.values["done"] == .string(""))
    #expect(session.overlay == nil, "the finger came down: the grid goes")
  }

  @Test("the scene's own touch API takes the gesture: the nearest recognizer up the chain")
  func touchTarget() throws {
    let session = SceneSession(scene: try SceneLoader().load(text: Self.scene))
    let label = session.touchTarget(at: Point(x: 65, y: 422), gesture: .longPress)
    #expect(label.hitView == "card")
    #expect(label.responder == "card")
    #expect(label.response == .gesture(.longPress))
    // A tap there finds nothing: the card has no tap gesture and is no control.
    #expect(session.touchTarget(at: Point(x: 65, y: 422)).responder == nil)
    // The sticker covers the button for every gesture it recognizes, and a tap falls through
    // to nothing, since the sticker is hit and handles no tap.
    #expect(session.touchTarget(at: Point(x: 195, y: 422), gesture: .doubleTap).responder == "sticker")
    #expect(session.touchTarget(at: Point(x: 195, y: 422)).responder == nil)
  }
}
