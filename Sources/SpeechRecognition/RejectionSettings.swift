import Foundation

/// How the recognizer rejects speech that is not in the grammar, and noise.
///
/// In grammar mode PocketSphinx forces every sound into some sentence of the grammar and gives
/// no usable confidence (`ps_get_prob` is 0 for grammar searches). The recognizer therefore adds
/// a competing path to every grammar: a loop over the model's phones ("garbage"), in parallel
/// with the commands. Any sound can be matched by the loop, but each phone costs
/// ``phoneProbability`` and entering the loop costs ``garbageProbability``, so a command wins
/// only where its words explain the audio better than free phones do. When the loop wins, the
/// result is ``RecognitionOutcome/rejected(_:)`` with ``RejectionReason/outOfGrammar``.
///
/// Both probabilities are scaled by the language weight. Lower values accept more (fewer
/// rejections of real commands, more false accepts); the defaults were chosen on the speech
/// benchmark, see `Benchmarks/speech/README.md`.
public struct RejectionSettings: Sendable, Equatable {
  /// Whether the phone-loop path is added to grammars.
  public var usesGarbageModel: Bool = true
  /// The probability of taking the phone loop instead of the grammar.
  public var garbageProbability: Double = 1e-2
  /// The probability charged for every phone in the loop.
  ///
  /// 1e-10 is the cheapest price at which no librivox sentence dispatches on a channel the
  /// recognizer has calibrated to (1e-12 dispatched 5 of 75); 1e-9 lost 3% of the commands at
  /// 10 dB SNR. Commands the loop still wins get a second opinion
  /// (``maximumPhoneLoopGap``).
  public var phoneProbability: Double = 1e-10
  /// The probability charged for each of the loop's first ``leadingPhones`` phones, instead of
  /// ``phoneProbability``: a fixed price on top of the per-phone one, which makes rejection
  /// length-aware.
  ///
  /// The per-phone price grows with the utterance, as does the acoustic advantage free phones
  /// have over a speaker whose vowels are not the dictionary's; only a fixed price weighs more
  /// on a short command than on a long sentence. With the per-phone price alone, two-word
  /// commands ("show numbers", "tap two") lost to the loop far more often than three-word
  /// ones, while off-grammar sentences, many phones long, still need the per-phone price to be
  /// rejected. ``garbageProbability`` was meant as that fixed price, but PocketSphinx's JSGF
  /// compiler puts alternative weights on null transitions, which its grammar search does not
  /// charge: from 1e-2 to 1e-16 it changed no result of the session benchmark.
  ///
  /// The default equals ``phoneProbability``, which adds no price. On the session benchmark's
  /// tuned voices 1e-12 raised the commands performed from 93.5% to 96.4% (held-out 64.2 to
  /// 67.3%), but 1e-11, 1e-12 and 1e-13 each dispatched an off-grammar sentence of the scene
  /// benchmark ("let's go to the beach" as "scroll up on delete"), which 1e-10 never does.
  public var leadingPhoneProbability: Double = 1e-10
  /// How many of the loop's first phones cost ``leadingPhoneProbability``; 0 charges all
  /// ``phoneProbability``.
  public var leadingPhones: Int = 2
  /// The largest per-frame gap between the phone loop alone and the grammar alone at which an
  /// utterance the phone loop won is accepted after all, as the grammar's best sentence; 0
  /// never takes a second opinion (see `PhoneLoopGap`).
  ///
  /// The phone loop's price is per phone, so a slow speaker, whose phones last longer, gives
  /// the loop more frames to gain on; the gap is per frame and does not grow with the rate.
  /// Each second opinion decodes the utterance twice more, after it ends, and applies to
  /// streams only (see ``SpeechRecognizer/recognize(samples:)``).
  ///
  /// 6 was chosen on the session benchmark's tuned voices and the off-grammar sentences they
  /// speak: the tuned commands the loop won had gaps up to 11.1, the off-grammar sentences
  /// forced into sentences of 10 phones or more 6.5 and up. Short sentences have a limit of
  /// their own (``maximumShortSentenceGap``). On the held-out voices the two raised the
  /// commands performed from 64.3% to 88.8% (docs/benchmarks.md, Speech, Held-out sessions).
  public var maximumPhoneLoopGap: Double = 6
  /// The largest gap at which a short sentence, of at most ``shortSentencePhones`` phones, is
  /// accepted on a second opinion, instead of ``maximumPhoneLoopGap``; at most that limit
  /// acts as that limit.
  ///
  /// A gap is an average over the frames of the sentence. A short command has few phones,
  /// so one vowel a voice says unlike the dictionary weighs on its average far more than on a
  /// long sentence's: on the session benchmark's tuned voices the two-word commands the loop
  /// won ("show names", "tap brew") had gaps up to 11.1, and the one wrong sentence among them
  /// ("hide names" as "hide grid") 12.3. Off-grammar speech forced into a short sentence fits it
  /// worse still (the tuned voices' off-grammar sentences and librivox: 13.6 and up at 9
  /// phones or fewer), while the off-grammar sentences forced into longer ones start at 6.5
  /// ("what is your name" as "swipe right on m"), which is why longer sentences keep
  /// ``maximumPhoneLoopGap``.
  public var maximumShortSentenceGap: Double = 11.5
  /// The largest gap at which a sentence with a word heard in another accent's pronunciation
  /// (``AccentVariants``) is accepted on a second opinion, and never above the limit for its
  /// length (``maximumGap(phones:usesAccentVariant:)``).
  ///
  /// The variants let the commands fit more speech, off-grammar speech too, so such a sentence
  /// gets no allowance for being short: with the defaults, the limit of long sentences. Set on
  /// the tuned voices' sessions and every 3rd off-grammar and librivox clip (`docs/speech.md`).
  public var maximumAccentVariantGap: Double = 6
  /// The largest gap at which a sentence heard in another accent's pronunciation is accepted
  /// when the dictionary's pronunciations found no sentence at all (every path of theirs fell
  /// out of the beams), instead of ``maximumAccentVariantGap``; above that limit it acts as
  /// that limit.
  ///
  /// Such an utterance fits no command as the dictionary says it, which the West Midlands'
  /// "hide" (`OY D`) does to every path of "hide numbers", so the variants are its only chance;
  /// but nothing of the dictionary's stands beside them either, and off-grammar speech found a
  /// variant sentence there too. Chosen on the development splits, where the variants found 11
  /// right commands so, at gaps of −9.7 to 5.5 (3.6 the largest but one), and the scene
  /// benchmark's off-grammar clips, where "open the window please" at 20 dB SNR was found as
  /// "tap other" at 4.9 (docs/benchmarks.md, A decode that found no sentence). It was set after
  /// a held-out run without it had shown a Scottish "tap brew" at 10 dB found as "show grid" at
  /// 5.3, which it refuses too, so the held-out figure with it is not a clean one.
  public var maximumAccentVariantGapWithoutDictionarySentence: Double = 4.5
  /// The most phones a sentence may have for ``maximumShortSentenceGap`` to apply: the
  /// longest of the tuned voices' two-word commands the loop won ("hide numbers", "show
  /// numbers": 8 and 9 phones).
  public var shortSentencePhones: Int = 9
  /// Whether an accepted sentence is rejected as out of grammar when speech before its first
  /// word or after its last was explained as silence or noise (see `SpeechCoverage`): the
  /// decoder heard "increment coffee dispenser" as the bare name "coffee dispenser", a tap.
  public var rejectsUnexplainedSpeech: Bool = true
  /// Whether an utterance that ``rejectsUnexplainedSpeech`` would refuse is first decoded
  /// again with only the commands that end with its words after one more, in case the decoder
  /// heard the command word as nothing.
  ///
  /// The New York voices' "tap" came out as silence before the name: "tap brew" as "brew",
  /// with the vowel of "tap" unexplained. Such a command is performed when the sentence found
  /// is within ``maximumAccentVariantGap`` of the phone loop (the word was forced on the audio,
  /// so short sentences get no allowance, as with the accents' pronunciations) and leaves no
  /// speech unexplained, in its pauses either (chatter before a name, forced into "tap brew",
  /// stays under the silence before "tap"); otherwise the utterance is rejected as before.
  /// Chosen on the development voices (4 commands more of 768, no wrong dispatch more) and the
  /// off-grammar clips (none more dispatched); on the held-out voices no decision changed.
  public var recoversLeadingWords: Bool = true
  /// The most phones the word before may have when ``recoversLeadingWords`` finds it in a
  /// sentence a second opinion accepted (the phone loop had won the first decode); 0 looks for
  /// none there.
  ///
  /// A command word the decoder hears as nothing is a short one: "tap" (3 phones) before
  /// "reset", "two" or "library", which the phone loop spells `TH AA` or `F AA` in the voices
  /// that lose it. Forced on chatter before a name, a longer word fits as well as it fits
  /// speech ("open the coffee dispenser" came out as "increment coffee dispenser"), so the
  /// sentence found is kept only when its word before is this short. Every word the grammar
  /// has there is decoded, the long ones too: with "tap" alone, "decrement coffee dispenser"
  /// whose "decrement" was lost came out as "tap coffee dispenser"; with "decrement" in the
  /// running, the decode finds it, and the utterance stays rejected. Chosen on the development
  /// voices (2 commands more of 768, no wrong dispatch more) and the off-grammar clips (none
  /// more dispatched), after the fresh split's one clean run; that every word competes was
  /// decided after flite's held-out voices showed the "decrement" above, so flite's figures
  /// with it are not clean ones.
  public var maximumLeadWordPhonesAfterSecondOpinion: Int = 3
  /// Whether an accepted utterance that follows rejected speech closely (their audio touches)
  /// is decoded together with it, for a command whose word before the sentence lies in the
  /// rejected speech (``RecognitionResult/followsRejectedSpeech``,
  /// ``RecognitionResult/wholeCommand``).
  ///
  /// At 10 dB SNR the voice activity detector can end an utterance at the pause inside a slow
  /// command: flite's voices' "increment … coffee dispenser" was rejected, then "coffee
  /// dispenser" tapped the dispenser. Off, no whole command is looked for, but
  /// ``RecognitionResult/followsRejectedSpeech`` is still set, so the voice session refuses a
  /// bare name or number there rather than tap it.
  public var joinsRejectedSpeech: Bool = true
  /// Whether accepted results list the other sentences the decoder nearly heard
  /// (``RecognitionResult/alternatives``), from the utterance's N-best list.
  ///
  /// Off by default: building the lattice and its N-best list after the end of an utterance
  /// took 92 ms median (410 ms p95) on the scene benchmark, where finalization is otherwise
  /// about a millisecond. `axvoice listen --alternatives` and `speech-benchmark --alternatives`
  /// turn it on; its measured effect is in docs/benchmarks.md (Speech, Held-out sessions).
  public var listsAlternatives: Bool = false
  /// How far, in PocketSphinx's log units, an alternative that performs a different command
  /// must fall behind the accepted sentence for a listener to act on it (see
  /// `VoiceSession.handle(heard:alternatives:margin:isDoubtful:)`). Closer than this, the
  /// utterance is refused as ambiguous: "show numbers" heard as "show grid" by a hair is not
  /// a command to perform. Tuned on the session benchmark's tuned voices; 0 acts on every
  /// accepted sentence. It needs ``listsAlternatives``, which is off by default.
  public var competingIntentMargin: Int = 150
  /// Whether accepted results list the sentences that differ from theirs in a word that
  /// sounds like another word of the grammar (``RecognitionResult/soundAlikes``,
  /// ``SoundAlikeWords``), between which a voice session asks instead of guessing.
  ///
  /// Unlike ``listsAlternatives`` they cost no decode: the pairs are found once, when the
  /// grammar loads, from the dictionary's pronunciations.
  public var listsSoundAlikes: Bool = true
  /// Utterances whose speech (without silence) is shorter than this many seconds are rejected
  /// as noise.
  public var minimumSpeechDuration: Double = 0.15

  /// Creates the default settings.
  public init() {}

  /// The largest gap at which a sentence of `phones` phones the phone loop won is accepted on
  /// a second opinion: ``maximumShortSentenceGap`` for a short one, ``maximumPhoneLoopGap``
  /// otherwise, and at most ``maximumAccentVariantGap`` when a word was heard in another
  /// accent's pronunciation; 0 (no second opinion) when ``maximumPhoneLoopGap`` is 0.
  public func maximumGap(phones: Int, usesAccentVariant: Bool = false) -> Double {
    guard maximumPhoneLoopGap > 0 else { return 0 }
    let limit =
      phones <= shortSentencePhones ? max(maximumPhoneLoopGap, maximumShortSentenceGap) : maximumPhoneLoopGap
    return usesAccentVariant ? min(limit, maximumAccentVariantGap) : limit
  }

  /// The dictionary word standing for each garbage phone: `__aa` is `AA`.
  static let garbageWords: [(word: String, phone: String)] = [
    "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
    "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH",
    "UW", "V", "W", "Y", "Z", "ZH",
  ].map { (word: "__" + $0.lowercased(), phone: $0) }

  /// The word that replaces unpronounceable words: a long, implausible phone string, so that
  /// alternatives containing it can't be spoken while the rest of the grammar still loads.
  static let voidWord = (word: "__void", phones: Array(repeating: "ZH OY NG", count: 12).joined(separator: " "))

  /// The prefix of words that never appear in an accepted result.
  static let reservedPrefix = "__"

  /// JSGF rules for the loop; the returned expression is the alternative to the commands.
  func garbageRules() -> (expression: String, rules: String) {
    let phones = RejectionSettings.garbageWords
      .map { "/\(jsgfWeight(phoneProbability))/ \($0.word)" }
      .joined(separator: " | ")
    let leading = RejectionSettings.garbageWords
      .map { "/\(jsgfWeight(leadingPhoneProbability))/ \($0.word)" }
      .joined(separator: " | ")
    let lead = leadingPhones > 0 ? Array(repeating: "<__leadphone>", count: leadingPhones) : ["<__phone>"]
    let rules = """
      <__phone> = \(phones);
      <__leadphone> = \(leading);
      <__garbage> = \(lead.joined(separator: " ")) <__phone>*;
      """
    return ("/\(jsgfWeight(garbageProbability))/ <__garbage>", rules)
  }

  /// A JSGF weight in plain decimal notation (the PocketSphinx parser reads no exponents).
  private func jsgfWeight(_ value: Double) -> String {
    var text = String(format: "%.40f", max(value, 1e-30))
    while text.hasSuffix("0") {
      text.removeLast()
    }
    if text.hasSuffix(".") {
      text += "0"
    }
    return text
  }
}
