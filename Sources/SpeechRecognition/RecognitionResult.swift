/// What the recognizer made of one utterance: accepted text or a rejection, with timings.
///
/// Only ``RecognitionOutcome/accepted(_:)`` results should be acted on:
///
///     if let text = result.text {
///       session.handle(text)
///     }
public struct RecognitionResult: Sendable, Equatable {
  /// Accepted text, or why the utterance was rejected.
  public var outcome: RecognitionOutcome
  /// The decoder's best path, kept for logs and diagnostics even when rejected.
  public var hypothesis: Hypothesis
  /// When the utterance started, in seconds from the start of the audio source.
  public var start: Double
  /// When the utterance ended (the last speech before the silence that ended it), in seconds
  /// from the start of the audio source.
  public var end: Double
  /// Seconds of speech the decoder searched (silence removed).
  public var speechDuration: Double
  /// Wall-clock seconds from the end of the utterance being detected to this result.
  public var finalizationTime: Double
  /// What ended the utterance.
  public var ending: Ending
  /// When this utterance was decoded with a cepstral mean its own speech moved, or `nil` when
  /// it was decoded with the mean of the channel before it (see ``UtteranceStream``).
  public var calibration: Calibration?

  /// Other sentences of the grammar the decoder nearly heard, best first, for an accepted
  /// utterance (empty for a rejected one). A listener can refuse to act when one of them means
  /// something else and is too close: see ``Alternative/margin``.
  public var alternatives: [Alternative] = []
  /// The sentences of the grammar that differ from the accepted one in a word that sounds like
  /// one of its words (``GrammarReport/soundAlikeWords``), for an accepted utterance when
  /// ``RejectionSettings/listsSoundAlikes``; empty otherwise. The decoder can't tell such a
  /// sentence from the one it accepted: a listener asks which was meant, or refuses to act,
  /// when one of them would do something else.
  public var soundAlikes: [String] = []
  /// How much better, per frame, the phone loop alone explained the utterance than the grammar
  /// alone, when the phone loop won and a second opinion was taken (see
  /// ``RejectionSettings/maximumPhoneLoopGap``); `nil` otherwise. Such a result was accepted in
  /// doubt: `axvoice listen` does not perform it when it is a bare name, whose command word
  /// was likely lost, nor a bare number when ``isBarelyAccepted``.
  public var phoneLoopGap: Double?
  /// Whether ``phoneLoopGap`` is above ``RejectionSettings/maximumPhoneLoopGap``, the limit
  /// every sentence may have: a sentence accepted so was accepted only on the allowance short
  /// ones get (``RejectionSettings/maximumShortSentenceGap``). `false` without a second opinion.
  public var isBarelyAccepted = false
  /// How many phones the grammar's best sentence had when ``phoneLoopGap`` was measured: the
  /// length that chose its limit (``RejectionSettings/maximumGap(phones:usesAccentVariant:)``);
  /// `nil` otherwise.
  public var secondOpinionPhones: Int?
  /// Whether the first words of the accepted sentence were found by decoding the utterance
  /// again with the commands that end with the words first heard, because those left speech
  /// before them unexplained (see ``RejectionSettings/recoversLeadingWords``). ``phoneLoopGap``
  /// is then that sentence's gap.
  public var recoveredLeadingWords = false
  /// Whether speech just before this utterance was rejected (out of grammar, or decoded as
  /// silence), with no more between them than a pause the voice activity detector's hang-over
  /// and lead cover (their audio touches): the command word of a command split at a pause inside
  /// it is there ("increment … coffee dispenser" in noise, the name an utterance of its own).
  public var followsRejectedSpeech = false
  /// When ``followsRejectedSpeech``: the command that ends with this utterance's sentence after
  /// one more word, found by decoding the rejected speech and this utterance together with
  /// those commands, within the accents' gap limit and with all the speech explained, as
  /// ``RejectionSettings/recoversLeadingWords`` looks for the word before within an utterance;
  /// `nil` if none is found. The voice session performs it instead of a bare name.
  public var wholeCommand: String?

  /// A sentence the decoder nearly heard instead of the accepted one.
  public struct Alternative: Sendable, Equatable {
    /// The words, as in ``RecognitionResult/text``.
    public var text: String
    /// How far its lattice path score fell short of the accepted sentence's, in PocketSphinx's
    /// log units (base 1.0001, so 10,000 is a factor of e); 0 is a tie, or a better path.
    public var margin: Int

    /// Creates an alternative.
    public init(text: String, margin: Int) {
      self.text = text
      self.margin = margin
    }
  }

  /// When an utterance, only listened to until then, is decoded with a cepstral mean its own
  /// speech moved.
  public enum Calibration: String, Sendable, Equatable {
    /// From its start, once its mean was checked, while it was still being spoken (the channel
    /// changed): the result came as fast as any other.
    case duringSpeech
    /// In one pass after it ended (the first utterance, which calibrates the recognizer, and
    /// was only listened to while spoken): the result came after that decode.
    case afterEnd
  }

  /// What ends an utterance.
  public enum Ending: String, Sendable, Hashable {
    /// The voice activity detector heard ``VoiceActivitySettings/postSpeechFrames`` of silence.
    case silence
    /// Its words were a whole command, not the start of a longer one, followed by
    /// ``VoiceActivitySettings/commandEndFrames`` of silence or
    /// ``VoiceActivitySettings/commandEndFramesInNoise`` of background.
    case completeCommand
    /// The audio ended or listening was cancelled.
    case endOfAudio
    /// Speech went on for ``VoiceActivitySettings/maximumUtteranceSeconds`` without a pause:
    /// the utterance was cut there and rejected as ``RejectionReason/tooLong``, and the speech
    /// after it starts a new one.
    case maximumLength
  }

  /// Creates a result.
  public init(
    outcome: RecognitionOutcome, hypothesis: Hypothesis, start: Double, end: Double,
    speechDuration: Double, finalizationTime: Double, ending: Ending = .endOfAudio,
    calibration: Calibration? = nil
  ) {
    self.outcome = outcome
    self.hypothesis = hypothesis
    self.start = start
    self.end = end
    self.speechDuration = speechDuration
    self.finalizationTime = finalizationTime
    self.ending = ending
    self.calibration = calibration
  }

  /// The accepted text, or `nil` if the utterance was rejected.
  public var text: String? {
    if case .accepted(let text) = outcome {
      return text
    }
    return nil
  }

  /// Whether the utterance was rejected.
  public var isRejected: Bool { text == nil }
}

/// Accepted text or a rejection.
public enum RecognitionOutcome: Sendable, Equatable {
  /// A sentence of the grammar, words separated by spaces.
  case accepted(String)
  /// Nothing to act on.
  case rejected(RejectionReason)
}

/// Why an utterance was rejected.
public enum RejectionReason: Sendable, Equatable, CustomStringConvertible {
  /// Only silence or noise was decoded, or the speech was too short.
  case noSpeech
  /// The rejection path explained the audio better than any command.
  case outOfGrammar
  /// No grammar was loaded.
  case noGrammar
  /// The speech went on past ``VoiceActivitySettings/maximumUtteranceSeconds`` without a
  /// pause; no command is that long.
  case tooLong

  public var description: String {
    switch self {
    case .noSpeech: "no speech"
    case .outOfGrammar: "out of grammar"
    case .noGrammar: "no grammar"
    case .tooLong: "too long"
    }
  }
}
