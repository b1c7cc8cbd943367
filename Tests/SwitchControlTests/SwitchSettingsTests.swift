import AXModel
import AXTestSupport
import SwitchControl
import Testing

/// Settings ranges, and the clock and cursor arithmetic that must not trap on any value.
@Suite struct SwitchSettingsTests {
  struct RangeCase: Sendable, CustomTestStringConvertible {
    var name: String
    var configure: @Sendable (inout SwitchSettings) -> Void
    var problem: String?
    var testDescription: String { name }
  }

  static let ranges: [RangeCase] = [
    RangeCase(name: "defaults", configure: { _ in }, problem: nil),
    RangeCase(
      name: "every bound",
      configure: {
        $0.scanInterval = 0.05
        $0.firstItemPause = 60
        $0.loops = 100
        $0.longPress = 0.05
        $0.dwellTime = 60
        $0.autoTapInterval = 60
        $0.sweepSpeed = 1
        $0.bandSpeed = 10_000
      }, problem: nil),
    RangeCase(name: "huge interval", configure: { $0.scanInterval = 1e300 }, problem: "the scan interval must be from 0.05 to 60"),
    RangeCase(name: "interval rounding to 0 ms", configure: { $0.scanInterval = 0.0001 }, problem: "the scan interval must be from 0.05 to 60"),
    RangeCase(name: "huge pause", configure: { $0.firstItemPause = 1e300 }, problem: "the first-item pause must be from 0 to 60"),
    RangeCase(name: "huge loops", configure: { $0.loops = .max }, problem: "loops must be from 1 to 100"),
    RangeCase(name: "no loops", configure: { $0.loops = 0 }, problem: "loops must be from 1 to 100"),
    RangeCase(name: "long press", configure: { $0.longPress = 61 }, problem: "the long press must be from 0.05 to 60"),
    RangeCase(name: "dwell", configure: { $0.dwellTime = 0 }, problem: "the dwell time must be from 0.05 to 60"),
    RangeCase(name: "auto tap", configure: { $0.autoTapInterval = .nan }, problem: "the auto-tap interval must be from 0.05 to 60"),
    RangeCase(name: "tiny sweep", configure: { $0.sweepSpeed = 1e-300 }, problem: "the sweep speed must be from 1 to 10000"),
    RangeCase(name: "fast band", configure: { $0.bandSpeed = 1e6 }, problem: "the band speed must be from 1 to 10000"),
  ]

  @Test("every numeric setting is checked against its documented range", arguments: ranges)
  func range(_ test: RangeCase) {
    var settings = SwitchSettings()
    test.configure(&settings)
    #expect(settings.problem == test.problem)
  }

  @Test(
    "converting to milliseconds saturates instead of trapping",
    arguments: [
      (1e300, SwitchClock.longestDuration), (-1e300, -SwitchClock.longestDuration),
      (Double.infinity, SwitchClock.longestDuration), (Double.nan, 0), (1.4, 1), (0.5, 1),
    ])
  func saturating(milliseconds: Double, expected: Int) {
    #expect(SwitchClock.milliseconds(milliseconds) == expected)
  }

  @Test("sums and products of durations saturate at Int's bounds")
  func saturatingArithmetic() {
    #expect(SwitchClock.adding(.max - 1, 5) == .max)
    #expect(SwitchClock.adding(.min + 1, -5) == .min)
    #expect(SwitchClock.adding(2, 3) == 5)
    #expect(SwitchClock.multiplying(.max, 2) == .max)
    #expect(SwitchClock.multiplying(.max, -2) == .min)
    #expect(SwitchClock.multiplying(4, 250) == 1000)
  }

  @Test("a scanner given unchecked extreme settings waits without trapping")
  func uncheckedScanner() throws {
    var scanner = try makeScanner("product-page") {
      $0.scanInterval = 1e300
      $0.firstItemPause = 1e300
    }
    let step = scanner.handle(.waitInterval)
    #expect(step.time == SwitchClock.longestDuration)
    #expect(step.automaticMoves == 0)
  }

  struct CursorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var screen: Size
    var configure: @Sendable (inout SwitchSettings) -> Void
    var testDescription: String { name }
  }

  static let cursors: [CursorCase] = [
    CursorCase(name: "1e308 screen", screen: Size(width: 1e308, height: 1e308), configure: { _ in }),
    CursorCase(
      name: "largest finite screen", screen: Size(width: .greatestFiniteMagnitude, height: 1),
      configure: { $0.bandFraction = 1 }),
    CursorCase(
      name: "tiny speeds", screen: Size(width: 390, height: 844),
      configure: {
        $0.sweepSpeed = 1e-300
        $0.bandSpeed = 1e-300
      }),
    CursorCase(name: "Int.max loops", screen: Size(width: 390, height: 844), configure: { $0.loops = .max }),
  ]

  @Test("the gliding cursor never traps, whatever the screen and settings", arguments: cursors)
  func cursor(_ test: CursorCase) throws {
    var settings = SwitchSettings()
    settings.mode = .point
    test.configure(&settings)
    let cursor = PointCursor(settings: settings, screen: test.screen, start: 10)
    #expect((1...SwitchClock.longestDuration).contains(cursor.sweepMilliseconds))
    _ = cursor.highlight(at: .max)
    _ = cursor.millisecondsToReach(test.screen.width / 2)
    var scene = try fixtureScene("split-toolbar")
    scene.screen = test.screen
    var scanner = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    for input in try keys("wait:0.5,select,wait:86400,select,select,wait:1,select,select,wait:2") {
      _ = scanner.handle(input)
      if let due = scanner.nextEventTime() { #expect(due >= scanner.now) }
    }
  }

  @Test("point mode on a screen 1e308 points wide still reaches a small button")
  func hugeScreen() throws {
    var scene = try fixtureScene("split-toolbar")
    scene.screen = Size(width: 1e308, height: 1e308)
    var settings = SwitchSettings()
    settings.mode = .point
    let session = SceneSession(scene: scene)
    let path = try SwitchPathFinder(settings: settings).path(to: "back", in: session).get()
    #expect(path.presses == 5)
    var scanner = SwitchScanner(session: session, settings: settings)
    #expect(dispatched(scanner.run(path.keys)).map(\.target) == ["back"])
    _ = CostReport(session: session, settings: settings)
  }

  @Test("a path longer than one day of waiting is split into waits a key script accepts")
  func longWaits() throws {
    let scene = try SceneLoader().load(
      text: """
        {"format": "axscene/1", "name": "Far", "screen": {"width": 100000, "height": 100000},
         "windows": [{"root": {"id": "root", "frame": [0, 0, 100000, 100000], "children": [
           {"id": "far", "type": "button", "text": "Far", "frame": [99000, 99000, 100, 100]}]}}]}
        """)
    var settings = SwitchSettings()
    settings.mode = .point
    settings.pointStyle = .oneStage
    settings.sweepSpeed = 1
    let session = SceneSession(scene: scene)
    let path = try SwitchPathFinder(settings: settings).path(to: "far", in: session).get()
    #expect(path.milliseconds > 2 * KeyScript.longestWait)
    for case .wait(let milliseconds) in path.keys {
      #expect(milliseconds <= KeyScript.longestWait)
    }
    #expect(try KeyScript.parse(KeyScript.text(path.keys)) == path.keys)
    var scanner = SwitchScanner(session: session, settings: settings)
    #expect(dispatched(scanner.run(path.keys)).map(\.target) == ["far"])
  }
}
