import CPocketSphinx
import Foundation

/// A second opinion on an utterance the phone loop won: how much better, per frame, free phones
/// explain its audio than the best sentence of the grammar does.
///
/// The phone loop inside the grammar charges a price per phone, so its verdict depends on how
/// long each phone lasts: a slow speaker's "tap two" holds each phone longer, the loop's
/// per-frame advantage over a voice whose vowels are not the dictionary's adds up over more
/// frames, and the loop wins where a faster speaker's same command was accepted. The classic
/// confidence measure normalizes by length instead: the utterance is decoded again twice, once
/// with the grammar alone and once with the phone loop alone, and the difference of their
/// acoustic scores per frame is the gap (see ``RejectionSettings/maximumPhoneLoopGap``). A
/// command is accepted when its gap is small; off-grammar speech, which the grammar's sentences
/// fit badly at every frame, keeps a large one.
struct PhoneLoopGap: Sendable, Equatable {
  /// The best sentence of the grammar alone.
  var hypothesis: Hypothesis
  /// The phone loop's acoustic score per frame minus the grammar's, in PocketSphinx's log units.
  var perFrame: Double
  /// How many phones the words of ``hypothesis`` have in the dictionary: its length, for
  /// ``RejectionSettings/maximumGap(phones:usesAccentVariant:)``.
  var phones: Int
  /// The phone loop's acoustic score per frame.
  var loop: Double
}

extension PhoneLoopGap {
  /// The JSGF of the two searches of a second opinion, from a grammar compiled with its phone
  /// loop: the commands alone, and the loop alone without its prices, a reference any speech
  /// fits about equally. `nil` when `compiled` has no phone loop.
  ///
  /// Both are the compiled text with one alternative of the top rule left, so they use the
  /// same dictionary and rules as the search they give a second opinion on.
  static func searchTexts(compiled: String) -> (commands: String, loop: String)? {
    let lines = compiled.split(separator: "\n", omittingEmptySubsequences: false)
    // public <__utterance> = /1/ <top> | /weight/ <__garbage>;
    guard let top = lines.first(where: { $0.hasPrefix("public <__utterance> =") }),
      let bar = top.range(of: " | /"), top.hasSuffix("<__garbage>;")
    else { return nil }
    func text(top replacement: String, freeLoop: Bool) -> String {
      lines.map { line in
        if line == top { return replacement }
        if freeLoop, line.hasPrefix("<__phone> =") || line.hasPrefix("<__leadphone> =") {
          return line.replacingOccurrences(of: #"/[0-9.]+/"#, with: "/1/", options: .regularExpression)
        }
        return String(line)
      }
      .joined(separator: "\n")
    }
    return (
      text(top: String(top[..<bar.lowerBound]) + ";", freeLoop: false),
      text(top: "public <__utterance> = <__garbage>;", freeLoop: true)
    )
  }
}

extension SpeechRecognizer {
  /// Decodes an utterance's frames (``CepstralFrontEnd``) again with the grammar alone and with
  /// the phone loop alone, from the current cepstral mean, and returns the loop's score per
  /// frame with the grammar's best sentence and its per-frame gap; `nil` when there is no
  /// grammar with a phone loop or the loop's decode finds no path.
  ///
  /// `commands` is `nil` when the grammar's decode reaches no end of a sentence ("Final result
  /// does not match the grammar"): every path of the dictionary's pronunciations fell out of
  /// the beams, which a voice whose vowels are not the dictionary's does to the West Midlands'
  /// "hide". The accents' pronunciations may still find one (``accentVariantGap(of:loop:)``).
  ///
  /// The cepstral state is restored afterwards: a second opinion must not move the mean the
  /// next utterance is decoded with.
  func phoneLoopGap(of frames: [Float]) throws(RecognizerError) -> (loop: Double, commands: PhoneLoopGap?)? {
    guard let searches = try confidenceSearches() else { return nil }
    let loop = try freeLoopScore(of: frames, search: searches.loop)
    // The commands' decode comes last, so that the lattice a listener reads for alternatives
    // (``RejectionSettings/listsAlternatives``) is theirs, or the variants' when
    // ``accentVariantGap(of:loop:)`` decodes after it.
    let bare = try restoringChannel { () throws(RecognizerError) in try decode(frames, search: searches.bare) }
    guard let loop else { return nil }
    return (loop, gap(of: bare, loop: loop))
  }

  /// The free phone loop's acoustic score per frame of an utterance's frames, the reference
  /// of every gap; `nil` when its decode finds no path.
  private func freeLoopScore(of frames: [Float], search: String) throws(RecognizerError) -> Double? {
    try restoringChannel { () throws(RecognizerError) in try decode(frames, search: search) }?.perFrame
  }

  /// Runs a decode of a second opinion, then restores the cepstral state and the active search,
  /// so that the next utterance is decoded as if it had not run.
  func restoringChannel<T>(_ decode: () throws(RecognizerError) -> T) throws(RecognizerError) -> T {
    let state = cepstralState
    defer {
      cepstralState = state
      _ = ps_set_search(decoder, currentSearch)
    }
    return try decode()
  }

  /// The gap of the commands heard with every accent's pronunciations
  /// (``AccentVariants``), from the same frames and the loop's score of a first
  /// ``phoneLoopGap(of:)``; `nil` when the grammar has no variants or no path was found.
  func accentVariantGap(of frames: [Float], loop: Double) throws(RecognizerError) -> PhoneLoopGap? {
    guard let search = try confidenceSearches()?.variants else { return nil }
    let commands = try restoringChannel { () throws(RecognizerError) in try decode(frames, search: search) }
    return gap(of: commands, loop: loop)
  }

  /// The gap between the loop's score per frame and a commands' decode.
  private func gap(of commands: (hypothesis: Hypothesis, perFrame: Double)?, loop: Double) -> PhoneLoopGap? {
    guard let grammar = commands, !grammar.hypothesis.words.isEmpty else { return nil }
    // A word without a pronunciation (none is expected: every grammar word gets one) counts
    // as long, so that it can't make a sentence short.
    let unknown = configuration.rejection.shortSentencePhones + 1
    let length = grammar.hypothesis.segments.lazy.filter { !$0.isFiller }
      .reduce(0) { total, segment in
        let pronounced = pronunciation(of: segment.word) ?? pronunciation(of: WordSegment.baseWord(segment.word))
        return total + (pronounced?.count ?? unknown)
      }
    return PhoneLoopGap(
      hypothesis: grammar.hypothesis, perFrame: loop - grammar.perFrame, phones: length, loop: loop)
  }

  /// Decodes frames with `search` as live frames come, and returns the path with its acoustic
  /// score per frame.
  func decode(
    _ frames: [Float], search: String
  ) throws(RecognizerError) -> (hypothesis: Hypothesis, perFrame: Double)? {
    guard ps_set_search(decoder, search) >= 0 else {
      throw RecognizerError(
        .decoderFailure, "search '\(search)'", function: "ps_set_search",
        log: PocketSphinxLog.shared.lastError)
    }
    guard ps_start_utt(decoder) >= 0 else {
      throw RecognizerError(.decoderFailure, "search '\(search)'", function: "ps_start_utt")
    }
    do {
      try process(cepstra: frames[...])
    } catch {
      // The next utterance must find the decoder out of this one.
      _ = ps_end_utt(decoder)
      throw error
    }
    guard ps_end_utt(decoder) >= 0 else {
      throw RecognizerError(.decoderFailure, "search '\(search)'", function: "ps_end_utt")
    }
    let hypothesis = currentHypothesis()
    guard let first = hypothesis.segments.first, let last = hypothesis.segments.last else { return nil }
    let frames = max(1, ((last.end - first.start) * Self.framesPerSecond).rounded())
    let acoustic = hypothesis.segments.reduce(0) { $0 + $1.acousticScore }
    return (hypothesis, Double(acoustic) / frames)
  }

  /// The names of the current grammar's searches without the phone loop, of the loop alone, and
  /// of the commands with other accents' pronunciations when the second opinion has them,
  /// compiled the first time they are asked for; `nil` when the grammar has no phone loop.
  private func confidenceSearches() throws(RecognizerError) -> ConfidenceSearches? {
    guard let grammar else { return nil }
    if let loaded = confidenceSearchesLoaded, loaded.commands == currentSearch { return loaded }
    if let old = confidenceSearchesLoaded {
      for name in [old.bare, old.loop, old.variants].compactMap({ $0 }) { _ = ps_unset_search(decoder, name) }
      confidenceSearchesLoaded = nil
    }
    guard let texts = PhoneLoopGap.searchTexts(compiled: grammar.compiledJSGF) else { return nil }
    // When every decode hears the variants, the commands' search already has them.
    let withVariants = configuration.accentVariants.scope == .everyDecode ? nil : grammar.secondOpinionJSGF
    let variantsText = withVariants.flatMap { PhoneLoopGap.searchTexts(compiled: $0)?.commands }
    // Named only when its text can be made, so that the name always stands for a compiled search.
    let searches = ConfidenceSearches(
      commands: currentSearch, bare: currentSearch + "-bare", loop: currentSearch + "-loop",
      variants: variantsText == nil ? nil : currentSearch + "-variants")
    var compiled = [(searches.bare, texts.commands), (searches.loop, texts.loop)]
    if let variants = searches.variants, let variantsText { compiled.append((variants, variantsText)) }
    for (name, text) in compiled {
      try compileJSGF(text, search: name, subject: "search '\(name)'")
    }
    confidenceSearchesLoaded = searches
    return searches
  }
}

/// The searches of a second opinion on one grammar's utterances (see `PhoneLoopGap`).
struct ConfidenceSearches: Equatable {
  /// The grammar's own search, which these give an opinion on.
  var commands: String
  /// The commands alone, without the phone loop.
  var bare: String
  /// The phone loop alone, without its prices.
  var loop: String
  /// The commands with other accents' pronunciations, when the second opinion has them.
  var variants: String?
}

/// What a second opinion made of an utterance (see `PhoneLoopGap`).
struct SecondOpinion {
  /// The hypothesis to report: the grammar's best sentence when it was accepted after all.
  var hypothesis: Hypothesis
  /// Accepted when the grammar's best sentence was accepted after all.
  var outcome: RecognitionOutcome
  /// The per-frame gap, when one was measured.
  var gap: Double?
  /// How many phones the grammar's best sentence has, when a gap was measured.
  var phones: Int?
  /// Whether the sentence's first words were found by
  /// ``SpeechRecognizer/leadOpinion(on:words:speechDuration:maximumLeadPhones:)``.
  var recoveredLeadingWords = false
}

extension SpeechRecognizer {
  /// The hypothesis and outcome of an utterance after a second opinion on it: when the phone
  /// loop won and ``RejectionSettings/maximumPhoneLoopGap`` allows, the grammar's best sentence
  /// if its per-frame gap to the loop is within the limit for its length
  /// (``RejectionSettings/maximumGap(phones:usesAccentVariant:)``), or else, heard with other
  /// accents' pronunciations, within ``RejectionSettings/maximumAccentVariantGap``, and within
  /// ``RejectionSettings/maximumAccentVariantGapWithoutDictionarySentence`` when the grammar's
  /// decode found no sentence at all. `cepstra` gives the utterance's frames, asked for only
  /// when a second opinion is taken.
  func secondOpinion(
    on hypothesis: Hypothesis, outcome: RecognitionOutcome, speechDuration: Double,
    cepstra: () throws(RecognizerError) -> [Float]
  ) throws(RecognizerError) -> SecondOpinion {
    let rejection = configuration.rejection
    guard rejection.maximumPhoneLoopGap > 0, outcome == .rejected(.outOfGrammar),
      hypothesis.usesRejectionPath
    else { return SecondOpinion(hypothesis: hypothesis, outcome: outcome) }
    let frames = try cepstra()
    guard let measured = try phoneLoopGap(of: frames) else {
      return SecondOpinion(hypothesis: hypothesis, outcome: outcome)
    }
    func accepts(_ gap: PhoneLoopGap) -> Bool {
      let usesVariant = gap.hypothesis.usesAccentVariant
      return gap.perFrame <= rejection.maximumGap(phones: gap.phones, usesAccentVariant: usesVariant) && !gap.hypothesis.usesRejectionPath
    }
    // Only what the dictionary's pronunciations leave rejected is heard in other accents,
    // under the stricter limit: a sentence the dictionary explains keeps its own verdict. A
    // decode of theirs that found no sentence at all leaves it rejected too, and the variants
    // then have a stricter limit still.
    var found = measured.commands
    if found.map(accepts) != true, let variant = try accentVariantGap(of: frames, loop: measured.loop),
      variant.hypothesis.usesAccentVariant, accepts(variant),
      measured.commands != nil || variant.perFrame <= rejection.maximumAccentVariantGapWithoutDictionarySentence
    {
      found = variant
    }
    guard let gap = found else { return SecondOpinion(hypothesis: hypothesis, outcome: outcome) }
    guard accepts(gap) else {
      return SecondOpinion(hypothesis: hypothesis, outcome: outcome, gap: gap.perFrame, phones: gap.phones)
    }
    let accepted = self.outcome(of: gap.hypothesis, speechDuration: speechDuration)
    return SecondOpinion(hypothesis: gap.hypothesis, outcome: accepted, gap: gap.perFrame, phones: gap.phones)
  }

  /// A second opinion on an utterance whose accepted sentence left speech before its words
  /// (`SpeechCoverage`): the best of the commands that end with those words after one more
  /// (``CommandGraph/commands(endingWith:maximumLead:)``), when its gap to the phone loop is
  /// within ``RejectionSettings/maximumAccentVariantGap`` and, given `maximumLeadPhones`, its
  /// word before has at most that many phones; `nil` otherwise.
  ///
  /// The command word before the sentence lay under the silence: the New York voices' "tap
  /// brew" came out as "brew", from the first decode or from a second opinion's. The words are
  /// forced on the audio here, so a short sentence gets no allowance, as with the accents'
  /// pronunciations. The caller checks that the words now account for the speech, in their
  /// pauses too, and passes `maximumLeadPhones` for a second opinion's sentence
  /// (``RejectionSettings/maximumLeadWordPhonesAfterSecondOpinion``). `frames` are computed
  /// only when some command ends with the words.
  func leadOpinion(
    on frames: @autoclosure () throws(RecognizerError) -> [Float], words: [String], speechDuration: Double,
    maximumLeadPhones: Int? = nil
  ) throws(RecognizerError) -> SecondOpinion? {
    let rejection = configuration.rejection
    guard rejection.maximumPhoneLoopGap > 0, let graph = commandGraph, let searches = try confidenceSearches()
    else { return nil }
    let sentences = graph.commands(endingWith: words.map(WordSegment.baseWord), maximumLead: Self.leadWords)
    guard !sentences.isEmpty, sentences.count <= Self.leadSentenceLimit else { return nil }
    let text =
      "#JSGF V1.0;\ngrammar lead;\npublic <__utterance> = "
      + sentences.map { $0.joined(separator: " ") }.joined(separator: " | ") + ";\n"
    if text != leadSearchText {
      leadSearchText = nil
      let subject = "the commands ending with '\(words.joined(separator: " "))'"
      try compileJSGF(text, search: Self.leadSearch, subject: subject)
      leadSearchText = text
    }
    let frames = try frames()
    guard let loop = try freeLoopScore(of: frames, search: searches.loop) else { return nil }
    let commands = try restoringChannel { () throws(RecognizerError) in
      try decode(frames, search: Self.leadSearch)
    }
    guard let lead = gap(of: commands, loop: loop), !lead.hypothesis.usesRejectionPath,
      lead.perFrame <= rejection.maximumGap(phones: lead.phones, usesAccentVariant: true)
    else { return nil }
    // Every command word the grammar has there competes, so that a long one the audio fits
    // better ("decrement") refuses the sentence rather than leaving a short one ("tap") forced on it.
    if let maximumLeadPhones {
      let word = lead.hypothesis.segments.first { !$0.isFiller }?.word
      // A word without a pronunciation counts as long.
      guard let phones = word.flatMap({ pronunciation(of: $0)?.count }), phones <= maximumLeadPhones else {
        return nil
      }
    }
    return SecondOpinion(
      hypothesis: lead.hypothesis, outcome: outcome(of: lead.hypothesis, speechDuration: speechDuration),
      gap: lead.perFrame, phones: lead.phones, recoveredLeadingWords: true)
  }

  /// The PocketSphinx search name of the commands
  /// ``leadOpinion(on:words:speechDuration:maximumLeadPhones:)`` decodes.
  static let leadSearch = "__lead"
  /// How many words ``leadOpinion(on:words:speechDuration:maximumLeadPhones:)`` looks for
  /// before the words heard: one, the command word ("tap", "increment"). Every command it
  /// recovered on the development voices had one; with up to three, speech before a name had
  /// more to be forced into ("I want a brew" as "double tap brew" after a second opinion). Its
  /// `maximumLeadPhones` counts the first word's phones, which is the whole lead only at one.
  static let leadWords = 1
  /// The most commands ``leadOpinion(on:words:speechDuration:maximumLeadPhones:)`` decodes at
  /// once; past it, none. A bound on what one rejected utterance may cost, since the compile
  /// and the decode grow with the sentences.
  static let leadSentenceLimit = 400
}
