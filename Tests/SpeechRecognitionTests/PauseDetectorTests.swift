import Foundation
import Testing

@testable import SpeechRecognition

/// A pause is quiet against the background before the utterance and against its speech:
/// silent in a quiet room, near the background in any.
@Suite("Hearing the pause after a command")
struct PauseDetectorTests {
  static func tone(_ seconds: Double, amplitude: Double) -> [Int16] {
    (0..<Int(seconds * 16_000)).map { Int16(amplitude * sin(Double($0) * 2 * .pi * 440 / 16_000)) }
  }

  /// How a test audio ends after 0.3 s of background and 0.2 s of a loud tone (-4 dBFS).
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case background50ms, background200ms, loudTone, quietTone, noisyBackground, softSpeech,
      drowningNoise

    var testDescription: String { rawValue }

    /// The RMS of the background.
    var level: Double {
      switch self {
      case .noisyBackground: 1_000
      case .drowningNoise: 5_000
      default: 100
      }
    }

    var tail: [Int16] {
      let loud: [Int16] = PauseDetectorTests.tone(0.2, amplitude: 20_000)
      let background = { (seconds: Double) in
        SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(seconds), level: level, seed: 7)
      }
      switch self {
      case .background50ms: return loud + background(0.05)
      case .background200ms, .noisyBackground, .drowningNoise: return loud + background(0.2)
      case .loudTone: return loud
      // Quiet, but well above the background: still speech.
      case .quietTone: return loud + PauseDetectorTests.tone(0.1, amplitude: 400)
      // Speech 23 dB above the background: the background is not silent, only background.
      case .softSpeech: return PauseDetectorTests.tone(0.2, amplitude: 2_000) + background(0.2)
      }
    }

    /// Frames at the end at least as quiet as `quietness`, counting at most 8. Where the
    /// background is 23 dB below the speech nothing is silent (a weak consonant would be, too),
    /// but the background is background; where it is 9 dB below, it can't be told from speech.
    func quietFrames(_ quietness: PauseDetector.Quietness) -> Int {
      switch (self, quietness) {
      case (.background50ms, _): 5
      case (.background200ms, _), (.noisyBackground, .background), (.softSpeech, .background): 8
      case (.loudTone, _), (.quietTone, _), (.noisyBackground, .silent), (.softSpeech, .silent),
        (.drowningNoise, _):
        0
      }
    }
  }

  @Test(
    "counts the silent and the background frames at the end, against the background and the speech",
    arguments: Ending.allCases, [PauseDetector.Quietness.silent, .background])
  func quietFrames(ending: Ending, quietness: PauseDetector.Quietness) throws {
    let lead = SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(0.3), level: ending.level)
    var detector = try #require(PauseDetector(background: lead[...], sampleRate: 16_000))
    let audio = lead + ending.tail
    detector.hear(lastSamples: ending.tail.count, of: audio)
    #expect(detector.quietFrames(quietness, atEndOf: audio, upTo: 8) == ending.quietFrames(quietness))
  }

  @Test("nothing is quiet before any speech is heard")
  func noSpeechYet() throws {
    let lead = SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(0.3))
    let detector = try #require(PauseDetector(background: lead[...], sampleRate: 16_000))
    #expect(detector.quietFrames(.silent, atEndOf: lead, upTo: 5) == 0)
    #expect(detector.quietFrames(.background, atEndOf: lead, upTo: 5) == 0)
  }

  @Test("needs a whole frame of background")
  func shortLead() {
    #expect(PauseDetector(background: [Int16](repeating: 0, count: 100)[...], sampleRate: 16_000) == nil)
    #expect(PauseDetector(background: [Int16](repeating: 0, count: 160)[...], sampleRate: 16_000) != nil)
  }
}
