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
