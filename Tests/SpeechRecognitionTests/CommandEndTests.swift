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
      | press six | press sixty;
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
      ("cart", .outside),
      ("tap add to cart now", .outside),
    ])
  func positions(words: String, expected: CommandGraph.Position) throws {
    let recognizer = try Self.makeRecognizer()
    let graph = try #require(recognizer.commandGraph)
    #expect(graph.position(of: words.split(separator: " ").map(String.init)) == expected)
  }

  @Test("a complete command ends 0.1 s after its last word, not 0.3 s")
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
    #expect(abs(try #require(early.last).result.end - #require(waiting.last).result.end) < 0.1)
  }

  @Test("a command that a longer one goes on from waits for the hang-over")
  func continuedCommandWaits() throws {
    let audio = try SpeechFixtures.speech("tap add to cart") + SpeechFixtures.speech("show numbers")
      + SpeechFixtures.speech("tap seven of clubs")
    let results = try Self.results(Self.makeRecognizer().utterances(from: .samples(audio)))
    #expect(results.map(\.result.text) == ["tap add to cart", "show numbers", "tap seven of clubs"])
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

@Suite("Hearing the pause after a command")
struct PauseDetectorTests {
  static func tone(_ seconds: Double, amplitude: Double) -> [Int16] {
    (0..<Int(seconds * 16_000)).map { Int16(amplitude * sin(Double($0) * 2 * .pi * 440 / 16_000)) }
  }

  /// How a test audio ends after 0.3 s of background and 0.2 s of a loud tone (-4 dBFS).
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case background50ms, background200ms, loudTone, quietTone, noisyBackground

    var testDescription: String { rawValue }

    /// The RMS of the background.
    var level: Double { self == .noisyBackground ? 1000 : 100 }

    var tail: [Int16] {
      let loud: [Int16] = PauseDetectorTests.tone(0.2, amplitude: 20_000)
      let background = { (seconds: Double) in
        SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(seconds), level: level, seed: 7)
      }
      switch self {
      case .background50ms: return loud + background(0.05)
      case .background200ms, .noisyBackground: return loud + background(0.2)
      case .loudTone: return loud
      // Quiet, but well above the background: still speech.
      case .quietTone: return loud + PauseDetectorTests.tone(0.1, amplitude: 400)
      }
    }

    /// Quiet frames at the end, counting at most 8. In a background 23 dB below the speech
    /// nothing is quiet: a weak consonant would be, too.
    var quietFrames: Int {
      switch self {
      case .background50ms: 5
      case .background200ms: 8
      case .loudTone, .quietTone, .noisyBackground: 0
      }
    }
  }

  @Test(
    "counts the quiet frames at the end, against the background and the speech",
    arguments: Ending.allCases)
  func quietFrames(ending: Ending) throws {
    let lead = SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(0.3), level: ending.level)
    var detector = try #require(PauseDetector(background: lead[...], sampleRate: 16_000))
    let audio = lead + ending.tail
    detector.hear(ending.tail.count, endingAudio: audio)
    #expect(detector.quietFrames(atEndOf: audio, upTo: 8) == ending.quietFrames)
  }

  @Test("needs a whole frame of background")
  func shortLead() {
    #expect(PauseDetector(background: [Int16](repeating: 0, count: 100)[...], sampleRate: 16_000) == nil)
    #expect(PauseDetector(background: [Int16](repeating: 0, count: 160)[...], sampleRate: 16_000) != nil)
  }
}
