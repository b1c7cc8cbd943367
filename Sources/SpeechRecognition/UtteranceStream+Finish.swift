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
    let heard = utteranceCepstra.count
    recognizer.frontEnd.endUtterance(appendingTo: &utteranceCepstra)
    try hear(utteranceCepstra[heard...])
    // Ending the utterance makes the running mean, this utterance included, the live one.
    let hypothesis = try recognizer.endUtterance()
    guard isDecodedAfterEnd, let state = recognizer.cepstralState else { return hypothesis }
    let again = try redecode()
    // The frames decoded again are in the sums already.
    recognizer.cepstralState = state
    // Only commands calibrate: the noise a fresh voice activity detector takes for speech at
    // the start of a stream (a noise floor rising out of digital silence, a click) has no
    // words of the grammar, only the phone loop's, and a mean of noise made every later
    // command lose to the phone loop.
    if !recognizer.isCalibrated, recognizer.configuration.calibratesChannel, !again.words.isEmpty,
      !again.usesRejectionPath
    {
      recognizer.isCalibrated = true
      calibration = .afterEnd
    } else if !recognizer.isCalibrated, again.words.isEmpty, let before = stateBeforeUtterance {
      // Nor does such noise stay in the sums the first command's own mean is taken from
      // (RecognizerConfiguration.excludesNoiseFromFirstMean).
      recognizer.cepstralState = before
    }
    stateBeforeUtterance = nil
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

  /// Decodes the utterance again in one pass, from its cepstra computed again
  /// (``cepstraHeardAgain()``).
  func redecode() throws(RecognizerError) -> Hypothesis {
    let frames = try cepstraHeardAgain()
    try recognizer.startUtterance()
    try recognizer.process(cepstra: frames[...], isComplete: true)
    return try recognizer.endUtterance()
  }

  /// The utterance's cepstra computed again from its audio by a voice activity detector that
  /// hears it afresh, knowing the channel's noise by now; computed once an utterance, for a
  /// decode after its end and a second opinion.
  ///
  /// A fresh detector at the start of a stream lets through noise before the speech: decoded
  /// with it, "ten of clubs" of pocketsphinx-testdata was heard as "five ten of clubs". And the
  /// second opinion's limits were set on utterances heard again: on the frames heard live,
  /// "thank you very much" came within the short-sentence limit as "tap new note".
  func cepstraHeardAgain() throws(RecognizerError) -> [Float] {
    if let heardAgain { return heardAgain }
    let frames = try cepstra(of: utteranceAudio)
    heardAgain = frames
    return frames
  }

  /// The cepstra of `audio` as a fresh voice activity detector lets them through.
  func cepstra(of audio: [Int16]) throws(RecognizerError) -> [Float] {
    var frames: [Float] = []
    let frontEnd = recognizer.frontEnd
    frontEnd.startUtterance()
    try audio.withUnsafeBufferPointer { buffer throws(RecognizerError) in
      try frontEnd.process(buffer, appendingTo: &frames)
    }
    frontEnd.endUtterance(appendingTo: &frames)
    return frames
  }

  /// The command that ends with `hypothesis`'s words after one more word found in the rejected
  /// speech just before them (``rejectedBefore``), whose audio this utterance's continues,
  /// decoded together with this utterance; `nil` when none passes the accents' gap limit with
  /// all the speech, the rejected speech's included, explained, and its word within the
  /// rejected speech.
  func wholeCommand(
    ending hypothesis: Hypothesis, speech: Double, coverage: SpeechCoverage
  ) throws(RecognizerError) -> String? {
    guard let before = rejectedBefore, let background = before.background,
      recognizer.configuration.rejection.joinsRejectedSpeech
    else { return nil }
    let joined = before.audio + utteranceAudio
    // The two's cepstra are computed only for a sentence some command ends after one more word.
    guard
      let lead = try recognizer.leadOpinion(
        on: cepstra(of: joined), words: hypothesis.words, speechDuration: before.speech + speech),
      case .accepted(let text) = lead.outcome,
      !coverage.rejectsForcedWords(joined, hypothesis: lead.hypothesis, background: background),
      let word = lead.hypothesis.segments.first(where: { !$0.isFiller })
    else { return nil }
    // The word found must be the rejected speech's, not the pause after it: forced there,
    // "tap" made a bare name after a click a tap again.
    let rate = Double(recognizer.configuration.sampleRate)
    guard (word.start + word.end) / 2 * rate < Double(before.speechEnd) else { return nil }
    return text
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
    var opinion = try recognizer.secondOpinion(
      on: hypothesis, outcome: outcome, speechDuration: speech, cepstra: cepstraHeardAgain)
    (hypothesis, outcome) = (opinion.hypothesis, opinion.outcome)
    let coverage = SpeechCoverage(sampleRate: recognizer.configuration.sampleRate)
    if case .accepted = outcome, recognizer.configuration.rejection.rejectsUnexplainedSpeech,
      let background = pauseDetector?.background,
      coverage.rejects(utteranceAudio, hypothesis: hypothesis, background: background)
    {
      outcome = .rejected(.outOfGrammar)
      // A sentence a second opinion accepted was the commands' best already: only a short word
      // found before it, such as "tap", is kept.
      let rejection = recognizer.configuration.rejection
      let leadPhones = opinion.gap == nil ? nil : rejection.maximumLeadWordPhonesAfterSecondOpinion
      if rejection.recoversLeadingWords, leadPhones.map({ $0 > 0 }) ?? true,
        let lead = try recognizer.leadOpinion(
          on: cepstraHeardAgain(), words: hypothesis.words, speechDuration: speech,
          maximumLeadPhones: leadPhones),
        !coverage.rejectsForcedWords(utteranceAudio, hypothesis: lead.hypothesis, background: background)
      {
        (hypothesis, outcome, opinion) = (lead.hypothesis, lead.outcome, lead)
      }
    }
    // A command split at a pause inside it: its word before the name may be in the speech
    // just rejected, whose audio this utterance's lead touches.
    var followsRejectedSpeech = false
    var wholeCommand: String?
    // The audio after a finished utterance goes to the next one's lead, which holds no more
    // than the lead's worth: the two touch only when speech came back within it.
    if case .accepted = outcome, let before = rejectedBefore, start == before.start + before.audio.count {
      followsRejectedSpeech = true
      wholeCommand = try self.wholeCommand(ending: hypothesis, speech: speech, coverage: coverage)
    }
    // Speech the decoder explained as silence is rejected speech too: espeak-ng's "increment"
    // alone was.
    let isRejectedSpeech = outcome == .rejected(.outOfGrammar) || outcome == .rejected(.noSpeech)
    rejectedBefore =
      isRejectedSpeech
      ? (
        audio: utteranceAudio, start: start, speechEnd: max(0, position - pause - start), speech: speech,
        background: pauseDetector?.background
      ) : nil
    // Kept until the listener says whether it performed a command (SpeechRecognizer.adapt(to:)).
    recognizer.lastAccepted = nil
    if case .accepted = outcome, recognizer.configuration.speakerAdaptation.isEnabled,
      let mean = recognizer.cepstralState?.mean
    {
      // The frames the accepted hypothesis was decoded from: its segments' times index them.
      recognizer.lastAccepted = AcceptedUtterance(
        start: Double(start) / rate, hypothesis: hypothesis, cepstra: heardAgain ?? utteranceCepstra, mean: mean)
    }
    utteranceAudio = []
    utteranceCepstra = []
    heardAgain = nil
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
    result.soundAlikes = recognizer.soundAlikes(of: outcome)
    result.phoneLoopGap = opinion.gap
    result.isBarelyAccepted = opinion.gap.map { $0 > recognizer.configuration.rejection.maximumPhoneLoopGap } ?? false
    result.secondOpinionPhones = opinion.phones
    result.recoveredLeadingWords = opinion.recoveredLeadingWords
    result.followsRejectedSpeech = followsRejectedSpeech
    result.wholeCommand = wholeCommand
    return result
  }
}
