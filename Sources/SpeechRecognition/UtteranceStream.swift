import Foundation
import Synchronization

/// Splits an audio source into utterances with voice activity detection and recognizes each.
///
/// Get one from ``SpeechRecognizer/utterances(from:cancellation:)`` and call ``next()`` until
/// it returns `nil` (the source ended or listening was cancelled):
///
///     let stream = recognizer.utterances(from: .wavFile("commands.wav"))
///     while let result = try stream.next() {
///       print(result.start, result.text ?? "(rejected)")
///     }
///
/// Audio is fed to the decoder in 32 ms chunks and decoded as it arrives, so a result is ready
/// a fraction of a millisecond after the end of an utterance is detected. The first utterance
/// of a stream is decoded again in one pass (see
/// ``RecognizerConfiguration/decodesUtterancesInBatch``). An utterance ends after
/// ``VoiceActivitySettings/postSpeechFrames`` of silence; an utterance still open when the source
/// ends is finished and returned. The grammar can be reloaded between results.
public final class UtteranceStream {
  private let recognizer: SpeechRecognizer
  private let source: AudioSource
  private let cancellation: ListeningCancellation?
  private var reader: (any AudioReader)?
  private var chunk = [Int16](repeating: 0, count: 512)
  private var position = 0
  private var utteranceStart: Int?
  /// The audio of the current utterance, from its start with the pre-speech lead.
  private var utteranceAudio: [Int16] = []
  /// Recent audio before speech starts, to supply the lead.
  private var recentAudio: [Int16] = []
  private var utteranceCount = 0
  private var isFinished = false

  init(recognizer: SpeechRecognizer, source: AudioSource, cancellation: ListeningCancellation?) {
    self.recognizer = recognizer
    self.source = source
    self.cancellation = cancellation
  }

  /// Seconds of audio read from the source so far.
  public var elapsed: Double {
    Double(position) / Double(recognizer.configuration.sampleRate)
  }

  /// Opens the source now (a microphone starts recording) rather than on the first ``next()``.
  ///
  /// - Throws: ``RecognizerError`` if the file or device can't be opened.
  public func prepare() throws(RecognizerError) {
    if reader == nil {
      reader = try source.makeReader(
        sampleRate: recognizer.configuration.sampleRate, cancellation: cancellation)
    }
  }

  /// Reads until the next utterance ends and returns its result, or `nil` at the end.
  ///
  /// The source is opened on the first call, so a missing file or microphone is reported here.
  /// - Throws: ``RecognizerError`` from the source or the decoder.
  public func next() throws(RecognizerError) -> RecognitionResult? {
    guard !isFinished else { return nil }
    let rate = recognizer.configuration.sampleRate
    try prepare()
    guard let reader else { return nil }
    let settings = recognizer.configuration.voiceActivity
    let clock = ContinuousClock()
    while true {
      if !recognizer.isInUtterance {
        try recognizer.startUtterance()
        utteranceStart = nil
      }
      let count = try chunk.withUnsafeMutableBufferPointer { buffer throws(RecognizerError) in
        try reader.read(into: buffer)
      }
      if count == 0 || cancellation?.isCancelled == true {
        isFinished = true
        var hypothesis = try recognizer.endUtterance()
        guard let start = utteranceStart else { return nil }
        utteranceCount += 1
        if utteranceCount == 1 || recognizer.configuration.decodesUtterancesInBatch {
          hypothesis = try redecode(utteranceAudio)
        }
        return result(hypothesis, start: start, end: position, detected: clock.now, clock: clock)
      }
      try chunk.withUnsafeBufferPointer { buffer throws(RecognizerError) in
        try recognizer.process(UnsafeBufferPointer(rebasing: buffer[0..<count]), isComplete: false)
      }
      position += count
      let lead = (settings.startSpeechFrames + settings.preSpeechFrames) * rate / 100 + chunk.count
      if utteranceStart == nil {
        recentAudio += chunk[0..<count]
        if recentAudio.count > lead {
          recentAudio.removeFirst(recentAudio.count - lead)
        }
      } else {
        utteranceAudio += chunk[0..<count]
      }
      let inSpeech = recognizer.isInSpeech
      if inSpeech, utteranceStart == nil {
        utteranceStart = max(0, position - recentAudio.count)
        utteranceAudio = recentAudio
        recentAudio = []
      } else if !inSpeech, let start = utteranceStart {
        let detected = clock.now
        var hypothesis = try recognizer.endUtterance()
        utteranceCount += 1
        if utteranceCount == 1 || recognizer.configuration.decodesUtterancesInBatch {
          hypothesis = try redecode(utteranceAudio)
        }
        utteranceAudio = []
        let hangOver = settings.postSpeechFrames * rate / 100
        return result(
          hypothesis, start: start, end: max(start, position - hangOver), detected: detected,
          clock: clock)
      }
    }
  }

  /// Decodes an utterance's audio again in one pass. Live decoding normalizes the cepstra with a
  /// running mean that starts from the model's prior; until it has adapted to the channel (the
  /// first utterance of a session), a one-pass decode with the utterance's own mean is much
  /// more accurate.
  private func redecode(_ audio: [Int16]) throws(RecognizerError) -> Hypothesis {
    try recognizer.startUtterance()
    try audio.withUnsafeBufferPointer { buffer throws(RecognizerError) in
      try recognizer.process(buffer, isComplete: true)
    }
    return try recognizer.endUtterance()
  }

  private func result(
    _ hypothesis: Hypothesis, start: Int, end: Int, detected: ContinuousClock.Instant,
    clock: ContinuousClock
  ) -> RecognitionResult {
    let rate = Double(recognizer.configuration.sampleRate)
    let speech = recognizer.speechDuration()
    let outcome = recognizer.outcome(of: hypothesis, speechDuration: speech)
    return RecognitionResult(
      outcome: outcome, hypothesis: hypothesis, start: Double(start) / rate,
      end: Double(end) / rate, speechDuration: speech,
      finalizationTime: (clock.now - detected).seconds)
  }
}

@available(*, unavailable)
extension UtteranceStream: Sendable {}

extension SpeechRecognizer {
  /// Returns a stream of the utterances in `source`, recognized with the current grammar.
  ///
  /// - Parameters:
  ///   - source: A WAV file, samples, standard input or a PulseAudio source.
  ///   - cancellation: Ends the stream when cancelled from another thread (on Ctrl-C, say).
  public func utterances(
    from source: AudioSource, cancellation: ListeningCancellation? = nil
  ) -> UtteranceStream {
    UtteranceStream(recognizer: self, source: source, cancellation: cancellation)
  }
}

/// A flag that stops an ``UtteranceStream`` from another thread or a signal handler's queue.
public final class ListeningCancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Creates a flag that is not cancelled.
  public init() {}

  /// Makes the stream finish after the chunk it is reading.
  public func cancel() {
    flag.store(true, ordering: .releasing)
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    flag.load(ordering: .acquiring)
  }
}
