import Foundation
import Testing

@testable import SpeechRecognition

/// An utterance whose words are a whole command, and not the start of a longer one, ends after
/// `commandEndFrames` of silence (or `commandEndFramesInNoise` of background) instead of the
/// voice activity detector's hang-over.
@Suite("Ending an utterance at a complete command", .serialized, .tags(.decoder))
struct CommandEndTests {
  static let grammar = """
    #JSGF V1.0;
    grammar cards;
    public <command> = tap add to cart | tap seven [of clubs] | show numbers [continuously]
      | press six | press sixty | escape;
    """

  static func makeRecognizer(
    _ adjust: (inout RecognizerConfiguration) -> Void = { _ in }
  ) throws -> SpeechRecognizer {
    try SpeechFixtures.makeRecognizer(grammar: Self.grammar, adjust)
  }

  /// Each result with the seconds of audio read when it came.
  static func results(_ stream: UtteranceStream) throws -> [(result: RecognitionResult, read: Double)] {
    var results: [(RecognitionResult, Double)] = []
    while let result = try stream.next() {
      results.append((result, stream.elapsed))
    }
    return results
  }

  @Test(
    "the compiled grammar tells whole commands from ones a longer command goes on from",
    arguments: [
      ("tap add to cart", CommandGraph.Position.complete),
      ("tap seven of clubs", .complete),
      ("show numbers continuously", .complete),
      ("tap seven", .completeAndContinued),
      ("show numbers", .completeAndContinued),
      ("press sixty", .complete),
      // The closure of "sixty"'s t is a pause right after "six".
      ("press six", .completeAndContinued),
      ("tap add", .incomplete),
      ("", .incomplete),
      ("escape", .complete),
      ("cart", .outside),
      ("tap add to cart now", .outside),
    ])
  func positions(words: String, expected: CommandGraph.Position) throws {
    let recognizer = try Self.makeRecognizer()
    let graph = try #require(recognizer.commandGraph)
    #expect(graph.position(of: words.split(separator: " ").map(String.init)) == expected)
  }

  @Test("loading another grammar replaces the graph")
  func reload() throws {
    let recognizer = try Self.makeRecognizer()
    #expect(recognizer.commandGraph?.position(of: ["show", "numbers"]) == .completeAndContinued)
    try recognizer.loadGrammar(
      jsgf: "#JSGF V1.0;\ngrammar short;\npublic <command> = show numbers | tap brew;")
    #expect(recognizer.commandGraph?.position(of: ["show", "numbers"]) == .complete)
    #expect(recognizer.commandGraph?.position(of: ["tap", "seven"]) == .outside)
  }

  /// A room to speak a command in, and how much sooner than the 0.3 s hang-over its pause is
  /// heard.
  enum Room: String, CaseIterable, CustomTestStringConvertible {
    /// A -50 dBFS floor: 50 ms of silence.
    case quiet
    /// White noise at -41 dBFS, about 19 dB below the speech: 0.2 s of background.
    case noisy

    var testDescription: String { rawValue }

    func audio(_ text: String) throws -> [Int16] {
      let speech = try SpeechFixtures.speech(text)
      return self == .quiet ? speech : SpeechFixtures.withNoiseFloor(speech, level: 300, seed: 3)
    }

    var saved: ClosedRange<Double> { self == .quiet ? 0.15...0.3 : 0.05...0.15 }
  }

  @Test(
    "a complete command ends in the pause after it, sooner than the hang-over", arguments: Room.allCases)
  func completeCommandEndsEarly(room: Room) throws {
    let audio = try room.audio("tap add to cart") + room.audio("tap add to cart")
    let early = try Self.results(Self.makeRecognizer().utterances(from: .samples(audio)))
    let waiting = try Self.results(
      Self.makeRecognizer { $0.voiceActivity.alwaysWaitForHangOver() }.utterances(from: .samples(audio)))
    #expect(early.map(\.result.text) == ["tap add to cart", "tap add to cart"])
    #expect(waiting.map(\.result.text) == early.map(\.result.text))
    // The first utterance is only listened to until it ends (it calibrates), so it always waits.
    #expect(early.map(\.result.ending) == [.silence, .completeCommand])
    #expect(waiting.map(\.result.ending) == [.silence, .silence])
    let saved = try #require(waiting.last).read - #require(early.last).read
    #expect(room.saved.contains(saved), "ended \(saved) s sooner")
    // The end reported is the end of the last word either way.
    #expect(abs(try #require(early.last).result.end - #require(waiting.last).result.end) < 0.05)
  }

  @Test("in noise, only the longer pause of background ends a command early")
  func noiseNeedsTheLongerPause() throws {
    let audio = try Room.noisy.audio("tap add to cart") + Room.noisy.audio("tap add to cart")
    let silentOnly = try Self.results(
      Self.makeRecognizer { $0.voiceActivity.commandEndFramesInNoise = 0 }.utterances(from: .samples(audio)))
    #expect(silentOnly.map(\.result.text) == ["tap add to cart", "tap add to cart"])
    #expect(silentOnly.map(\.result.ending) == [.silence, .silence])
  }

  /// A command that waits for the hang-over, between two that end early (the first waits too:
  /// it calibrates the recognizer).
  struct WaitingCase: Sendable, CustomTestStringConvertible {
    var reason: String
    var command: String
    var last: String

    var testDescription: String { "\(command): \(reason)" }
  }

  @Test(
    "a command waits for the hang-over when a longer one goes on from it, or it is one word",
    arguments: [
      WaitingCase(reason: "show numbers continuously", command: "show numbers", last: "tap seven of clubs"),
      WaitingCase(reason: "one word may be a longer command's first", command: "escape", last: "tap add to cart"),
    ])
  func commandWaits(_ waiting: WaitingCase) throws {
    let texts = ["tap add to cart", waiting.command, waiting.last]
    let audio = try texts.flatMap { try SpeechFixtures.speech($0) }
    let results = try Self.results(Self.makeRecognizer().utterances(from: .samples(audio)))
    #expect(results.map(\.result.text) == texts)
    #expect(results.map(\.result.ending) == [.silence, .silence, .completeCommand])
  }

  @Test("the audio after an early end starts no utterance of its own")
  func tailIsSilent() throws {
    let audio = try SpeechFixtures.speech("tap add to cart") + SpeechFixtures.speech("show numbers continuously")
      + SpeechFixtures.silence(2)
    let results = try Self.results(Self.makeRecognizer().utterances(from: .samples(audio)))
    #expect(results.map(\.result.text) == ["tap add to cart", "show numbers continuously"])
    #expect(results.last?.result.ending == .completeCommand)
  }
}
