import AXModel
import AXTestSupport
import SwitchControl
import Testing

@Suite struct SwitchScannerTests {
  @Test("auto scanning moves every interval, pauses on the first item and stops after the loops")
  func autoScanning() throws {
    var scanner = try makeScanner(text: rulesScene) {
      $0.scanInterval = 0.5
      $0.firstItemPause = 0.25
      $0.loops = 2
    }
    #expect(scanner.highlight == .group("toolbar"))
    _ = scanner.handle(.wait(milliseconds: 740))
    #expect(scanner.highlight == .group("toolbar"))
    _ = scanner.handle(.wait(milliseconds: 10))
    #expect(scanner.highlight == .element("only"))
    _ = scanner.handle(.waitInterval)
    #expect(scanner.highlight == .element("card"))
    // Loop 1 ends at 0.75 + 3 x 0.5 = 2.25 s, loop 2 at 4.5 s.
    let step = scanner.handle(.wait(milliseconds: 4500 - scanner.now))
    #expect(scanner.highlight == .none)
    #expect(step.notes.contains("scanning stopped after 2 loops"))
    _ = scanner.handle(.press(.select))
    #expect(scanner.highlight == .group("toolbar"))
  }

  @Test("manual scanning: Next and Previous wrap; a group loop ends with its exit stop")
  func manualScanning() throws {
    var scanner = try makeScanner(text: rulesScene) { $0.scanning = .manual }
    _ = scanner.handle(.press(.previous))
    #expect(scanner.highlight == .group("tabs"))
    _ = scanner.handle(.press(.next))
    #expect(scanner.highlight == .group("toolbar"))
    _ = scanner.handle(.press(.select))
    #expect(scanner.highlight == .element("bold"))
    _ = scanner.run(try keys("next,next"))
    #expect(scanner.highlight == .exit("toolbar"))
    _ = scanner.handle(.press(.next))
    #expect(scanner.highlight == .element("bold"))
    _ = scanner.run(try keys("previous,select"))
    #expect(scanner.highlight == .group("toolbar"))
    #expect(scanner.groupPath.isEmpty)
  }

  @Test("auto scanning visits the exit stop of a group; Escape leaves the group")
  func exitAndEscape() throws {
    var scanner = try makeScanner(text: rulesScene)
    _ = scanner.handle(.press(.select))
    _ = scanner.run(try keys("wait,wait"))
    #expect(scanner.highlight == .exit("toolbar"))
    _ = scanner.handle(.press(.select))
    #expect(scanner.highlight == .group("toolbar"))
    _ = scanner.run(try keys("select,escape"))
    #expect(scanner.groupPath.isEmpty)
    #expect(scanner.highlight == .group("toolbar"))
  }

  @Test("step scanning: the first press highlights, each press moves, resting selects")
  func stepScanning() throws {
    var scanner = try makeScanner(text: rulesScene) {
      $0.scanning = .step
      $0.dwellTime = 1.5
    }
    #expect(scanner.highlight == .none)
    _ = scanner.run(try keys("next,next"))
    #expect(scanner.highlight == .element("only"))
    _ = scanner.handle(.wait(milliseconds: 1499))
    #expect(scanner.menu == nil)
    let step = scanner.handle(.wait(milliseconds: 1))
    #expect(step.notes.contains("dwell"))
    #expect(scanner.menu?.target == "only")
    // The menu dwells too: resting on Tap taps.
    let tap = scanner.handle(.wait(milliseconds: 1500))
    #expect(dispatched([tap]).map(\.action) == [.activate])
  }

  @Test("Default tap behaviour opens the menu; Tap dispatches activate")
  func defaultTap() throws {
    var scanner = try makeScanner(text: rulesScene) { $0.scanning = .manual }
    let steps = scanner.run(try keys("next,next,select,select"))
    #expect(steps[2].menu == ["Tap", "Point Mode"])
    let results = dispatched(steps)
    #expect(results.map(\.target) == ["card"])
    #expect(results.first?.announcements == ["Card opened"])
  }

  @Test("Auto Tap taps after 0.75 s unless a second press opens the menu")
  func autoTap() throws {
    var scanner = try makeScanner(text: rulesScene) {
      $0.scanning = .manual
      $0.tapBehavior = .auto
    }
    _ = scanner.run(try keys("next,next,select"))
    #expect(dispatched([scanner.handle(.wait(milliseconds: 749))]).isEmpty)
    #expect(dispatched([scanner.handle(.wait(milliseconds: 1))]).map(\.target) == ["card"])
    var second = try makeScanner(text: rulesScene) {
      $0.scanning = .manual
      $0.tapBehavior = .auto
    }
    let steps = second.run(try keys("next,next,select,wait:0.5,select,wait:2"))
    #expect(dispatched(steps).isEmpty)
    #expect(second.menu?.target == "card")
  }

  @Test("Always Tap taps at once; a long press still opens the menu")
  func alwaysTap() throws {
    var scanner = try makeScanner(text: rulesScene) {
      $0.scanning = .manual
      $0.tapBehavior = .always
    }
    let steps = scanner.run(try keys("next,next,select"))
    #expect(dispatched(steps).map(\.target) == ["card"])
    let hold = scanner.run(try keys("next,next,hold"))
    #expect(scanner.menu?.target == "card")
    #expect(hold.last?.time == 1000)
  }

  @Test(
    "Focused Item After Tap resumes at the first item or the tapped one",
    arguments: [(FocusAfterTap.first, Highlight.group("toolbar")), (.tapped, .element("card"))])
  func focusAfterTap(focus: FocusAfterTap, expected: Highlight) throws {
    var scanner = try makeScanner(text: rulesScene) {
      $0.scanning = .manual
      $0.focusAfterTap = focus
    }
    _ = scanner.run(try keys("next,next,select,select"))
    #expect(scanner.highlight == expected)
  }

  @Test("the menu offers Increment and Decrement for adjustable elements")
  func adjustableMenu() throws {
    var scanner = try makeScanner("coffee-dispenser") { $0.scanning = .manual }
    _ = scanner.handle(.press(.select))
    #expect(scanner.menu?.items == [.tap, .increment, .decrement, .gestures, .pointMode])
    let steps = scanner.run(try keys("next,select"))
    #expect(dispatched(steps).first?.changes.first == .variable(name: "coffee", from: .number(0), to: .number(1)))
  }

  @Test("the equalizer's four custom actions are in its Actions menu")
  func equalizerActions() throws {
    var scanner = try makeScanner("equalizer") { $0.scanning = .manual }
    _ = scanner.handle(.press(.select))
    #expect(scanner.menu?.items.contains(.actions) == true)
    let index = try #require(scanner.menu?.items.firstIndex(of: .actions))
    for _ in 0..<index { _ = scanner.handle(.press(.next)) }
    _ = scanner.handle(.press(.select))
    #expect(scanner.menu?.items.map(\.title) == ["Move Up", "Move Right", "Move Down", "Move Left"])
    _ = scanner.run(try keys("next,select"))
    #expect(scanner.session.tree.element(id: "equalizer")?.value != "Frequency 0, amplitude 40")
  }

  @Test("escape closes a submenu, then the menu")
  func escapeInMenu() throws {
    var scanner = try makeScanner("equalizer") { $0.scanning = .manual }
    _ = scanner.run(try keys("select,next,select"))
    #expect(scanner.menu?.parentItems != nil)
    _ = scanner.handle(.press(.escape))
    #expect(scanner.menu?.parentItems == nil)
    _ = scanner.handle(.press(.escape))
    #expect(scanner.menu == nil)
    #expect(scanner.highlight == .element("equalizer"))
  }

  @Test("a sheet confines scanning until Escape; the stops are rebuilt each time")
  func bottomSheetTrap() throws {
    var scanner = try makeScanner("bottom-sheet") { $0.scanning = .manual }
    let open = scanner.run(try keys("select,select"))
    #expect(open.last?.notes.contains("stops rebuilt: 4 stops") == true)
    #expect(scanner.layout.stops == ["sheet-close", "open-now", "delivery", "apply"])
    // However long the user scans, only the sheet's stops come up.
    var seen: Set<String> = []
    for _ in 0..<12 {
      if case .element(let id) = scanner.handle(.press(.next)).highlight { seen.insert(id) }
    }
    #expect(seen == ["sheet-close", "open-now", "delivery", "apply"])
    _ = scanner.handle(.press(.select))
    #expect(scanner.menu?.items.contains(.escape) == true)
    _ = scanner.handle(.press(.escape))
    let escape = scanner.handle(.press(.escape))
    #expect(escape.results.first?.action == .escape)
    #expect(scanner.layout.stops == ["filter"])
  }

  @Test("deleting a row rebuilds the stops and scanning restarts from the first item")
  func rowDeleted() throws {
    var scanner = try makeScanner("mail-list") { $0.scanning = .manual }
    let path = try SwitchPathFinder(settings: scanner.settings)
      .path(to: "mail-2", goal: .custom("Delete"), in: scanner.session).get()
    let steps = scanner.run(path.keys)
    #expect(!scanner.layout.stops.contains("mail-2"))
    #expect(steps.last?.notes.contains { $0.hasPrefix("stops rebuilt") } == true)
    #expect(scanner.highlight == .element("mailboxes") || scanner.highlight == .group(scanner.layout.items[0].id))
  }

  @Test("point mode, two stages: band, line, band, line, then the menu on the element hit")
  func gliding() throws {
    var scanner = try makeScanner("coffee-dispenser") { $0.mode = .point }
    #expect(scanner.highlight == .band(axis: .x, from: 0, to: 97.5))
    // The band (300 pt/s) covers x 147-244.5 at 0.49 s; the coffee frame is x 145-245,
    // y 140-540; the line moves at 100 pt/s.
    let steps = scanner.run(try keys("wait:0.49,select,wait:0.5,select,wait:0.5,select,wait:1,select"))
    #expect(steps[1].highlight == .line(axis: .x, at: 147))
    #expect(steps.filter(\.input.isPress).count == 4)
    #expect(scanner.menu?.target == "coffee")
    #expect(scanner.menu?.items.contains(.refine) == true)
    #expect(scanner.menu?.point == Point(x: 197, y: 250))
  }

  @Test("point mode, one stage: a line down y, then a line across x")
  func oneStage() throws {
    var scanner = try makeScanner("coffee-dispenser") {
      $0.mode = .point
      $0.pointStyle = .oneStage
    }
    #expect(scanner.highlight == .line(axis: .y, at: 0))
    _ = scanner.run(try keys("wait:2,select,wait:2,select"))
    #expect(scanner.menu?.target == "coffee")
  }

  @Test("a point that hits no element is reported as a miss")
  func miss() throws {
    var scanner = try makeScanner("coffee-dispenser") {
      $0.mode = .point
      $0.pointStyle = .oneStage
    }
    let steps = scanner.run(try keys("select,select"))
    #expect(steps.last?.notes.contains("missed: no element at (0, 0)") == true)
    #expect(scanner.menu == nil)
  }

  @Test("Refine sweeps fine lines around the point, then taps where they stop")
  func refine() throws {
    var scanner = try makeScanner("coffee-dispenser") {
      $0.mode = .point
      $0.scanning = .manual
      $0.pointStyle = .oneStage
    }
    _ = scanner.run(try keys("wait:2,select,wait:2,select"))
    let index = try #require(scanner.menu?.items.firstIndex(of: .refine))
    for _ in 0..<index { _ = scanner.handle(.press(.next)) }
    _ = scanner.handle(.press(.select))
    #expect(scanner.highlight == .line(axis: .y, at: 200 - 105.5))
    _ = scanner.run(try keys("wait:1,select,wait:0.5,select"))
    #expect(scanner.menu?.point == Point(x: 200 - 48.75 + 50, y: 200 - 105.5 + 100))
  }

  @Test("the menu switches between item and point mode")
  func modeSwitch() throws {
    var scanner = try makeScanner("coffee-dispenser") { $0.scanning = .manual }
    _ = scanner.run(try keys("select,previous,select"))
    #expect(scanner.mode == .point)
    _ = scanner.run(try keys("wait:0.5,select,wait:0.2,select,wait:0.5,select,wait:0.5,select"))
    #expect(scanner.menu?.items.last == .itemMode)
    _ = scanner.run(try keys("previous,select"))
    #expect(scanner.mode == .item)
    #expect(scanner.highlight == .element("coffee"))
  }

  @Test("the same inputs always give the same steps")
  func deterministic() throws {
    let script = try keys("wait:2.5,select,wait,select,next,select,wait:3")
    var first = try makeScanner("product-page")
    var second = try makeScanner("product-page")
    #expect(first.run(script) == second.run(script))
  }
}
