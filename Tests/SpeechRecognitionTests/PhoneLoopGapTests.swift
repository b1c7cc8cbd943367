import Foundation
import Testing

@testable import SpeechRecognition

/// The second opinion on utterances the phone loop won: its two searches, and its verdicts.
@Suite("Phone-loop gap")
struct PhoneLoopGapTests {
  /// A grammar as `loadGrammar` compiles it, with the loop's rules.
  static func compiled(_ settings: RejectionSettings = RejectionSettings()) -> String {
    let garbage = settings.garbageRules()
    return JSGFGrammarText(SpeechFixtures.commandGrammar)
      .wrapped(replacing: [:], garbage: garbage.expression) + garbage.rules + "\n"
  }

  @Test("the commands' search drops the loop alternative, the loop's drops the commands and the prices")
  func searchTexts() throws {
    let texts = try #require(PhoneLoopGap.searchTexts(compiled: Self.compiled()))
    #expect(texts.commands.contains("public <__utterance> = /1/ <command>;"))
    #expect(!texts.commands.contains(" <__garbage>;"), "the top rule no longer offers the loop")
    #expect(texts.commands.contains("<__phone> = /0.0000000001"), "the commands' search keeps the rules as compiled")
    #expect(texts.loop.contains("public <__utterance> = <__garbage>;"))
    #expect(!texts.loop.contains("/0.0"), "the loop alone is free")
    #expect(texts.loop.contains("<__phone> = /1/ __aa | /1/ __ae"))
    // Exactly one public rule in each, so PocketSphinx can't pick another top rule.
    for text in [texts.commands, texts.loop] {
      #expect(text.components(separatedBy: "public ").count == 2)
    }
  }

  @Test("a grammar without the phone loop has no second opinion")
  func noLoop() {
    let plain = JSGFGrammarText(SpeechFixtures.commandGrammar).wrapped(replacing: [:], garbage: nil)
    #expect(PhoneLoopGap.searchTexts(compiled: plain) == nil)
  }

  /// The last result of a stream of "tap seven" (which calibrates the recognizer) and `text`,
  /// with the rejection settings `adjust` makes.
  static func lastResult(
    _ text: String, voice: String = "en-us", rate: Int = 160,
    _ adjust: (inout RejectionSettings) -> Void
  ) throws -> RecognitionResult? {
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
      adjust(&$0.rejection)
    }
    let audio = try SpeechFixtures.speech("tap seven") + SpeechFixtures.speech(text, voice: voice, rate: rate)
    return try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio))).last
  }

  /// The last result as ``lastResult(_:voice:rate:_:)`` gives it, with `gap` for
  /// ``RejectionSettings/maximumPhoneLoopGap``.
  static func lastResult(
    _ text: String, voice: String = "en-us", rate: Int = 160, gap: Double
  ) throws -> RecognitionResult? {
    try lastResult(text, voice: voice, rate: rate) { $0.maximumPhoneLoopGap = gap }
  }

  @Test(
    "off-grammar speech the loop won stays rejected: by its gap, or by the speech outside the words",
    .tags(.decoder), arguments: ["what time is it", "call my mother tomorrow"])
  func offGrammarStaysRejected(text: String) throws {
    let result = try #require(try Self.lastResult(text, gap: RejectionSettings().maximumPhoneLoopGap))
    #expect(result.outcome == .rejected(.outOfGrammar), "accepted '\(result.text ?? "")'")
  }

  @Test("a slow held-out voice's command the loop won is performed on the second opinion", .tags(.decoder))
  func commandAccepted() throws {
    // en-029+m1 at 120 words a minute: the loop wins "show numbers" (a held-out voice of the
    // session benchmark; no setting was chosen on it).
    let off = try #require(try Self.lastResult("show numbers", voice: "en-029+m1", rate: 120, gap: 0))
    #expect(off.outcome == .rejected(.outOfGrammar), "heard '\(off.hypothesis.text)'")
    #expect(off.hypothesis.usesRejectionPath)
    #expect(off.phoneLoopGap == nil)
    let on = try #require(try Self.lastResult("show numbers", voice: "en-029+m1", rate: 120, gap: 6))
    #expect(on.outcome == .accepted("show numbers"), "heard '\(on.hypothesis.text)'")
    let gap = try #require(on.phoneLoopGap)
    #expect(gap <= 6)
    #expect(!on.isBarelyAccepted, "within the limit of every length")
  }

  @Test(
    "a short command whose gap is above the long limit but within the short one is performed",
    .tags(.decoder),
    arguments: [("tap seven", "en-029", 200), ("tap seven", "en-029+m1", 200)])
  func shortCommandAccepted(text: String, voice: String, rate: Int) throws {
    // Held-out voices of the session benchmark, fast: the loop wins, and the gap (about 9 to 10)
    // is above `maximumPhoneLoopGap` but within `maximumShortSentenceGap`.
    let defaults = RejectionSettings()
    let on = try #require(try Self.lastResult(text, voice: voice, rate: rate) { _ in })
    #expect(on.outcome == .accepted(text), "heard '\(on.hypothesis.text)'")
    let gap = try #require(on.phoneLoopGap)
    #expect(gap > defaults.maximumPhoneLoopGap && gap <= defaults.maximumShortSentenceGap)
    #expect(on.secondOpinionPhones.map { $0 <= defaults.shortSentencePhones } == true)
    #expect(on.isBarelyAccepted, "accepted only on the short sentences' allowance")
    // With one limit for every length, and no accent's pronunciation to fall back on, the same
    // utterance is refused.
    let off = try #require(
      try Self.lastResult(text, voice: voice, rate: rate) {
        $0.maximumShortSentenceGap = 0
        $0.maximumAccentVariantGap = 0
      })
    #expect(off.outcome == .rejected(.outOfGrammar), "heard '\(off.hypothesis.text)'")
    #expect(off.phoneLoopGap.map { $0 > defaults.maximumPhoneLoopGap } == true, "refused by its gap")
  }

  @Test(
    "the limit of a second opinion depends on the sentence's length",
    arguments: [
      (6.0, 11.5, 9, 4, 11.5), (6.0, 11.5, 9, 9, 11.5), (6.0, 11.5, 9, 10, 6.0),
      (6.0, 11.5, 0, 4, 6.0), (6.0, 3.0, 9, 4, 6.0), (0.0, 11.5, 9, 4, 0.0),
    ])
  func limitByLength(long: Double, short: Double, shortPhones: Int, phones: Int, expected: Double) {
    var settings = RejectionSettings()
    settings.maximumPhoneLoopGap = long
    settings.maximumShortSentenceGap = short
    settings.shortSentencePhones = shortPhones
    #expect(settings.maximumGap(phones: phones) == expected)
    // A sentence heard in another accent gets at most the accent limit, whatever its length.
    settings.maximumAccentVariantGap = 5
    #expect(settings.maximumGap(phones: phones, usesAccentVariant: true) == min(expected, 5))
    #expect(settings.maximumGap(phones: phones, usesAccentVariant: false) == expected)
  }

  @Test("a clip given whole gets the noise floor but no second opinion", .tags(.decoder))
  func clipHasNoSecondOpinion() throws {
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar)
    let result = try recognizer.recognize(samples: SpeechFixtures.speech("call my mother tomorrow"))
    #expect(result.isRejected, "accepted '\(result.text ?? "")'")
    #expect(result.phoneLoopGap == nil)
  }
}
