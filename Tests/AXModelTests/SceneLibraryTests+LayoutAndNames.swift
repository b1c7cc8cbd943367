import AXModel
import AXTestSupport
import Foundation
import Testing

// MARK: - Layout direction and Voice Control names

extension SceneLibraryTests {
  @Suite struct RightToLeft {
    @Test func orderWithinARowMirrorsTheSameLayoutLeftToRight() throws {
      let scene = try loadLibraryScene("rtl-messages")
      #expect(scene.layoutDirection == .rightToLeft)
      var mirrored = scene
      mirrored.layoutDirection = .leftToRight
      let rtl = SceneSession(scene: scene)
      let ltr = SceneSession(scene: mirrored)
      #expect(rtl.elementIDs.prefix(2) == ["edit", "compose"])
      #expect(ltr.elementIDs.prefix(2) == ["compose", "edit"])
      let elements = rtl.tree.elements
      var sameRowPairs = 0
      for (a, first) in elements.enumerated() {
        for second in elements[(a + 1)...] {
          let sameRow =
            !(first.frame.maxY <= second.frame.minY || second.frame.maxY <= first.frame.minY)
          let flipped =
            try #require(ltr.position(of: second.id)) < #require(ltr.position(of: first.id))
          #expect(flipped == sameRow, "\(first.id) and \(second.id)")
          if sameRow { sameRowPairs += 1 }
        }
      }
      #expect(sameRowPairs >= 4)
    }
  }
}

extension SceneLibraryTests {
  @Suite struct VoiceControlName {
    @Test func closeButtonHasItsAliasesAndTheDialogIsModal() throws {
      var session = try librarySession("close-button")
      let close = try #require(session.tree.element(id: "close"))
      #expect(close.label == "关闭")
      #expect(close.userInputLabels == ["关闭", "叉", "取消", "退出"])
      #expect(session.tree.element(id: "home-title") == nil)
      let result = session.activate("close")
      #expect(result.focus == "home-title")
      #expect(session.elementIDs == ["home-title", "home-feed"])
    }

    @Test func duplicateUnlabeledAndEmojiNames() throws {
      var session = try librarySession("duplicate-names")
      let labels = session.tree.elements.map(\.label)
      #expect(labels.filter { $0 == "Edit" }.count >= 2)
      #expect(labels.filter { $0 == "Delete" }.count >= 2)
      let unlabeled = try #require(session.tree.element(id: "sort"))
      #expect(unlabeled.label == nil && unlabeled.userInputLabels.isEmpty)
      #expect(unlabeled.respondsToUserInteraction)
      let like = try #require(session.tree.element(id: "like")?.label)
      #expect(like.unicodeScalars.allSatisfy { $0.properties.isEmojiPresentation })
      #expect(session.activate("note-2-delete").isDone)
      #expect(session.tree.element(id: "note-2-edit") == nil)
      #expect(labels.filter { $0 == "Delete" }.count - 1
        == session.tree.elements.filter { $0.label == "Delete" }.count)
    }
  }
}
