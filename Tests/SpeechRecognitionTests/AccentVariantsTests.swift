import Foundation
import Testing

@testable import SpeechRecognition

/// Other accents' pronunciations: how they are derived, where they are added, and that the
/// second opinion hears them only for what the dictionary's pronunciations leave rejected.
@Suite("Accent variants")
struct AccentVariantsTests {
  static func accent(_ name: String) throws -> AccentVariants.Accent {
    try #require(AccentVariants.english.accents.first { $0.name == name })
  }

  @Test(
    "an accent changes whole phone classes, drops a first h and an r before no vowel",
    arguments: [
      ("West Midlands", "HH AY D", "OY D"),  // hide: h-dropping and the price vowel
      ("West Midlands", "N EY M Z", "N AY M Z"),  // names: the face vowel
      ("northern England", "SH OW", "SH AO"),  // show: a monophthong
      ("northern England", "N AH M B ER Z", "N UH M B AH Z"),  // numbers: strut and no r
      ("northern England", "EH R P L EY N", "EH P L EH N"),  // airplane: the r before p goes
      ("New York", "B R UW", "B R UW"),  // brew: an r after a consonant stays
      ("New York", "T AE P", "T EH P"),  // tap: a raised trap
      ("Caribbean", "TH R IY", "T R IY"),  // three: th-stopping
      ("Scotland", "N AH M B ER Z", "N AH M B ER Z"),  // numbers: rhotic, strut kept
      ("south-east England", "HH", "HH"),  // a word that is only an h keeps it
    ])
  func apply(accent name: String, phones: String, expected: String) throws {
    let split = phones.split(separator: " ").map(String.init)
    #expect(try Self.accent(name).apply(to: split).joined(separator: " ") == expected)
  }

  @Test("variants come once each, in the order of the accents, without the pronunciation itself")
  func variants() {
    let english = AccentVariants.english
    #expect(english.variants(of: ["IH", "Z"]).isEmpty, "no accent changes 'is'")
    let hide = english.variants(of: ["HH", "AY", "D"])
    #expect(hide.count == Set(hide).count)
    #expect(!hide.contains(["HH", "AY", "D"]))
    #expect(hide.first == ["AY", "D"], "northern England only drops the h")
    #expect(hide.contains(["OY", "D"]))
    #expect(AccentVariants.none.variants(of: ["HH", "AY", "D"]).isEmpty)
  }

  @Test(
    "a variant's spelling names its word; an alternate's and a loop phone's stay as they are",
    arguments: [
      ("hide__2", "hide", true), ("x___12", "x_", true), ("to(2)", "to", false), ("__aa", "__aa", false),
      ("wi", "wi", false), ("a__b", "a__b", false),
    ])
  func baseWord(spelling: String, word: String, isVariant: Bool) {
    #expect(WordSegment.baseWord(spelling) == word)
    #expect((WordSegment.accentMarker(in: spelling) != nil) == isVariant)
  }

  static let grammar = "#JSGF V1.0;\ngrammar g;\npublic <command> = (show | hide) (numbers | grid);\n"

  @Test("variants are words of their own that only the second opinion's grammar names")
  func grammarTexts() throws {
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: Self.grammar)
    let report = try #require(recognizer.grammar)
    #expect(recognizer.pronunciation(of: "hide__2") != nil)
    #expect(!report.compiledJSGF.contains("__2"), "the first decode hears the dictionary alone")
    let second = try #require(report.secondOpinionJSGF)
    #expect(second.contains("( hide | hide__2"))
    #expect(!second.contains("grid__"), "grid has no variant: it stays a bare word")
    #expect(!report.addedWords.contains { $0.word.contains("__") }, "the report lists the grammar's own words")

    let everywhere = try SpeechFixtures.makeRecognizer(grammar: Self.grammar) {
      $0.accentVariants.scope = .everyDecode
    }
    #expect(everywhere.grammar?.compiledJSGF.contains("( hide | hide__2") == true)

    let plain = try SpeechFixtures.makeRecognizer(grammar: Self.grammar) { $0.accentVariants = .none }
    #expect(plain.grammar?.secondOpinionJSGF == nil)
    #expect(plain.pronunciation(of: "hide__2") == nil)
  }

  @Test("a variant that sounds like another word of the grammar is left out of it")
  func noVariantForAnotherWord() throws {
    // The Caribbean's and Ireland's "three" is "tree" (T R IY).
    let both = "#JSGF V1.0;\ngrammar g;\npublic <c> = tap (three | tree);\n"
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: both)
    let tree = try #require(recognizer.pronunciation(of: "tree"))
    let threeVariants = try #require(recognizer.accentSpellings["three"])
    #expect(threeVariants.contains { recognizer.pronunciation(of: $0) == tree }, "the variant exists")
    let second = try #require(recognizer.grammar?.secondOpinionJSGF)
    for spelling in threeVariants where recognizer.pronunciation(of: spelling) == tree {
      #expect(!second.contains(spelling), "\(spelling) sounds like 'tree'")
    }
    #expect(second.contains("( three | three__"), "the other variants stay")
    // Without "tree" in the grammar, the same variant is heard.
    let alone = try SpeechFixtures.makeRecognizer(grammar: "#JSGF V1.0;\ngrammar g;\npublic <c> = tap three;\n")
    let spelling = try #require(threeVariants.first { recognizer.pronunciation(of: $0) == tree })
    #expect(alone.grammar?.secondOpinionJSGF?.contains(spelling) == true)
  }

  @Test("a grammar word with the variants' marker inside is refused")
  func reservedMarker() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    #expect(throws: RecognizerError.self) {
      try recognizer.loadGrammar(jsgf: "#JSGF V1.0;\ngrammar g;\npublic <c> = tap hide__2;\n")
    }
  }

  @Test(
    "a command the dictionary's pronunciations leave rejected is performed in another accent's",
    .tags(.decoder))
  func rescued() throws {
    // A held-out voice of the session benchmark, fast; with one gap limit for every length its
    // "tap seven" is refused as the dictionary says it, and heard in an accent within the limit.
    func last(_ variants: AccentVariants) throws -> RecognitionResult? {
      let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
        $0.rejection.maximumShortSentenceGap = 0
        $0.rejection.listsAlternatives = true
        $0.accentVariants = variants
      }
      let audio = try SpeechFixtures.speech("tap seven")
        + SpeechFixtures.speech("tap seven", voice: "en-029+m1", rate: 200)
      return try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio))).last
    }
    let heard = try #require(try last(.english))
    #expect(heard.outcome == .accepted("tap seven"), "heard '\(heard.hypothesis.text)'")
    #expect(heard.hypothesis.usesAccentVariant)
    #expect(heard.hypothesis.text == "tap seven", "the variant's spelling is not shown")
    #expect(!heard.alternatives.contains { $0.text.contains("__") }, "nor in the alternatives")
    #expect(heard.phoneLoopGap.map { $0 <= RejectionSettings().maximumAccentVariantGap } == true)
    let plain = try #require(try last(.none))
    #expect(plain.outcome == .rejected(.outOfGrammar), "heard '\(plain.hypothesis.text)'")
  }
}

/// A command whose every path with the dictionary's pronunciations falls out of the beams:
/// PocketSphinx's grammar search ends with no sentence at all ("Final result does not match the
/// grammar"), which the second opinion once took for the end of it.
@Suite struct AccentVariantsWithoutDictionaryPathTests {
  /// The coffee dispenser's grammar with the numbers shown, as `axvoice grammar
  /// Scenes/coffee-dispenser.json --say "show numbers"` prints it.
  static func grammar() throws -> String {
    let path = SpeechFixtures.packageRoot
      .appendingPathComponent("Tests/SpeechRecognitionTests/Fixtures/coffee-dispenser-numbers.gram").path
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test(
    "a command the dictionary finds no sentence for is heard in another accent's pronunciations",
    .tags(.decoder), arguments: ["hide numbers", "hide names"])
  func heardInAnotherAccent(command: String) throws {
    // A held-out West Midlands voice of the session benchmark, slow: its "hide" (`OY D`, no h)
    // leaves the dictionary's "hide" behind every other path.
    func last(
      _ variants: AccentVariants,
      limit: Double = RejectionSettings().maximumAccentVariantGapWithoutDictionarySentence
    ) throws -> RecognitionResult? {
      let recognizer = try SpeechFixtures.makeRecognizer(grammar: Self.grammar()) {
        $0.accentVariants = variants
        $0.rejection.maximumAccentVariantGapWithoutDictionarySentence = limit
      }
      // A command first, as in the benchmark's sessions, so that the West Midlands command is
      // decoded live on a channel calibrated by it (only an utterance with words calibrates).
      let audio = try SpeechFixtures.speech("show numbers")
        + SpeechFixtures.speech(command, voice: "en-gb-x-gbcwmd", rate: 120)
      return try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio))).last
    }
    let plain = try #require(try last(.none))
    #expect(plain.outcome == .rejected(.outOfGrammar), "heard '\(plain.hypothesis.text)'")
    #expect(plain.phoneLoopGap == nil, "the dictionary's decode found no sentence to measure")
    let heard = try #require(try last(.english))
    #expect(heard.outcome == .accepted(command), "heard '\(heard.hypothesis.text)'")
    #expect(heard.hypothesis.usesAccentVariant)
    let limit = RejectionSettings().maximumAccentVariantGapWithoutDictionarySentence
    #expect(heard.phoneLoopGap.map { $0 <= limit } == true)
    // Such a sentence has a limit of its own, below the variants' usual one.
    let strict = try #require(try last(.english, limit: -20))
    #expect(strict.outcome == .rejected(.outOfGrammar), "heard '\(strict.hypothesis.text)'")
  }
}
