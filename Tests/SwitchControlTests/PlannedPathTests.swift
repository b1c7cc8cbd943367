import AXModel
import AXTestSupport
import Foundation
@testable import SwitchControl
import Testing

/// The library's scenes, by name: every `Scenes/*.json`.
let librarySceneNames: [String] = {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: packagePath("Scenes"))) ?? []
  return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}()

/// Settings a planned path is checked under: a scanning style, a tap behaviour and a mode.
struct PlanCase: Sendable, CustomTestStringConvertible {
  var scanning: ScanningStyle
  var tap: TapBehavior
  var mode: ScanMode

  var settings: SwitchSettings {
    var settings = SwitchSettings()
    settings.scanning = scanning
    settings.tapBehavior = tap
    settings.mode = mode
    return settings
  }

  var testDescription: String { "\(mode.rawValue) \(scanning.rawValue), tap \(tap.rawValue)" }

  static let all: [PlanCase] = ScanMode.allCases.flatMap { mode in
    ScanningStyle.allCases.flatMap { scanning in
      TapBehavior.allCases.map { PlanCase(scanning: scanning, tap: $0, mode: mode) }
    }
  }
}

/// Every goal a switch path can end with on the element.
func switchGoals(for element: AXElement) -> [SwitchGoal] {
  var goals: [SwitchGoal] = [.activate]
  if element.isAdjustable { goals += [.increment, .decrement] }
  goals += element.customActionNames.map(SwitchGoal.custom)
  goals += element.gestures.map(SwitchGoal.gesture)
  return goals
}

/// A screen of `count` buttons: a grouped stack of the first third, loose buttons, and a table
/// whose cells have custom actions; long enough for auto scanning to run many moves in a row.
func longListScene(count: Int) -> String {
  var stack: [String] = []
  var loose: [String] = []
  var cells: [String] = []
  for index in 0..<count {
    let y = 10 * index
    switch index % 3 {
    case 0:
      stack.append(
        #"{"id": "s\#(index)", "type": "button", "frame": [0, \#(y), 390, 9], "text": "S \#(index)"}"#)
    case 1:
      loose.append(
        #"{"id": "l\#(index)", "type": "button", "frame": [0, \#(y), 390, 9], "text": "L \#(index)"}"#)
    default:
      cells.append(
        #"{"id": "c\#(index)", "type": "cell", "frame": [0, \#(y), 390, 9], "text": "C \#(index)", "customActions": [{"name": "Flag", "effects": [{"announce": "flagged"}]}]}"#
      )
    }
  }
  let height = 10 * count + 10
  return """
    {"format": "axscene/1", "name": "Long list", "screen": {"width": 390, "height": \(height)},
     "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, \(height)], "children": [
       {"id": "stack", "type": "stack", "groupsChildren": true, "frame": [0, 0, 390, \(height)], "children": [\(stack.joined(separator: ","))]},
       \(loose.joined(separator: ",")),
       {"id": "table", "type": "table", "frame": [0, 0, 390, \(height)], "children": [\(cells.joined(separator: ","))]}
     ]}}]}
    """
}

/// A screen of overlapping buttons, nested views and a second window over part of it, for
/// hit-testing: `count` buttons at seeded positions, some inside a view that is itself a button;
/// activating the window's button removes it.
func overlappingScene(count: Int, seed: UInt64) -> String {
  var random = SeededRandom(seed: seed)
  var buttons: [String] = []
  for index in 0..<count {
    let x = random.next(upTo: 360)
    let y = random.next(upTo: 800)
    let width = 1 + random.next(upTo: 120)
    let height = 1 + random.next(upTo: 90)
    let frame = "[\(x), \(y), \(width), \(height)]"
    if index % 7 == 0 {
      buttons.append(
        #"{"id": "v\#(index)", "type": "view", "frame": \#(frame), "isAccessibilityElement": true, "label": "V", "traits": ["+button"], "children": [{"id": "b\#(index)", "type": "button", "frame": [\#(x + 2), \#(y + 2), 20, 20], "text": "B"}]}"#
      )
    } else {
      buttons.append(#"{"id": "b\#(index)", "type": "button", "frame": \#(frame), "text": "B \#(index)"}"#)
    }
  }
  return """
    {"format": "axscene/1", "name": "Overlaps", "screen": {"width": 390, "height": 844},
     "windows": [
       {"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [\(buttons.joined(separator: ","))]}},
       {"level": 1, "root": {"id": "overlay", "type": "view", "frame": [100, 300, 150, 150], "children": [
         {"id": "over", "type": "button", "frame": [100, 300, 150, 150], "text": "Over", "on": {"activate": [{"remove": true}]}}]}}
     ]}
    """
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SeededRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The scanner's state, as text to compare.
func scannerState(_ scanner: SwitchScanner) -> String {
  [
    "now \(scanner.now)", "mode \(scanner.mode)", "groups \(scanner.groupPath)",
    "index \(String(describing: scanner.index))", "menu \(String(describing: scanner.menu))",
    "highlightStart \(scanner.highlightStart)", "loops \(scanner.loopsDone)",
    "dwell \(scanner.isDwellArmed)", "lastPress \(scanner.lastPress)",
    "pending \(String(describing: scanner.pendingTap))", "highlight \(scanner.highlight)",
  ].joined(separator: ", ")
}

/// Lets time pass as the scanner did before runs of moves were fast-forwarded: every event
/// fired on its own.
func advanceOneByOne(_ scanner: inout SwitchScanner, to time: Int) {
  var events = 0
  while let due = scanner.nextEventTime(), due <= time, events < SwitchScanner.eventLimit {
    scanner.now = max(scanner.now, due)
    scanner.fireEvent()
    events += 1
  }
  scanner.now = max(scanner.now, time)
}

@Suite struct PlannedPathTests {
  @Test("the library has scenes to check")
  func scenesFound() {
    #expect(librarySceneNames.count >= 10)
    #expect(librarySceneNames.contains("product-page"))
  }

  @Test(
    "a planned path has the driven path's keys, presses and time, and verifies",
    arguments: librarySceneNames, PlanCase.all)
  func plannedMatchesDriven(scene name: String, case plan: PlanCase) throws {
    let session = SceneSession(scene: try libraryScene(name))
    let settings = plan.settings
    let finder = SwitchPathFinder(settings: settings)
    let start = SwitchScanner(session: session, settings: settings)
    var checked = 0
    for id in start.layout.stops {
      let element = try #require(session.tree.element(id: id))
      for goal in switchGoals(for: element) {
        let driven = finder.path(to: id, goal: goal, from: start)
        let planned = finder.plannedPath(to: id, goal: goal, from: start)
        let performs = SwitchPathFinder.certainlyPerforms(goal, on: id, in: session)
        let label = "\(id) \(goal)"
        switch (driven, planned) {
        case (.success(let driven), .success(let planned)):
          #expect(planned.keys == driven.keys, "\(label)")
          #expect(planned.presses == driven.presses, "\(label)")
          #expect(planned.milliseconds == driven.milliseconds, "\(label)")
          #expect(planned.point == driven.point, "\(label)")
          #expect(planned.steps == Array(driven.steps.dropLast()), "\(label)")
          #expect(finder.verify(planned, to: id, goal: goal, from: start), "\(label)")
          #expect(performs, "\(label): the scene performed what was judged refusable")
          checked += 1
        case (.failure(let failure), .success(let planned)):
          // Only the scene's refusal separates them, and the check of it sees that.
          #expect(!finder.verify(planned, to: id, goal: goal, from: start), "\(label)")
          #expect(!performs, "\(label): refused with \(failure.reason)")
        case (.success, .failure(let failure)):
          Issue.record("\(label): driven path found, planned failed: \(failure.reason)")
        case (.failure(let driven), .failure(let planned)):
          #expect(driven.reason == planned.reason, "\(label)")
        }
        // The cost table's choice is exactly the driven path, reason and all.
        let cost = finder.costPath(to: id, goal: goal, from: start)
        switch (cost, driven) {
        case (.success(let cost), .success(let driven)):
          #expect(cost.keys == driven.keys && cost.milliseconds == driven.milliseconds, "\(label)")
        case (.failure(let cost), .failure(let driven)):
          #expect(cost == driven, "\(label)")
        default:
          Issue.record("\(label): the cost table's path differs from the driven one")
        }
      }
    }
    // Point mode can miss stops everywhere, but never every stop of a library scene.
    #expect(checked > 0)
  }

  @Test("verify rejects a path cut short, a wrong time and another element's path")
  func verifyRejects() throws {
    let session = SceneSession(scene: try libraryScene("product-page"))
    let finder = SwitchPathFinder(settings: SwitchSettings())
    let start = SwitchScanner(session: session, settings: SwitchSettings())
    let path = try finder.plannedPath(to: "spec-m", from: start).get()
    #expect(finder.verify(path, to: "spec-m", goal: .activate, from: start))
    var short = path
    short.keys.removeLast()
    #expect(!finder.verify(short, to: "spec-m", goal: .activate, from: start))
    var late = path
    late.milliseconds += 1
    #expect(!finder.verify(late, to: "spec-m", goal: .activate, from: start))
    #expect(!finder.verify(path, to: "spec-l", goal: .activate, from: start))
    #expect(!finder.verify(path, to: "spec-m", goal: .increment, from: start))
    #expect(!finder.verify(SwitchPath(keys: [], milliseconds: 0, steps: []), to: "back", goal: .activate, from: start))
  }

  @Test("a planned path to a disabled stop is found, but neither verifies nor enters the cost table")
  func refusedPlan() throws {
    let session = SceneSession(scene: try libraryScene("settings"))
    let finder = SwitchPathFinder(settings: SwitchSettings())
    let start = SwitchScanner(session: session, settings: SwitchSettings())
    let planned = try finder.plannedPath(to: "hotspot", from: start).get()
    #expect(!finder.verify(planned, to: "hotspot", goal: .activate, from: start))
    guard case .failure(let failure) = finder.costPath(to: "hotspot", goal: .activate, from: start)
    else {
      Issue.record("the disabled stop has a cost")
      return
    }
    #expect(failure.reason.contains("not enabled"))
  }

  @Test("a start scanner with other settings than the finder's is refused")
  func settingsMismatch() throws {
    let session = SceneSession(scene: try libraryScene("product-page"))
    var manual = SwitchSettings()
    manual.scanning = .manual
    let start = SwitchScanner(session: session, settings: manual)
    let result = SwitchPathFinder(settings: SwitchSettings()).path(to: "back", from: start)
    #expect(throws: SwitchPathFailure.self) { try result.get() }
  }

  @Test("the cost table of a long list matches one driven path per stop", arguments: [ScanningStyle.auto, .manual, .step])
  func longListCosts(scanning: ScanningStyle) throws {
    var settings = SwitchSettings()
    settings.scanning = scanning
    settings.firstItemPause = 0.3
    let session = SceneSession(scene: try SceneLoader().load(text: longListScene(count: 240)))
    let report = CostReport(session: session, settings: settings)
    let finder = SwitchPathFinder(settings: settings)
    #expect(report.stopCount == 240)
    for row in report.rows {
      let driven = try finder.path(to: row.id, in: session).get()
      #expect(row.path?.keys == driven.keys, "\(row.id)")
      #expect(row.path?.milliseconds == driven.milliseconds, "\(row.id)")
    }
  }
}

@Suite struct FastForwardTests {
  func longScanner(_ configure: (inout SwitchSettings) -> Void = { _ in }) throws -> SwitchScanner {
    var settings = SwitchSettings()
    settings.scanInterval = 0.05
    settings.firstItemPause = 0.03
    settings.loops = 3
    configure(&settings)
    let scene = try SceneLoader().load(text: longListScene(count: 300))
    return SwitchScanner(session: SceneSession(scene: scene), settings: settings)
  }

  @Test("waits of every length leave the scanner as firing each move in turn does", arguments: [1, 2, 3])
  func matchesOneByOne(seed: UInt64) throws {
    var fast = try longScanner()
    var slow = fast
    var random = SeededRandom(seed: seed)
    var longestRun = 0
    for _ in 0..<150 {
      switch random.next(upTo: 10) {
      case 0:
        // Select enters the highlighted group (or restarts a stopped scan, or opens the menu).
        let step = fast.handle(.press(.select))
        let reference = slow.handle(.press(.select))
        #expect(step == reference)
      case 1:
        _ = fast.handle(.press(.escape))
        _ = slow.handle(.press(.escape))
      default:
        let milliseconds = random.next(upTo: 12_000)
        let step = fast.handle(.wait(milliseconds: milliseconds))
        slow.record = SwitchScanner.StepRecord()
        advanceOneByOne(&slow, to: slow.now + milliseconds)
        #expect(step.automaticMoves == slow.record.automaticMoves)
        #expect(step.notes == slow.record.notes)
        #expect(fast.record == slow.record)
        longestRun = max(longestRun, step.automaticMoves)
      }
      #expect(scannerState(fast) == scannerState(slow))
    }
    // The waits did run long stretches of moves at once.
    #expect(longestRun > 100)
  }

  @Test("one wait through every loop of a level stops the scan as one move at a time does")
  func throughTheLoops() throws {
    var fast = try longScanner()
    var slow = fast
    let step = fast.handle(.wait(milliseconds: 3_600_000))
    advanceOneByOne(&slow, to: 3_600_000)
    #expect(scannerState(fast) == scannerState(slow))
    #expect(step.automaticMoves == slow.record.automaticMoves)
    #expect(step.notes == ["scanning stopped after 3 loops"])
    #expect(fast.highlight == .none)
  }

  @Test("a run of moves is applied at once, stops before the wrap and keeps to its limit")
  func runs() throws {
    var scanner = try longScanner()
    let count = scanner.levelCount
    let moves = scanner.fastForward(to: 1_000_000, limit: .max)
    // Every move but the wrapping one, from the first position.
    #expect(moves == count - 1)
    #expect(scanner.index == count - 1)
    #expect(scanner.loopsDone == 0)
    #expect(scanner.highlightStart == 80 + (count - 2) * 50)
    #expect(scanner.fastForward(to: 1_000_000, limit: .max) == 0)
    var limited = try longScanner()
    #expect(limited.fastForward(to: 1_000_000, limit: 5) == 5)
    #expect(limited.index == 5)
    // Not due yet: the first position rests 80 ms.
    var early = try longScanner()
    #expect(early.fastForward(to: 79, limit: .max) == 0)
    #expect(early.fastForward(to: 80, limit: .max) == 1)
  }

  @Test("nothing is fast-forwarded in manual or step scanning, in the menu or while a tap waits")
  func onlyAutoItemScanning() throws {
    var manual = try longScanner { $0.scanning = .manual }
    #expect(manual.fastForward(to: 1_000_000, limit: .max) == 0)
    var step = try longScanner { $0.scanning = .step }
    _ = step.handle(.press(.next))
    #expect(step.fastForward(to: 1_000_000, limit: .max) == 0)
    var menu = try longScanner()
    _ = menu.handle(.press(.select))
    _ = menu.handle(.press(.select))
    #expect(menu.menu != nil)
    #expect(menu.fastForward(to: 1_000_000, limit: .max) == 0)
    var pending = try longScanner { $0.tapBehavior = .auto }
    _ = pending.handle(.press(.select))
    _ = pending.handle(.press(.select))
    #expect(pending.pendingTap != nil)
    #expect(pending.fastForward(to: 1_000_000, limit: .max) == 0)
  }

  @Test("the arrival time of each position is when firing moves one at a time reaches it")
  func arrivalTimes() throws {
    for entersGroup in [false, true] {
      var start = try longScanner()
      if entersGroup { _ = start.handle(.press(.select)) }
      #expect(start.groupPath.count == (entersGroup ? 1 : 0))
      var probe = start
      for target in 0..<start.levelCount {
        while probe.index != target {
          guard let due = probe.nextEventTime() else { break }
          advanceOneByOne(&probe, to: due)
        }
        #expect(start.arrivalTime(atPosition: target) == probe.now, "position \(target)")
      }
      // Behind the highlight, only a wrap gets there: left to probing.
      _ = start.handle(.wait(milliseconds: 500))
      #expect(start.arrivalTime(atPosition: 0) == nil)
    }
  }
}

@Suite struct HitIndexTests {
  /// Points over the whole screen and just off it, and the corners and edges of every frame.
  func probePoints(_ tree: AccessibilityTree) -> [Point] {
    var points: [Point] = []
    let width = tree.screen.width
    let height = tree.screen.height
    var y = -3.0
    while y < height + 3 {
      var x = -3.0
      while x < width + 3 {
        points.append(Point(x: x, y: y))
        x += 6.7
      }
      y += 6.7
    }
    for element in tree.elements {
      let frame = element.frame
      for x in [frame.minX, frame.maxX, frame.maxX.nextDown, frame.center.x] {
        for y in [frame.minY, frame.maxY, frame.maxY.nextDown, frame.center.y] {
          points.append(Point(x: x, y: y))
        }
      }
    }
    points.append(Point(x: .nan, y: 10))
    points.append(Point(x: width, y: height))
    return points
  }

  func expectSameHits(_ tree: AccessibilityTree, _ label: String) throws {
    let index = try #require(HitTestIndex(tree: tree, minimumCount: 1), "\(label)")
    for point in probePoints(tree) {
      #expect(index.hitTest(point, in: tree)?.id == tree.hitTest(point)?.id, "\(label) \(point)")
    }
  }

  @Test("the grid hit-tests every library scene as the tree does", arguments: librarySceneNames)
  func libraryScenes(scene name: String) throws {
    try expectSameHits(SceneSession(scene: try libraryScene(name)).tree, name)
  }

  @Test("the grid hit-tests overlapping frames, nested elements and a second window as the tree does", arguments: [7, 8, 9] as [UInt64])
  func overlaps(seed: UInt64) throws {
    let scene = try SceneLoader().load(text: overlappingScene(count: 300, seed: seed))
    let tree = SceneSession(scene: scene).tree
    #expect(tree.elements.count > 300)
    #expect(HitTestIndex(tree: tree) != nil)
    try expectSameHits(tree, "seed \(seed)")
  }

  @Test("point paths over overlapping frames are the same with and without the grid", arguments: [TapBehavior.default, .always])
  func pointPaths(tap: TapBehavior) throws {
    var settings = SwitchSettings()
    settings.mode = .point
    settings.tapBehavior = tap
    let scene = try SceneLoader().load(text: overlappingScene(count: 120, seed: 3))
    let start = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    #expect(start.hitIndex != nil)
    var linear = start
    linear.hitIndex = nil
    let finder = SwitchPathFinder(settings: settings)
    var found = 0
    for id in start.layout.stops {
      let grid = finder.plannedPath(to: id, from: start)
      let tree = finder.path(to: id, from: linear)
      #expect((try? grid.get().keys) == (try? tree.get().keys), "\(id)")
      #expect((try? grid.get().milliseconds) == (try? tree.get().milliseconds), "\(id)")
      if case .failure(let gridFailure) = grid, case .failure(let treeFailure) = tree {
        #expect(gridFailure == treeFailure)
      }
      if case .success = grid { found += 1 }
    }
    #expect(found > 20)
  }

  @Test("after an action changes the tree, point mode hit-tests the new tree")
  func rebuiltAfterDispatch() throws {
    var settings = SwitchSettings()
    settings.mode = .point
    settings.tapBehavior = .always
    let scene = try SceneLoader().load(text: overlappingScene(count: 120, seed: 3))
    let start = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    let path = try SwitchPathFinder(settings: settings).path(to: "over", from: start).get()
    var scanner = start
    _ = scanner.run(path.keys)
    let tree = scanner.session.tree
    #expect(tree.element(id: "over") == nil)
    // The grid of the old tree is gone; the new tree is hit-tested directly.
    #expect(start.hitIndex != nil)
    #expect(scanner.hitIndex == nil)
    for point in probePoints(tree) {
      #expect(scanner.hitTest(point)?.id == tree.hitTest(point)?.id, "\(point)")
    }
  }
}

@Suite struct LocationIndexTests {
  /// Where a stop sits, by searching every level as the layout once did.
  func searched(_ layout: ScanLayout, _ id: String) -> [Int]? {
    func search(_ level: [ScanNode], _ path: [Int]) -> [Int]? {
      for (index, node) in level.enumerated() {
        switch node {
        case .element(let element) where element == id: return path + [index]
        case .group(let group):
          if let found = search(group.items, path + [index]) { return found }
        default: continue
        }
      }
      return nil
    }
    return search(layout.items, [])
  }

  @Test("every stop's indexed location is the one a search of the levels finds", arguments: librarySceneNames)
  func sameAsSearch(scene name: String) throws {
    let tree = SceneSession(scene: try libraryScene(name)).tree
    for groups in [true, false] {
      let layout = ScanLayout(tree: tree, groupsItems: groups)
      for id in layout.stops + ["no-such-stop"] + layout.exclusions.map(\.id) {
        #expect(layout.indexPath(of: id) == searched(layout, id), "\(name) \(id)")
      }
    }
  }

  @Test("changing the items moves the locations with them")
  func itemsChanged() throws {
    var layout = ScanLayout(tree: SceneSession(scene: try libraryScene("product-page")).tree, groupsItems: true)
    let copy = layout
    layout.items = [.element("late"), .group(ScanGroup(id: "g", label: nil, reason: .list, items: [.element("back")]))]
    #expect(layout.indexPath(of: "late") == [0])
    #expect(layout.indexPath(of: "back") == [1, 0])
    #expect(layout.indexPath(of: "cart") == nil)
    #expect(layout != copy)
    #expect(copy.indexPath(of: "cart") == searched(copy, "cart"))
    // An id met twice is found where a search from the top meets it first.
    layout.items = [
      .group(ScanGroup(id: "g", label: nil, reason: .list, items: [.element("x"), .element("twice")])),
      .element("twice"),
    ]
    #expect(layout.indexPath(of: "twice") == [0, 1])
    #expect(layout.indexPath(of: "twice") == searched(layout, "twice"))
  }
}
