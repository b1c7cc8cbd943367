@testable import AXModel
import AXTestSupport
import Testing

/// A plan to show an element in nested scroll views scrolls the outer ones first, outermost to
/// innermost, each until the next one in shows, as iOS does.
@Suite("Scroll plans through nested scroll views")
struct NestedScrollPlanTests {
  typealias Step = ScrollPlan.Step

  /// `Scenes/news-feed.json`: a vertical feed with a horizontal carousel below the fold.
  func newsFeed() throws -> SceneSession {
    SceneSession(scene: try SceneLoader().load(path: packagePath("Scenes/news-feed.json")))
  }

  @Test(
    "a card of a carousel below the fold scrolls the feed down, then the carousel right",
    arguments: [
      ("popular-1", [Step(container: "feed", direction: .down, pages: 1)]),
      ("popular-3", [Step(container: "feed", direction: .down, pages: 1),
                     Step(container: "popular", direction: .right, pages: 2)]),
      ("popular-4", [Step(container: "feed", direction: .down, pages: 1),
                     Step(container: "popular", direction: .right, pages: 3)]),
      ("show-all", [Step(container: "feed", direction: .down, pages: 1)]),
    ])
  func carousel(id: String, steps: [Step]) throws {
    let session = try newsFeed()
    let plan = try #require(session.scrollPlan(toShow: id))
    #expect(plan.steps == steps)
    #expect(plan.session.tree.element(id: id)?.isOnScreen == true)
    // The plan's state is the one its scrolls reach one by one (`axreach do scroll ...`).
    var replay = session
    for step in steps {
      for _ in 0..<step.pages { #expect(replay.scroll(step.container, step.direction).isDone) }
    }
    #expect(replay.state.contentOffsets == plan.session.state.contentOffsets)
  }

  @Test("the planner shares the feed's page between the carousel's cards")
  func sharedStates() throws {
    var planner = ScrollPlanner(session: try newsFeed())
    let planned = (third: planner.plan(toShow: "popular-3"), second: planner.plan(toShow: "popular-2"))
    let third = try #require(planned.third)
    let second = try #require(planned.second)
    #expect(second.pageDirections == [.down, .right])
    #expect(third.pageDirections == [.down, .right, .right])
    #expect(third.pages == 3)
    // The start, the feed's page, and the carousel's two pages from there: no more.
    #expect(planner.states.count == 4)
  }

  /// A list (`inner`) that scrolls the same way as the page (`outer`) around it, below the
  /// page's fold: scrolling the inner list first would move rows nobody can see.
  static let sameAxis = #"""
    {"id": "outer", "type": "scroll", "frame": [0, 0, 400, 400], "contentSize": [400, 800], "children": [
      {"id": "inner", "type": "scroll", "frame": [0, 600, 400, 100], "children": [
        \#(label("row-1", 0, 600, 400, 100)), \#(label("row-2", 0, 700, 400, 100))]}]}
    """#

  @Test("a list below the fold of a page that scrolls the same way: the page first, then the list")
  func sameAxisNesting() throws {
    let session = SceneSession(scene: try makeScene(Self.sameAxis))
    #expect(session.nextScroll(toShow: "row-2")?.container == "outer")
    let plan = try #require(session.scrollPlan(toShow: "row-2"))
    #expect(plan.steps == [Step(container: "outer", direction: .down, pages: 1),
                           Step(container: "inner", direction: .down, pages: 1)])
    #expect(plan.session.tree.element(id: "row-2")?.frame == Rect(x: 0, y: 200, width: 400, height: 100))
    #expect(try #require(session.scrollPlan(toShow: "row-1")).pageDirections == [.down])
  }

  /// A list (`inner`) that can't scroll (no content beyond its frame), half below the page's
  /// fold: the page scrolls instead.
  static let stuckInner = #"""
    {"id": "outer", "type": "scroll", "frame": [0, 0, 400, 400], "contentSize": [400, 800], "children": [
      {"id": "inner", "type": "scroll", "frame": [0, 300, 400, 200], "children": [
        \#(label("row-1", 0, 300, 400, 100)), \#(label("row-2", 0, 420, 400, 80))]}]}
    """#

  @Test("an inner scroll view that can't move that way leaves the scroll to the one around it")
  func stuckInnerScrollView() throws {
    let session = SceneSession(scene: try makeScene(Self.stuckInner))
    #expect(session.canScroll("inner", .down) == false)
    let next = try #require(session.nextScroll(toShow: "row-2"))
    #expect(next.container == "outer" && next.direction == .down)
    let plan = try #require(session.scrollPlan(toShow: "row-2"))
    #expect(plan.steps == [Step(container: "outer", direction: .down, pages: 1)])
    #expect(plan.session.tree.element(id: "row-2")?.isOnScreen == true)
  }

  @Test("an element whose outermost scroll view is off the screen has no plan")
  func outerOffScreen() throws {
    let session = SceneSession(scene: try makeScene(
      #"{"id": "far", "type": "scroll", "frame": [0, 900, 400, 100], "children": [\#(label("x", 0, 900, 400, 100))]}"#))
    #expect(session.nextScroll(toShow: "x") == nil)
    #expect(session.scrollPlan(toShow: "x") == nil)
  }
}
