import AXModel
import AXTestSupport
import Testing
import VoiceControl

/// Voice Control dictation into the field being edited, and the text editing commands.
@Suite("Dictation")
struct DictationTests {
  static let form = sceneJSON([
    #"{"id": "subject", "type": "textField", "frame": [16, 100, 358, 44], "label": "Subject", "placeholder": "No subject"}"#,
    #"{"id": "email", "type": "textField", "frame": [16, 160, 358, 44], "label": "Email", "keyboardType": "emailAddress"}"#,
    #"{"id": "pin", "type": "textField", "frame": [16, 220, 358, 44], "label": "PIN", "secure": true, "on": {"return": [{"announce": "Signed in"}]}}"#,
    #"{"id": "send", "type": "button", "frame": [16, 280, 358, 44], "text": "Send"}"#,
  ])

  @Test("utterances in a field give its text", arguments: [
    (["tap subject", "hello world"], "subject", "Hello world"),
    (["tap subject", "hello", "how are you"], "subject", "Hello how are you"),
    (["tap subject", "hello comma world period", "bye"], "subject", "Hello, world. Bye"),
    (["tap subject", "hello world", "delete that"], "subject", ""),
    (["tap subject", "hello", "big world", "delete that"], "subject", "Hello"),
    (["tap subject", "one two three", "delete previous word"], "subject", "One two "),
    (["tap subject", "hello", "delete previous character"], "subject", "Hell"),
    (["tap subject", "hello", "select all", "bye"], "subject", "Bye"),
    (["tap subject", "hello", "delete all"], "subject", ""),
    (["tap subject", "hello", "there", "undo that"], "subject", "Hello"),
    (["tap email", "ada at sign example dot com"], "email", "ada@example.com"),
    (["tap email", "Ada@Example.com"], "email", "Ada@Example.com"),
    (["tap pin", "open sesame"], "pin", "open sesame"),
    (["tap pin", "open", "sesame"], "pin", "opensesame"),
  ])
  func dictation(_ utterances: [String], _ field: String, _ expected: String) throws {
    var session = try makeSession(json: Self.form)
    let outcomes = say(utterances, to: &session)
    #expect(outcomes.allSatisfy { $0.kind == .done }, "\(outcomes.map(\.message))")
    #expect(session.sceneSession.text(of: field) == expected)
  }

  @Test func aNameOnTheScreenIsStillACommand() throws {
    var session = try makeSession(json: Self.form)
    _ = say(["tap subject"], to: &session)
    let outcome = session.handle(utterance: "send")
    #expect(outcome.intent == .tap && outcome.target == "send")
    #expect(session.sceneSession.text(of: "subject").isEmpty)
  }

  @Test func withoutAFieldNothingIsDictated() throws {
    var session = try makeSession(json: Self.form)
    #expect(session.handle(utterance: "hello world").kind == .notUnderstood)
    let delete = session.handle(utterance: "delete all")
    #expect(delete.kind == .refused && delete.message.contains("no text field is being edited"))
  }

  @Test func tapReturnRunsTheReturnHandler() throws {
    var session = try makeSession(json: Self.form)
    let outcomes = say(["tap pin", "1234", "tap return"], to: &session)
    #expect(outcomes.last?.intent == .tapReturn)
    #expect(outcomes.last?.announcements == ["Signed in"])
    #expect(outcomes[1].message == "dictated 4 characters into 'PIN'", "a secure field's text is not echoed")
  }

  @Test func tapReturnWithoutAFieldTapsAnItemNamedReturn() throws {
    var session = try makeSession(json: sceneJSON([
      #"{"id": "back", "type": "button", "frame": [16, 100, 100, 44], "text": "Return"}"#,
    ]))
    let outcome = session.handle(utterance: "tap return")
    #expect(outcome.intent == .tap && outcome.target == "back")
  }

  @Test func theEditingCommandsAreInTheRecognizerGrammarOnlyWhileEditing() throws {
    var session = try makeSession(json: Self.form)
    #expect(!session.grammar().text.contains("delete all"))
    _ = session.handle(utterance: "tap subject")
    #expect(session.grammar().text.contains("_deleteAll> = delete all;"))
  }

  @Test func chineseDictationHasNoSpacesOrCapitals() throws {
    var session = try makeSession("login-form")
    let outcomes = say(["轻点 邮箱", "a 艾特 b 点 cn", "全部删除", "Ab 点 cn"], to: &session)
    #expect(outcomes.allSatisfy { $0.kind == .done }, "\(outcomes.map(\.message))")
    #expect(session.sceneSession.text(of: "email") == "Ab.cn")
  }

  @Test("dictation rules", arguments: [
    ("hello world", "", false, "Hello world"),
    ("again", "Hello.", false, " Again"),
    ("again", "Hello", false, " again"),
    ("again", "Hello ", false, "again"),
    ("what question mark", "", false, "What?"),
    ("visit example dot com period bye", "", false, "Visit example.com. Bye"),
    ("a at sign b", "", true, "a@b"),
    ("b", "a", true, "b"),
  ])
  func rules(_ spoken: String, _ before: String, _ literal: Bool, _ typed: String) throws {
    let rules = try loadGrammar().dictation
    #expect(rules.text(for: spoken, after: before, isLiteral: literal) == typed)
  }
}
