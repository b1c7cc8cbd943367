import Foundation
import Testing

@testable import SpeechRecognition

/// An utterance whose words are a command that no longer command goes on from ends after
/// `commandEndFrames` of silence instead of the voice activity detector's hang-over.
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

  @Test("a complete command ends in the pause after it, sooner than the hang-over")
  func completeCommandEndsEarly() throws {
    let audio = try SpeechFixtures.speech("tap add to cart") + SpeechFixtures.speech("tap add to cart")
    let early = try Self.results(Self.makeRecognizer().utterances(from: .samples(audio)))
    let waiting = try Self.results(
      Self.makeRecognizer { $0.voiceActivity.commandEndFrames = 0 }.utterances(from: .samples(audio)))
    #expect(early.map(\.result.text) == ["tap add to cart", "tap add to cart"])
    #expect(waiting.map(\.result.text) == early.map(\.result.text))
    // The first utterance is decoded with the prior mean until it ends, so it always waits.
    #expect(early.map(\.result.ending) == [.silence, .completeCommand])
    #expect(waiting.map(\.result.ending) == [.silence, .silence])
    let saved = try #require(waiting.last).read - #require(early.last).read
    #expect(saved > 0.15 && saved < 0.3, "ended \(saved) s sooner")
    // The end reported is the end of the last word either way.
    #expect(abs(try #require(early.last).result.end - #require(waiting.last).result.end) < 0.05)
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
