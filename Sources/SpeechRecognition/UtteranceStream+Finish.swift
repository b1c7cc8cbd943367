import Foundation

extension UtteranceStream {
  /// Ends the utterance and returns its hypothesis. The first utterance of an uncalibrated
  /// recognizer, only listened to so far, is decoded in one pass with the mean of its own
  /// cepstra; with ``RecognizerConfiguration/decodesUtterancesInBatch`` every utterance is, with
  /// the running mean that includes it.
  ///
  /// A calibrated recognizer checks the mean only during speech: checking again at the end
  /// gained 1% at 10 dB SNR on the benchmark but cost a decode after the end of one utterance
  /// in three (35 ms mean finalization instead of 0.2 ms).
  func finishUtterance() throws(RecognizerError) -> Hypothesis {
    // An utterance that ends before its mean is checked was only listened to: it is decoded now.
    if isAwaitingMean { try checkMeanDuringSpeech() }
    // Ending the utterance makes the running mean, this utterance included, the live one.
    let hypothesis = try recognizer.endUtterance()
    guard isDecodedAfterEnd, let state = recognizer.cepstralState else { return hypothesis }
    let again = try redecode(utteranceAudio)
    // The frames decoded again are in the sums already.
    recognizer.cepstralState = state
    // Only speech calibrates: the noise a fresh voice activity detector takes for speech at
    // the start of a stream (a noise floor rising out of digital silence, a click) has no
    // words, and a mean of noise made every later command lose to the phone loop.
    if !recognizer.isCalibrated, recognizer.configuration.calibratesChannel, !again.words.isEmpty {
      recognizer.isCalibrated = true
      calibration = .afterEnd
    }
    return again
  }

  /// Whether an utterance started now will be decoded in one pass after it ends: the
  /// first one of an uncalibrated recognizer, or every one with
  /// ``RecognizerConfiguration/decodesUtterancesInBatch``, when the model normalizes its
  /// cepstra with a live mean.
  var nextUtteranceDecodesAfterEnd: Bool {
    let configuration = recognizer.configuration
    let calibrates = configuration.calibratesChannel && !recognizer.isCalibrated
    return (calibrates || configuration.decodesUtterancesInBatch) && recognizer.cepstralState != nil
  }

  /// Decodes an utterance's audio again in one pass.
  func redecode(_ audio: [Int16]) throws(RecognizerError) -> Hypothesis {
    try recognizer.startUtterance()
    try audio.withUnsafeBufferPointer { buffer throws(RecognizerError) in
      try recognizer.process(buffer, isComplete: true)
    }
    return try recognizer.endUtterance()
  }

  /// Ends the current utterance, whose last `pause` samples were silence, and returns its result.
  func finish(
    start: Int, pause: Int, ending: RecognitionResult.Ending, detected: ContinuousClock.Instant,
    clock: ContinuousClock
  ) throws(RecognizerError) -> RecognitionResult {
    var hypothesis = try finishUtterance()
    let rate = Double(recognizer.configuration.sampleRate)
    let speech = recognizer.speechDuration()
    var outcome =
      ending == .maximumLength
      ? .rejected(.tooLong) : recognizer.outcome(of: hypothesis, speechDuration: speech)
    let opinion = try recognizer.secondOpinion(
      on: hypothesis, outcome: outcome, audio: utteranceAudio, speechDuration: speech)
    (hypothesis, outcome) = (opinion.hypothesis, opinion.outcome)
    if case .accepted = outcome, recognizer.configuration.rejection.rejectsUnexplainedSpeech,
      let background = pauseDetector?.background,
      SpeechCoverage(sampleRate: recognizer.configuration.sampleRate)
        .rejects(utteranceAudio, hypothesis: hypothesis, background: background)
    {
      outcome = .rejected(.outOfGrammar)
    }
    utteranceAudio = []
    var alternatives: [RecognitionResult.Alternative] = []
    if case .accepted(let text) = outcome, recognizer.configuration.rejection.listsAlternatives {
      alternatives = recognizer.alternatives(to: text)
    }
    var result = RecognitionResult(
      outcome: outcome, hypothesis: hypothesis, start: Double(start) / rate,
      end: Double(max(start, position - pause)) / rate, speechDuration: speech,
      finalizationTime: (clock.now - detected) / .seconds(1), ending: ending,
      calibration: calibration)
    result.alternatives = alternatives
    result.phoneLoopGap = opinion.gap
    result.secondOpinionPhones = opinion.phones
    return result
  }
}
