import AXModel
import AXTestSupport
import Foundation
import SwitchControl
import Testing

/// Aiming once per element: the point of an element's cheapest tap gives the cheapest path of
/// each of its other actions too, as a full search over every aim point does.
@Suite struct AimOnceTests {
  @Test("aiming at the tap's point costs every action as the full search does", arguments: librarySceneNames)
  func aimOnce(scene name: String) throws {
    let session = SceneSession(scene: try libraryScene(name))
    var compared = 0
    for tap in TapBehavior.allCases {
      var settings = SwitchSettings()
      settings.mode = .point
      settings.tapBehavior = tap
      let start = SwitchScanner(session: session, settings: settings)
      let finder = SwitchPathFinder(settings: settings)
      for element in session.tree.elements where element.respondsToUserInteraction {
        guard case .success(let tapPath) = finder.plannedPath(to: element.id, from: start),
          let point = tapPath.point
        else { continue }
        for goal in switchGoals(for: element) where goal != .activate {
          let full = finder.plannedPath(to: element.id, goal: goal, from: start)
          let aimed = finder.plannedPath(to: element.id, goal: goal, from: start, aimingAt: [point])
          switch (full, aimed) {
          case (.success(let a), .success(let b)):
            #expect(a.keys == b.keys && a.milliseconds == b.milliseconds, "\(name) \(element.id) \(goal) \(tap)")
            compared += 1
          case (.failure(let a), .failure(let b)):
            #expect(a.reason == b.reason, "\(name) \(element.id) \(goal) \(tap)")
          default:
            Issue.record("\(name) \(element.id) \(goal) \(tap): \(full) vs \(aimed)")
          }
        }
      }
    }
    if ["coffee-dispenser", "mail-list", "equalizer"].contains(name) { #expect(compared > 0) }
  }
}
