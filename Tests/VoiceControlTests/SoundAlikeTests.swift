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

  /// What is on the screen when the sentence is heard.
  enum Screen: Sendable {
    case photoGrid, photoGridNumbers, photoGridGrid
    /// Three buttons whose third, numbered 3 while the numbers are up, is named "Free".
    case freeThird
    /// The same under the grid, whose cell 1 has the first button (Photos) at its centre.
    case freeThirdGrid
    /// Notes whose Edit and Delete buttons share their names.
    case duplicateNames
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var heard: String
    var soundAlikes: [String]
    var screen: Screen
    var expected: Expected
    var testDescription: String
  }

  static let cases: [Case] = [
    Case(
      heard: "tap three", soundAlikes: ["tap free"], screen: .photoGridNumbers,
      expected: .chooser(["share", "storage-free"]),
      testDescription: "a number and a name that sound alike: the speaker chooses"),
    Case(
      heard: "tap free", soundAlikes: ["tap three"], screen: .photoGridNumbers,
      expected: .chooser(["storage-free", "share"]),
      testDescription: "the name heard: the same choice, the heard one first"),
    Case(
      heard: "three", soundAlikes: ["free"], screen: .photoGridNumbers, expected: .chooser(["share", "storage-free"]),
      testDescription: "a number said alone meets the name's tap"),
    Case(
      heard: "tap free", soundAlikes: ["tap three", "tap photos"], screen: .photoGridNumbers,
      expected: .chooser(["storage-free", "share", "storage-photos"]),
      testDescription: "two sound-alikes touching two more elements: a choice of three"),
    Case(
      heard: "three", soundAlikes: ["free"], screen: .freeThird, expected: .performed("free"),
      testDescription: "a name and its own number: the same tap, performed"),
    Case(
      heard: "tap free", soundAlikes: ["tap three"], screen: .photoGrid, expected: .performed("storage-free"),
      testDescription: "numbers hidden: 'tap three' does nothing, so 'tap free' is a tap"),
    Case(
      heard: "tap free", soundAlikes: ["tap one"], screen: .freeThirdGrid, expected: .ambiguous("tap one"),
      testDescription: "a grid cell is a point, not an element, even over one: refused, no chooser"),
    Case(
      heard: "tap delete", soundAlikes: ["tap new note"], screen: .duplicateNames, expected: .ambiguous("tap new note"),
      testDescription: "a heard name two elements share touches nothing yet: refused, no chooser"),
    Case(
      heard: "tap delete", soundAlikes: ["tap edit"], screen: .duplicateNames, expected: .ambiguous("tap edit"),
      testDescription: "two choosers over other elements are two commands: refused"),
    Case(
      heard: "tap new note", soundAlikes: ["tap delete"], screen: .duplicateNames, expected: .ambiguous("tap delete"),
      testDescription: "a sound-alike name two elements share is another command: refused"),
    Case(
      heard: "tap free", soundAlikes: ["tap three"], screen: .photoGridGrid, expected: .performed("storage-free"),
      testDescription: "a grid cell that would touch nothing does not count"),
    Case(
      heard: "tap free", soundAlikes: [], screen: .photoGridNumbers, expected: .performed("storage-free"),
      testDescription: "no sound-alike: performed"),
    Case(
      heard: "tap free", soundAlikes: ["show grid"], screen: .photoGrid, expected: .ambiguous("show grid"),
      testDescription: "a sound-alike with another intent: refused, no chooser"),
  ]

  static func session(_ screen: Screen) throws -> VoiceSession {
    switch screen {
    case .photoGrid, .photoGridNumbers, .photoGridGrid:
      var session = try makeSession("photo-grid")
      if case .photoGridNumbers = screen { session.showNumbers() }
      if case .photoGridGrid = screen { session.showGrid() }
      return session
    case .duplicateNames:
      return try makeSession("duplicate-names")
    case .freeThird, .freeThirdGrid:
      var session = try makeSession(
        json: sceneJSON(
          ["Photos", "Settings", "Free"].enumerated().map { number, name in
            """
            {"id": "\(name.lowercased())", "type": "button", "frame": [16, \(100 + 60 * number), 358, 44],
             "text": "\(name)"}
            """
          }))
      if case .freeThirdGrid = screen { session.showGrid() } else { session.showNumbers() }
      return session
    }
  }

  @Test("a sentence that sounds like another that would do something else is not guessed", arguments: cases)
  func soundAlike(_ testCase: Case) throws {
    var session = try Self.session(testCase.screen)
    let before = session.sceneSession.state
    let overlay = session.overlay
    let outcome = session.handle(
      heard: testCase.heard, alternatives: [], margin: 0, soundAlikes: testCase.soundAlikes)
    switch (outcome, testCase.expected) {
    case (.handled(let handled), .performed(let target)):
      #expect(handled.kind == .done && handled.intent == .tap && handled.target == target)
    case (.soundsAlike(let handled), .chooser(let targets)):
      #expect(handled.kind == .ambiguous && handled.utterance == testCase.heard)
      #expect(handled.choices.map(\.id) == targets)
      #expect(handled.choices.map(\.number) == Array(1...targets.count))
      #expect(handled.message.hasPrefix("which one? '\(testCase.heard)' sounds like '\(testCase.soundAlikes[0])'"))
      #expect(handled.message.hasSuffix(targets.count == 2 ? "say 1 or 2" : "say a number from 1 to 3"))
      // The outcome shows the chooser the session now has up.
      #expect(handled.overlay == session.overlay)
      guard case .chooser? = session.overlay else {
        Issue.record("no chooser up: \(String(describing: session.overlay))")
        return
      }
      #expect(session.sceneSession.state == before)
      // "two" picks the second candidate and taps it, as a duplicate name's chooser does.
      let picked = session.handle(utterance: "two")
      #expect(picked.kind == .done && picked.intent == .tap && picked.target == targets[1])
    case (.ambiguous(let competitor), .ambiguous(let text)):
      #expect(competitor.text == text && competitor.margin == 0)
      #expect(session.sceneSession.state == before)
      #expect(session.overlay == overlay)
    default:
      Issue.record("expected \(testCase.expected), got \(outcome)")
    }
  }
}
