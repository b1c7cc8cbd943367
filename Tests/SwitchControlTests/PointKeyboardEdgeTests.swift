import AXModel
import SwitchControl
import Testing

/// Point-mode paths at the keyboard's edge: a target only a strip of which shows above the
/// keyboard, one whose part above it is covered, a scroll view the keyboard covers too, and
/// key taps that must land on the key they mean.
@Suite("Point-mode paths at the keyboard's edge")
struct PointKeyboardEdgeTests {
  /// A scroll view filling the screen with a field and a Go button whose top 13 points show
  /// above the keyboard (from y 508); `cover` adds a label in
  /// front of the strip of Go that shows.
  static func strip(cover: Bool = false) -> String {
    let label = cover ? """
      {"id": "note", "type": "label", "text": "Note", "frame": [0, 490, 390, 20]},
      """ : ""
    return """
      {"format": "axscene/1", "name": "Strip", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
         {"id": "list", "type": "scroll", "label": "List", "frame": [0, 0, 390, 844], "children": [
           {"id": "name", "type": "textField", "label": "Name", "frame": [16, 100, 358, 44]},
           {"id": "go", "type": "button", "text": "Go", "frame": [16, 495, 358, 60],
            "on": {"activate": [{"announce": "Went"}]}},
           \(label)
           {"id": "more", "type": "label", "text": "More", "frame": [16, 1200, 358, 44]}]}]}}]}
      """
  }

  /// A point-mode scanner over a scene with `field` being edited.
  static func scanner(_ text: String, editing field: String = "name") throws -> SwitchScanner {
    var session = SceneSession(scene: try SceneLoader().load(text: text))
    #expect(session.perform(.activate, on: field).isDone)
    var settings = SwitchSettings()
    settings.mode = .point
    return SwitchScanner(session: session, settings: settings)
  }

  @Test("a button only a strip of which shows above the keyboard is aimed at in the strip")
  func stripAboveTheKeyboard() throws {
    let start = try Self.scanner(Self.strip())
    let go = try #require(start.session.tree.element(id: "go"))
    #expect(!start.session.isUnderKeyboard(go))
    let path = try SwitchPathFinder(settings: start.settings).path(to: "go", from: start).get()
    // The centre of the strip (y 495-508), where no scroll is needed.
    #expect(path.point == Point(x: 195, y: 501.5))
    var replay = start
    let results = dispatched(replay.run(path.keys))
    #expect(!results.contains { if case .scroll = $0.action { true } else { false } })
    #expect(results.last?.action == .activate && results.last?.target == "go")
  }

  @Test("a gesture-only view only a strip of which shows is touched in the strip")
  func touchStripAboveTheKeyboard() throws {
    let scene = """
      {"format": "axscene/1", "name": "Banner", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
         {"id": "name", "type": "textField", "label": "Name", "frame": [16, 100, 358, 44]},
         {"id": "banner", "type": "image", "userInteractionEnabled": true, "frame": [0, 500, 390, 60],
          "gestures": [{"gesture": "tap", "effects": [{"announce": "Banner"}]}]}]}}]}
      """
    let start = try Self.scanner(scene)
    let path = try SwitchPathFinder(settings: start.settings).path(to: "banner", from: start).get()
    let point = try #require(path.point)
    #expect(point.y < 508)
    var replay = start
    #expect(dispatched(replay.run(path.keys)).last?.action == .gesture(.tap))
  }

  @Test("a button whose strip above the keyboard is covered is scrolled up, then tapped")
  func coveredStripScrollsUp() throws {
    let start = try Self.scanner(Self.strip(cover: true))
    let path = try SwitchPathFinder(settings: start.settings).path(to: "go", from: start).get()
    var replay = start
    let results = dispatched(replay.run(path.keys))
    #expect(results.filter { $0.action == .scroll(.down, toEdge: false) }.count == 1)
    #expect(results.last?.action == .activate && results.last?.target == "go")
    #expect(replay.session.editingField == "name")
  }

  /// A field above a short scroll view that the keyboard covers wholly, whose content runs
  /// past its bottom.
  static let coveredList = """
    {"format": "axscene/1", "name": "Covered list", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
       {"id": "name", "type": "textField", "label": "Name", "frame": [16, 100, 358, 44]},
       {"id": "list", "type": "scroll", "label": "List", "frame": [0, 600, 390, 200], "children": [
         {"id": "first", "type": "button", "text": "First", "frame": [16, 620, 358, 50],
          "on": {"activate": [{"announce": "First"}]}},
         {"id": "last", "type": "button", "text": "Last", "frame": [16, 900, 358, 50],
          "on": {"activate": [{"announce": "Last"}]}}]}]}}]}
    """

  @Test("a target in a scroll view the keyboard covers too fails as under the keyboard")
  func scrollViewUnderTheKeyboard() throws {
    let start = try Self.scanner(Self.coveredList)
    #expect(start.session.raisingScrollView(of: "first") == "list")
    let result = SwitchPathFinder(settings: start.settings).path(to: "first", from: start)
    let failure = try #require(result.failure, "\(result)")
    #expect(failure.reason.hasPrefix("under the keyboard"), "\(failure.reason)")
  }

  /// A point-mode scanner editing a field on a screen `height` points tall, the line sweeping
  /// at `speed` points a second.
  static func tinyScanner(height: Double, speed: Double) throws -> SwitchScanner {
    let scene = """
      {"format": "axscene/1", "name": "Tiny", "screen": {"width": 390, "height": \(height)},
       "windows": [{"root": {"id": "root", "frame": [0, 0, 390, \(height)], "children": [
         {"id": "name", "type": "textField", "label": "Name", "frame": [0, 0, 390, 4]}]}}]}
      """
    var session = SceneSession(scene: try SceneLoader().load(text: scene))
    #expect(session.perform(.activate, on: "name").isDone)
    var settings = SwitchSettings()
    settings.mode = .point
    settings.sweepSpeed = speed
    return SwitchScanner(session: session, settings: settings)
  }

  @Test("a point-mode key tap path taps that key on replay, or fails as a miss",
    arguments: [844.0, 40.0, 24.0, 16.0], [100.0, 900.0, 1_900.0])
  func keyTapLandsOnTheKey(height: Double, speed: Double) throws {
    let start = try Self.tinyScanner(height: height, speed: speed)
    let typing = SwitchTyping(settings: start.settings)
    for key in ["key:return", "key:q", "key:shift"] {
      switch typing.path(tapping: key, from: start) {
      case .success(let path):
        var replay = start
        let notes = replay.run(path.keys).flatMap(\.notes)
        #expect(notes.contains { $0.hasSuffix(" on \(key)") }, "\(key) at \(height) pt, \(speed) pt/s: \(notes)")
      case .failure(let failure):
        // A screen of 40 points or more, at a sweep up to 900 points a second, types every key;
        // a faster line can step over every point of a key that it tries.
        #expect(height < 40 || speed > 900, "\(key) at \(height) pt, \(speed) pt/s: \(failure.reason)")
        #expect(failure.reason.hasPrefix("the cursor"), "\(failure.reason)")
      }
    }
  }

  @Test("a row a page's raise would take off the top is under the keyboard, found at once")
  func raisePastTheTop() throws {
    // A list filling the screen, a page is its height: the row just under the keyboard (y 520)
    // goes from under the keyboard to above the screen, and a page back hides it again.
    let rows = (0..<20).map { row in
      #"{"id": "row-\#(row)", "type": "button", "label": "Row \#(row)", "frame": [0, \#(200 + row * 80), 390, 80]}"#
    }
    let scene = #"{"format": "axscene/1", "name": "List", "screen": {"width": 390, "height": 844}, "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [{"id": "list", "type": "scroll", "label": "List", "frame": [0, 0, 390, 844], "children": [{"id": "name", "type": "textField", "label": "Name", "frame": [16, 100, 358, 44]}, "#
      + rows.joined(separator: ", ") + "]}]}}]}"
    let start = try Self.scanner(scene)
    let row = try #require(start.session.tree.element(id: "row-4"))
    #expect(start.session.isUnderKeyboard(row))
    let result = SwitchPathFinder(settings: start.settings).path(to: "row-4", from: start)
    let failure = try #require(result.failure, "\(result)")
    #expect(failure.reason.hasPrefix("under the keyboard"), "\(failure.reason)")
  }

  @Test("a key tap whose fixed point lands off the key fails as a miss, not as a tap")
  func keyTapMiss() throws {
    // Shift's row is under 2 points tall on a 16 point screen, and a line at 1,900 points a
    // second moves 1.9 a millisecond: the point the select fixes lies off its slot.
    let start = try Self.tinyScanner(height: 16, speed: 1_900)
    let result = SwitchTyping(settings: start.settings).path(tapping: "key:shift", from: start)
    let failure = try #require(result.failure, "\(result)")
    #expect(failure.reason == "the cursor misses key:shift")
  }
}
