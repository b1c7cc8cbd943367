import AXModel
import Testing

/// Two windows over a 400 x 800 screen, for the view hit-test table: views that are not
/// elements, hidden and transparent ones, interaction off, subviews outside their parent.
private let touchScene = """
  {"id": "back", "frame": [0, 0, 200, 100], "gestures": [{"gesture": "tap", "effects": [{"set": "hit", "to": "back"}]}]},
  {"id": "front", "frame": [0, 0, 100, 100], "gestures": [{"gesture": "tap", "effects": [{"set": "hit", "to": "front"}]}]},
  {"id": "ghost", "frame": [0, 0, 50, 50], "hidden": true, "gestures": [{"gesture": "tap", "effects": []}]},
  {"id": "faint", "frame": [50, 0, 50, 50], "alpha": 0.005, "gestures": [{"gesture": "tap", "effects": []}]},
  {"id": "photo", "type": "image", "frame": [0, 200, 100, 100], "gestures": [{"gesture": "tap", "effects": []}]},
  {"id": "enabled-photo", "type": "image", "frame": [200, 200, 100, 100], "userInteractionEnabled": true,
   "gestures": [{"gesture": "tap", "effects": [{"set": "hit", "to": "photo"}]}]},
  {"id": "caption", "type": "label", "text": "Caption", "frame": [0, 300, 100, 50]},
  {"id": "card", "frame": [0, 400, 100, 100], "gestures": [{"gesture": "tap", "effects": [{"set": "hit", "to": "card"}]}],
   "children": [{"id": "card-art", "type": "view", "frame": [0, 400, 100, 50]},
                {"id": "spill", "frame": [100, 400, 100, 50], "gestures": [{"gesture": "tap", "effects": []}]}]},
  {"id": "off", "frame": [200, 400, 100, 100], "userInteractionEnabled": false,
   "children": [{"id": "inside-off", "type": "button", "text": "In", "frame": [200, 400, 50, 50]}]},
  {"id": "pay", "type": "button", "text": "Pay", "frame": [0, 600, 100, 50], "on": {"activate": [{"set": "hit", "to": "pay"}]}},
  {"id": "dimmed", "type": "button", "text": "Dimmed", "traits": ["notEnabled"], "frame": [200, 600, 100, 50],
   "on": {"activate": [{"set": "hit", "to": "dimmed"}]}},
  {"id": "modal-note", "frame": [300, 0, 100, 100], "viewIsModal": true}
  """

/// A window at level 1 whose root only covers the bottom strip.
private let stripWindow = #"""
  , {"level": 1, "root": {"id": "strip", "frame": [0, 750, 400, 50], "gestures": [{"gesture": "tap", "effects": [{"set": "hit", "to": "strip"}]}]}}
  """#

private func touchSession() throws -> SceneSession {
  SceneSession(
    scene: try makeScene(touchScene, windows: stripWindow, vars: #"{"hit": ""}"#))
}

@Suite("Touches hit-test views as UIKit's hitTest(_:with:) does")
struct ViewHitTestTests {
  @Test(
    "the deepest frontmost view that takes touches", arguments: [
      (Point(x: 10, y: 10), "front"),  // front to back: the later sibling; the hidden one skipped
      (Point(x: 60, y: 10), "front"),  // alpha below 0.01 takes no touches
      (Point(x: 150, y: 10), "back"),
      (Point(x: 10, y: 210), "root"),  // UIImageView: user interaction off by default
      (Point(x: 210, y: 210), "enabled-photo"),
      (Point(x: 10, y: 310), "root"),  // UILabel too
      (Point(x: 10, y: 410), "card-art"),
      (Point(x: 150, y: 410), "root"),  // outside its parent's frame: missed with the parent
      (Point(x: 210, y: 410), "root"),  // a superview with interaction off hides its subviews
      (Point(x: 350, y: 50), "modal-note"),  // viewIsModal hides nothing from touches
      (Point(x: 10, y: 760), "strip"),  // the window in front, where its root holds the point
      (Point(x: 10, y: 700), "root"),
    ])
  func hitView(point: Point, expected: String) throws {
    let session = try touchSession()
    let view = ViewHitTest(builder: session.builder, state: session.state).view(at: point)
    #expect(view?.id == expected)
  }

  @Test("the chain runs from the window's root down to the hit view")
  func chain() throws {
    let session = try touchSession()
    let chain = ViewHitTest(builder: session.builder, state: session.state).chain(at: Point(x: 10, y: 410))
    #expect(chain.map(\.id) == ["root", "card", "card-art"])
    #expect(ViewHitTest(builder: session.builder, state: session.state).chain(at: Point(x: 500, y: 10)).isEmpty)
  }

  @Test("labels and image views take no touches unless enabled; other types do", arguments: ViewType.allCases)
  func interactionDefaults(type: ViewType) {
    var view = ViewNode(id: "v", type: type)
    #expect(view.isUserInteractionEnabled == (type != .label && type != .image))
    view.userInteractionEnabled = true
    #expect(view.isUserInteractionEnabled)
    view.userInteractionEnabled = false
    #expect(!view.isUserInteractionEnabled)
  }

  @Test("a removed view and one hidden at run time take no touches")
  func runtimeChanges() throws {
    var session = try touchSession()
    var state = session.state
    state.removed.insert("front")
    #expect(ViewHitTest(builder: session.builder, state: state).view(at: Point(x: 10, y: 10))?.id == "back")
    state.hiddenOverrides["back"] = true
    #expect(ViewHitTest(builder: session.builder, state: state).view(at: Point(x: 10, y: 10))?.id == "root")
    _ = session.touch(at: Point(x: 10, y: 10))
    #expect(session.state.values["hit"] == .string("front"))
  }
}

@Suite("SceneSession.touch(at:) delivers a touch to the view under it")
struct TouchDeliveryTests {
  @Test(
    "the nearest handler from the hit view up runs", arguments: [
      (Point(x: 10, y: 10), SceneAction.gesture(.tap), "front", "front"),
      (Point(x: 210, y: 210), .gesture(.tap), "enabled-photo", "photo"),
      (Point(x: 10, y: 410), .gesture(.tap), "card", "card"),  // from card-art up to card
      (Point(x: 10, y: 610), .activate, "pay", "pay"),  // a control runs its activate handlers
      (Point(x: 10, y: 760), .gesture(.tap), "strip", "strip"),
    ])
  func delivered(point: Point, action: SceneAction, responder: String, hit: String) throws {
    var session = try touchSession()
    let result = session.touch(at: point)
    #expect(result.isDone)
    #expect(result.action == action)
    #expect(result.target == responder)
    #expect(result.changes.contains(.variable(name: "hit", from: .string(""), to: .string(hit))))
    #expect(session.state.values["hit"] == .string(hit))
  }

  @Test(
    "a touch that does nothing says where it landed", arguments: [
      (Point(x: 10, y: 210), "root", "the touch at (10, 210) landed on 'root', which does nothing"),
      (Point(x: 500, y: 10), nil, "nothing at (500, 10)"),
      // Out of the tree (modal-note hides its siblings from it), a view goes by its id.
      (Point(x: 210, y: 610), "dimmed", "'dimmed' is not enabled"),
    ])
  func refused(point: Point, target: String?, reason: String) throws {
    var session = try touchSession()
    let before = session.state
    let result = session.touch(at: point)
    #expect(result.outcome == .refused(reason))
    #expect(result.target == target)
    #expect(result.changes.isEmpty)
    #expect(session.state == before)
  }

  @Test("a presented screen covers the one behind it")
  func presentedScreenCovers() throws {
    let scene = try makeScene(
      #"{"id": "open", "type": "button", "text": "Open", "frame": [0, 0, 100, 50], "on": {"activate": [{"present": "sheet"}]}}"#,
      screens: #"{"sheet": {"windows": [{"root": {"id": "sheet", "frame": [0, 0, 400, 800], "children": [{"id": "close", "type": "button", "text": "Close", "frame": [300, 0, 100, 50], "on": {"activate": [{"dismiss": "sheet"}]}}]}}]}}"#)
    var session = SceneSession(scene: scene)
    #expect(session.touch(at: Point(x: 10, y: 10)).changes.contains(.presented(screen: "sheet")))
    let covered = session.touch(at: Point(x: 10, y: 10))
    #expect(covered.outcome == .refused("the touch at (10, 10) landed on 'sheet', which does nothing"))
    #expect(session.touch(at: Point(x: 310, y: 10)).changes.contains(.dismissed(screen: "sheet")))
  }

  @Test("a gesture recognizer on a control comes before its activate handlers")
  func gestureBeforeControl() throws {
    let scene = try makeScene(
      #"{"id": "b", "type": "button", "text": "B", "frame": [0, 0, 100, 50], "on": {"activate": [{"set": "x", "to": "activate"}]}, "gestures": [{"gesture": "tap", "effects": [{"set": "x", "to": "gesture"}]}]}"#,
      vars: #"{"x": ""}"#)
    var session = SceneSession(scene: scene)
    #expect(session.touchTarget(at: Point(x: 10, y: 10)).response == .tapGesture)
    _ = session.touch(at: Point(x: 10, y: 10))
    #expect(session.state.values["x"] == .string("gesture"))
  }
}

@Suite("Whether a touch may be taken by a view outside the tree")
struct TouchRespondersOutsideTheTreeTests {
  static let button = #"{"id": "b", "type": "button", "text": "B", "frame": [0, 0, 100, 44]}"#

  @Test(
    "only views that handle touches out of the tree count",
    arguments: [
      // Elements only: a touch on one is the element's.
      (button + #", {"id": "l", "type": "label", "text": "L", "frame": [0, 50, 100, 44]}"#, false),
      // A tap gesture anywhere.
      (#"{"id": "p", "type": "image", "frame": [0, 0, 100, 100], "gestures": [{"gesture": "tap", "effects": []}]}"#, true),
      // A control inside a cell: the cell is the element, the switch still takes touches.
      (#"{"id": "c", "type": "cell", "frame": [0, 0, 390, 44], "children": [{"id": "s", "type": "switch", "frame": [300, 6, 51, 31]}]}"#, true),
      // A control that is no element.
      (#"{"id": "b", "type": "button", "text": "B", "isAccessibilityElement": false, "frame": [0, 0, 100, 44]}"#, true),
      // A control in a subtree hidden from assistive technology.
      (#"{"id": "v", "frame": [0, 0, 390, 44], "elementsHidden": true, "children": ["# + button + "]}", true),
      // A modal view hides its siblings from the tree, not from touches.
      (button + #", {"id": "m", "frame": [0, 100, 390, 100], "viewIsModal": true}"#, true),
    ])
  func responders(children: String, expected: Bool) throws {
    #expect(try makeScene(children).hasTouchRespondersOutsideTheTree == expected)
  }
}

@Suite("accessibilityPath narrows hit tests to the shape")
struct AccessibilityPathTests {
  /// A square's lower-left triangle: (0,0)-(0,100)-(100,100).
  static let triangle = #"{"id": "wedge", "type": "element", "label": "Wedge", "traits": ["button"], "frame": [0, 0, 100, 100], "path": [[0, 0], [0, 100], [100, 100]], "on": {"activate": [{"set": "x", "to": "wedge"}]}}"#

  @Test(
    "inside the frame, only points in the outline hit", arguments: [
      (Point(x: 10, y: 90), true), (Point(x: 90, y: 10), false), (Point(x: 0, y: 50), true),
      (Point(x: 50, y: 50.5), true), (Point(x: 50.5, y: 49.5), false), (Point(x: 150, y: 150), false),
    ])
  func outline(point: Point, hits: Bool) throws {
    let scene = try makeScene(Self.triangle, vars: #"{"x": ""}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.element(id: "wedge")?.path?.count == 3)
    #expect((tree.hitTest(point)?.id == "wedge") == hits)
    var session = SceneSession(scene: scene)
    #expect(session.touch(at: point).isDone == hits)
  }

  @Test("the grid index answers as the tree does with paths", arguments: [0, 1])
  func indexAgrees(offset: Int) throws {
    // 80 wedges in two rows of 40 cells, each the lower-left half of its cell.
    let wedges = (0..<80).map { number -> String in
      let x = (number % 40) * 10
      let y = (number / 40) * 10 + offset * 100
      return #"{"id": "w\#(number)", "type": "element", "label": "W\#(number)", "frame": [\#(x), \#(y), 10, 10], "path": [[\#(x), \#(y)], [\#(x), \#(y + 10)], [\#(x + 10), \#(y + 10)]]}"#
    }
    let scene = try makeScene(wedges.joined(separator: ", "))
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    let index = try #require(HitTestIndex(tree: tree, minimumCount: 1))
    var disagreements: [Point] = []
    var hits = 0
    var framedMisses = 0
    for x in stride(from: 0.25, to: 400, by: 1.5) {
      for y in stride(from: 0.25, to: 220, by: 1.5) {
        let point = Point(x: x, y: y)
        let expected = tree.hitTest(point)?.id
        if expected != nil { hits += 1 }
        if expected == nil, tree.elements.contains(where: { $0.frame.contains(point) }) { framedMisses += 1 }
        if index.hitTest(point, in: tree)?.id != expected { disagreements.append(point) }
      }
    }
    #expect(disagreements.isEmpty)
    // About half of each wedge's cell is inside it, the other half only inside its frame.
    #expect(hits > 1_000)
    #expect(framedMisses > 1_000)
  }

  @Test("two wedges sharing an edge: a point on it hits exactly one")
  func sharedEdge() {
    let left = [Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)]
    let right = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100)]
    for t in stride(from: 1.0, to: 100, by: 7) {
      let point = Point(x: t, y: t)
      #expect(Polygon.contains(left, point) != Polygon.contains(right, point))
    }
  }
}

@Suite("The path and userInteractionEnabled keys")
struct TouchKeysTests {
  static let cases: [LoaderErrorCase] = [
    .init(
      name: "too few points",
      text: LoaderErrorCase.scene(#"{"id": "s", "type": "element", "path": 1️⃣[[0, 0], [1, 1]]}"#),
      code: .invalidValue, message: "a path needs at least 3 points, found 2",
      keyPath: "windows[0].root.children[0].path"),
    .init(
      name: "not a point",
      text: LoaderErrorCase.scene(#"{"id": "s", "type": "element", "path": [[0, 0], [1, 1], 1️⃣"x"]}"#),
      code: .typeMismatch, message: "expected a point [x, y], found a string",
      keyPath: "windows[0].root.children[0].path[2]"),
    .init(
      name: "not a Boolean",
      text: LoaderErrorCase.scene(#"{"id": "s", "type": "image", "userInteractionEnabled": 1️⃣"yes"}"#),
      code: .typeMismatch, message: "expected true or false, found a string",
      keyPath: "windows[0].root.children[0].userInteractionEnabled"),
  ]

  @Test("bad values are located errors", arguments: cases)
  func errors(_ testCase: LoaderErrorCase) {
    testCase.expectReported()
  }

  @Test("the encoder writes both keys so a scene round-trips")
  func roundTrip() throws {
    let scene = try makeScene(
      #"{"id": "s", "type": "element", "label": "S", "frame": [0, 0, 10, 10], "path": [[0, 0], [0, 10], [10, 10]]}, {"id": "i", "type": "image", "frame": [0, 20, 10, 10], "userInteractionEnabled": true}"#)
    let text = SceneEncoder().text(scene)
    #expect(text.contains(#""userInteractionEnabled" : true"#) || text.contains(#""userInteractionEnabled": true"#))
    let again = try SceneLoader().load(text: text, path: "again.json")
    let views = again.windows[0].root.children
    #expect(views[0].accessibilityPath == [Point(x: 0, y: 0), Point(x: 0, y: 10), Point(x: 10, y: 10)])
    #expect(views[1].userInteractionEnabled == true)
  }
}
