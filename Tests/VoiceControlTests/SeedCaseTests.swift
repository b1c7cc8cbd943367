import AXModel
import Testing
import VoiceControl

/// The cases the issue names under "Done when", on the scene library.
@Suite struct SeedCaseTests {
  @Test("the close button answers to each of its aliases 关闭, 叉, 取消, 退出 (seed 000, 6.2)",
    arguments: ["关闭", "叉", "取消", "退出", "轻点 叉", "点击取消", "关闭按钮"])
  func closeButtonAliases(_ utterance: String) throws {
    var session = try makeSession("close-button")
    let outcome = session.handle(utterance: utterance)
    #expect(outcome.kind == .done)
    #expect(outcome.target == "close")
    #expect(outcome.action == .activate)
    #expect(session.sceneSession.tree.element(id: "dialog-title") == nil, "the dialog is gone")
  }

  @Test("an input label that is also a command word taps the element, not the command")
  func nameBeatsCommand() throws {
    var session = try makeSession("close-button")
    // 取消 is zh-CN's cancel; the visible name wins (seed 000, 6.2 says any alias clicks).
    let outcome = session.handle(utterance: "取消")
    #expect(outcome.intent == .tap)
    #expect(outcome.match == .exact)
  }

  @Test("only the input labels name an element that has them; the first is the one shown")
  func inputLabelsReplaceLabel() throws {
    let session = try makeSession("close-button")
    let target = try #require(session.index.target(id: "close"))
    #expect(target.names.map(\.text) == ["关闭", "叉", "取消", "退出"])
    #expect(target.shownName == "关闭")
  }

  @Test("a duplicated name opens a numbered chooser and the next number picks one")
  func duplicateNamesOpenChooser() throws {
    var session = try makeSession("duplicate-names")
    let ambiguous = session.handle(utterance: "tap delete")
    #expect(ambiguous.kind == .ambiguous)
    #expect(ambiguous.choices.map(\.id) == ["note-1-delete", "note-2-delete", "note-3-delete"])
    #expect(ambiguous.choices.map(\.number) == [1, 2, 3])
    guard case .chooser? = session.overlay else {
      Issue.record("no chooser shown")
      return
    }
    let picked = session.handle(utterance: "two")
    #expect(picked.kind == .done)
    #expect(picked.target == "note-2-delete")
    #expect(picked.match == .chooser)
    #expect(session.overlay == nil)
    #expect(session.sceneSession.tree.element(id: "note-2-delete") == nil)
  }

  @Test("a number outside the chooser is refused and the chooser stays")
  func chooserOutOfRange() throws {
    var session = try makeSession("duplicate-names")
    _ = session.handle(utterance: "tap edit")
    let outcome = session.handle(utterance: "tap 9")
    #expect(outcome.kind == .refused)
    #expect(outcome.message == "say a number from 1 to 3")
    #expect(session.overlay?.kindName == "chooser")
  }

  @Test("something else closes the chooser and is handled normally")
  func chooserClosesOnOtherCommand() throws {
    var session = try makeSession("duplicate-names")
    _ = session.handle(utterance: "tap delete")
    let outcome = session.handle(utterance: "tap new note")
    #expect(outcome.kind == .done)
    #expect(outcome.target == "new-note")
    #expect(session.overlay == nil)
  }

  @Test("an unlabeled icon button is reachable only by number, and the session says so")
  func unlabeledButtonByNumberOnly() throws {
    var session = try makeSession("duplicate-names")
    #expect(session.index.unnamedTargets.map(\.id) == ["sort", "like"])
    let byName = session.handle(utterance: "tap sort")
    #expect(byName.kind == .noSuchName)
    #expect(byName.details.first?.contains("sort, like") == true)
    let emoji = session.handle(utterance: "tap 👍")
    #expect(emoji.kind == .notUnderstood)
    _ = session.handle(utterance: "show numbers")
    let number = try #require(session.index.target(id: "sort")?.number)
    let byNumber = session.handle(utterance: "tap \(number)")
    #expect(byNumber.kind == .done)
    #expect(byNumber.target == "sort")
    #expect(byNumber.match == .number)
    #expect(byNumber.changes == [.variable(name: "sorted", from: .bool(false), to: .bool(true))])
  }

  @Test("the coffee dispenser increments and decrements by voice, with a count")
  func coffeeDispenserByIncrement() throws {
    var session = try makeSession("coffee-dispenser")
    let outcomes = say(
      ["increment coffee dispenser", "increment coffee dispenser by three", "decrement coffee dispenser"],
      to: &session)
    #expect(outcomes.map(\.kind) == [.done, .done, .done])
    #expect(outcomes.map(\.action) == [.increment, .increment, .decrement])
    #expect(outcomes[1].results.count == 3)
    #expect(session.sceneSession.state.values["coffee"] == .number(3))
    #expect(outcomes[2].announcements == ["3 ounces"])
  }

  @Test("the mail row's Delete runs by name, in either order")
  func mailRowDeleteByName() throws {
    for utterance in ["delete bob miller", "bob miller delete", "Delete Bob Miller"] {
      var session = try makeSession("mail-list")
      let outcome = session.handle(utterance: utterance)
      #expect(outcome.kind == .done, "\(utterance)")
      #expect(outcome.target == "mail-2")
      #expect(outcome.action == .custom("Delete"))
      #expect(outcome.announcements == ["Message deleted"])
      #expect(session.sceneSession.tree.element(id: "mail-2") == nil)
    }
  }

  @Test("numbers are refreshed after a row is deleted: the same number hits the next row")
  func numbersRefreshAfterDelete() throws {
    var session = try makeSession("mail-list")
    _ = session.handle(utterance: "show numbers continuously")
    let before = try #require(session.index.target(id: "mail-2")?.number)
    let deleted = session.handle(utterance: "delete bob miller")
    #expect(deleted.kind == .done)
    #expect(session.overlay?.kindName == "numbers", "continuous numbers stay")
    #expect(session.index.target(id: "mail-3")?.number == before, "mail-3 took mail-2's number")
    let snapshot = try #require(session.overlaySnapshot())
    #expect(!snapshot.badges.contains { $0.id == "mail-2" })
    #expect(snapshot.badges.map(\.number) == Array(1...snapshot.badges.count).map(Optional.some))
    let tapped = session.handle(utterance: "tap \(before)")
    #expect(tapped.target == "mail-3")
  }

  @Test("the grid reaches a target that has no name")
  func gridReachesUnnamedTarget() throws {
    var session = try makeSession("duplicate-names")
    let sort = try #require(session.sceneSession.tree.element(id: "sort"))
    _ = session.handle(utterance: "show grid")
    // Zoom towards the sort button's centre until the cell's centre hits it.
    var outcome: VoiceOutcome?
    for _ in 0..<GridOverlay.maximumLevels {
      guard case .grid(let grid)? = session.overlay else { break }
      let cell = try #require(grid.cells.first { $0.frame.contains(sort.frame.center) })
      if sort.frame.contains(cell.frame.center) {
        outcome = session.handle(utterance: "tap \(cell.number)")
        break
      }
      _ = session.handle(utterance: String(cell.number))
    }
    let tapped = try #require(outcome)
    #expect(tapped.kind == .done)
    #expect(tapped.target == "sort")
    #expect(tapped.match == .gridCell)
    #expect(session.overlay == nil, "a one-shot grid goes after the tap")
  }
}
