import AXModel
import SwitchControl
import Testing

/// Point-mode paths while a field is edited: the keys lie inside the keyboard's frame, no path
/// aims through the keyboard at a view behind it (a scroll brings the target above it first,
/// as Voice Control's plans do), and a text is typed by aiming at each key.
@Suite("Point-mode paths and the on-screen keyboard")
struct PointKeyboardPathTests {
  @Test("every key of every layer lies inside the keyboard's frame, below the QuickType bar",
    arguments: [844.0, 667.0, 400.0, 120.0])
  func keysInsideTheKeyboard(height: Double) {
    let screen = Size(width: 390, height: height)
    let frame = OnScreenKeyboard.frame(on: screen)
    for layer in SwitchKeyboard.Layer.allCases {
      for type in [KeyboardType.default, .emailAddress, .url] {
        var keyboard = SwitchKeyboard(keyboardType: type)
        keyboard.layer = layer
        let keys = keyboard.rows(screen: screen).flatMap { $0 }
        for key in keys {
          #expect(frame.contains(key.frame.center), "\(key.id) on a \(height) point screen")
          #expect(key.frame.minY >= frame.minY && key.frame.maxY <= frame.maxY, "\(key.id)")
          #expect(keyboard.key(at: key.frame.center, screen: screen)?.id == key.id)
        }
        // The QuickType bar holds no key.
        let bar = Point(x: screen.width / 2, y: frame.minY + 1)
        #expect(keyboard.key(at: bar, screen: screen) == nil)
      }
    }
  }

  @Test("on an iPhone 14 the QuickType bar, the rows, and the emoji row fill the keyboard")
  func iPhoneGeometry() throws {
    let screen = Size(width: 390, height: 844)
    let rows = SwitchKeyboard().rows(screen: screen)
    // The keyboard runs from y 508; the bar is 44 points, each row 54 (keys 44 high, inset 5).
    #expect(rows.map { $0[0].frame.minY } == [557, 611, 665, 719])
    // Below the last row's keys (and their 5-point inset), the emoji row and home indicator.
    #expect(rows[3][0].frame.maxY + 5 == 768)
    #expect(SwitchKeyboard.bottomInset == 76, "the emoji row (42) and the home indicator (34)")
    #expect(768 + SwitchKeyboard.bottomInset == screen.height)
  }

  @Test("a point path to a switch or button under the keyboard scrolls it above first",
    arguments: ["terms", "create"])
  func scrollsAboveTheKeyboard(target: String) throws {
    let start = try PointKeyboardTests.scanner(editing: "full-name")
    let element = try #require(start.session.tree.element(id: target))
    #expect(start.session.isUnderKeyboard(element))
    let finder = SwitchPathFinder(settings: start.settings)
    let path = try finder.path(to: target, from: start).get()
    let point = try #require(path.point)
    #expect(point.y < OnScreenKeyboard.frame(on: start.session.tree.screen).minY)
    var replay = start
    let results = dispatched(replay.run(path.keys))
    // One page (240 points) brings either above the keyboard's top, y 508.
    #expect(results.filter { $0.action == .scroll(.down, toEdge: false) }.count == 1)
    if target == "create" { #expect(point == Point(x: 105.5, y: 472.5)) }
    #expect(results.last?.action == .activate && results.last?.target == target)
    #expect(replay.session.editingField == "full-name")
    // The planned path is the driven one.
    let planned = try finder.plannedPath(to: target, from: start).get()
    #expect(planned.keys == path.keys)
  }

  /// A field, and a Buy button and a gesture-only banner that the keyboard covers wholly,
  /// in no scroll view.
  static let unscrolled = """
    {"format": "axscene/1", "name": "Pinned", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
       {"id": "name", "type": "textField", "label": "Name", "frame": [16, 100, 358, 44]},
       {"id": "banner", "type": "image", "userInteractionEnabled": true, "frame": [0, 560, 390, 100],
        "gestures": [{"gesture": "tap", "effects": [{"announce": "Banner"}]}]},
       {"id": "buy", "type": "button", "text": "Buy", "frame": [16, 700, 358, 50],
        "on": {"activate": [{"announce": "Bought"}]}}]}}]}
    """

  @Test("what no scroll raises above the keyboard is unreachable by point mode, not tapped through it",
    arguments: ["buy", "banner"])
  func unreachableUnderTheKeyboard(target: String) throws {
    var session = SceneSession(scene: try SceneLoader().load(text: Self.unscrolled))
    var settings = SwitchSettings()
    settings.mode = .point
    let idle = SwitchScanner(session: session, settings: settings)
    #expect(SwitchPathFinder(settings: idle.settings).path(to: target, from: idle).failure == nil)
    #expect(session.perform(.activate, on: "name").isDone)
    let start = SwitchScanner(session: session, settings: idle.settings)
    let failure = try #require(SwitchPathFinder(settings: start.settings).path(to: target, from: start).failure)
    #expect(failure.reason.hasPrefix("under the keyboard"), "\(failure.reason)")
  }

  @Test("point mode types a text by aiming at each key, and the keys replay",
    arguments: [PointStyle.twoStage, .oneStage])
  func typesByPoint(style: PointStyle) throws {
    let start = try PointKeyboardTests.scanner(editing: nil) { $0.pointStyle = style }
    let typing = SwitchTyping(settings: start.settings)
    let path = try typing.path(entering: "a@b", into: "email", from: start).get()
    let tap = try SwitchPathFinder(settings: start.settings).path(to: "email", from: start).get()
    // The field's tap, then a point a key: "a", "@" and "b" are all on the email letters.
    let perKey = style == .twoStage ? 4 : 2
    #expect(path.presses == tap.presses + 3 * perKey)
    var replay = start
    _ = replay.run(path.keys)
    #expect(replay.session.text(of: "email") == "a@b")
    #expect(replay.session.editingField == "email")
  }
}
