import SpeechRecognition
import VoiceControl

extension VoiceSession {
  /// Handles an utterance a speech recognizer finished, as Voice Control would act on it.
  ///
  /// The recognizer's doubts become the session's: a sentence accepted only on a second
  /// opinion (`RecognitionResult/phoneLoopGap`) is doubtful, and one accepted on the short
  /// sentences' allowance barely so; speech rejected just before may hold a bare name's command
  /// word, and the whole command found in the two is performed instead. Near alternatives that
  /// would do something else make the utterance ambiguous; a sentence that sounds alike
  /// (`RecognitionResult/soundAlikes`) opens the chooser between the elements the two touch,
  /// or makes it ambiguous at any margin. See
  /// `VoiceSession/handle(heard:alternatives:margin:isDoubtful:isBarelyAccepted:followsRejectedSpeech:wholeCommand:soundAlikes:)`.
  ///
  /// `axvoice listen` and the speech benchmarks both hand results to a session through this
  /// method, so the benchmarks measure what a listener does.
  ///
  /// - Parameters:
  ///   - result: What the recognizer made of the utterance.
  ///   - margin: The score difference under which an alternative competes
  ///     (`RejectionSettings/competingIntentMargin`); 0 never does.
  /// - Returns: What the sentence did, or `nil` when the recognizer rejected the utterance.
  public mutating func handle(_ result: RecognitionResult, margin: Int) -> HeardOutcome? {
    guard let text = result.text else { return nil }
    return handle(
      heard: text, alternatives: result.heardAlternatives, margin: margin,
      isDoubtful: result.phoneLoopGap != nil, isBarelyAccepted: result.isBarelyAccepted,
      followsRejectedSpeech: result.followsRejectedSpeech, wholeCommand: result.wholeCommand,
      soundAlikes: result.soundAlikes)
  }
}

extension RecognitionResult {
  /// The sentences the recognizer nearly heard instead, as a voice session weighs them.
  public var heardAlternatives: [HeardAlternative] {
    alternatives.map { HeardAlternative(text: $0.text, margin: $0.margin) }
  }
}
