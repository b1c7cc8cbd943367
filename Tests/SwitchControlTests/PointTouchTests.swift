import AXModel
import SwitchControl
import Testing

/// Point mode delivers real touches: where no element is, a view that handles a touch (a tap
/// gesture on an image view outside the tree) is still reached, as on iOS.
@Suite("Point mode touches views that are not elements")
struct PointTouchTests {
  static let tapBehaviors: [TapBehavior] = [.default, .always, .auto]

  @Test("the path finder reaches a gesture-only photo, and replaying it runs the gesture", arguments: tapBehaviors)
  func reachesAGestureView(tap: TapBehavior) throws {
    let start = try makeScanner("photo-grid") {
      $0.mode = .point
      $0.tapBehavior = tap
    }
    #expect(start.session.tree.element(id: "photo-beach") == nil)
    let finder = SwitchPathFinder(settings: start.settings)
    let path = try finder.path(to: "photo-beach", from: start).get()
    let point = try #require(path.point)
    #expect(start.session.touchTarget(at: point).responder == "photo-beach")
    var replay = start
    let results = dispatched(replay.run(path.keys))
    #expect(results.count == 1)
    #expect(results.last?.action == .gesture(.tap))
    #expect(results.last?.target == "photo-beach")
    #expect(results.last?.isDone == true)
    #expect(replay.session.state.screenStack == ["start", "viewer"])
    // The planned path is the driven one.
    let planned = try finder.plannedPath(to: "photo-beach", from: start).get()
    #expect(planned.keys == path.keys)
    #expect(planned.milliseconds == path.milliseconds)
  }

  @Test("the menu on a touched view offers Tap, Refine and Item Mode")
  func touchMenu() throws {
    var scanner = try makeScanner("photo-grid") { $0.mode = .point }
    let path = try SwitchPathFinder(settings: scanner.settings).path(to: "photo-beach", from: scanner).get()
    // Every key but the last, which chooses Tap.
    let steps = scanner.run(Array(path.keys.dropLast()))
    #expect(steps.last?.menu == ["Tap", "Refine", "Item Mode"])
    #expect(steps.last?.notes.contains { $0.hasPrefix("point (") && $0.hasSuffix(" on photo-beach") } == true)
  }

  @Test("a photo whose image view keeps interaction off is missed, not tapped")
  func interactionOffIsAMiss() throws {
    let start = try makeScanner("photo-grid") { $0.mode = .point }
    let failure = try #require(
      SwitchPathFinder(settings: start.settings).path(to: "photo-dinner", from: start).failure)
    #expect(failure.reason.hasPrefix("not in the accessibility tree"))
    // Aimed at its centre by the same sweep as photo-hike's, the cursor reports a miss.
    let hike = try SwitchPathFinder(settings: start.settings).path(to: "photo-hike", from: start).get()
    let hikePoint = try #require(hike.point)
    #expect(start.session.touchTarget(at: Point(x: 324, y: hikePoint.y)).hitView == "photo-grid")
  }

  @Test("an element under the point still gets the element's menu")
  func elementsFirst() throws {
    let start = try makeScanner("photo-grid") { $0.mode = .point }
    let path = try SwitchPathFinder(settings: start.settings).path(to: "share", from: start).get()
    var replay = start
    let results = dispatched(replay.run(path.keys))
    #expect(results.map(\.action) == [.activate])
    #expect(results.last?.target == "share")
  }

  /// A Buy button half under a promotion image that takes taps; `interaction` is the image's
  /// `userInteractionEnabled`.
  static func coveredScene(interaction: Bool) -> String {
    """
    {"format": "axscene/1", "name": "Covered", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
       {"id": "buy", "type": "button", "text": "Buy", "frame": [20, 700, 350, 50], "on": {"activate": [{"announce": "Bought"}]}},
       {"id": "promo", "type": "image", "userInteractionEnabled": \(interaction), "frame": [0, 400, 390, 444],
        "gestures": [{"gesture": "tap", "effects": [{"announce": "Promo"}]}]}]}}]}
    """
  }

  @Test("a view in front that takes taps gets point mode's touch, not the element behind it")
  func coveringViewTakesTheTouch() throws {
    let start = try makeScanner(text: Self.coveredScene(interaction: true)) { $0.mode = .point }
    let failure = try #require(SwitchPathFinder(settings: start.settings).path(to: "buy", from: start).failure)
    #expect(failure.reason.hasPrefix("a touch at ("))
    #expect(failure.reason.hasSuffix(" lands on 'promo', drawn in front of it"))
    // Item mode activates the element whatever covers it: it acts through accessibility.
    let item = try makeScanner(text: Self.coveredScene(interaction: true))
    #expect(SwitchPathFinder(settings: item.settings).path(to: "buy", from: item).failure == nil)
  }

  @Test("a view in front with interaction off lets the touch through to the element")
  func interactionOffLetsTheTouchThrough() throws {
    let start = try makeScanner(text: Self.coveredScene(interaction: false)) { $0.mode = .point }
    let path = try SwitchPathFinder(settings: start.settings).path(to: "buy", from: start).get()
    var replay = start
    let results = dispatched(replay.run(path.keys))
    #expect(results.last?.target == "buy")
    #expect(replay.session.state.announced == ["Bought"])
  }
}
