import Foundation
import Testing

@testable import SpeechRecognition

/// A command split at a pause inside it: its command word rejected as an utterance of its own,
/// then its name accepted alone. The name's result says so, and carries the whole command when
/// the two decoded together find it.
@Suite("Rejected speech just before", .serialized, .tags(.decoder))
struct RejectedSpeechJoinTests {
  /// `first`, then after `pause` seconds of the noise floor `second`, after "show numbers" (which
  /// calibrates the recognizer) and a second and a half.
  static func results(
    _ first: String, pause: Double, _ second: String, joining: Bool = true
  ) throws -> [RecognitionResult] {
    let firstAudio = try SpeechFixtures.speech(first)
    return try results(Array(firstAudio[..<((firstAudio.lastIndex(where: loud) ?? 0) + 1)]), pause: pause, second, joining: joining)
  }

  /// The same with `before` in place of the first words.
  static func results(
    _ before: [Int16], pause: Double, _ second: String, joining: Bool = true
  ) throws -> [RecognitionResult] {
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: LeadOpinionTests.grammar) {
      $0.rejection.joinsRejectedSpeech = joining
    }
    // The words without the silence around them, espeak-ng's own included.
    let secondAudio = try SpeechFixtures.speech(second)
    let after = secondAudio[(secondAudio.firstIndex(where: loud) ?? 0)...]
    let gap = SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(pause), seed: 7)
    let audio = try SpeechFixtures.speech("show numbers") + SpeechFixtures.silence(1) + before + gap + after
    return try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
  }

  static func loud(_ sample: Int16) -> Bool { abs(Int(sample)) > 400 }

  @Test("a name 0.4 s after its rejected command word carries the whole command")
  func wholeCommand() throws {
    let results = try Self.results("increment", pause: 0.4, "coffee dispenser")
    #expect(results.map(\.text) == ["show numbers", nil, "coffee dispenser"])
    #expect(results.map(\.followsRejectedSpeech) == [false, false, true])
    #expect(results.last?.wholeCommand == "increment coffee dispenser")
    // The name is still what this utterance heard: the voice session decides what to perform.
    #expect(results.last?.hypothesis.text == "coffee dispenser")

    let apart = try Self.results("increment", pause: 0.4, "coffee dispenser", joining: false)
    #expect(apart.last?.followsRejectedSpeech == true)
    #expect(apart.last?.wholeCommand == nil)
  }

  @Test("after a pause longer than the hang-over and the lead, the name stands alone")
  func longPause() throws {
    let results = try Self.results("increment", pause: 1.2, "coffee dispenser")
    #expect(results.map(\.text) == ["show numbers", nil, "coffee dispenser"])
    #expect(results.last?.followsRejectedSpeech == false)
    #expect(results.last?.wholeCommand == nil)
  }

  @Test("chatter before a name is not forced into its command word")
  func chatter() throws {
    let results = try Self.results("what time is it", pause: 0.4, "brew")
    #expect(results.map(\.text) == ["show numbers", nil, "brew"])
    #expect(results.last?.followsRejectedSpeech == true)
    #expect(results.last?.wholeCommand == nil)
  }

  @Test("after a noise, a command word forced into the pause is no whole command")
  func noiseBefore() throws {
    // 0.3 s of loud white noise, rejected; shorter bursts were heard as "brew".
    let burst = SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(0.3), level: 5_000, seed: 9)
    let results = try Self.results(burst, pause: 0.4, "coffee dispenser")
    #expect(results.map(\.text) == ["show numbers", nil, "coffee dispenser"])
    #expect(results.last?.followsRejectedSpeech == true)
    // "tap" fits the pause after the noise: the word must be the rejected speech's.
    #expect(results.last?.wholeCommand == nil)
  }
}
