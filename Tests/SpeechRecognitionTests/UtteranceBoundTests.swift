import Foundation
import Testing

@testable import SpeechRecognition

/// Speech that never pauses must not make an utterance, or the audio a stream keeps, grow
/// without bound: it is cut at ``VoiceActivitySettings/maximumUtteranceSeconds`` and rejected.
@Suite("The longest utterance", .serialized, .tags(.decoder))
struct UtteranceBoundTests {
  /// About 30 s of espeak-ng reading command words with no punctuation, so no pause long enough
  /// for the voice activity detector to end an utterance.
  static func continuousSpeech() throws -> [Int16] {
    let words = Array(repeating: "tap add to cart and show numbers then tap seven and hide numbers", count: 9)
      .joined(separator: " ")
    return try SpeechFixtures.speech(words, rate: 200)
  }

  @Test("continuous speech is cut into utterances no longer than the maximum, each rejected")
  func cut() throws {
    let speech = try Self.continuousSpeech()
    let seconds = Double(speech.count) / 16_000
    try #require(seconds > 20, "the fixture must last several times the maximum")
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
      $0.voiceActivity.maximumUtteranceSeconds = 4
    }
    let stream = recognizer.utterances(from: .samples(speech))
    let results = try SpeechFixtures.results(of: stream)
    let cut = results.filter { $0.ending == .maximumLength }
    // Every cut one is as long as the maximum and says why it was rejected.
    #expect(cut.count >= Int(seconds / 4) - 2)
    for result in cut {
      #expect(result.outcome == .rejected(.tooLong))
      #expect(abs(result.end - result.start - 4) < 0.1)
    }
    for result in results {
      #expect(result.end - result.start <= 4.05)
    }
    // The whole stream was read, and never more than the maximum kept at once.
    #expect(abs(stream.elapsed - seconds) < 0.05)
    #expect(stream.peakBufferedSamples <= 4 * 16_000 + 512)
    #expect(stream.peakBufferedSamples >= 4 * 16_000)
  }

  @Test("a command shorter than the maximum is not affected by it")
  func shortCommand() throws {
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
      $0.voiceActivity.maximumUtteranceSeconds = 4
    }
    let results = try SpeechFixtures.results(
      of: recognizer.utterances(from: .samples(try SpeechFixtures.speech("tap add to cart"))))
    #expect(results.compactMap(\.text) == ["tap add to cart"], "\(results.map { ($0.outcome, $0.hypothesis.text) })")
    #expect(!results.contains { $0.ending == .maximumLength })
  }

  @Test("the maximum is never shorter than the lead the detector keeps before speech")
  func floor() throws {
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
      $0.voiceActivity.maximumUtteranceSeconds = 0
    }
    let stream = recognizer.utterances(from: .samples(try SpeechFixtures.speech("tap add to cart")))
    let results = try SpeechFixtures.results(of: stream)
    // Cut right after the lead (0.3 s) and two chunks, rather than at every chunk.
    #expect(!results.isEmpty)
    #expect(results.allSatisfy { $0.end - $0.start > 0.3 })
  }
}
