import AXModel
import AXTestSupport
import Foundation
import Testing
import VoiceControl

/// Voice Control's text navigation and selection: "move to beginning", "move before <phrase>",
/// "select <phrase>", "select previous word", "replace <phrase> with <phrase>", "delete
/// <phrase>", and dictation at the insertion point they leave.
@Suite("Text selection commands")
struct TextSelectionCommandTests {
  static let form = sceneJSON([
    #"{"id": "subject", "type": "textField", "frame": [16, 100, 358, 44], "label": "Subject"}"#,
    #"{"id": "pin", "type": "textField", "frame": [16, 160, 358, 44], "label": "PIN", "secure": true}"#,
    #"{"id": "photo", "type": "button", "frame": [16, 220, 358, 44], "text": "Delete photo"}"#,
  ])

  @Test("utterances give the subject's text", arguments: [
    (["move to beginning", "well"], "Well See you at noon"),
    (["move to beginning", "move to end", "okay"], "See you at noon okay"),
    (["move before you", "later"], "See later you at noon"),
    (["move after see", "comma"], "See, you at noon"),
    (["move after noon", "period"], "See you at noon."),
    (["select noon", "six thirty"], "See you at six thirty"),
    (["select see", "hello"], "Hello you at noon"),
    (["select you at", "delete that"], "See  noon"),
    (["select you", "delete previous character"], "See  at noon"),
    (["move before at", "select previous word", "them"], "See them at noon"),
    (["move after see", "select next word", "them"], "See them at noon"),
    (["replace noon with six thirty"], "See you at six thirty"),
    (["replace noon with seven"], "See you at seven"),
    (["replace See with Meet"], "Meet you at noon"),
    (["delete you"], "See at noon"),
    (["delete see"], "you at noon"),
    (["delete noon"], "See you at"),
    (["delete you at noon"], "See"),
    (["move before at", "delete previous word"], "See at noon"),
    (["select noon", "replace see with meet", "undo that"], "See you at noon"),
    (["delete you", "undo that", "six"], "See you at noon six"),
  ])
  func edits(_ utterances: [String], _ expected: String) throws {
    var session = try makeSession(json: Self.form)
    let outcomes = say(["tap subject", "see you at noon"] + utterances, to: &session)
    #expect(outcomes.allSatisfy { $0.kind == .done }, "\(outcomes.map(\.message))")
    #expect(session.sceneSession.text(of: "subject") == expected)
  }

  @Test("a field's quotes and backslashes are escaped once, by the renderer")
  func fieldTextEscapedOnce() throws {
    let form = sceneJSON([
      #"{"id": "subject", "type": "textField", "frame": [16, 100, 358, 44], "label": "Subject", "text": "say \"hi\" a\\b"}"#
    ])
    var session = try makeSession(json: form)
    _ = say(["tap subject"], to: &session)
    let outcome = session.handle(utterance: "select say hi")
    #expect(outcome.kind == .done, "\(outcome.message)")
    #expect(outcome.message == #"selected "say "hi" in 'Subject'"#)
    #expect(VoiceOutcomeRenderer().text(outcome).contains(#"selected "say "hi" in"#))
  }

  @Test func aRepeatedPhraseIsTheLastOneBeforeTheInsertionPoint() throws {
    var session = try makeSession(json: Self.form)
    _ = say(["tap subject", "the cat and the dog"], to: &session)
    #expect(session.handle(utterance: "select the").message == #"selected "the" in 'Subject'"#)
    #expect(session.handle(utterance: "big").kind == .done)
    #expect(session.sceneSession.text(of: "subject") == "The cat and big dog")
    // Before the insertion point (after "big") there is one "the" left: the first, capitalised.
    _ = say(["select the", "a"], to: &session)
    #expect(session.sceneSession.text(of: "subject") == "A cat and big dog")
    // With the insertion point at the start, the first occurrence after it is taken.
    _ = say(["move to beginning", "select dog"], to: &session)
    #expect(session.handle(utterance: "cow").kind == .done)
    #expect(session.sceneSession.text(of: "subject") == "A cat and big cow")
  }

  @Test func sayingSelectAgainStepsBackThroughRepeats() throws {
    var session = try makeSession(json: Self.form)
    _ = say(["tap subject", "one two one two"], to: &session)
    let second = try #require(session.sceneSession.builder.index.views["subject"])
    _ = session.handle(utterance: "select one")
    #expect(session.sceneSession.state.textCursor(of: second) == 8..<11)
    _ = session.handle(utterance: "select one")
    #expect(session.sceneSession.state.textCursor(of: second) == 0..<3)
  }

  @Test("a phrase not in the field does nothing and names it", arguments: [
    "select banana", "move before banana", "move after banana", "replace banana with pear", "delete banana",
  ])
  func missingPhrase(_ utterance: String) throws {
    var session = try makeSession(json: Self.form)
    _ = say(["tap subject", "see you at noon"], to: &session)
    let outcome = session.handle(utterance: utterance)
    #expect(outcome.kind == .refused)
    #expect(outcome.message == #"nothing done: "banana" is not in 'Subject'"#)
    #expect(session.sceneSession.text(of: "subject") == "See you at noon", "it is not dictated either")
  }

  @Test func anItemNamedLikeACommandIsStillTapped() throws {
    var session = try makeSession(json: Self.form)
    _ = say(["tap subject", "see you"], to: &session)
    let outcome = session.handle(utterance: "delete photo")
    #expect(outcome.intent == .tap && outcome.target == "photo")
  }

  @Test func aReplacementMayHoldTheWordWith() throws {
    var session = try makeSession(json: Self.form)
    _ = say(["tap subject", "tea with milk"], to: &session)
    let outcome = session.handle(utterance: "replace tea with milk with coffee")
    #expect(outcome.kind == .done, "\(outcome.message)")
    #expect(session.sceneSession.text(of: "subject") == "Coffee")
  }

  @Test func unicodeTextIsFoundByItsWords() throws {
    var session = try makeSession(json: sceneJSON([
      #"{"id": "note", "type": "textField", "frame": [16, 100, 358, 44], "label": "Note","#
        + #" "text": "Café 👍🏽 naïve iPhone15"}"#,
    ]))
    _ = say(["tap note", "select naïve", "bold"], to: &session)
    #expect(session.sceneSession.text(of: "note") == "Café 👍🏽 bold iPhone15")
    _ = say(["replace iphone fifteen with phone", "delete café"], to: &session)
    #expect(session.sceneSession.text(of: "note") == "👍🏽 bold phone")
  }

  @Test func aSecureFieldTakesNoPhraseAndKeepsItsInsertionPointAtTheEnd() throws {
    var session = try makeSession(json: Self.form)
    _ = say(["tap pin", "1234"], to: &session)
    for utterance in ["select 12", "delete 34", "select previous word", "move after 1"] {
      let outcome = session.handle(utterance: utterance)
      #expect(outcome.kind == .refused, "\(utterance)")
      #expect(
        outcome.message == "nothing done: 'PIN' is a secure text field, whose text can't be read to find words in")
    }
    #expect(session.handle(utterance: "move to beginning").kind == .refused)
    #expect(say(["move to end", "9"], to: &session).allSatisfy { $0.kind == .done })
    #expect(session.sceneSession.text(of: "pin") == "12349")
  }

  @Test func withoutAFieldTheCommandsAreRefused() throws {
    var session = try makeSession(json: Self.form)
    let outcome = session.handle(utterance: "move to beginning")
    #expect(outcome.kind == .refused && outcome.message.contains("no text field is being edited"))
  }

  @Test("phrases found in a text", arguments: [
    ("see you at noon", "you at", ["4..<10"]),
    ("the cat and the dog", "the", ["0..<3", "12..<15"]),
    ("'hello' there", "hello", ["1..<6"]),
    ("Today's plan", "todays", ["0..<7"]),
    ("iPhone15 or 15", "15", ["6..<8", "12..<14"]),
    ("room -1", "minus one", ["5..<7"]),
    ("1,000 cats", "one thousand", ["0..<5"]),
    ("今天天气", "天气", ["2..<4"]),
    ("seesaw", "see", []),
  ])
  func phrases(_ text: String, _ phrase: String, _ expected: [String]) throws {
    let normalizer = try loadGrammar(phrase.contains("天") ? "zh-CN" : "en-US").normalizer
    let finder = PhraseFinder(normalizer: normalizer)
    let found = finder.occurrences(of: normalizer.tokens(phrase), in: text)
    #expect(found.map { "\($0.lowerBound)..<\($0.upperBound)" } == expected)
  }

  @Test func theRecognizerGrammarOffersTheFieldsWordsAsPhrases() throws {
    var session = try makeSession(json: Self.form)
    #expect(!session.grammar().text.contains("move to beginning"))
    _ = say(["tap subject", "see you at noon"], to: &session)
    let text = session.grammar().text
    #expect(text.contains("_moveBefore> = move before <phrase>;"))
    #expect(text.contains("<phrase> = see | you | at | noon | see you |"))
    #expect(text.contains("<replacement> = <VOID>;"), "a replacement is free text, which the grammar can't hold")
    _ = try JSGFSyntaxChecker.check(text)
    _ = say(["tap pin", "1234"], to: &session)
    #expect(session.grammar().text.contains("<phrase> = <VOID>;"), "a secure field's text is not offered")
  }

  @Test(
    "PocketSphinx's own JSGF parser accepts the grammar while a field is edited",
    .enabled(if: JSGFTests.sphinxTool != nil, "sphinx_jsgf2fsg is not installed (Debian: sphinxbase-utils)"))
  func sphinxParser() throws {
    let tool = try #require(JSGFTests.sphinxTool)
    var session = try makeSession(json: Self.form)
    _ = say(["tap subject", "see you at noon"], to: &session)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("axvoice-\(UUID().uuidString).gram")
    try session.grammar().text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runProcess(URL(fileURLWithPath: tool), ["-jsgf", file.path, "-fsg", "/dev/null"])
    #expect(result.status == 0, "\(result.standardError)")
    let problems = result.standardError.split(separator: "\n").filter { $0.hasPrefix("ERROR") || $0.hasPrefix("FATAL") }
    #expect(problems.isEmpty, "\(problems)")
    #expect(result.standardError.contains("Writing FSG file"), "\(result.standardError)")
  }
}
