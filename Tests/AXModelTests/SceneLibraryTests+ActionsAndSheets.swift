import AXModel
import AXTestSupport
import Foundation
import Testing

// MARK: - Seed 004: custom actions and direct touch

extension SceneLibraryTests {
  @Suite struct Equalizer {
    @Test func fourCustomActionsMoveAndClampThePad() throws {
      var session = try librarySession("equalizer")
      let pad = try #require(session.tree.element(id: "equalizer"))
      #expect(pad.customActionNames == ["Move Up", "Move Right", "Move Down", "Move Left"])
      #expect(!pad.traits.contains(.adjustable))
      for _ in 0..<7 { _ = session.perform(action: "Move Up", on: "equalizer") }
      _ = session.perform(action: "Move Left", on: "equalizer")
      _ = session.perform(action: "Move Right", on: "equalizer")
      #expect(session.tree.element(id: "equalizer")?.value == "Frequency 10, amplitude 100")
      _ = session.perform(action: "Move Down", on: "equalizer")
      #expect(session.tree.element(id: "equalizer")?.value == "Frequency 10, amplitude 90")
    }
  }
}

extension SceneLibraryTests {
  @Suite struct VirtualCat {
    @Test func onlyGesturesChangeTheReaction() throws {
      let session = try librarySession("virtual-cat")
      let cat = try #require(session.tree.element(id: "cat"))
      #expect(cat.directTouch?.requiresActivation == true)
      #expect(cat.traits.contains(.allowsDirectInteraction))
      #expect(cat.value == "Sleeping")
      let purring = Condition.equals(variable: "reaction", value: .string("Purring"))
      #expect(TaskPlanner().plan(purring, from: session) == nil)
      let plan = TaskPlanner(includesGestures: true).plan(purring, from: session)
      #expect(plan == [PlannedStep(action: .gesture(.pan), target: "cat")])
      var touched = session
      _ = touched.perform(.gesture(.pinch), on: "cat")
      #expect(touched.tree.element(id: "cat")?.value == "Hissing")
    }
  }
}

// MARK: - Modal sheets, rows and switches

extension SceneLibraryTests {
  @Suite struct BottomSheet {
    @Test func sheetIsModalFocusesItsTitleAndEscapes() throws {
      var session = try librarySession("bottom-sheet")
      #expect(!session.escape().isDone, "the page has no escape handler, so escape is refused")
      let mainIDs = Set(session.elementIDs)
      let opened = session.activate("filter")
      #expect(opened.focus == "sheet-title")
      #expect(session.elementIDs.first == "sheet-title")
      #expect(Set(session.elementIDs).isDisjoint(with: mainIDs))
      // The map shows above the sheet's top edge but is out of the tree while the sheet is up.
      #expect(session.tree.hitTest(Point(x: 195, y: 400)) == nil)
      #expect(session.escape().isDone)
      #expect(Set(session.elementIDs) == mainIDs)
      #expect(session.state.screenStack == ["start"])
    }
  }
}

extension SceneLibraryTests {
  @Suite struct MailList {
    static let rows = (1...5).map { "mail-\($0)" }

    @Test(arguments: [SceneAction.custom("Delete"), .custom("Report"), .gesture(.swipeLeft)])
    func deletedRowDisappears(_ action: SceneAction) throws {
      var session = try librarySession("mail-list")
      for row in Self.rows {
        let actions = session.tree.element(id: row)?.customActionNames
        #expect(actions == ["Mark as Read", "Delete", "Report"])
      }
      #expect(session.perform(action, on: "mail-2").isDone)
      #expect(session.tree.element(id: "mail-2") == nil)
      let rows = session.elementIDs.filter { $0.hasPrefix("mail-") }
      #expect(rows == ["mail-1", "mail-3", "mail-4", "mail-5"])
      #expect(!session.perform(action, on: "mail-2").isDone)
    }

    @Test func markAsReadDropsUnreadFromTheRow() throws {
      var session = try librarySession("mail-list")
      let unread = "Unread, Alice Chen, Lunch on Friday?, 9:41 AM"
      #expect(session.tree.element(id: "mail-1")?.label == unread)
      #expect(session.perform(action: "Mark as Read", on: "mail-1").isDone)
      #expect(session.tree.element(id: "mail-1")?.label == "Alice Chen, Lunch on Friday?, 9:41 AM")
    }
  }
}

extension SceneLibraryTests {
  @Suite struct Settings {
    @Test func switchesReadTheirVariablesAndTheDisabledRowRefuses() throws {
      var session = try librarySession("settings")
      #expect(session.tree.element(id: "wifi")?.value == "on")
      _ = session.activate("wifi")
      #expect(session.tree.element(id: "wifi")?.value == "off")
      #expect(session.state.values["wifi"] == .bool(false))
      let refused = session.activate("hotspot")
      #expect(!refused.isDone)
      #expect(refused.announcements.isEmpty)
      for _ in 0..<8 { _ = session.increment("brightness") }
      #expect(session.tree.element(id: "brightness")?.value == "100%")
      #expect(session.tree.elements.filter { $0.traits.contains(.header) }.map(\.id) == [
        "title", "connectivity-header", "display-header",
      ])
    }
  }
}
