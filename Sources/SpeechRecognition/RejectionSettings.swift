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
  /// 1e-10 since the recognizer calibrates to its channel: a better-matched channel made
  /// commands win more often off-grammar too (5 of 75 librivox sentences dispatched with
  /// 1e-12, none with 1e-10; 1e-9 lost 3% of the commands at 10 dB SNR).
  public var phoneProbability: Double = 1e-10
  /// Utterances whose speech (without silence) is shorter than this many seconds are rejected
  /// as noise.
  public var minimumSpeechDuration: Double = 0.15

  /// Creates the default settings.
  public init() {}

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
    let rules = """
      <__phone> = \(phones);
      <__garbage> = <__phone> <__phone>*;
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
