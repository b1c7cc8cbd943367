import CPocketSphinx
import Foundation

/// A PocketSphinx decoder that recognizes the sentences of a JSGF grammar.
///
/// The recognizer owns its decoder and frees it when it is released. It is not `Sendable`:
/// create and use it on one thread.
///
///     let recognizer = try SpeechRecognizer(configuration: .installed())
///     let report = try recognizer.loadGrammar(jsgf: jsgf)
///     let stream = recognizer.utterances(from: .microphone(device: nil))
///     while let result = try stream.next() {
///       print(result.text ?? "(rejected)")
///     }
public final class SpeechRecognizer {
  /// The settings the decoder was created with.
  public let configuration: RecognizerConfiguration
  /// The report of the grammar currently loaded, or `nil` before ``loadGrammar(jsgf:name:pronunciations:)``.
  public internal(set) var grammar: GrammarReport?

  /// The `ps_decoder_t`.
  let decoder: OpaquePointer
  /// Derives pronunciations of out-of-vocabulary words.
  let transcriber: EspeakTranscriber
  /// Words this recognizer has added to the dictionary, by word.
  var addedWords: [String: AddedWord] = [:]
  /// The dictionary spellings of every word's accent variants, by word, for the words whose
  /// variants have been added (see ``AccentVariants``).
  var accentSpellings: [String: [String]] = [:]
  /// The PocketSphinx search name of the current grammar.
  var currentSearch = ""
  /// Computes a stream's cepstra once, for its decodes and its running mean.
  let frontEnd: CepstralFrontEnd
  /// The word graph of the current grammar, which tells when an utterance can end early.
  var commandGraph: CommandGraph?
  /// A counter that gives each loaded grammar a fresh search name.
  var searchGeneration = 0
  /// Grammars compiled on the dictionary as it is now, most recently used last (see
  /// ``loadGrammar(jsgf:name:pronunciations:)``).
  var compiledSearches: [CompiledSearch] = []
  /// Whether `ps_start_utt` has been called without a matching `ps_end_utt`.
  private(set) var isInUtterance = false
  /// Whether the live cepstral mean has been measured on this channel's speech (see
  /// ``UtteranceStream``); until then it is the model's prior.
  var isCalibrated = false
  /// The confidence searches compiled (the commands alone, the phone loop alone), and the
  /// search they are for, if any (see `PhoneLoopGap`).
  var confidenceSearchesLoaded: ConfidenceSearches?
  /// The JSGF compiled as ``leadSearch``, while it is compiled on the dictionary as it is now.
  var leadSearchText: String?
  /// A new decoder's cepstral state (the model's `-cmninit`, nothing accumulated), restored by
  /// ``forgetChannel()``.
  private var priorState: CepstralState?
  /// How a new decoder normalizes a whole clip's cepstra (the model's `-cmn`: batch for
  /// en-us), which ``recognize(samples:)`` restores for each clip (see
  /// ``cepstralNormalization``).
  private var clipNormalization: cmn_type_t?
  /// The model's codebooks, once adaptation has read them (`.some(nil)`: the model has none it
  /// can adapt).
  var codebooks: PhoneCodebooks??
  /// What the utterances that performed commands since ``forgetChannel()`` say of the speaker.
  var speakerAdaptation: SpeakerAdaptation?
  /// Whether a speaker's transform is applied to the model's means and variances.
  var isSpeakerAdapted = false
  /// The last utterance accepted, until ``adapt(to:)`` or the next utterance.
  var lastAccepted: AcceptedUtterance?

  /// Audio frames per second (PocketSphinx's default `-frate`).
  static let framesPerSecond = 100.0

  /// Creates a decoder with `configuration`.
  ///
  /// Loading the en-us model takes about 0.2 s. The corresponding C functions are
  /// `cmd_ln_parse_r` and `ps_init`.
  ///
  /// - Throws: ``RecognizerError`` if the model is missing or an option is refused.
  public init(configuration: RecognizerConfiguration) throws(RecognizerError) {
    try configuration.validateFiles()
    let log = PocketSphinxLog.shared
    try log.route(to: configuration.log)
    log.clearLastError()

    let arguments = ["axinput"] + configuration.arguments
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    defer { argv.forEach { free($0) } }
    let parsed = argv.withUnsafeMutableBufferPointer { buffer in
      axps_parse_config(Int32(arguments.count), buffer.baseAddress)
    }
    guard let config = parsed else {
      throw RecognizerError(
        .invalidConfiguration,
        "options '\(configuration.arguments.joined(separator: " "))'",
        function: "cmd_ln_parse_r", log: log.lastError)
    }
    defer { _ = axps_free_config(config) }
    guard let decoder = ps_init(config) else {
      throw RecognizerError(
        .decoderFailure, "model '\(configuration.acousticModel)'", function: "ps_init",
        log: log.lastError)
    }
    // The same options, so the same frames. Its fe_init_auto_r seeds the process-wide dither
    // generator again with the same seed, which restarts the decoder's sequence as ps_init does.
    guard let frontEnd = CepstralFrontEnd(decoder: decoder) else {
      ps_free(decoder)
      throw RecognizerError(
        .decoderFailure, "model '\(configuration.acousticModel)'", function: "fe_init_auto_r",
        log: log.lastError)
    }
    self.decoder = decoder
    self.frontEnd = frontEnd
    self.configuration = configuration
    self.transcriber = EspeakTranscriber(
      executable: configuration.espeakExecutable, voice: configuration.espeakVoice)
    priorState = cepstralState
    clipNormalization = cepstralNormalization
  }

  /// Forgets what the recognizer has learned of the audio channel and the speaker: the next
  /// stream calibrates again, starting from the model's prior cepstral mean, learns the
  /// channel's noise afresh, dithers as a new recognizer does, and decodes with the model's own
  /// means (see ``adapt(to:)``).
  ///
  /// A recognizer adapts to the level and colour of what it hears, and keeps that across
  /// streams, as a live session does across utterances. Call this before audio from another
  /// microphone or recording, whose channel has nothing to do with the last one.
  public func forgetChannel() {
    if let priorState { cepstralState = priorState }
    isCalibrated = false
    // The dither's generator is process-wide and every decode draws from it, so without this
    // what a recording gives would depend on what was decoded before it; reseeded, it gives
    // what a new `axvoice listen` gives.
    if configuration.dither { genrand_seed(UInt(configuration.ditherSeed)) }
    // The noise a front end has learned is the old channel's too.
    frontEnd.startStream()
    _ = ps_start_stream(decoder)
    forgetSpeaker()
  }

  deinit {
    if isInUtterance {
      ps_end_utt(decoder)
    }
    ps_free(decoder)
  }

  /// Recognizes one complete utterance of 16 kHz mono samples.
  ///
  /// The samples are decoded in one pass, without splitting them at pauses; use
  /// ``utterances(from:cancellation:)`` for a stream. The noise floor
  /// (``RecognizerConfiguration/noiseFloorLevel``) is added as it is to a stream. The phone
  /// loop's second opinion (``RejectionSettings/maximumPhoneLoopGap``) is not taken: a clip has
  /// no background measured before its speech, so the check that rejects a sentence leaving
  /// speech outside its words can't run, and the second opinion alone heard "call my mother
  /// tomorrow" as "show numbers".
  ///
  /// Each clip is heard as a new recognizer hears it (the dither's draws aside): by the
  /// decoder's own front end, its noise estimate learned afresh, and normalized with the
  /// model's `-cmn` (for the en-us model, the clip's own mean). Nothing that streams or
  /// earlier clips have heard carries over, and a clip leaves the channel's mean to the
  /// streams. The corresponding C functions are `ps_start_stream`, `ps_start_utt`,
  /// `ps_process_raw` and `ps_end_utt`.
  public func recognize(samples: [Int16]) throws(RecognizerError) -> RecognitionResult {
    let clock = ContinuousClock()
    // A stream switches the decoder to a live mean for good (`feat_cmn`), and a live mean
    // left at the model's prior by `forgetChannel()` heard "tap add to cart" as phones; the
    // clip's own batch mean, as a new decoder's, overwrites the live one.
    let channel = cepstralState
    let normalization = cepstralNormalization
    cepstralNormalization = clipNormalization
    defer {
      cepstralNormalization = normalization
      cepstralState = channel
    }
    // The front end's noise estimate would otherwise carry over from the clip before.
    _ = ps_start_stream(decoder)
    // The same floor as streamed audio gets: a clip with digital silence is no easier to hear.
    var audio = samples
    var floor = NoiseFloor(level: configuration.noiseFloorLevel)
    audio.withUnsafeMutableBufferPointer { floor.add(to: $0, count: $0.count) }
    try startUtterance()
    try audio.withUnsafeBufferPointer { buffer throws(RecognizerError) in
      try process(wholeUtterance: buffer)
    }
    let detected = clock.now
    let hypothesis = try endUtterance()
    let speech = speechDuration()
    let duration = Double(samples.count) / Double(configuration.sampleRate)
    var result = RecognitionResult(
      outcome: outcome(of: hypothesis, speechDuration: speech), hypothesis: hypothesis,
      start: 0, end: duration, speechDuration: speech,
      finalizationTime: (clock.now - detected) / .seconds(1))
    result.soundAlikes = soundAlikes(of: result.outcome)
    return result
  }

  /// The sentences of the grammar that sound like an accepted outcome's
  /// (``RecognitionResult/soundAlikes``): a swap that makes no command is left out.
  func soundAlikes(of outcome: RecognitionOutcome) -> [String] {
    guard configuration.rejection.listsSoundAlikes, case .accepted(let text) = outcome, let grammar
    else { return [] }
    let sentences = grammar.soundAlikeWords.sentences(soundingLike: text)
    guard let graph = commandGraph else { return sentences }
    return sentences.filter { sentence in
      let position = graph.position(of: sentence.split(separator: " ").map(String.init))
      return position == .complete || position == .completeAndContinued
    }
  }

  /// Starts an utterance. The corresponding C function is `ps_start_utt`.
  func startUtterance() throws(RecognizerError) {
    if isInUtterance {
      ps_end_utt(decoder)
      isInUtterance = false
    }
    guard grammar != nil || configuration.languageModel != nil else {
      throw RecognizerError(.decoderFailure, "utterance: no grammar is loaded")
    }
    PocketSphinxLog.shared.clearLastError()
    guard ps_start_utt(decoder) >= 0 else {
      throw RecognizerError(
        .decoderFailure, "grammar '\(grammar?.name ?? "")'", function: "ps_start_utt",
        log: PocketSphinxLog.shared.lastError)
    }
    isInUtterance = true
  }

  /// Feeds a whole utterance's samples to the current utterance at once. The corresponding C
  /// function is `ps_process_raw`.
  func process(wholeUtterance samples: UnsafeBufferPointer<Int16>) throws(RecognizerError) {
    guard let base = samples.baseAddress, !samples.isEmpty else { return }
    guard ps_process_raw(decoder, base, samples.count, 0, 1) >= 0 else {
      throw RecognizerError(
        .decoderFailure, "\(samples.count) samples", function: "ps_process_raw",
        log: PocketSphinxLog.shared.lastError)
    }
  }

  /// Ends the utterance and returns its best path. The corresponding C function is `ps_end_utt`.
  func endUtterance() throws(RecognizerError) -> Hypothesis {
    isInUtterance = false
    guard ps_end_utt(decoder) >= 0 else {
      throw RecognizerError(
        .decoderFailure, "grammar '\(grammar?.name ?? "")'", function: "ps_end_utt",
        log: PocketSphinxLog.shared.lastError)
    }
    return currentHypothesis()
  }

  /// The best path so far. The corresponding C functions are `ps_get_hyp` and `ps_seg_iter`.
  func currentHypothesis() -> Hypothesis {
    var score: Int32 = 0
    let text = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
    var segments: [WordSegment] = []
    var iterator = ps_seg_iter(decoder)
    while let segment = iterator {
      var startFrame: Int32 = 0
      var endFrame: Int32 = 0
      var acoustic: Int32 = 0
      var language: Int32 = 0
      var backoff: Int32 = 0
      ps_seg_frames(segment, &startFrame, &endFrame)
      _ = ps_seg_prob(segment, &acoustic, &language, &backoff)
      let spelling = ps_seg_word(segment).map { String(cString: $0) } ?? ""
      iterator = ps_seg_next(segment)
      guard spelling != "(NULL)", !spelling.isEmpty else { continue }  // a null transition of the grammar
      let word = WordSegment.baseWord(spelling)
      segments.append(
        WordSegment(
          word: word, start: Double(startFrame) / Self.framesPerSecond,
          end: Double(endFrame + 1) / Self.framesPerSecond, acousticScore: Int(acoustic),
          isAccentVariant: WordSegment.accentMarker(in: spelling) != nil))
    }
    let words = text.split(separator: " ").map { WordSegment.baseWord(String($0)) }
      .joined(separator: " ")
    return Hypothesis(text: words, score: Int(score), segments: segments)
  }

  /// Seconds of speech searched in the last utterance. The corresponding C function is
  /// `ps_get_utt_time`.
  func speechDuration() -> Double {
    var speech = 0.0
    var cpu = 0.0
    var wall = 0.0
    ps_get_utt_time(decoder, &speech, &cpu, &wall)
    return speech
  }

  /// Accepts or rejects a hypothesis.
  func outcome(of hypothesis: Hypothesis, speechDuration: Double) -> RecognitionOutcome {
    if hypothesis.usesRejectionPath {
      return .rejected(.outOfGrammar)
    }
    if hypothesis.words.isEmpty || speechDuration < configuration.rejection.minimumSpeechDuration {
      return .rejected(.noSpeech)
    }
    return .accepted(hypothesis.text)
  }
}

@available(*, unavailable)
extension SpeechRecognizer: Sendable {}
