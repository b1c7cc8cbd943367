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
  /// The cepstral mean once it ended (it includes the utterance), which the alignment decodes
  /// with and the statistics subtract.
  var mean: [Float]
}

extension SpeechRecognizer {
  /// The search name of the adaptation's alignments; `__` keeps it apart from grammar names.
  static let alignmentSearch = "__adapt"

  /// Adapts the acoustic model to the speaker of `result`, an utterance of the last stream that
  /// performed a command, and returns whether the model changed.
  ///
  /// Call it after the sentence heard did what it said (`axvoice listen` does, once the scene
  /// performed the command): the utterance's frames are aligned to the phones of its words, and
  /// an MLLR transform estimated from every such utterance since ``forgetChannel()`` replaces
  /// the model's means and scales its variances (``SpeakerAdaptationSettings``). Nothing
  /// changes when adaptation is off, for a result that is not the last one accepted, before
  /// ``SpeakerAdaptationSettings/minimumFrames`` frames are aligned or after
  /// ``SpeakerAdaptationSettings/maximumFrames``, or for a model that is not a tied model of
  /// `1s_c_d_dd` features (read from the model folder's files, whatever `-mean` or `-var`
  /// ``RecognizerConfiguration/additionalOptions`` name). It runs between utterances, while the
  /// audio that follows waits in the source, and takes 20 to 40 ms on the benchmark's machine:
  /// the alignment decodes the utterance once more (about 15 ms), and from the 400th frame the
  /// estimate takes 5 to 10 ms and PocketSphinx reads the model's means and variances again to
  /// transform them (about 10 ms); the first call also reads the model's codebooks. The
  /// corresponding C functions are `ps_mllr_read` and `ps_update_mllr`.
  ///
  /// - Throws: ``RecognizerError`` when the alignment or the transform fails.
  @discardableResult
  public func adapt(to result: RecognitionResult) throws(RecognizerError) -> Bool {
    let settings = configuration.speakerAdaptation
    guard settings.isEnabled, let utterance = lastAccepted, utterance.start == result.start,
      utterance.hypothesis == result.hypothesis
    else { return false }
    lastAccepted = nil
    guard (speakerAdaptation?.frames ?? 0) < settings.maximumFrames else { return false }
    guard let codebooks = loadedCodebooks, let alignment = try phoneAlignment(of: utterance) else { return false }
    var statistics = speakerAdaptation ?? SpeakerAdaptation(codebooks: codebooks)
    let features = SpeakerAdaptation.features(
      cepstra: utterance.cepstra, dimension: frontEnd.dimension, mean: utterance.mean)
    for (phone, frames) in alignment {
      let span = frames.clamped(to: 0..<features.count)
      if !span.isEmpty { statistics.add(features[span], phone: phone) }
    }
    speakerAdaptation = statistics
    guard statistics.frames >= settings.minimumFrames else { return false }
    try apply(statistics.transform(priorFrames: settings.priorFrames, scalesVariances: settings.adaptsVariances))
    isSpeakerAdapted = true
    return true
  }

  /// The speech frames, aligned to the phones of commands performed, that the acoustic model
  /// is adapted to (see ``adapt(to:)``); 0 before the first adaptation and after
  /// ``forgetChannel()``.
  public var adaptedFrames: Int {
    isSpeakerAdapted ? speakerAdaptation?.frames ?? 0 : 0
  }

  /// The codebooks of the model, read the first time adaptation needs them; `nil` when the
  /// model is not one ``PhoneCodebooks`` reads.
  private var loadedCodebooks: PhoneCodebooks? {
    if codebooks == nil { codebooks = .some(PhoneCodebooks(modelFolder: configuration.acousticModel)) }
    return codebooks ?? nil
  }

  /// The phones of the utterance's sentence with the frames each was aligned to, or `nil` when
  /// a word has no pronunciation in phones the rejection path spells or no alignment was found.
  ///
  /// The sentence's words are spelled in the phone loop's words (`__t __ae __p`), each word's
  /// pronunciations as alternatives (the dictionary's, and the accents' for a word heard in
  /// one), and the utterance is decoded with that grammar alone.
  private func phoneAlignment(of utterance: AcceptedUtterance) throws(RecognizerError) -> [(String, Range<Int>)]? {
    let phoneWords = Set(RejectionSettings.garbageWords.map(\.word))
    var words: [String] = []
    // A path that stops short of the sentence's last phone (PocketSphinx returns the best
    // partial one when none reaches the end) would give phones to the wrong frames.
    var shortest = 0
    for segment in utterance.hypothesis.segments where !segment.isFiller {
      let accents = segment.isAccentVariant ? accentSpellings[segment.word] ?? [] : []
      let spelled = (pronunciations(of: segment.word) + accents.compactMap { pronunciation(of: $0) })
        .map { $0.map { RejectionSettings.reservedPrefix + $0.lowercased() } }
        .filter { !$0.isEmpty && $0.allSatisfy(phoneWords.contains) }
      guard let fewest = spelled.map(\.count).min() else { return nil }
      shortest += fewest
      words.append("( " + spelled.map { $0.joined(separator: " ") }.joined(separator: " | ") + " )")
    }
    guard !words.isEmpty else { return nil }
    let jsgf = "#JSGF V1.0;\ngrammar adapt;\npublic <utterance> = \(words.joined(separator: " "));\n"
    try compileJSGF(jsgf, search: Self.alignmentSearch, subject: "search '\(Self.alignmentSearch)'")
    let decoded = try restoringChannel { () throws(RecognizerError) in
      try decode(utterance.cepstra, search: Self.alignmentSearch)
    }
    guard let path = decoded?.hypothesis, path.words.count >= shortest else { return nil }
    return path.segments.compactMap { segment in
      guard phoneWords.contains(segment.word) else { return nil }
      let phone = segment.word.dropFirst(RejectionSettings.reservedPrefix.count).uppercased()
      let start = Int((segment.start * Self.framesPerSecond).rounded())
      let end = Int((segment.end * Self.framesPerSecond).rounded())
      return start < end ? (phone, start..<end) : nil
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
