import AXModel
import Testing
import VoiceControl

/// The editing commands in a secure field (`Scenes/sign-up.json`'s password): its text can't be
/// read, searched or selected, its insertion point stays at the end, and no message echoes it.
@Suite("Secure field commands")
struct SecureFieldCommandTests {
  static let secret = "open sesame 42"

  /// A session editing the password field, which holds the secret.
  func editingPassword() throws -> VoiceSession {
    var session = try makeSession("sign-up")
    _ = say(["tap password", Self.secret], to: &session)
    #expect(session.sceneSession.text(of: "password") == Self.secret)
    return session
  }

  /// Whether a message or the changes of an outcome hold a word of the secret.
  func reveals(_ outcome: VoiceOutcome) -> Bool {
    let text = ([outcome.message] + outcome.changes.map(\.description) + outcome.details).joined(separator: "\n")
    return ["open", "sesame", "42"].contains { text.contains($0) }
  }

  @Test(
    "commands that would read, select or move inside the text are refused",
    arguments: [
      "move to beginning", "select sesame", "select previous word", "select next word",
      "replace sesame with cookie", "delete sesame", "move before sesame", "move after open",
    ])
  func refused(_ utterance: String) throws {
    var session = try editingPassword()
    let outcome = session.handle(utterance: utterance)
    #expect(outcome.kind == .refused, "\(outcome.message)")
    #expect(outcome.message.contains("'Password' is a secure text field"))
    #expect(!reveals(outcome), "\(outcome.message)")
    #expect(session.sceneSession.text(of: "password") == Self.secret, "nothing was typed or changed")
    // The insertion point is still at the end: what is dictated next is appended.
    #expect(session.handle(utterance: "x").kind == .done)
    #expect(session.sceneSession.text(of: "password") == Self.secret + "x")
  }

  @Test func moveToBeginningSaysWhy() throws {
    var session = try editingPassword()
    #expect(
      session.handle(utterance: "move to beginning").message
        == "'Password' is a secure text field: its insertion point stays at the end of its text, which can't be selected"
    )
  }

  @Test func moveToEndIsWhereItIsAlready() throws {
    var session = try editingPassword()
    let outcome = session.handle(utterance: "move to end")
    #expect(outcome.kind == .done && outcome.message == "moved to the end of 'Password'")
  }

  @Test func moveToEndEndsASelectAll() throws {
    var session = try editingPassword()
    #expect(session.handle(utterance: "select all").kind == .done)
    #expect(session.handle(utterance: "move to end").kind == .done)
    #expect(session.handle(utterance: "x").kind == .done)
    #expect(session.sceneSession.text(of: "password") == Self.secret + "x", "appended, not replacing all")
  }

  @Test func deletePreviousWordDeletesTheWholeHiddenText() throws {
    var session = try editingPassword()
    let outcome = session.handle(utterance: "delete previous word")
    #expect(outcome.kind == .done && !reveals(outcome))
    #expect(session.sceneSession.text(of: "password") == "", "where a word ends would tell where a space is")
  }

  @Test func whatIsAllowedEchoesNothing() throws {
    var session = try editingPassword()
    for utterance in ["select all", "delete that", "undo that", "delete previous character", "delete all", "undo that"] {
      let outcome = session.handle(utterance: utterance)
      #expect(outcome.kind == .done, "\(utterance): \(outcome.message)")
      #expect(!reveals(outcome), "\(utterance): \(outcome.message)")
    }
  }
}
