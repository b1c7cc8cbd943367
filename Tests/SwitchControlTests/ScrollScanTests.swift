import AXModel
import AXTestSupport
import SwitchControl
import Testing

/// Switch Control on scroll views with rows below the fold: the Scroll menu, on-screen stops
/// and paths that scroll.
@Suite struct ScrollScanTests {
  @Test("item mode scans only the rows on screen")
  func stopsAreOnScreen() throws {
    let scanner = try makeScanner("archive")
    #expect(scanner.layout.stops.count == 12)
    #expect(!scanner.layout.stops.contains("message-11"))
    #expect(scanner.layout.offScreen.first == "message-11")
  }

  @Test("the Scroll menu's Down scrolls the highlighted item's table by a page")
  func menuScrolls() throws {
    var scanner = try makeScanner("archive") { $0.scanning = .manual }
    let steps = scanner.run(try keys("next,select,select,next,select,next,select"))
    let result = try #require(dispatched(steps).last)
    #expect(result.action == .scroll(.down, toEdge: false))
    #expect(result.target == "archive")
    #expect(result.announcements == ["Page 2 of 3"])
    #expect(scanner.layout.stops.contains("message-11"))
    #expect(!scanner.layout.stops.contains("message-1"))
    #expect(steps.last?.notes.contains("stops rebuilt: 12 stops") == true)
  }

  @Test("Scroll Up at the top is refused with the reason")
  func refusedAtTheTop() throws {
    var scanner = try makeScanner("archive") { $0.scanning = .manual }
    let steps = scanner.run(try keys("next,select,select,next,select,select"))
    #expect(dispatched(steps).last?.outcome == .refused("'Archive' is already at the top"))
  }

  @Test(
    "a row below the fold is reached through Scroll steps, and the path replays",
    arguments: [ScanningStyle.manual, .auto, .step])
  func pathScrolls(style: ScanningStyle) throws {
    var settings = SwitchSettings()
    settings.scanning = style
    let session = SceneSession(scene: try libraryScene("archive"))
    let start = SwitchScanner(session: session, settings: settings)
    let finder = SwitchPathFinder(settings: settings)
    let driven = try finder.path(to: "message-25", from: start).get()
    let scrolls = dispatched(driven.steps).filter { $0.action == .scroll(.down, toEdge: false) }
    #expect(scrolls.count == 2)
    #expect(dispatched(driven.steps).last?.target == "message-25")
    let planned = try finder.plannedPath(to: "message-25", from: start).get()
    #expect(planned.keys == driven.keys)
    #expect(planned.milliseconds == driven.milliseconds)
    #expect(finder.verify(planned, to: "message-25", goal: .activate, from: start))
    // Scrolling costs: more than reaching the last row on screen.
    let onScreen = try finder.plannedPath(to: "message-10", from: start).get()
    #expect(planned.presses > onScreen.presses)
  }

  @Test("the cost report counts rows reached by scrolling")
  func costReport() throws {
    var settings = SwitchSettings()
    settings.scanning = .manual
    let report = CostReport(session: SceneSession(scene: try libraryScene("archive")), settings: settings)
    #expect(report.stopCount == 12)
    #expect(report.scrolledRows.count == 20)
    #expect(report.scrolledRows.allSatisfy { $0.path != nil })
    #expect(report.text().contains("below the fold, through Scroll: 20"))
  }

  @Test("opening the menu on a row only partly visible scrolls it whole into view first")
  func partlyVisible() throws {
    let text = """
      {"format": "axscene/1", "name": "Partly", "screen": {"width": 390, "height": 844},
       "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
         {"id": "list", "type": "table", "frame": [0, 0, 390, 100], "children": [
           {"id": "a", "type": "button", "frame": [0, 0, 390, 60], "text": "A"},
           {"id": "b", "type": "button", "frame": [0, 60, 390, 60], "text": "B"}]}]}}]}
      """
    var scanner = try makeScanner(text: text) {
      $0.scanning = .manual
      $0.groupsItems = false
    }
    let steps = scanner.run(try keys("next,select"))
    let scrolled = try #require(dispatched(steps).first)
    #expect(scrolled.changes.first == .scrolled(container: "list", from: Point(x: 0, y: 0), to: Point(x: 0, y: 20)))
    #expect(steps.last?.notes.contains("scrolled b into view") == true)
    #expect(scanner.menu?.target == "b")
  }

  /// A carousel (`inner`) below the fold of a page (`outer`): its first card needs the page
  /// scrolled, its second the page and then the carousel, as each Scroll moves only the
  /// highlighted item's innermost scroll view.
  static let nested = """
    {"format": "axscene/1", "name": "Nested", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
       {"id": "outer", "type": "scroll", "frame": [0, 0, 390, 400], "children": [
         {"id": "top", "type": "button", "frame": [0, 0, 390, 44], "text": "Top"},
         {"id": "inner", "type": "scroll", "frame": [0, 600, 390, 100], "children": [
           {"id": "a", "type": "button", "frame": [0, 600, 390, 100], "text": "A"},
           {"id": "b", "type": "button", "frame": [390, 600, 390, 100], "text": "B"}]}]}]}}]}
    """

  @Test(
    "an element in a scroll view below the fold of another scrolls the outer one, then the inner one",
    arguments: [("a", ["outer down"]), ("b", ["outer down", "inner right"])])
  func nestedScrollViews(id: String, expected: [String]) throws {
    let start = try makeScanner(text: Self.nested) { $0.scanning = .manual }
    let finder = SwitchPathFinder(settings: start.settings)
    let path = try finder.path(to: id, from: start).get()
    let scrolls = dispatched(path.steps).compactMap { result -> String? in
      guard case .scroll(let direction, _) = result.action, result.isDone else { return nil }
      return "\(result.target ?? "-") \(direction.rawValue)"
    }
    #expect(scrolls == expected)
    var replay = start
    let steps = replay.run(path.keys)
    #expect(dispatched(steps).last?.target == id)
    #expect(dispatched(steps).last?.action == .activate)
  }

  /// A list (`inner`) that scrolls down like the page (`outer`) around it, below the page's
  /// fold: the page scrolls first, since nothing in the list is on screen to open a menu on.
  static let sameAxis = """
    {"format": "axscene/1", "name": "Same axis", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
       {"id": "outer", "type": "scroll", "frame": [0, 0, 390, 400], "contentSize": [390, 800], "children": [
         {"id": "top", "type": "button", "frame": [0, 0, 390, 44], "text": "Top"},
         {"id": "inner", "type": "scroll", "frame": [0, 600, 390, 100], "children": [
           {"id": "a", "type": "button", "frame": [0, 600, 390, 100], "text": "A"},
           {"id": "b", "type": "button", "frame": [0, 700, 390, 100], "text": "B"}]}]}]}}]}
    """

  @Test("a list below the fold of a page that scrolls the same way scrolls the page, then the list")
  func sameAxisNesting() throws {
    let start = try makeScanner(text: Self.sameAxis) { $0.scanning = .manual }
    let path = try SwitchPathFinder(settings: start.settings).path(to: "b", from: start).get()
    let scrolls = dispatched(path.steps).compactMap { result -> String? in
      guard case .scroll(let direction, _) = result.action, result.isDone else { return nil }
      return "\(result.target ?? "-") \(direction.rawValue)"
    }
    #expect(scrolls == ["outer down", "inner down"])
    #expect(scrolls.count == start.session.scrollPlan(toShow: "b")?.pages, "as the report plans it")
  }
}
