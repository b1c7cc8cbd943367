import Foundation
import Testing

@testable import SpeechRecognition

/// The length-aware phone loop, the rule that a word heard as nothing rejects, and the noise
/// floor under digital silence.
@Suite("Rejection rules")
struct RejectionRuleTests {
  @Test("the loop's first phones carry the fixed price, the rest the per-phone one")
  func leadingPhones() {
    var settings = RejectionSettings()
    settings.phoneProbability = 1e-10
    settings.leadingPhoneProbability = 1e-15
    settings.leadingPhones = 2
    let rules = settings.garbageRules().rules
    #expect(rules.contains("<__garbage> = <__leadphone> <__leadphone> <__phone>*;"))
    // The weights are printed in full decimals, float noise and all.
    #expect(rules.contains("<__leadphone> = /0.000000000000001"))
    #expect(rules.contains("<__phone> = /0.0000000001"))
    settings.leadingPhones = 0
    #expect(settings.garbageRules().rules.contains("<__garbage> = <__phone> <__phone>*;"))
  }

  /// 1.4 s of a quiet floor with loud "speech" (a 300 Hz tone) where `loud` says, in seconds.
  static func audio(loud spans: [ClosedRange<Double>]) -> [Int16] {
    let floor = SpeechFixtures.withNoiseFloor([Int16](repeating: 0, count: 22_400), level: 30)
    return floor.enumerated().map { index, sample in
      let time = Double(index) / 16_000
      guard spans.contains(where: { $0.contains(time) }) else { return sample }
      return Int16(clamping: Int(sample) + Int(8_000 * sin(2 * Double.pi * 300 * time)))
    }
  }

  static func hypothesis(_ words: [(String, Double, Double)]) -> Hypothesis {
    let segments = [WordSegment(word: "<sil>", start: 0, end: words.first?.1 ?? 0, acousticScore: 0)]
      + words.map { WordSegment(word: $0.0, start: $0.1, end: $0.2, acousticScore: 0) }
    return Hypothesis(text: words.map(\.0).joined(separator: " "), score: 0, segments: segments)
  }

  @Test("speech under the silence before the first word rejects; words over all of it don't")
  func leadingSpeech() {
    let coverage = SpeechCoverage(sampleRate: 16_000)
    let audio = Self.audio(loud: [0.2...0.7, 0.8...1.2])
    let background = 900.0
    // "increment" (0.2-0.7 s) heard as silence, "coffee dispenser" as the words.
    let bare = Self.hypothesis([("coffee", 0.8, 1.0), ("dispenser", 1.0, 1.2)])
    #expect(coverage.rejects(audio, hypothesis: bare, background: background))
    let whole = Self.hypothesis([("increment", 0.2, 0.7), ("coffee", 0.8, 1.0), ("dispenser", 1.0, 1.2)])
    #expect(!coverage.rejects(audio, hypothesis: whole, background: background))
    #expect(coverage.unexplainedSpeech(in: audio, hypothesis: whole, background: background) == 0)
  }

  @Test("speech after the last word rejects too; a release shorter than a syllable doesn't")
  func trailingSpeech() {
    let coverage = SpeechCoverage(sampleRate: 16_000)
    let long = Self.audio(loud: [0.2...0.6, 0.7...1.2])
    let first = Self.hypothesis([("tap", 0.2, 0.4), ("brew", 0.4, 0.6)])
    #expect(coverage.rejects(long, hypothesis: first, background: 900))
    let release = Self.audio(loud: [0.2...0.68])
    #expect(!coverage.rejects(release, hypothesis: first, background: 900))
  }

  @Test("speech in a pause between the words counts only when pauses are counted")
  func speechInPause() {
    let coverage = SpeechCoverage(sampleRate: 16_000)
    // "what time is it, brew" forced into "tap brew" as a second opinion's commands decoded it:
    // "tap" over the first words, "is it" in a pause before "brew".
    let audio = Self.audio(loud: [0.2...0.8, 0.9...1.2])
    let segments = [
      WordSegment(word: "<sil>", start: 0, end: 0.2, acousticScore: 0),
      WordSegment(word: "tap", start: 0.2, end: 0.4, acousticScore: 0),
      WordSegment(word: "<sil>", start: 0.4, end: 0.9, acousticScore: 0),
      WordSegment(word: "brew", start: 0.9, end: 1.2, acousticScore: 0),
    ]
    let forced = Hypothesis(text: "tap brew", score: 0, segments: segments)
    #expect(!coverage.rejects(audio, hypothesis: forced, background: 900))
    #expect(coverage.rejects(audio, hypothesis: forced, background: 900, countsPauses: true))
    // Words forced on the audio, as the word before a name is found again, always count them.
    let forcedRejects = coverage.rejectsForcedWords(audio, hypothesis: forced, background: 900)
    #expect(forcedRejects)
    // A pause that is silence, as between the words of "tap add to cart", passes either way.
    let paused = Self.audio(loud: [0.2...0.4, 0.9...1.2])
    #expect(coverage.unexplainedSpeech(in: paused, hypothesis: forced, background: 900, countsPauses: true) == 0)
    let pausedRejects = coverage.rejectsForcedWords(paused, hypothesis: forced, background: 900)
    #expect(!pausedRejects)
  }

  @Test(
    "in noise, speech well above the background counts and the background's own swings don't",
    arguments: [(8.0, true), (3.0, false)])
  func speechInNoise(decibelsAboveBackground: Double, rejects: Bool) {
    let coverage = SpeechCoverage(sampleRate: 16_000)
    let audio = Self.audio(loud: [0.2...0.7, 0.8...1.2])
    // The tone's mean square, 8,000² / 2, this many decibels above the background's.
    let background = 32e6 / pow(10, decibelsAboveBackground / 10)
    let bare = Self.hypothesis([("coffee", 0.8, 1.0), ("dispenser", 1.0, 1.2)])
    #expect(coverage.rejects(audio, hypothesis: bare, background: background) == rejects)
  }

  @Test("a hypothesis without words, or quiet audio, has nothing unexplained")
  func nothingToExplain() {
    let coverage = SpeechCoverage(sampleRate: 16_000)
    let quiet = Self.audio(loud: [])
    #expect(coverage.unexplainedSpeech(in: quiet, hypothesis: Self.hypothesis([]), background: 900) == 0)
    #expect(!coverage.rejects(quiet, hypothesis: Self.hypothesis([("tap", 0.9, 1.0)]), background: 900))
  }

  @Test("the noise floor lifts digital silence to its level, the same way every time")
  func noiseFloor() {
    func lifted(_ level: Double) -> [Int16] {
      var floor = NoiseFloor(level: level)
      var samples = [Int16](repeating: 0, count: 16_000)
      samples.withUnsafeMutableBufferPointer { floor.add(to: $0, count: $0.count) }
      return samples
    }
    let samples = lifted(30)
    let rms = (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    #expect(abs(rms - 30) < 3)
    #expect(samples == lifted(30))
    #expect(lifted(0).allSatisfy { $0 == 0 })
  }
}
