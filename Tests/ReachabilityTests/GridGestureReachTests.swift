import AXModel
import AXTestSupport
import Reachability
import Testing

/// A view outside the tree that a gesture recognizer makes interactive is reached by the grid
/// with that gesture, since "double tap N", "long press N" and "swipe left N" are real touches.
@Suite("axreach report: grid gestures on views outside the tree")
struct GridGestureReachTests {
  static let scene = """
    {"format": "axscene/1", "name": "Gestures", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
       {"id": "card", "type": "view", "frame": [0, 300, 130, 240],
        "gestures": [{"gesture": "longPress", "effects": [{"announce": "Card menu"}]},
                     {"gesture": "swipeLeft", "effects": [{"announce": "Card dismissed"}]}]},
       {"id": "open", "type": "button", "frame": [130, 300, 130, 240], "text": "Open",
        "on": {"activate": [{"announce": "Opened"}]}},
       {"id": "sticker", "type": "view", "frame": [150, 380, 90, 90],
        "gestures": [{"gesture": "doubleTap", "effects": [{"announce": "Liked"}]}]}]}}]}
    """

  @Test(
    "each gesture of a view outside the tree has its grid command on the cell over it",
    arguments: [
      ("card", SceneAction.gesture(.longPress), ["show grid", "long press 4"]),
      ("card", .gesture(.swipeLeft), ["show grid", "swipe left 4"]),
      ("sticker", .gesture(.doubleTap), ["show grid", "double tap 5"]),
    ])
  func gridGesture(id: String, action: SceneAction, utterances: [String]) throws {
    let scene = try SceneLoader().load(text: Self.scene, path: "gestures.json")
    var report = try ReachFixtures.report(scene)
    let target = try #require(report.screens[0].targets.first { $0.id == id })
    #expect(!target.isInTree)
    let route = try #require(target.voice.routes.first { $0.action == action })
    #expect(route.failure == nil)
    #expect(route.utterances == utterances)
    // The replay says each route to its end in a voice session: the touch performs the gesture.
    let mismatches = report.verify(scene: scene, force: true)
    #expect(mismatches.isEmpty, "\(mismatches.map(\.description))")
  }
}
