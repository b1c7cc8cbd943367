import AXModel
import AXTestSupport
@testable import SwitchControl
import Testing

/// A cost table kept as a golden file: a scene and the `axswitch costs` options it was made with.
struct CostTableCase: Sendable, CustomTestStringConvertible {
  var scene: String
  var scanning: ScanningStyle
  var mode: ScanMode = .item
  var tap: TapBehavior = .default

  var settings: SwitchSettings { PlanCase(scanning: scanning, tap: tap, mode: mode).settings }

  var name: String {
    let scene = self.scene == Self.mixed ? "mixed-120" : self.scene
    var name = "\(scene)-\(mode == .point ? "point" : scanning.rawValue)"
    if tap != .default { name += "-tap-\(tap.rawValue)" }
    return name
  }

  var testDescription: String { name }

  /// The scene's path from the package root.
  var path: String { scene.hasSuffix(".json") ? scene : "Scenes/\(scene).json" }

  /// A generated screen (`Benchmarks/switch/generate.py --stops 120 --seed 1`): a navigation
  /// bar, stacks, tables, a grid of row groups and a tab bar, long enough that manual paths
  /// take the short way round with Previous and step paths run many Next presses in a level.
  static let mixed = "Tests/SwitchControlTests/Fixtures/mixed-120.json"

  static let all: [CostTableCase] =
    [ScanningStyle.auto, .manual, .step].flatMap { scanning in
      [mixed, "calendar-month", "settings"].map { CostTableCase(scene: $0, scanning: scanning) }
    } + [
      CostTableCase(scene: mixed, scanning: .auto, mode: .point),
      CostTableCase(scene: mixed, scanning: .manual, tap: .auto),
      CostTableCase(scene: "archive", scanning: .step, tap: .always),
    ]
}

/// The cost table: every stop's presses, seconds and keys as `axswitch costs` prints them.
@Suite struct CostTableTests {
  // The golden files were written by `axswitch costs PATH [--scanning S] [--mode M] [--tap T]`
  // (text, and `--json` for the library scenes) of the build before runs of presses were
  // worked out at once, so they pin every key of every path, not only the totals.
  @Test("cost tables match their golden files", arguments: CostTableCase.all)
  func golden(_ table: CostTableCase) throws {
    let scene = try SceneLoader().load(path: packagePath(table.path))
    let report = CostReport(session: SceneSession(scene: scene), settings: table.settings)
    expectGolden(report.text(), named: "costs/\(table.name).txt")
    if table.scene != CostTableCase.mixed {
      expectGolden(report.json().rendered(pretty: true) + "\n", named: "costs/\(table.name).json")
    }
  }

  @Test(
    "a cost table written a row at a time is the table rendered whole",
    arguments: librarySceneNames + ["no stops"])
  func streamed(scene name: String) throws {
    let scene = try name == "no stops"
      ? SceneLoader().load(text: Self.emptyScene) : libraryScene(name)
    for plan in [PlanCase(scanning: .manual, tap: .default, mode: .item),
      PlanCase(scanning: .step, tap: .auto, mode: .item),
      PlanCase(scanning: .auto, tap: .always, mode: .point)]
    {
      let report = CostReport(session: SceneSession(scene: scene), settings: plan.settings)
      var text = ""
      report.write(textTo: &text)
      #expect(text == report.text(), "\(name) \(plan.testDescription)")
      var json = ""
      report.write(jsonTo: &json)
      #expect(json == report.json().rendered(pretty: true), "\(name) \(plan.testDescription)")
      for row in report.rows {
        #expect(row.isReachable == (row.failure == nil), "\(row.id)")
        #expect(row.keysText == KeyScript.text(row.path?.keys ?? []), "\(row.id)")
      }
    }
  }

  /// A screen with nothing to scan: the table has no rows.
  static let emptyScene = """
    {"format": "axscene/1", "name": "Empty", "screen": {"width": 390, "height": 844},
     "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844]}}]}
    """

  @Test("a row keeps its path's keys as runs, and gives the same path back")
  func keyRuns() {
    let keys: [SwitchInput] = [
      .press(.select), .press(.next), .press(.next), .press(.next), .wait(milliseconds: 1000),
      .wait(milliseconds: 1000), .wait(milliseconds: 1500), .press(.next), .press(.select),
    ]
    let path = SwitchPath(keys: keys, milliseconds: 3500, point: Point(x: 1, y: 2), steps: [])
    let row = CostReport.Row(id: "a", path: path, failure: nil)
    #expect(row.cost?.keyRuns.map(\.count) == [1, 3, 2, 1, 1, 1])
    #expect(row.path == path)
    #expect(row.cost?.presses == 6)
    #expect(row.keysText == "select,next,next,next,wait:1,wait:1,wait:1.5,next,select")
    let unreachable = CostReport.Row(id: "b", path: nil, failure: SwitchPathFailure(id: "b", reason: "no"))
    #expect(!unreachable.isReachable && unreachable.path == nil && unreachable.keysText.isEmpty)
  }

  // The JSON writer copies the bytes of a run of one string (a row's Next after Next) instead
  // of escaping each again; every element must still be written as it is alone.
  @Test("a run of one key in JSON is written as each key alone, bytes and all")
  func jsonKeyRuns() {
    // Canonically equivalent, so equal as strings, but written as different bytes.
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    let elements: [JSONOutput] = [
      "next", "next", "next", .string(composed), .string(decomposed), .string(decomposed), 1,
      "next", "a\"b", "a\"b", "\u{202E}x", "\u{202E}x", [], "next",
    ]
    for pretty in [false, true] {
      // Each element alone, then the array around them and the same one level deeper.
      let alone = elements.map { $0.rendered(pretty: pretty) }
      let lines = pretty ? alone.joined(separator: ",\n  ") : alone.joined(separator: ",")
      let expected = pretty ? "[\n  " + lines + "\n]" : "[" + lines + "]"
      let deeper = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let nested = pretty ? "[\n  " + deeper.joined(separator: "\n  ") + "\n]" : "[" + expected + "]"
      // Bytes, not strings: `==` on strings can't tell the two forms of é apart.
      let rendered = JSONOutput.array(elements).rendered(pretty: pretty)
      #expect(Array(rendered.utf8) == Array(expected.utf8))
      let renderedNested = JSONOutput.array([.array(elements)]).rendered(pretty: pretty)
      #expect(Array(renderedNested.utf8) == Array(nested.utf8))
    }
  }

  // A row has nowhere to keep steps (its `path` is made without them), so what is checked is
  // the path the table is made from: planned without a transcript, not recorded and dropped.
  @Test("a cost table's paths are found without steps", arguments: [ScanningStyle.auto, .manual, .step])
  func pathsKeepNoSteps(scanning: ScanningStyle) throws {
    var settings = SwitchSettings()
    settings.scanning = scanning
    let finder = SwitchPathFinder(settings: settings)
    // The settings scene has a disabled stop, whose path is driven for the scene's reason.
    for name in ["settings", "calendar-month"] {
      let session = SceneSession(scene: try libraryScene(name))
      let start = SwitchScanner(session: session, settings: settings)
      var costed = 0
      for id in start.layout.stops {
        guard case .success(let path) = finder.costPath(to: id, goal: .activate, from: start)
        else { continue }
        let transcribed = try finder.plannedPath(to: id, from: start).get()
        #expect(path.steps.isEmpty, "\(name) \(id)")
        #expect(!transcribed.steps.isEmpty, "\(name) \(id)")
        #expect(
          path.keys == transcribed.keys && path.milliseconds == transcribed.milliseconds,
          "\(name) \(id)")
        costed += 1
      }
      #expect(costed > 0, "\(name)")
    }
  }

  /// The scanner after `first` and then `times` more presses of `action`, each handled, and
  /// after `first` with the rest worked out at once.
  func pressedAndRepeated(
    _ start: SwitchScanner, _ action: SwitchAction, times: Int
  ) -> (pressed: SwitchScanner, repeated: SwitchScanner, didRepeat: Bool) {
    var pressed = start
    for _ in 0...times { pressed.apply(.press(action)) }
    var repeated = start
    repeated.apply(.press(action))
    let didRepeat = repeated.repeatMove(by: action == .next ? 1 : -1, times: times)
    return (pressed, repeated, didRepeat)
  }

  @Test(
    "Next or Previous presses worked out at once leave the scanner as pressing each does",
    arguments: [ScanningStyle.manual, .step, .auto])
  func repeatedMoves(scanning: ScanningStyle) throws {
    let scene = try SceneLoader().load(text: longListScene(count: 30))
    var settings = SwitchSettings()
    settings.scanning = scanning
    var start = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    start.recordsTranscript = false
    // The top level, inside the stack group, a level with its exit stop, and the menu.
    var states = [("top", start)]
    var scanner = start
    scanner.apply(.press(.next))
    scanner.apply(.press(.previous))
    states.append(("top, from the last", scanner))
    scanner = start
    if scanning == .step { scanner.apply(.press(.next)) }
    scanner.apply(.press(.select))
    #expect(!scanner.groupPath.isEmpty)
    states.append(("in the stack", scanner))
    scanner.apply(.press(.select))
    #expect(scanner.menu != nil)
    states.append(("menu", scanner))
    var checked = 0
    for (label, state) in states {
      let count = state.menu?.items.count ?? state.levelCount
      for times in [0, 1, 2, count - 1, count, count + 3, 3 * count + 1] {
        for action in [SwitchAction.next, .previous] {
          let (pressed, repeated, didRepeat) = pressedAndRepeated(state, action, times: times)
          let context = "\(label), \(action) \(times + 1) times"
          #expect(didRepeat, "\(context)")
          #expect(scannerState(repeated) == scannerState(pressed), "\(context)")
          #expect(repeated.nextEventTime() == pressed.nextEventTime(), "\(context)")
          checked += 1
        }
      }
    }
    #expect(checked == 4 * 7 * 2)
  }

  @Test("a run of presses is not worked out at once where a press does more than move")
  func repeatRefused() throws {
    let scene = try SceneLoader().load(text: longListScene(count: 30))
    var settings = SwitchSettings()
    settings.scanning = .step
    // Step scanning starts with nothing highlighted: the first Next highlights, not moves.
    let idle = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    var scanner = idle
    var repeated = scanner.repeatMove(by: 1, times: 3)
    #expect(!repeated)
    #expect(scannerState(scanner) == scannerState(idle))
    settings.mode = .point
    let point = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    scanner = point
    repeated = scanner.repeatMove(by: 1, times: 3)
    #expect(!repeated)
    #expect(scannerState(scanner) == scannerState(point))
    // A pending auto tap is cancelled by a press, which notes it.
    settings.mode = .item
    settings.scanning = .manual
    settings.tapBehavior = .auto
    scanner = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    scanner.apply(.press(.select))  // into the stack
    scanner.apply(.press(.select))
    #expect(scanner.pendingTap != nil)
    let pending = scanner
    repeated = scanner.repeatMove(by: 1, times: 3)
    #expect(!repeated)
    #expect(scannerState(scanner) == scannerState(pending))
  }
}
