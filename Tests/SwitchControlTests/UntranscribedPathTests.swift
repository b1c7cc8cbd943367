import AXModel
import AXTestSupport
@testable import SwitchControl
import Testing

/// A planned path without its transcript: the scanner skips each step's highlight, menu and
/// notes, and the path must still be the transcribed one in everything a cost table reports.
@Suite struct UntranscribedPathTests {
  @Test(
    "a path planned without a transcript has the same keys, time and point, and no steps",
    arguments: librarySceneNames, PlanCase.all)
  func sameCost(scene name: String, case plan: PlanCase) throws {
    let session = SceneSession(scene: try libraryScene(name))
    let finder = SwitchPathFinder(settings: plan.settings)
    let start = SwitchScanner(session: session, settings: plan.settings)
    var compared = 0
    for element in session.tree.elements where element.respondsToUserInteraction {
      for goal in switchGoals(for: element) {
        let label = "\(element.id) \(goal)"
        let full = finder.plannedPath(to: element.id, goal: goal, from: start)
        let bare = finder.plannedPath(to: element.id, goal: goal, from: start, withTranscript: false)
        switch (full, bare) {
        case (.success(let full), .success(let bare)):
          #expect(bare.keys == full.keys, "\(label)")
          #expect(bare.milliseconds == full.milliseconds, "\(label)")
          #expect(bare.point == full.point, "\(label)")
          #expect(bare.steps.isEmpty, "\(label)")
          compared += 1
        case (.failure(let full), .failure(let bare)):
          #expect(bare == full, "\(label)")
        default:
          Issue.record("\(label): \(full) with a transcript, \(bare) without")
        }
      }
    }
    if name == "product-page" { #expect(compared > 0) }
  }

  @Test("turning the transcript off leaves a scanner's state as it would be")
  func sameState() throws {
    let session = SceneSession(scene: try libraryScene("mail-list"))
    for plan in PlanCase.all {
      let keys: [SwitchInput] = [
        .press(.select), .wait(milliseconds: 2500), .press(.next), .press(.select), .waitInterval,
        .press(.escape), .press(.select),
      ]
      var transcribed = SwitchScanner(session: session, settings: plan.settings)
      var bare = transcribed
      bare.recordsTranscript = false
      for key in keys {
        _ = transcribed.handle(key)
        bare.apply(key)
        #expect(bare.now == transcribed.now, "\(plan.testDescription) \(key)")
        #expect(bare.highlight == transcribed.highlight, "\(plan.testDescription) \(key)")
        #expect(bare.menu == transcribed.menu, "\(plan.testDescription) \(key)")
        #expect(bare.record.notes.isEmpty, "\(plan.testDescription) \(key)")
      }
    }
  }
}
