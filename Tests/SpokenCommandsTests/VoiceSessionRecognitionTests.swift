import AXModel
import AXTestSupport
import SpeechRecognition
import SpokenCommands
import Testing
import VoiceControl

/// A recognizer's result handed to a voice session (`VoiceSession.handle(_:margin:)`): every
/// doubt the result carries reaches the session's decision.
@Suite struct VoiceSessionRecognitionTests {
  enum Expected: Equatable, Sendable {
    case rejected
    case performed(VoiceIntent)
    case doubtfulTap
    case ambiguous(with: String)
    case whole(String)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var text: String?
    var showsNumbers = false
    var phoneLoopGap: Double?
    var isBarelyAccepted = false
    var alternatives: [RecognitionResult.Alternative] = []
    var followsRejectedSpeech = false
    var wholeCommand: String?
    var soundAlikes: [String] = []
    var expected: Expected
    var testDescription: String
  }

  static let cases: [Case] = [
    Case(text: nil, expected: .rejected, testDescription: "a rejected utterance does nothing"),
    Case(text: "increment coffee dispenser", expected: .performed(.increment), testDescription: "a sure command"),
    Case(text: "brew", expected: .performed(.tap), testDescription: "a sure bare name"),
    Case(
      text: "brew", phoneLoopGap: 3, expected: .doubtfulTap,
      testDescription: "a bare name on a second opinion is doubtful"),
    Case(
      text: "two", showsNumbers: true, phoneLoopGap: 3, expected: .performed(.tap),
      testDescription: "a number shown, on a second opinion"),
    Case(
      text: "two", showsNumbers: true, phoneLoopGap: 8, isBarelyAccepted: true, expected: .doubtfulTap,
      testDescription: "a number shown, barely accepted"),
    Case(
      text: "show numbers", alternatives: [.init(text: "show grid", margin: 40)],
      expected: .ambiguous(with: "show grid"), testDescription: "a close alternative doing something else"),
    Case(
      text: "show numbers", alternatives: [.init(text: "show grid", margin: 400)],
      expected: .performed(.showNumbers), testDescription: "an alternative far behind"),
    Case(
      text: "coffee dispenser", followsRejectedSpeech: true, expected: .doubtfulTap,
      testDescription: "a bare name after rejected speech"),
    Case(
      text: "coffee dispenser", followsRejectedSpeech: true, wholeCommand: "increment coffee dispenser",
      expected: .whole("increment coffee dispenser"), testDescription: "the whole command found with it"),
    Case(
      text: "increment coffee dispenser", soundAlikes: ["decrement coffee dispenser"],
      expected: .ambiguous(with: "decrement coffee dispenser"),
      testDescription: "a sound-alike doing something else, at any margin"),
  ]

  @Test("the result's doubts decide what the session does", arguments: cases)
  func handle(_ testCase: Case) throws {
    let scene = try SceneLoader().load(path: packagePath("Scenes/coffee-dispenser.json"))
    let vocabulary = try GrammarLoader().load(path: packagePath("Grammars/en-US.json"))
    var session = VoiceSession(scene: scene, vocabulary: vocabulary)
    if testCase.showsNumbers { session.showNumbers() }
    // What typing the command gives: the oracle of a performed one's target and effects.
    var typed = session
    let before = session.sceneSession.state
    var result = RecognitionResult(
      outcome: testCase.text.map { .accepted($0) } ?? .rejected(.outOfGrammar),
      hypothesis: Hypothesis(text: testCase.text ?? "", score: 0, segments: []),
      start: 0, end: 1, speechDuration: 1, finalizationTime: 0)
    result.phoneLoopGap = testCase.phoneLoopGap
    result.isBarelyAccepted = testCase.isBarelyAccepted
    result.alternatives = testCase.alternatives
    result.followsRejectedSpeech = testCase.followsRejectedSpeech
    result.wholeCommand = testCase.wholeCommand
    result.soundAlikes = testCase.soundAlikes
    let outcome = session.handle(result, margin: 150)
    var performed: (outcome: VoiceOutcome, command: String)?
    switch outcome {
    case nil:
      #expect(testCase.expected == .rejected)
    case .handled(let handled):
      #expect(handled.intent.map(Expected.performed) == testCase.expected)
      #expect(handled.kind != .notUnderstood)
      performed = (handled, testCase.text ?? "")
    case .doubtfulTap:
      #expect(testCase.expected == .doubtfulTap)
    case .ambiguous(let competitor):
      #expect(testCase.expected == .ambiguous(with: competitor.text))
    case .whole(let whole, let handled):
      #expect(testCase.expected == .whole(whole))
      performed = (handled, whole)
    case .soundsAlike(let chooser):
      Issue.record("no two elements of the coffee dispenser sound alike: \(chooser.message)")
    }
    if let performed {
      let oracle = typed.handle(utterance: performed.command)
      #expect(performed.outcome.kind == oracle.kind)
      #expect(performed.outcome.message == oracle.message)
      #expect(session.sceneSession.state == typed.sceneSession.state)
    } else {
      #expect(session.sceneSession.state == before)
    }
  }
}
