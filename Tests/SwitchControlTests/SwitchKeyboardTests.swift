import AXModel
import AXTestSupport
import SwitchControl
import Testing

/// The on-screen keyboard Switch Control scans while a text field is being edited.
@Suite("Switch keyboard")
struct SwitchKeyboardTests {
  static let screen = Size(width: 390, height: 844)

  static let form = """
    {"format": "axscene/1", "name": "Form", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
       {"id": "name", "type": "textField", "frame": [16, 100, 358, 44], "label": "Name"},
       {"id": "email", "type": "textField", "frame": [16, 160, 358, 44], "label": "Email", "text": "old",
        "keyboardType": "emailAddress"},
       {"id": "send", "type": "button", "frame": [16, 220, 358, 44], "text": "Send"}
     ]}}]}
    """

  @Test func theLettersAreFourRowsAtTheBottomOfTheScreen() {
    let rows = SwitchKeyboard().rows(screen: Self.screen)
    #expect(rows.map(\.count) == [10, 9, 9, 3])
    #expect(rows[2].first?.role == .shift && rows[2].last?.role == .delete)
    #expect(rows[3].map(\.id) == ["key:123", "key:space", "key:return"])
    let bottom = rows.flatMap { $0 }.map { $0.frame.y + $0.frame.height }.max() ?? 0
    #expect(bottom <= Self.screen.height - SwitchKeyboard.bottomInset)
    #expect(rows[0].first?.frame.y ?? 0 >= Self.screen.height - SwitchKeyboard.height - SwitchKeyboard.bottomInset)
    for row in rows {
      let right = row.map { $0.frame.x + $0.frame.width }.max() ?? 0
      #expect(right <= Self.screen.width, "keys stay on the screen")
    }
  }

  @Test("the keys that type a character", arguments: [
    (SwitchKeyboard(), "q", ["key:q"]),
    (SwitchKeyboard(), "Q", ["key:shift", "key:q"]),
    (SwitchKeyboard(isShifted: true), "Q", ["key:q"]),
    (SwitchKeyboard(isShifted: true), "q", ["key:shift", "key:q"]),
    (SwitchKeyboard(), "7", ["key:123", "key:7"]),
    (SwitchKeyboard(), "@", ["key:123", "key:@"]),
    (SwitchKeyboard(keyboardType: .emailAddress), "@", ["key:@"]),
    (SwitchKeyboard(), "%", ["key:123", "key:#+=", "key:%"]),
    (SwitchKeyboard(), " ", ["key:space"]),
  ] as [(SwitchKeyboard, Character, [String])])
  func keysToType(_ keyboard: SwitchKeyboard, _ character: Character, _ expected: [String]) {
    #expect(keyboard.keys(toType: character) == expected)
  }

  @Test func noLayerTypesAnEmoji() {
    #expect(SwitchKeyboard().keys(toType: "🙂") == nil)
  }

  @Test func theKeyboardIsTheFirstGroupWhileAFieldIsEdited() throws {
    var scanner = try makeScanner(text: Self.form) { $0.scanning = .manual }
    #expect(scanner.keyboard == nil)
    _ = scanner.run(try keys("select,select"))
    #expect(scanner.session.editingField == "name")
    #expect(scanner.keyboard != nil)
    guard case .group(let group)? = scanner.layout.items.first else {
      Issue.record("the keyboard is not the first item")
      return
    }
    #expect(group.id == SwitchKeyboard.groupID && group.reason == .keyboard && group.items.count == 4)
  }

  @Test("typing by switch gives the text", arguments: [
    (ScanningStyle.manual, "Hi there"), (.auto, "ok 7"), (.step, "A.b"),
  ])
  func typing(_ style: ScanningStyle, _ text: String) throws {
    let start = try makeScanner(text: Self.form) { $0.scanning = style }
    let typing = SwitchTyping(settings: start.settings)
    let path = try typing.path(entering: text, into: "name", from: start).get()
    var replay = start
    _ = replay.run(path.keys)
    #expect(replay.session.text(of: "name") == text)
    #expect(replay.now == path.milliseconds)
    #expect(path.presses >= text.count, "every character costs at least its key")
  }

  @Test func enteringReplacesWhatTheFieldHolds() throws {
    let start = try makeScanner(text: Self.form) { $0.scanning = .manual }
    let path = try SwitchTyping(settings: start.settings).path(entering: "a@b.c", into: "email", from: start).get()
    var replay = start
    _ = replay.run(path.keys)
    #expect(replay.session.text(of: "email") == "a@b.c")
    #expect(replay.keyboard?.keyboardType == .emailAddress)
  }

  @Test func autoScanTypingCostsTheWaitsOfEachKey() throws {
    let start = try makeScanner(text: Self.form) { $0.scanning = .auto }
    let typing = SwitchTyping(settings: start.settings)
    // The email keyboard has no Shift turned on by autocapitalisation.
    let tap = try SwitchPathFinder(settings: start.settings).path(to: "email", from: start).get()
    var editing = start
    _ = editing.run(tap.keys)
    // "q" is the first key of the first row: enter the keyboard, the row, tap the key, no waits.
    let first = try typing.path(typing: "q", from: editing).get()
    #expect(first.keys == (try keys("select,select,select")))
    // "p" is the tenth key: nine more automatic moves of one interval each.
    let last = try typing.path(typing: "p", from: editing).get()
    #expect(Double(last.milliseconds - first.milliseconds) == 9 * start.settings.scanInterval * 1000)
  }

  @Test func pointModeTypesByAimingAtEachKey() throws {
    let start = try makeScanner(text: Self.form) { $0.mode = .point }
    let path = try SwitchTyping(settings: start.settings).path(entering: "a", into: "name", from: start).get()
    // Four selects fix the field's point and one chooses Tap; the field starts shifted, so
    // Shift, then "a": four selects each.
    #expect(path.presses == 5 + 4 + 4)
    var replay = start
    _ = replay.run(path.keys)
    #expect(replay.session.text(of: "name") == "a")
  }

  @Test func aSceneViewWhoseIDStartsLikeAKeyIsStillTheScenes() throws {
    let text = """
      {"format": "axscene/1", "name": "K", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
         {"id": "name", "type": "textField", "frame": [16, 100, 358, 44], "label": "Name"},
         {"id": "key:send", "type": "button", "frame": [16, 200, 358, 44], "text": "Send",
          "on": {"activate": [{"announce": "sent"}]}}]}}]}
      """
    var scanner = try makeScanner(text: text) { $0.scanning = .manual }
    // Tap the field (the keyboard comes up), then past the keyboard and the field to the button.
    let steps = scanner.run(try keys("select,select,next,next,select,select"))
    #expect(scanner.session.editingField == "name")
    let result = try #require(dispatched(steps).last)
    #expect(result.target == "key:send" && result.action == .activate && result.isDone)
  }
}
