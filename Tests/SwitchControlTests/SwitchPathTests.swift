import AXModel
import AXTestSupport
import SwitchControl
import Testing

/// A named combination of settings the path tests run under.
struct SettingsCase: Sendable, CustomTestStringConvertible {
  var name: String
  var settings: SwitchSettings
  var testDescription: String { name }

  static func make(_ name: String, _ configure: (inout SwitchSettings) -> Void) -> SettingsCase {
    var settings = SwitchSettings()
    configure(&settings)
    return SettingsCase(name: name, settings: settings)
  }

  static let all: [SettingsCase] = [
    make("auto") { _ in },
    make("auto, first pause, no groups") {
      $0.firstItemPause = 0.5
      $0.groupsItems = false
    },
    make("manual") { $0.scanning = .manual },
    make("step") { $0.scanning = .step },
    make("manual, auto tap") {
      $0.scanning = .manual
      $0.tapBehavior = .auto
    },
    make("auto, always tap") { $0.tapBehavior = .always },
    make("point two-stage") { $0.mode = .point },
    make("point one-stage, manual") {
      $0.mode = .point
      $0.pointStyle = .oneStage
      $0.scanning = .manual
    },
  ]
}

@Suite struct SwitchPathTests {
  static let scenes = [
    "product-page", "mail-list", "coffee-dispenser", "equalizer", "bottom-sheet", "settings",
    "login-form", "calendar-month",
  ]

  @Test("every path replays to exactly its action on every stop", arguments: scenes, SettingsCase.all)
  func replays(scene name: String, settings: SettingsCase) throws {
    let session = SceneSession(scene: try libraryScene(name))
    let finder = SwitchPathFinder(settings: settings.settings)
    let stops = ScanLayout(tree: session.tree, groupsItems: settings.settings.groupsItems).stops
    for id in stops {
      let goal: SwitchGoal = session.tree.element(id: id)?.isAdjustable == true ? .increment : .activate
      let path: SwitchPath
      switch finder.path(to: id, goal: goal, in: session) {
      case .success(let found): path = found
      case .failure(let failure):
        // A disabled stop refuses; point mode can only miss an element covered everywhere.
        let disabled = session.tree.element(id: id)?.isEnabled == false
        #expect(disabled || settings.settings.mode == .point, "\(failure)")
        if disabled { #expect(failure.reason.contains("not enabled")) }
        continue
      }
      var scanner = SwitchScanner(session: session, settings: settings.settings)
      let steps = scanner.run(path.keys)
      let results = dispatched(steps)
      #expect(results.count == 1, "\(id): \(KeyScript.text(path.keys))")
      #expect(results.last?.target == id)
      #expect(results.last?.action == goal.action)
      #expect(steps.last?.time == path.milliseconds)
    }
  }

  @Test("mail rows: Delete is reached through Actions and removes the row")
  func mailDelete() throws {
    let session = SceneSession(scene: try libraryScene("mail-list"))
    var settings = SwitchSettings()
    settings.scanning = .manual
    let path = try SwitchPathFinder(settings: settings).path(to: "mail-3", goal: .custom("Delete"), in: session).get()
    var scanner = SwitchScanner(session: session, settings: settings)
    let steps = scanner.run(path.keys)
    #expect(steps.contains { $0.notes.contains("Actions submenu") })
    #expect(steps.contains { $0.menu?.contains("Delete") == true })
    #expect(scanner.session.tree.element(id: "mail-3") == nil)
  }

  @Test("the coffee dispenser is filled through Increment")
  func coffeeIncrement() throws {
    let session = SceneSession(scene: try libraryScene("coffee-dispenser"))
    let path = try SwitchPathFinder(settings: SwitchSettings()).path(to: "coffee", goal: .increment, in: session).get()
    #expect(path.keys == (try keys("select,wait:1,select")))
    var scanner = SwitchScanner(session: session, settings: SwitchSettings())
    _ = scanner.run(path.keys)
    #expect(scanner.session.state.values["coffee"] == .number(1))
  }

  @Test("behind the bottom sheet nothing is reachable until Escape")
  func sheetTrap() throws {
    var session = SceneSession(scene: try libraryScene("bottom-sheet"))
    _ = session.activate("filter")
    let finder = SwitchPathFinder(settings: SwitchSettings())
    guard case .failure(let failure) = finder.path(to: "filter", in: session) else {
      Issue.record("the page behind the sheet is reachable")
      return
    }
    #expect(failure.reason.contains("behind a modal"))
    _ = session.escape()
    #expect((try? finder.path(to: "filter", in: session).get()) != nil)
  }

  @Test(
    "each of the equalizer's four actions has a path",
    arguments: ["Move Up", "Move Right", "Move Down", "Move Left"])
  func equalizer(action: String) throws {
    let session = SceneSession(scene: try libraryScene("equalizer"))
    let path = try SwitchPathFinder(settings: SwitchSettings()).path(to: "equalizer", goal: .custom(action), in: session).get()
    var scanner = SwitchScanner(session: session, settings: SwitchSettings())
    #expect(dispatched(scanner.run(path.keys)).map(\.action) == [.custom(action)])
  }

  @Test(
    "unreachable elements give the reason",
    arguments: [
      ("product-page", "title", "does not respond to user interaction"),
      ("product-page", "nope", "no element 'nope'"),
      ("product-page", "size-guide-close", "not in the accessibility tree"),
    ])
  func unreachable(scene: String, id: String, reason: String) throws {
    let session = SceneSession(scene: try libraryScene(scene))
    let result = SwitchPathFinder(settings: SwitchSettings()).path(to: id, in: session)
    guard case .failure(let failure) = result else {
      Issue.record("\(id) reachable")
      return
    }
    #expect(failure.reason.contains(reason))
  }

  @Test("an action the element lacks is refused before searching")
  func missingAction() throws {
    let session = SceneSession(scene: try libraryScene("product-page"))
    let result = SwitchPathFinder(settings: SwitchSettings()).path(to: "back", goal: .increment, in: session)
    #expect(throws: SwitchPathFailure.self) { try result.get() }
  }

  @Test("manual paths are as short as a breadth-first search over every key finds", arguments: ["product-page", "mail-list", "settings"])
  func optimalManual(scene name: String) throws {
    var settings = SwitchSettings()
    settings.scanning = .manual
    let session = SceneSession(scene: try libraryScene(name))
    let start = SwitchScanner(session: session, settings: settings)
    for id in start.layout.stops where session.tree.element(id: id)?.isEnabled == true {
      let path = try SwitchPathFinder(settings: settings).path(to: id, in: session).get()
      #expect(path.presses == shortest(to: id, from: start, limit: path.presses))
    }
  }

  /// The fewest presses that activate `id`, by breadth-first search over scanner states.
  func shortest(to id: String, from start: SwitchScanner, limit: Int) -> Int? {
    var frontier = [start]
    for depth in 1...limit {
      var next: [SwitchScanner] = []
      var seen: Set<String> = []
      for scanner in frontier {
        for action in [SwitchAction.select, .next, .previous, .escape] {
          var forked = scanner
          let step = forked.handle(.press(action))
          if step.results.contains(where: { $0.target == id && $0.action == .activate }) { return depth }
          guard step.results.isEmpty else { continue }
          let key = "\(forked.highlight)|\(forked.groupPath)|\(String(describing: forked.menu))"
          if seen.insert(key).inserted { next.append(forked) }
        }
      }
      frontier = next
    }
    return nil
  }

  @Test("cost report of the product page: grouped auto scanning beats the linear estimate")
  func costs() throws {
    let session = SceneSession(scene: try libraryScene("product-page"))
    let report = CostReport(session: session, settings: SwitchSettings())
    #expect(report.stopCount == 9)
    #expect(report.rows.allSatisfy { $0.path != nil })
    var flat = SwitchSettings()
    flat.groupsItems = false
    let linear = CostReport(session: session, settings: flat)
    #expect(linear.meanSeconds == linear.linearEstimate)
    #expect(report.meanSeconds < linear.meanSeconds)
    var point = SwitchSettings()
    point.mode = .point
    #expect(CostReport(session: session, settings: point).rows.allSatisfy { $0.path?.presses == 5 })
  }
}
