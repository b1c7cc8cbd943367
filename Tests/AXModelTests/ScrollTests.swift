import AXModel
import AXTestSupport
import Testing

/// A scroll view of `count` rows, 40 points tall, at [0, 100, 400, 200]: 5 rows a page.
func scrollScene(
  rows count: Int = 15, type: String = "table", extra: String = "", direction: String = "leftToRight"
) throws -> Scene {
  let rows = (0..<count).map { row in
    label("row-\(row + 1)", 0, 100 + 40 * row, 400, 40)
  }.joined(separator: ", ")
  return try makeScene(
    #"{"id": "list", "type": "\#(type)", "label": "Inbox", "frame": [0, 100, 400, 200]\#(extra), "children": [\#(rows)]}"#,
    direction: direction)
}

/// A horizontal strip of `count` tiles, 100 points wide, in a 200-point-wide scroll view at
/// [0, 0, 200, 50]; in a right-to-left layout the tiles run leftwards from the right edge.
func stripScene(tiles count: Int = 5, direction: String = "leftToRight") throws -> Scene {
  let rtl = direction == "rightToLeft"
  let tiles = (0..<count).map { tile in
    label("tile-\(tile + 1)", rtl ? 100 - 100 * tile : 100 * tile, 0, 100, 50)
  }.joined(separator: ", ")
  return try makeScene(
    #"{"id": "strip", "type": "scroll", "frame": [0, 0, 200, 50], "children": [\#(tiles)]}"#,
    direction: direction)
}

func onScreen(_ session: SceneSession) -> [String] {
  session.tree.elements.filter(\.isOnScreen).map(\.id)
}

@Suite("Scroll views")
struct ScrollTests {
  @Test("a scroll view clips its content: rows outside its frame are off screen but in the tree")
  func clipping() throws {
    let session = SceneSession(scene: try scrollScene())
    #expect(session.tree.elements.count == 15)
    #expect(onScreen(session) == ["row-1", "row-2", "row-3", "row-4", "row-5"])
    // Row 6 is on the 800-point screen, under the list: clipped, not drawn.
    let row6 = try #require(session.tree.element(id: "row-6"))
    #expect(!row6.isOnScreen)
    #expect(row6.clipFrame == Rect(x: 0, y: 100, width: 400, height: 200))
    #expect(session.tree.hitTest(Point(x: 10, y: 310))?.id != "row-6")
    // Scrolled-away rows are no remark on the scene.
    #expect(session.tree.diagnostics.isEmpty)
  }

  @Test("the content defaults to the subviews' union; contentSize overrides it")
  func contentExtent() throws {
    let scene = try scrollScene()
    let list = try #require(TreeBuilder(scene: scene).index.views["list"])
    let geometry = ScrollGeometry(view: list, layoutDirection: .leftToRight)
    #expect(geometry.verticalOffsets == 0...400)
    #expect(geometry.horizontalOffsets == 0...0)
    #expect(geometry.page(at: Point(x: 0, y: 0), along: .vertical) == (1, 3))
    let sized = try scrollScene(extra: #", "contentSize": [400, 1000]"#)
    let sizedList = try #require(TreeBuilder(scene: sized).index.views["list"])
    #expect(ScrollGeometry(view: sizedList, layoutDirection: .leftToRight).verticalOffsets == 0...800)
  }

  @Test("an offset moves every descendant's frame and activation point by minus itself")
  func offsets() throws {
    let scene = try scrollScene(extra: #", "contentOffset": [0, 120]"#)
    let session = SceneSession(scene: scene)
    let row4 = try #require(session.tree.element(id: "row-4"))
    #expect(row4.frame == Rect(x: 0, y: 100, width: 400, height: 40))
    #expect(row4.activationPoint == Point(x: 200, y: 120))
    #expect(onScreen(session) == ["row-4", "row-5", "row-6", "row-7", "row-8"])
    // The scroll view itself stays where it is.
    #expect(session.tree.containers["list"]?.frame == Rect(x: 0, y: 100, width: 400, height: 200))
  }

  @Test("scrolling pages by the visible height, announces the page and reports what moved")
  func paging() throws {
    var session = SceneSession(scene: try scrollScene())
    let result = session.scroll("list", .down)
    #expect(result.isDone)
    #expect(result.announcements == ["Page 2 of 3"])
    #expect(session.state.contentOffsets["list"] == Point(x: 0, y: 200))
    #expect(onScreen(session) == ["row-6", "row-7", "row-8", "row-9", "row-10"])
    #expect(result.changes.first == .scrolled(container: "list", from: Point(x: 0, y: 0), to: Point(x: 0, y: 200)))
    #expect(result.changes.contains(.cameOnScreen(element: "row-6")))
    #expect(result.changes.contains(.wentOffScreen(element: "row-1")))
    #expect(!result.changes.contains { if case .appeared = $0 { return true } else { return false } })
    #expect(ActionResultRenderer().text(result).contains("  on screen: row-6, row-7, row-8, row-9, row-10"))
  }

  @Test("the last page is clamped to the content and a further scroll is refused")
  func clamping() throws {
    var session = SceneSession(scene: try scrollScene(rows: 12))  // 480 points: 280 of travel
    #expect(session.scroll("list", .down).announcements == ["Page 2 of 3"])
    let last = session.scroll("list", .down)
    #expect(last.announcements == ["Page 3 of 3"])
    #expect(session.state.contentOffsets["list"] == Point(x: 0, y: 280))
    #expect(onScreen(session) == ["row-8", "row-9", "row-10", "row-11", "row-12"])
    let refused = session.scroll("list", .down)
    #expect(refused.outcome == .refused("'Inbox' is already at the bottom"))
    // A page back up from the clamped end is short of page 2's start: page 1 is what shows most.
    #expect(session.scroll("list", .up).announcements == ["Page 1 of 3"])
    #expect(session.state.contentOffsets["list"] == Point(x: 0, y: 80))
  }

  @Test(
    "refusals name the scroll view and the reason",
    arguments: [
      (ScrollDirection.up, "'Inbox' is already at the top"),
      (.left, "'Inbox' does not scroll horizontally: its content fits in it"),
    ])
  func refusals(direction: ScrollDirection, reason: String) throws {
    var session = SceneSession(scene: try scrollScene())
    #expect(session.scroll("list", direction).outcome == .refused(reason))
  }

  @Test("a view inside a scroll view scrolls it; a view outside none is refused")
  func bubbling() throws {
    var session = SceneSession(scene: try scrollScene())
    #expect(session.scroll("row-2", .down).target == "list")
    #expect(session.scroll("root", .down).outcome == .refused("'root' is not in a scroll view"))
  }

  @Test("scroll to top and bottom go to the edge at once")
  func edges() throws {
    var session = SceneSession(scene: try scrollScene())
    let bottom = session.scroll("list", toEdge: .down)
    #expect(bottom.announcements == ["Page 3 of 3"])
    #expect(session.state.contentOffsets["list"] == Point(x: 0, y: 400))
    #expect(session.scroll("list", toEdge: .down).outcome == .refused("'Inbox' is already at the bottom"))
    #expect(session.scroll("list", toEdge: .up).announcements == ["Page 1 of 3"])
  }

  @Test("horizontal content pages left to right, and from the right in a right-to-left layout")
  func horizontal() throws {
    var ltr = SceneSession(scene: try stripScene())
    #expect(onScreen(ltr) == ["tile-1", "tile-2"])
    #expect(ltr.scroll("strip", .left).outcome == .refused("'strip' is already at the left edge"))
    #expect(ltr.scroll("strip", .right).announcements == ["Page 2 of 3"])
    #expect(onScreen(ltr) == ["tile-3", "tile-4"])

    var rtl = SceneSession(scene: try stripScene(direction: "rightToLeft"))
    #expect(Set(onScreen(rtl)) == ["tile-1", "tile-2"])
    #expect(rtl.scroll("strip", .right).outcome == .refused("'strip' is already at the right edge"))
    let next = rtl.scroll("strip", .left)
    #expect(next.announcements == ["Page 2 of 3"])
    #expect(rtl.state.contentOffsets["strip"] == Point(x: -200, y: 0))
    #expect(Set(onScreen(rtl)) == ["tile-3", "tile-4"])
    #expect(rtl.scroll("strip", toEdge: .left).announcements == ["Page 3 of 3"])
  }

  @Test("a partly visible row scrolls whole into view, the least distance")
  func scrollIntoView() throws {
    var session = SceneSession(scene: try scrollScene(extra: #", "contentOffset": [0, 20]"#))
    // Row 1 is half above the frame, row 6 half below it.
    let scrolled = session.scrollIntoView("row-6")
    let down = try #require(scrolled)
    #expect(down.action == .scroll(.down, toEdge: false))
    #expect(session.state.contentOffsets["list"] == Point(x: 0, y: 40))
    let again = session.scrollIntoView("row-6")
    #expect(again == nil)
    let hidden = session.scrollIntoView("row-12")
    #expect(hidden == nil, "a wholly hidden row is not the focus's to reveal")
  }

  @Test("touches and the tree's hit test find the row scrolled under the point")
  func touches() throws {
    let rows = (0..<10).map { row in
      #"{"id": "b\#(row + 1)", "type": "button", "text": "B\#(row + 1)", "frame": [0, \#(100 + 40 * row), 400, 40]}"#
    }.joined(separator: ", ")
    var session = SceneSession(
      scene: try makeScene(#"{"id": "list", "type": "scroll", "frame": [0, 100, 400, 200], "children": [\#(rows)]}"#))
    // Below the list, row 7 is drawn nowhere: clipped, it takes no touch.
    let below = Point(x: 10, y: 350)
    #expect(ViewHitTest(builder: session.builder, state: session.state).view(at: below)?.id == "root")
    #expect(session.tree.hitTest(below) == nil)
    _ = session.scroll("list", .down)
    let point = Point(x: 10, y: 110)
    #expect(ViewHitTest(builder: session.builder, state: session.state).view(at: point)?.id == "b6")
    #expect(session.tree.hitTest(point)?.id == "b6")
  }

  @Test("nested scroll views add their offsets and intersect their clips")
  func nesting() throws {
    let scene = try makeScene(
      #"""
      {"id": "page", "type": "scroll", "frame": [0, 0, 400, 400], "contentOffset": [0, 100], "children": [
        {"id": "strip", "type": "scroll", "frame": [0, 300, 200, 50], "contentOffset": [100, 0], "children": [
          \#(label("a", 0, 300, 100, 50)), \#(label("b", 100, 300, 100, 50)), \#(label("c", 200, 300, 100, 50))]},
        \#(label("footer", 0, 700, 400, 50))]}
      """#)
    let session = SceneSession(scene: scene)
    #expect(session.tree.element(id: "b")?.frame == Rect(x: 0, y: 200, width: 100, height: 50))
    #expect(session.tree.element(id: "b")?.clipFrame == Rect(x: 0, y: 200, width: 200, height: 50))
    #expect(onScreen(session) == ["b", "c"])
  }

  @Test(
    "bad scroll keys are located errors",
    arguments: [
      (#", "contentOffset": [0, 500]"#, "contentOffset (0, 500) is outside the content"),
      (#", "contentSize": [400, -1]"#, "height is negative (-1)"),
    ])
  func badKeys(extra: String, message: String) throws {
    #expect {
      _ = try scrollScene(extra: extra)
    } throws: { error in
      (error as? SceneError)?.message == message
    }
  }

  @Test("only views that scroll take content keys")
  func contentKeysNeedAScrollView() throws {
    #expect {
      _ = try makeScene(#"{"id": "v", "type": "view", "frame": [0, 0, 10, 10], "contentOffset": [0, 0]}"#)
    } throws: { error in
      (error as? SceneError)?.keyPath == "windows[0].root.children[0].contentOffset"
    }
  }

  @Test("the encoder writes content keys back")
  func roundTrip() throws {
    let scene = try scrollScene(extra: #", "contentSize": [400, 900], "contentOffset": [0, 40]"#)
    let text = SceneEncoder().text(scene)
    let again = try SceneLoader().load(text: text, path: "again.json")
    let list = TreeBuilder(scene: again).index.views["list"]
    #expect(list?.contentSize == Size(width: 400, height: 900))
    #expect(list?.contentOffset == Point(x: 0, y: 40))
  }
}
