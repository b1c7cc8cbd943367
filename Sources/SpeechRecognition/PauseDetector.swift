import Foundation

/// Tells the pause after a command from speech by frame energy, ahead of the decoder.
///
/// The voice activity detector needs ``VoiceActivitySettings/postSpeechFrames`` of silence
/// before it ends an utterance, because it can't tell the end of a command from a pause inside
/// one. Once the decoder's words are a whole command, a shorter pause is enough. How short
/// depends on the room, so frames are judged two ways (``Quietness``):
///
/// - In a quiet room, ``VoiceActivitySettings/commandEndFrames`` of **silent** frames: within
///   ``backgroundMargin`` of the background heard just before the utterance started, and at
///   least ``speechMargin`` below the loudest frame of the utterance. Fewer than five ended
///   "tap six" at the closure of its k on the speech benchmark.
/// - In any room, ``VoiceActivitySettings/commandEndFramesInNoise`` of **background** frames:
///   within ``backgroundMargin`` of the background and at least ``noisySpeechMargin`` below the
///   loudest frame. Where the background is within 30 dB of the speech, a weak consonant or the
///   closure of a stop sounds like the background: on the speech benchmark, five such frames
///   turned "increment coffee dispenser" into "increment pause" at 20 dB SNR and "tap seven of
///   hearts" into "tap seven of clubs" at 10 dB, and 10 to 15 of them split "tap unread carol
///   diaz photos from the trip yesterday" at an inner pause; 20 (0.2 s) did neither.
///
/// The speech is measured by its loudest frame, the lead's included, so a click louder than
/// the speech makes a pause easier to hear; measured by a percentile instead, to pass over
/// clicks, the bound moved into clean speech and cost 65 ms of latency there.
struct PauseDetector: Sendable, Equatable {
  /// How far above the background a frame may be and still count as quiet, in decibels.
  static let backgroundMargin = 8.0
  /// How far below the loudest frame of the utterance a silent frame must be, in decibels.
  static let speechMargin = 30.0
  /// How far below the loudest frame of the utterance a background frame must be, in decibels.
  static let noisySpeechMargin = 10.0

  /// How quiet a frame must be to count as part of a pause.
  enum Quietness: Sendable {
    /// Near the background and far below the speech: a pause, in a quiet room.
    case silent
    /// Near the background: a pause, or in a noisy room, a weak sound of the speech.
    case background

    /// How far below the loudest frame the frame must be, in decibels.
    var speechMargin: Double {
      switch self {
      case .silent: PauseDetector.speechMargin
      case .background: PauseDetector.noisySpeechMargin
      }
    }
  }

  /// Samples in a 10 ms frame.
  let frameLength: Int
  /// The mean square energy of the background.
  let background: Double
  /// The mean square energy of the loudest frame heard so far, the lead's included.
  private(set) var peak: Double

  /// Measures the background on the audio before speech, or returns `nil` if it is shorter
  /// than a frame.
  ///
  /// The background is the quietest fifth of the lead's frames, since the lead's last frames
  /// are already speech (the detector's start-of-speech frames).
  init?(background lead: ArraySlice<Int16>, sampleRate: Int) {
    frameLength = max(1, sampleRate / 100)
    let energies = Self.energies(of: lead, frameLength: frameLength).sorted()
    guard let loudest = energies.last else { return nil }
    // Dither keeps digital silence from a zero floor, but not every source is dithered.
    background = max(energies[energies.count / 5], 1)
    peak = loudest
  }

  /// Takes in the last `count` samples of `audio`, heard since the last call.
  mutating func hear(lastSamples count: Int, of audio: [Int16]) {
    var end = audio.count
    while end - frameLength >= max(0, audio.count - count) {
      peak = max(peak, Self.energy(of: audio[(end - frameLength)..<end]))
      end -= frameLength
    }
  }

  /// How many whole frames at the end of `audio` are at least as quiet as `quietness`,
  /// counting back, at most `limit`.
  func quietFrames(_ quietness: Quietness, atEndOf audio: [Int16], upTo limit: Int) -> Int {
    let threshold = min(
      background * pow(10, Self.backgroundMargin / 10), peak / pow(10, quietness.speechMargin / 10))
    return trailingFrames(of: audio, below: threshold, upTo: limit)
  }

  private func trailingFrames(of audio: [Int16], below threshold: Double, upTo limit: Int) -> Int {
    var count = 0
    var end = audio.count
    while count < limit, end >= frameLength,
      Self.energy(of: audio[(end - frameLength)..<end]) < threshold
    {
      count += 1
      end -= frameLength
    }
    return count
  }

  /// The mean square of each whole frame of `samples`.
  static func energies(of samples: ArraySlice<Int16>, frameLength: Int) -> [Double] {
    stride(from: samples.startIndex, through: samples.endIndex - frameLength, by: frameLength).map {
      energy(of: samples[$0..<($0 + frameLength)])
    }
  }

  private static func energy(of frame: ArraySlice<Int16>) -> Double {
    frame.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(frame.count, 1))
  }
}

/// A low, seeded noise floor added to the audio before the decoder hears it, so that digital
/// silence sounds like a quiet room.
///
/// Between words, a noise-gated microphone, a PulseAudio null sink or a synthetic recording
/// delivers exact zeros. PocketSphinx's own dither (`-dither`) lifts them by one bit only, so
/// the voice activity detector's hang-over and lead are frames of almost no energy, far below
/// any speech. Their cepstra pull the live cepstral mean (which every frame of an utterance
/// feeds, the lead and hang-over too) far from the speech, and short commands, whose
/// utterances are mostly lead and hang-over, are then rejected by the phone loop or misheard:
/// on the session benchmark's tuned voices, before this floor and the calibration fix, 67% of
/// the commands in digital quiet were performed, against 100% over a -50 dBFS room floor. A
/// floor about -60 dBFS lifts those
/// frames to a quiet room's and leaves any real room's floor as it was (+0.4 dB on -50 dBFS).
struct NoiseFloor: Sendable {
  /// The RMS of the noise, in sample units (32,768 is full scale).
  let level: Double
  private var state: UInt64

  /// Noise of RMS `level` from a fixed `seed`, so that the same audio decodes the same way.
  init(level: Double, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) {
    self.level = level
    state = seed
  }

  /// Adds the noise to the first `count` samples of `buffer`; nothing when the level is 0.
  mutating func add(to buffer: UnsafeMutableBufferPointer<Int16>, count: Int) {
    guard level > 0 else { return }
    for index in 0..<min(count, buffer.count) {
      buffer[index] = Int16(clamping: Int(buffer[index]) + Int((nextGaussian() * level).rounded()))
    }
  }

  /// A roughly normal value of variance 1: the sum of three uniforms in -1...1 has variance 1.
  private mutating func nextGaussian() -> Double {
    var sum = 0.0
    for _ in 0..<3 {
      // Knuth's MMIX linear congruential generator; its high bits are random enough here.
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      sum += Double(state >> 11) / Double(1 << 53) * 2 - 1
    }
    return sum
  }
}
