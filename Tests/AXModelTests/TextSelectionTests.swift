import AXModel
import AXTestSupport
import Testing

/// The insertion point and the selection of the field being edited: typing and deleting at
/// every position, replacing a selection, unicode characters and undo.
@Suite("Text selection")
struct TextSelectionTests {
  static let form = """
    {"format": "axscene/1", "name": "Form", "screen": {"width": 390, "height": 844},
     "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
       {"id": "name", "type": "textField", "frame": [16, 100, 358, 44], "label": "Name"},
       {"id": "code", "type": "textField", "frame": [16, 160, 358, 44], "label": "Code", "secure": true}
     ]}}]}
    """

  /// A session editing `field`, which holds `text`.
  func session(_ text: String, field: String = "name") throws -> SceneSession {
    var session = SceneSession(scene: try SceneLoader().load(text: Self.form))
    #expect(session.activate(field).isDone)
    if !text.isEmpty { #expect(session.type(text).isDone) }
    return session
  }

  /// The first responder's insertion point or selection as the field sees it.
  func cursor(_ session: SceneSession, _ field: String = "name") throws -> Range<Int> {
    let view = try #require(session.builder.index.views[field])
    return session.state.textCursor(of: view)
  }

  @Test("typing at every position of the text", arguments: 0...3)
  func typingAtEveryPosition(_ offset: Int) throws {
    var session = try session("Ada")
    #expect(session.edit(.select(offset..<offset)).isDone)
    #expect(session.type("x").isDone)
    var expected = Array("Ada")
    expected.insert("x", at: offset)
    #expect(session.text(of: "name") == String(expected))
    #expect(try cursor(session) == (offset + 1)..<(offset + 1), "the insertion point follows what was typed")
  }

  @Test("deleting a character at every position of the text", arguments: 0...3)
  func deletingAtEveryPosition(_ offset: Int) throws {
    var session = try session("Ada")
    #expect(session.edit(.select(offset..<offset)).isDone)
    #expect(session.deleteBackward(.character).isDone)
    var expected = Array("Ada")
    if offset > 0 { expected.remove(at: offset - 1) }
    #expect(session.text(of: "name") == String(expected))
    #expect(try cursor(session) == max(offset - 1, 0)..<max(offset - 1, 0))
  }

  @Test("edits at a selection or an insertion point inside the text", arguments: [
    // A character is a grapheme cluster: an emoji with a skin tone, an e with a combining accent.
    ("Ada Lovelace", [TextEdit.select(4..<12), .insert("King")], "Ada King", 8..<8),
    ("Ada Lovelace", [.select(4..<12), .deleteBackward(.character)], "Ada ", 4..<4),
    ("Ada Lovelace", [.select(3..<3), .insert(" Augusta")], "Ada Augusta Lovelace", 11..<11),
    ("Ada Lovelace", [.select(4..<4), .deleteBackward(.word)], "Lovelace", 0..<0),
    ("one two three", [.select(8..<8), .deleteBackward(.word)], "one three", 4..<4),
    ("Ada Lovelace", [.select(0..<0), .insert("Countess "), .deleteBackward(.that)], "Ada Lovelace", 0..<0),
    ("Ada Lovelace", [.replaceCharacters(0..<3, with: "Augusta")], "Augusta Lovelace", 7..<7),
    ("Ada Lovelace", [.replaceCharacters(3..<12, with: "")], "Ada", 3..<3),
    ("👍🏽e\u{301}x", [.select(2..<2), .deleteBackward(.character)], "👍🏽x", 1..<1),
    ("👍🏽e\u{301}x", [.select(2..<2), .insert("!")], "👍🏽e\u{301}!x", 3..<3),
    ("👍🏽e\u{301}x", [.select(0..<2), .insert("ok")], "okx", 2..<2),
    ("Ada", [.select(0..<0), .selectAll, .insert("Bea")], "Bea", 3..<3),
    ("Ada", [.select(1..<1), .replace("Bea")], "Bea", 3..<3),
    // Typed text that joins the character before it into one: the insertion point stays
    // before what follows.
    ("🇺x", [.select(1..<1), .insert("🇸")], "🇺🇸x", 1..<1),
    ("ex", [.select(1..<1), .insert("\u{301}")], "e\u{301}x", 1..<1),
    ("🇺ax", [.replaceCharacters(1..<2, with: "🇸")], "🇺🇸x", 1..<1),
  ])
  func editsInside(_ start: String, _ edits: [TextEdit], _ text: String, _ cursor: Range<Int>) throws {
    var session = try session(start)
    for edit in edits { #expect(session.edit(edit).isDone, "\(edit)") }
    #expect(session.text(of: "name") == text)
    #expect(try self.cursor(session) == cursor)
  }

  @Test func undoRestoresTheTextAndTheInsertionPoint() throws {
    var session = try session("Ada Lovelace")
    #expect(session.edit(.select(3..<3)).isDone)
    #expect(session.type(" Augusta").isDone)
    #expect(session.edit(.select(0..<3)).isDone)
    #expect(session.type("Countess").isDone)
    #expect(session.text(of: "name") == "Countess Augusta Lovelace")
    #expect(session.edit(.undo).isDone)
    #expect(session.text(of: "name") == "Ada Augusta Lovelace")
    #expect(try cursor(session) == 0..<3, "the selection the typing replaced is back")
    #expect(session.edit(.undo).isDone)
    #expect(session.text(of: "name") == "Ada Lovelace")
    #expect(try cursor(session) == 3..<3)
    #expect(session.edit(.undo).isDone)
    #expect(session.text(of: "name").isEmpty)
  }

  @Test func aSelectionMovesNothingAndIsNotUndone() throws {
    var session = try session("Ada")
    let result = session.edit(.select(1..<2))
    #expect(result.isDone && result.changes.isEmpty, "selecting changes no value")
    #expect(session.state.textUndo.count == 1, "only the typing is on the undo stack")
    #expect(session.edit(.select(3..<3)).isDone)
    #expect(session.state.textSelection == nil, "the end of the text is the default insertion point")
  }

  @Test("a range outside the text is refused", arguments: [
    TextEdit.select(0..<4), .select(5..<5), .replaceCharacters(2..<9, with: "x"),
  ])
  func outsideTheText(_ edit: TextEdit) throws {
    var session = try session("Ada")
    let result = session.edit(edit)
    let range = "\(edit.range.lowerBound)..<\(edit.range.upperBound)"
    #expect(result.outcome == .refused("characters \(range) are outside the text of 3"))
    #expect(session.text(of: "name") == "Ada")
  }

  @Test func editingAnotherFieldPutsItsInsertionPointAtTheEnd() throws {
    var session = try session("Ada")
    #expect(session.edit(.select(0..<0)).isDone)
    #expect(session.activate("code").isDone)
    #expect(session.type("12").isDone)
    #expect(session.activate("name").isDone)
    #expect(try cursor(session) == 3..<3)
    #expect(session.edit(.endEditing).isDone)
    #expect(session.state.textSelection == nil)
  }

  @Test func aSecureFieldKeepsItsInsertionPointAtTheEnd() throws {
    var session = try session("1234", field: "code")
    let reason = "'Code' is a secure text field: its insertion point stays at the end of its text, which can't be selected"
    for edit in [TextEdit.select(0..<0), .select(1..<3), .select(0..<4), .replaceCharacters(0..<2, with: "x")] {
      #expect(session.edit(edit).outcome == .refused(reason), "\(edit)")
    }
    #expect(session.edit(.select(4..<4)).isDone, "the end is where it is already")
    #expect(session.type("9").isDone)
    #expect(session.text(of: "code") == "12349")
  }

  @Test func aSecureFieldsTextIsOneWord() throws {
    var secure = try session("open sesame", field: "code")
    #expect(secure.deleteBackward(.word).isDone)
    #expect(secure.text(of: "code") == "", "no word boundary tells where the hidden text has a space")
    var plain = try session("open sesame")
    #expect(plain.deleteBackward(.word).isDone)
    #expect(plain.text(of: "name") == "open ")
  }

  @Test func movingToTheEndOfASecureFieldEndsASelectAll() throws {
    var session = try session("1234", field: "code")
    #expect(session.edit(.selectAll).isDone)
    #expect(try cursor(session, "code") == 0..<4)
    #expect(session.edit(.select(4..<4)).isDone)
    #expect(try cursor(session, "code") == 4..<4)
    #expect(session.type("5").isDone)
    #expect(session.text(of: "code") == "12345", "typing goes in at the end, replacing nothing")
    // Without the move, typing replaces the selection.
    var replaced = try self.session("1234", field: "code")
    #expect(replaced.edit(.selectAll).isDone)
    #expect(replaced.type("5").isDone)
    #expect(replaced.text(of: "code") == "5")
  }

  @Test func movingToTheEndOfASecureFieldEditedAgainKeepsItToBeReplaced() throws {
    var session = try session("1234", field: "code")
    #expect(session.activate("name").isDone)
    #expect(session.activate("code").isDone)
    #expect(session.edit(.select(4..<4)).isDone)
    #expect(session.type("new").isDone)
    #expect(session.text(of: "code") == "new", "UIKit clears a secure field edited again at the next typing")
  }

  @Test("word ranges around an offset", arguments: [
    ("one two  three", 14, "three", "nil"),
    ("one two  three", 7, "two", "three"),
    ("one two  three", 5, "t", "wo"),
    ("one two  three", 0, "nil", "one"),
    ("  ", 1, "nil", "nil"),
  ])
  func wordRanges(_ text: String, _ offset: Int, _ before: String, _ after: String) {
    let previous = text.wordRange(before: offset).map { String(text.characters(in: $0)) } ?? "nil"
    let next = text.wordRange(after: offset).map { String(text.characters(in: $0)) } ?? "nil"
    #expect(previous == before)
    #expect(next == after)
  }
}

extension TextEdit {
  /// The range of a ``select(_:)`` or ``replaceCharacters(_:with:)``, for the tests above.
  fileprivate var range: Range<Int> {
    switch self {
    case .select(let range), .replaceCharacters(let range, _): return range
    default: return 0..<0
    }
  }
}
