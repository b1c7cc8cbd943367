import AXModel
import AXTestSupport
import Testing
import VoiceControl

/// A heard sentence with sound-alike sentences (`VoiceSession.handle(heard:…soundAlikes:)`):
/// on the photo grid "Free" (a storage row) and "three" (Share Album's number while the numbers
/// are up) sound alike to the recognizer.
@Suite struct SoundAlikeTests {
  enum Expected: Equatable, Sendable {
    /// Performed as heard, on this target.
    case performed(String)
    /// A chooser over these targets, in this order.
    case chooser([String])
    /// Refused as ambiguous with this sentence.
    case ambiguous(String)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var heard: String
    var soundAlikes: [String]
    var showsNumbers: Bool
    var expected: Expected
    var testDescription: String
  }

  static let cases: [Case] = [
    Case(
      heard: "tap three", soundAlikes: ["tap free"], showsNumbers: true, expected: .chooser(["share", "storage-free"]),
      testDescription: "a number and a name that sound alike: the speaker chooses"),
    Case(
      heard: "tap free", soundAlikes: ["tap three"], showsNumbers: true, expected: .chooser(["storage-free", "share"]),
      testDescription: "the name heard: the same choice, the heard one first"),
    Case(
      heard: "three", soundAlikes: ["free"], showsNumbers: true, expected: .chooser(["share", "storage-free"]),
      testDescription: "a number said alone meets the name's tap"),
    Case(
      heard: "tap free", soundAlikes: ["tap three"], showsNumbers: false, expected: .performed("storage-free"),
      testDescription: "numbers hidden: 'tap three' does nothing, so 'tap free' is a tap"),
    Case(
      heard: "tap free", soundAlikes: [], showsNumbers: true, expected: .performed("storage-free"),
      testDescription: "no sound-alike: performed"),
    Case(
      heard: "tap free", soundAlikes: ["show grid"], showsNumbers: false, expected: .ambiguous("show grid"),
      testDescription: "a sound-alike with another intent: refused, no chooser"),
  ]

  @Test("a sentence that sounds like another that would do something else is not guessed", arguments: cases)
  func soundAlike(_ testCase: Case) throws {
    var session = try makeSession("photo-grid")
    if testCase.showsNumbers { session.showNumbers() }
    let before = session.sceneSession.state
    let outcome = session.handle(
      heard: testCase.heard, alternatives: [], margin: 0, soundAlikes: testCase.soundAlikes)
    switch (outcome, testCase.expected) {
    case (.handled(let handled), .performed(let target)):
      #expect(handled.kind == .done && handled.intent == .tap && handled.target == target)
    case (.handled(let handled), .chooser(let targets)):
      #expect(handled.kind == .ambiguous)
      #expect(handled.choices.map(\.id) == targets)
      #expect(handled.choices.map(\.number) == [1, 2])
      #expect(handled.message.contains("sounds like"))
      #expect(session.sceneSession.state == before)
      // "two" picks the second candidate and taps it, as a duplicate name's chooser does.
      let picked = session.handle(utterance: "two")
      #expect(picked.kind == .done && picked.intent == .tap && picked.target == targets[1])
    case (.ambiguous(let competitor), .ambiguous(let text)):
      #expect(competitor.text == text && competitor.margin == 0)
      #expect(session.sceneSession.state == before)
    default:
      Issue.record("expected \(testCase.expected), got \(outcome)")
    }
  }
}
