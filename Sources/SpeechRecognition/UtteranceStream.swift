import Foundation

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
/// about a millisecond after the end of an utterance is detected. An utterance ends after
/// ``VoiceActivitySettings/postSpeechFrames`` of silence, or, when its words so far are a whole
/// command and not the start of a longer one, after ``VoiceActivitySettings/commandEndFrames`` of
/// silence or ``VoiceActivitySettings/commandEndFramesInNoise`` of background (see
/// ``RecognitionResult/ending``); an utterance still open when the source ends is finished and
/// returned. The grammar can be reloaded between results.
///
/// Live decoding normalizes the cepstra with a running mean that starts from the model's prior,
/// which can be far from a new channel's (a synthetic voice, another microphone): decoded with it,
/// the first utterance is often wrong. So the first utterance a recognizer hears calibrates it:
/// while it is spoken it is only listened to (its cepstra go to the voice activity detector and
/// the running mean, not to a search: a live decode would be thrown away), and once it ends its
/// cepstra are decoded in one pass with the mean of their own, which then becomes the live
/// mean. (Calibrating on its first half-second instead, during speech, was tried: the mean of
/// so little speech, with the noise a fresh voice activity detector lets through, often made
/// things worse.) Later
/// utterances, in this stream or the recognizer's next ones, are decoded once, live, with the
/// mean of the channel so far. With ``RecognizerConfiguration/meanCheckFrames`` set (the
/// default) they are only listened to until that much speech is in (or they pause or end, if
/// that is sooner), and then decoded from their start, while still spoken: with the running
/// mean (the channel so far, this utterance's start included) if it has moved more than
/// ``RecognizerConfiguration/cepstralMeanTolerance`` from the one in use, with the one in use
/// otherwise. Every utterance is decoded once, from cepstra computed once as the audio comes
/// (``CepstralFrontEnd``), which also feed the mean check; the after-end decode of a first
/// utterance and any second opinion hear its audio again, once (``cepstraHeardAgain()``).
/// After ``SpeechRecognizer/forgetChannel()`` the next utterance calibrates again.
public final class UtteranceStream {
  let recognizer: SpeechRecognizer
  private let source: AudioSource
  private let cancellation: ListeningCancellation?
  private var reader: (any AudioReader)?
  var chunk = [Int16](repeating: 0, count: 512)
  var position = 0
  private var utteranceStart: Int?
  /// The audio of the current utterance, from its start with the pre-speech lead.
  var utteranceAudio: [Int16] = []
  /// The cepstra of the current utterance (``CepstralFrontEnd``), kept to be decoded again.
  var utteranceCepstra: [Float] = []
  /// The current utterance's cepstra computed again, once (see ``cepstraHeardAgain()``).
  var heardAgain: [Float]?
  /// Recent audio before speech starts, to supply the lead.
  private var recentAudio: [Int16] = []
  /// The most samples of one utterance kept at once so far (tests check the bound with it).
  private(set) var peakBufferedSamples = 0
  private var isFinished = false
  /// The cepstral mean the current utterance is decoded with.
  private var meanInUse: [Float]?
  /// The cepstral state before the current utterance, while the recognizer is uncalibrated: an
  /// utterance with no words gives it back
  /// (``RecognizerConfiguration/excludesNoiseFromFirstMean``).
  var stateBeforeUtterance: CepstralState?
  /// Whether the current utterance is only listened to until its mean is checked, and decoded
  /// from its start then (see ``checkMeanDuringSpeech()``).
  var isAwaitingMean = false
  /// Hears the pause after the current utterance, measured on the background before it.
  var pauseDetector: PauseDetector?
  /// When the current utterance was decoded with a mean its own speech moved, if it was.
  var calibration: RecognitionResult.Calibration?
  /// Whether the current utterance is decoded in one pass after it ends, and only listened to
  /// while it is spoken (see ``nextUtteranceDecodesAfterEnd``).
  var isDecodedAfterEnd = false
  /// Whether this stream has started an utterance: one left open by another stream, that threw
  /// in the middle of it, is not this stream's to finish.
  private var hasStartedUtterance = false
  /// Lifts digital silence to a quiet room's floor (see ``RecognizerConfiguration/noiseFloorLevel``).
  private var noiseFloor: NoiseFloor
  /// The last utterance, when it was rejected (out of grammar or as no speech): its audio from
  /// its start sample, where in that audio its speech ended, its speech's seconds and the
  /// background heard before it (see ``RecognitionResult/followsRejectedSpeech``).
  var rejectedBefore: (audio: [Int16], start: Int, speechEnd: Int, speech: Double, background: Double?)?

  init(recognizer: SpeechRecognizer, source: AudioSource, cancellation: ListeningCancellation?) {
    self.recognizer = recognizer
    self.source = source
    self.cancellation = cancellation
    noiseFloor = NoiseFloor(level: recognizer.configuration.noiseFloorLevel)
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
      if !recognizer.isInUtterance || !hasStartedUtterance {
        hasStartedUtterance = true
        isDecodedAfterEnd = nextUtteranceDecodesAfterEnd
        // A decode before the mean is known would be thrown away: the first utterance is decoded
        // after it ends, and a checked one once its mean is checked.
        isAwaitingMean = !isDecodedAfterEnd && checkFrames != nil
        recognizer.frontEnd.startUtterance()
        try recognizer.startUtterance()
        utteranceCepstra = []
        heardAgain = nil
        meanInUse = recognizer.cepstralState?.mean
        let configuration = recognizer.configuration
        let keepsState = configuration.calibratesChannel && configuration.excludesNoiseFromFirstMean
        stateBeforeUtterance = keepsState && !recognizer.isCalibrated ? recognizer.cepstralState : nil
        calibration = nil
        utteranceStart = nil
      }
      let count = try chunk.withUnsafeMutableBufferPointer { buffer throws(RecognizerError) in
        let count = try reader.read(into: buffer)
        noiseFloor.add(to: buffer, count: count)
        return count
      }
      if count == 0 || cancellation?.isCancelled == true {
        isFinished = true
        let detected = clock.now
        guard let start = utteranceStart else {
          _ = try recognizer.endUtterance()
          return nil
        }
        return try finish(start: start, pause: 0, ending: .endOfAudio, detected: detected, clock: clock)
      }
      let heard = utteranceCepstra.count
      try chunk.withUnsafeBufferPointer { buffer throws(RecognizerError) in
        try recognizer.frontEnd.process(
          UnsafeBufferPointer(rebasing: buffer[0..<count]), appendingTo: &utteranceCepstra)
      }
      try hear(utteranceCepstra[heard...])
      position += count
      let lead = (settings.startSpeechFrames + settings.preSpeechFrames) * rate / 100 + chunk.count
      if utteranceStart == nil {
        recentAudio += chunk[0..<count]
        if recentAudio.count > lead {
          recentAudio.removeFirst(recentAudio.count - lead)
        }
      } else {
        utteranceAudio += chunk[0..<count]
        peakBufferedSamples = max(peakBufferedSamples, utteranceAudio.count)
        pauseDetector?.hear(lastSamples: count, of: utteranceAudio)
      }
      let inSpeech = recognizer.frontEnd.isInSpeech
      if inSpeech, utteranceStart == nil {
        utteranceStart = max(0, position - recentAudio.count)
        pauseDetector = PauseDetector(background: recentAudio[...], sampleRate: rate)
        utteranceAudio = recentAudio
        recentAudio = []
      } else if !inSpeech, let start = utteranceStart {
        let hangOver = settings.postSpeechFrames * rate / 100
        return try finish(
          start: start, pause: hangOver, ending: .silence, detected: clock.now, clock: clock)
      } else if inSpeech, let start = utteranceStart {
        if utteranceAudio.count >= maximumUtteranceSamples {
          return try finish(
            start: start, pause: 0, ending: .maximumLength, detected: clock.now, clock: clock)
        }
        if isAwaitingMean, let frames = checkFrames,
          utteranceAudio.count >= lead + frames * rate / 100
        {
          try checkMeanDuringSpeech()
        }
        // A forced mean check can decode the utterance again after the pause is heard: it is
        // part of the finalization.
        let detected = clock.now
        if let pause = try commandEndSilence() {
          return try finish(
            start: start, pause: pause, ending: .completeCommand, detected: detected, clock: clock)
        }
      }
    }
  }

  /// The trailing pause, in samples, if the utterance can end now: its words so far are a
  /// whole command, not the start of a longer one, and the audio ends in
  /// ``VoiceActivitySettings/commandEndFrames`` of silent frames or
  /// ``VoiceActivitySettings/commandEndFramesInNoise`` of background frames (``PauseDetector``).
  /// Otherwise `nil`, and the voice activity detector's hang-over ends it.
  ///
  /// The pause is heard in the audio rather than read from the decoder's path, which lags: the
  /// features trail the audio by a few frames, and a word's last phone absorbs about 0.1 s of
  /// silence before a silence filler beats it. A command can end before
  /// ``RecognizerConfiguration/meanCheckFrames`` of speech; its mean is checked then, before
  /// it ends.
  private func commandEndSilence() throws(RecognizerError) -> Int? {
    let settings = recognizer.configuration.voiceActivity
    // An utterance decoded after it ends has no live words (it calibrates, say: decoded with
    // the prior mean, its words couldn't be trusted anyway).
    guard !isDecodedAfterEnd, let graph = recognizer.commandGraph, let pauseDetector,
      endsInPause(of: settings.commandEndFrames, .silent, heardBy: pauseDetector)
        || endsInPause(of: settings.commandEndFramesInNoise, .background, heardBy: pauseDetector)
    else { return nil }
    // Only listened to so far: it has no words until it is decoded.
    if isAwaitingMean { try checkMeanDuringSpeech() }
    guard isCompleteCommand(recognizer.currentHypothesis(), in: graph) else { return nil }
    // The pause may have begun before the words made a command; silent frames are background
    // frames too.
    let pause = pauseDetector.quietFrames(
      .background, atEndOf: utteranceAudio, upTo: settings.postSpeechFrames)
    return pause * pauseDetector.frameLength
  }

  /// Whether the audio ends in `frames` frames at least as quiet as `quietness`; never for 0.
  private func endsInPause(
    of frames: Int, _ quietness: PauseDetector.Quietness, heardBy detector: PauseDetector
  ) -> Bool {
    frames > 0 && detector.quietFrames(quietness, atEndOf: utteranceAudio, upTo: frames) >= frames
  }

  /// The most audio an utterance keeps, its lead included; at least one chunk past the lead.
  private var maximumUtteranceSamples: Int {
    let configuration = recognizer.configuration
    let settings = configuration.voiceActivity
    let lead = (settings.startSpeechFrames + settings.preSpeechFrames) * configuration.sampleRate / 100
    let limit = settings.maximumUtteranceSeconds * Double(configuration.sampleRate)
    return max(lead + 2 * chunk.count, Int(min(limit, 1e9)))
  }

  /// Whether `hypothesis` can end its utterance early: two words or more that make a command
  /// nothing continues. One word waits, because the first word of a longer command, heard
  /// before the pause after it, is easily taken for a name alone: on the benchmark the gap after
  /// "tap" in "tap five" ended "two", then "five", and "tap … wi-fi" became "brew", "wi-fi".
  private func isCompleteCommand(_ hypothesis: Hypothesis, in graph: CommandGraph) -> Bool {
    let words = hypothesis.words
    return words.count > 1 && !hypothesis.usesRejectionPath
      && graph.position(of: words) == .complete
  }

  /// The speech, in frames, after which the current utterance's mean is checked, or `nil` if it
  /// is not checked during speech (the first utterance calibrates after it ends).
  private var checkFrames: Int? {
    let configuration = recognizer.configuration
    // A model without a live cepstral mean has no mean to check.
    guard configuration.calibratesChannel, !isDecodedAfterEnd, configuration.meanCheckFrames > 0,
      recognizer.cepstralState != nil
    else { return nil }
    return configuration.meanCheckFrames
  }

  /// Whether an utterance should be decoded with `mean` rather than ``meanInUse``.
  private func needsDecoding(with mean: [Float]) -> Bool {
    guard let meanInUse else { return true }
    let tolerance = Float(recognizer.configuration.cepstralMeanTolerance)
    return CepstralState.distance(mean, meanInUse) > tolerance
  }

  /// Hands newly computed cepstra to the decoder, or only to the running mean while the
  /// utterance is listened to (see ``checkMeanDuringSpeech()``).
  func hear(_ new: ArraySlice<Float>) throws(RecognizerError) {
    if isDecodedAfterEnd || isAwaitingMean {
      recognizer.accumulateMean(of: new)
    } else {
      try recognizer.process(cepstra: new)
    }
  }

  /// Once ``RecognizerConfiguration/meanCheckFrames`` of speech are in, or the utterance pauses
  /// or ends before: decodes the utterance, only listened to so far, from its start, while it is
  /// still being spoken, with the running mean (this utterance's start included) if that has
  /// moved past the tolerance from the mean in use, and with the mean in use otherwise.
  ///
  /// At ``RecognizerConfiguration/meanCheckFrames`` the decision is the one a live decode
  /// checked there would make before decoding again from the start, and deferring the decode to
  /// it leaves one decode of every utterance instead of two. An utterance that pauses sooner
  /// needs its words at the pause, to know whether it is a whole command, so it is checked
  /// there, on the speech so far. Until then its frames only add to the running mean, which
  /// costs next to nothing, and the decoder catches up on them at once, from the cepstra
  /// computed as they came, in a few hundredths of their length.
  func checkMeanDuringSpeech() throws(RecognizerError) {
    isAwaitingMean = false
    let moved = recognizer.cepstralState?.runningMean.map { needsDecoding(with: $0) } ?? false
    // Ending the utterance makes the running mean the live one.
    _ = try recognizer.endUtterance()
    var state = recognizer.cepstralState
    if !moved, let meanInUse { state?.mean = meanInUse }
    recognizer.cepstralState = state
    try recognizer.startUtterance()
    try recognizer.process(cepstra: utteranceCepstra[...])
    // The frames decoded now are in the sums already.
    recognizer.cepstralState = state
    meanInUse = state?.mean
    if moved { calibration = .duringSpeech }
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
