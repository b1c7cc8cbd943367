import Foundation

/// Whether a hypothesis's words account for the speech of its utterance.
///
/// In grammar mode the decoder may explain a stretch of speech as silence or noise between
/// words rather than give up on a sentence: "increment coffee dispenser" came out as the bare
/// name "coffee dispenser", with "increment" under the leading silence, and a bare name is a
/// tap. The phone loop can't compete for part of an utterance, only for all of it. So speech
/// that lies before the first word or after the last, under fillers, rejects the utterance as
/// out of grammar: a word heard as nothing is a rejection, not a different command.
struct SpeechCoverage: Sendable {
  /// How far above the background a frame must be to count as speech, in decibels.
  ///
  /// It matters only in noise: in a quiet room the speech range below the loudest frame sets
  /// the threshold. 12 dB, the first value, left most of an utterance at 10 dB SNR below it,
  /// so off-grammar speech forced into a short sentence in noise went through ("open the
  /// window please" as "five of diamonds", "let's go to the beach" as "tap filter"); at 6 dB,
  /// 4 of the scene benchmark's 680 off-grammar clips in noise dispatch instead of 6, and no
  /// command of the tuned, development or scene benchmarks is lost (4 dB was the same).
  static let backgroundMargin = 6.0
  /// How far below the loudest frame a speech frame may be, in decibels.
  static let speechRange = 25.0
  /// The speech outside the words that rejects, in 10 ms frames: shorter than a syllable, longer
  /// than a word's release or the breath a filler may legitimately cover.
  static let unexplainedFrames = 15
  /// Frames of slack at either side of the words, for word boundaries that trail the audio.
  static let edgeFrames = 5

  /// Samples in a 10 ms frame.
  let frameLength: Int

  init(sampleRate: Int) {
    frameLength = max(1, sampleRate / 100)
  }

  /// The frames of speech before the first word and after the last of `hypothesis`, decoded
  /// from `audio`, given the `background` energy.
  ///
  /// Where the decoder's frames sit in the audio is not known exactly: it numbers them from
  /// the start of its stream, and its voice activity detector drops a lead of its own choosing
  /// when an utterance is decoded again after it ends. So the path is laid over the audio at
  /// every offset it fits, and the least speech left outside its words counts: only speech the
  /// words can't cover wherever they go rejects.
  ///
  /// With `countsPauses`, the speech under fillers between the words counts too: a sentence
  /// whose words were forced on the audio
  /// (``SpeechRecognizer/leadOpinion(on:words:speechDuration:maximumLeadPhones:)``) may have
  /// put the speech it could not place in a pause between them.
  func unexplainedSpeech(
    in audio: [Int16], hypothesis: Hypothesis, background: Double, countsPauses: Bool = false
  ) -> Int {
    let words = hypothesis.segments.filter { !$0.isFiller }
    guard let origin = hypothesis.segments.first?.start, let end = hypothesis.segments.last?.end,
      let first = words.first, let last = words.last
    else { return 0 }
    let energies = PauseDetector.energies(of: audio[...], frameLength: frameLength)
    guard let peak = energies.max() else { return 0 }
    let threshold = max(
      background * Self.decibels(Self.backgroundMargin), peak / Self.decibels(Self.speechRange))
    // loud[i]: speech frames among the first i.
    var loud = [0]
    for energy in energies { loud.append((loud.last ?? 0) + (energy >= threshold ? 1 : 0)) }
    func frames(_ seconds: Double) -> Int { Int(((seconds - origin) * 100).rounded()) }
    let count = energies.count
    let wordsStart = frames(first.start) - Self.edgeFrames
    let wordsEnd = frames(last.end) + Self.edgeFrames
    func loudFrames(_ from: Int, _ to: Int) -> Int {
      let lower = min(count, max(0, from))
      return loud[min(count, max(lower, to))] - loud[lower]
    }
    // The pauses between the words, each narrowed by the slack at both of its ends.
    let pauses =
      countsPauses
      ? hypothesis.segments.filter { $0.isFiller && $0.start >= first.end && $0.end <= last.start }
        .map { (frames($0.start) + Self.edgeFrames, frames($0.end) - Self.edgeFrames) } : []
    var least = Int.max
    for offset in 0...max(0, count - frames(end)) {
      let inside = pauses.reduce(0) { $0 + loudFrames(offset + $1.0, offset + $1.1) }
      least = min(least, loudFrames(0, offset + wordsStart) + loudFrames(offset + wordsEnd, count) + inside)
    }
    return least
  }

  /// Whether the speech outside the words is long enough to reject the utterance.
  func rejects(
    _ audio: [Int16], hypothesis: Hypothesis, background: Double, countsPauses: Bool = false
  ) -> Bool {
    unexplainedSpeech(in: audio, hypothesis: hypothesis, background: background, countsPauses: countsPauses)
      >= Self.unexplainedFrames
  }

  /// Whether a sentence whose words were forced on the audio leaves speech unexplained, in the
  /// pauses between its words too: the word before a name found again
  /// (``SpeechRecognizer/leadOpinion(on:words:speechDuration:maximumLeadPhones:)``), alone or
  /// with the rejected speech before it.
  ///
  /// Forced words can't refuse the audio they are laid on; they can only leave what they don't
  /// fit under silence, between them as well as around them. The pauses of every sentence are
  /// not counted: that refused a 120-words-a-minute "show numbers", whose pause the decoder drew
  /// over part of the words' sound.
  func rejectsForcedWords(_ audio: [Int16], hypothesis: Hypothesis, background: Double) -> Bool {
    rejects(audio, hypothesis: hypothesis, background: background, countsPauses: true)
  }

  private static func decibels(_ value: Double) -> Double {
    pow(10, value / 10)
  }
}
