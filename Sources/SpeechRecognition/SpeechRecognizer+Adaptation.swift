import CPocketSphinx
import Foundation

/// An accepted utterance kept until the listener says whether it performed a command (see
/// ``SpeechRecognizer/adapt(to:)``).
struct AcceptedUtterance {
  /// Where the result starts, in seconds of the stream: which result this is.
  var start: Double
  /// The sentence heard.
  var hypothesis: Hypothesis
  /// Its cepstra, as the decoder heard them (``CepstralFrontEnd``).
  var cepstra: [Float]
  /// The cepstral mean once it ended (it includes the utterance), which the features the
  /// alignment and the statistics use subtract.
  var mean: [Float]
}

extension SpeechRecognizer {
  /// Adapts the acoustic model to the speaker of `result`, an utterance of the last stream that
  /// performed a command, and returns whether the model changed.
  ///
  /// Call it after the sentence heard did what it said (`axvoice listen` does, once the scene
  /// performed the command): the frames of the utterance's words are aligned to their phones
  /// (``PhoneAligner``), and an MLLR transform estimated from every such utterance since
  /// ``forgetChannel()`` replaces the model's means and scales its variances
  /// (``SpeakerAdaptationSettings``). Nothing changes when adaptation is off, for a result that
  /// is not the last one accepted, before ``SpeakerAdaptationSettings/minimumFrames`` frames are
  /// aligned, until they have grown by ``SpeakerAdaptationSettings/transformGrowth`` since the
  /// last transform, after ``SpeakerAdaptationSettings/maximumFrames``, or for a model that is
  /// not a tied model of `1s_c_d_dd` features (read from the model folder's files, whatever
  /// `-mean` or `-var` ``RecognizerConfiguration/additionalOptions`` name). It runs between
  /// utterances, while the audio that follows waits in the source: on the benchmark's machine
  /// the alignment and the statistics take about 4 ms a command, and a transform about 20 more
  /// (its estimate, and PocketSphinx reading the model's means and variances again to transform
  /// them); the first call also reads the model's codebooks. The corresponding C functions are
  /// `ps_mllr_read` and `ps_update_mllr`.
  ///
  /// - Throws: ``RecognizerError`` when PocketSphinx can't read or apply the transform.
  @discardableResult
  public func adapt(to result: RecognitionResult) throws(RecognizerError) -> Bool {
    let settings = configuration.speakerAdaptation
    guard settings.isEnabled, let utterance = lastAccepted, utterance.start == result.start,
      utterance.hypothesis == result.hypothesis
    else { return false }
    lastAccepted = nil
    guard (speakerAdaptation?.frames ?? 0) < settings.maximumFrames else { return false }
    guard let codebooks = loadedCodebooks else { return false }
    let features = SpeakerAdaptation.features(
      cepstra: utterance.cepstra, dimension: frontEnd.dimension, mean: utterance.mean)
    let alignment = PhoneAligner(codebooks: codebooks).align(alignedWords(of: utterance), features: features)
    var statistics = speakerAdaptation ?? SpeakerAdaptation(codebooks: codebooks)
    for (phone, frames) in alignment {
      let span = frames.clamped(to: 0..<features.count)
      if !span.isEmpty { statistics.add(features[span], phone: phone) }
    }
    speakerAdaptation = statistics
    guard statistics.frames >= settings.minimumFrames else { return false }
    // The frames of the last transform are the statistics' own, so that forgetting the speaker
    // forgets them too, even when the model's own means could not be read back.
    if statistics.transformFrames > 0, statistics.frames < settings.maximumFrames,
      Double(statistics.frames) < Double(statistics.transformFrames) * settings.transformGrowth
    {
      return false
    }
    try applyTransform(of: &statistics)
    speakerAdaptation = statistics
    return true
  }

  /// Adapts the model to the transform `statistics` give now, and marks their frames as
  /// those of the transform applied.
  private func applyTransform(of statistics: inout SpeakerAdaptation) throws(RecognizerError) {
    let settings = configuration.speakerAdaptation
    try apply(
      statistics.summed().transform(priorFrames: settings.priorFrames, scalesVariances: settings.adaptsVariances))
    statistics.transformFrames = statistics.frames
    isSpeakerAdapted = true
  }

  /// The speech frames, aligned to the phones of commands performed, that the acoustic model
  /// is adapted to (see ``adapt(to:)``); 0 before the first adaptation and after
  /// ``forgetChannel()``.
  public var adaptedFrames: Int {
    isSpeakerAdapted ? speakerAdaptation?.transformFrames ?? 0 : 0
  }

  /// What this recognizer has learned of the speaker since ``forgetChannel()``, with the profile
  /// it adopted, to keep for the speaker's next session (``SpeakerProfile/write(toFile:)``);
  /// `nil` before a command performed was aligned, or for a model adaptation can't read.
  public var speakerProfile: SpeakerProfile? {
    guard var statistics = speakerAdaptation, statistics.frames > 0 else { return nil }
    let sums = statistics.summed()
    speakerAdaptation = statistics
    return SpeakerProfile(model: SpeakerProfile.Model(statistics.codebooks), sums: sums)
  }

  /// Starts from what earlier sessions learned of the speaker: the model is adapted to
  /// `profile` at once, weighed by ``SpeakerAdaptationSettings/profileWeight``, and the
  /// session's commands add to it (unless adaptation is off, which keeps the profile's
  /// transform as it is).
  ///
  /// What the recognizer had learned of another speaker is forgotten first. The transform is
  /// applied once the profile's weighed frames reach ``SpeakerAdaptationSettings/minimumFrames``;
  /// a smaller profile waits for the session's commands. ``forgetChannel()`` forgets the
  /// profile too. The corresponding C functions are `ps_mllr_read` and `ps_update_mllr`.
  ///
  /// - Throws: ``RecognizerError/Code/invalidSpeakerProfile`` when the profile was made with
  ///   another acoustic model, or this model can't be adapted; ``RecognizerError`` when
  ///   PocketSphinx can't apply the transform.
  public func adopt(_ profile: SpeakerProfile) throws(RecognizerError) {
    guard let codebooks = loadedCodebooks else {
      throw RecognizerError(
        .invalidSpeakerProfile, "the acoustic model '\(configuration.acousticModel)' can't be adapted to a speaker")
    }
    let model = SpeakerProfile.Model(codebooks)
    guard profile.model == model else {
      let differs =
        profile.model.phones != model.phones
        ? "phones" : profile.model.densities != model.densities || profile.model.streamLengths != model.streamLengths
          ? "codebooks" : "means"
      throw SpeakerProfile.invalid(
        "model", "expected the acoustic model this recognizer uses, found another one (its \(differs) differ)")
    }
    forgetSpeaker()
    let settings = configuration.speakerAdaptation
    let weight = settings.profileWeight.isFinite ? min(max(settings.profileWeight, 0), 1) : 0.5
    var statistics = SpeakerAdaptation(codebooks: codebooks, carried: profile.sums.scaled(by: weight))
    if statistics.frames >= settings.minimumFrames { try applyTransform(of: &statistics) }
    speakerAdaptation = statistics
  }

  /// The codebooks of the model, read the first time adaptation needs them; `nil` when the
  /// model is not one ``PhoneCodebooks`` reads.
  private var loadedCodebooks: PhoneCodebooks? {
    if codebooks == nil { codebooks = .some(PhoneCodebooks(modelFolder: configuration.acousticModel)) }
    return codebooks ?? nil
  }

  /// The words of the utterance's sentence where the decoder placed them, with every
  /// pronunciation they may have had: the dictionary's, and the accents' for a word heard in one.
  func alignedWords(of utterance: AcceptedUtterance) -> [PhoneAligner.Word] {
    utterance.hypothesis.segments.filter { !$0.isFiller }.map { segment in
      let accents = segment.isAccentVariant ? accentSpellings[segment.word] ?? [] : []
      let start = Int((segment.start * Self.framesPerSecond).rounded())
      let end = Int((segment.end * Self.framesPerSecond).rounded())
      return PhoneAligner.Word(
        frames: start..<max(start, end),
        pronunciations: pronunciations(of: segment.word) + accents.compactMap { pronunciation(of: $0) })
    }
  }

  /// Makes PocketSphinx decode with `transform` applied to the model's means and variances. The
  /// corresponding C functions are `ps_mllr_read` and `ps_update_mllr`.
  func apply(_ transform: MLLRTransform) throws(RecognizerError) {
    // ps_mllr_read takes a file name.
    let path = NSTemporaryDirectory() + "axinput-mllr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    guard FileManager.default.createFile(atPath: path, contents: Data(transform.text.utf8)) else {
      throw RecognizerError(.decoderFailure, "speaker adaptation: can't write '\(path)'")
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    PocketSphinxLog.shared.clearLastError()
    guard let mllr = ps_mllr_read(path) else {
      throw RecognizerError(
        .decoderFailure, "speaker adaptation", function: "ps_mllr_read", log: PocketSphinxLog.shared.lastError)
    }
    // The decoder owns the transform it is given.
    guard ps_update_mllr(decoder, mllr) != nil else {
      throw RecognizerError(
        .decoderFailure, "speaker adaptation", function: "ps_update_mllr", log: PocketSphinxLog.shared.lastError)
    }
  }

  /// Forgets the speaker: the statistics, and the transform if one is applied (the model's
  /// means and variances are read again unchanged). ``isSpeakerAdapted`` stays true if they
  /// can't be.
  func forgetSpeaker() {
    speakerAdaptation = nil
    lastAccepted = nil
    guard isSpeakerAdapted, let codebooks = loadedCodebooks else { return }
    // An identity transform reads the means and variances again and changes none, exactly.
    // Should PocketSphinx fail to read them (its log says why), the model stays adapted, and
    // says so.
    do {
      try apply(.identity(streamLengths: codebooks.streamLengths))
      isSpeakerAdapted = false
    } catch {}
  }
}
