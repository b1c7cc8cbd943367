import Foundation
import Testing

@testable import SpeechRecognition

/// A grammar is compiled once per text while the dictionary stays the same: loading it again
/// makes its search active (`SpeechRecognizer.loadGrammar`), as a listening session going back
/// and forth between the numbers shown and hidden does.
@Suite("Compiled grammars reused", .serialized, .tags(.decoder))
struct GrammarCacheTests {
  static let numbersShown = SpeechFixtures.commandGrammar
  static let numbersHidden = """
    #JSGF V1.0;
    grammar command;
    public <command> = tap add to cart | show numbers;
    """

  /// A grammar of `words` alone, as many as needed to fill the cache.
  static func grammar(_ words: String) -> String {
    "#JSGF V1.0;\ngrammar command;\npublic <command> = \(words);\n"
  }

  @Test("loading a grammar again reuses its search, and it recognizes as when first compiled")
  func reusedSearch() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let first = try recognizer.loadGrammar(jsgf: Self.numbersShown)
    let search = recognizer.currentSearch
    let other = try recognizer.loadGrammar(jsgf: Self.numbersHidden)
    let again = try recognizer.loadGrammar(jsgf: Self.numbersShown)
    #expect(!first.isReused && !other.isReused)
    #expect(again.isReused)
    #expect(recognizer.currentSearch == search)
    #expect(recognizer.grammar == again)
    #expect(again.compiledJSGF == first.compiledJSGF)
    // The word graph that ends utterances early came back with it: "tap seven" is in this
    // grammar only.
    #expect(recognizer.commandGraph?.position(of: ["tap", "seven"]) == .complete)
    let results = try SpeechFixtures.results(
      of: recognizer.utterances(from: .samples(try SpeechFixtures.speech("tap seven"))))
    #expect(results.map(\.text) == ["tap seven"])
  }

  @Test("a word added to the dictionary makes every grammar compile again")
  func newWordForgets() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    try recognizer.loadGrammar(jsgf: Self.numbersShown)
    try recognizer.loadGrammar(jsgf: Self.grammar("tap zorblax | show numbers"))
    #expect(try !recognizer.loadGrammar(jsgf: Self.numbersShown).isReused)
    try recognizer.addWord("kwibble", phones: ["K", "W", "IH", "B", "AH", "L"])
    #expect(try !recognizer.loadGrammar(jsgf: Self.numbersShown).isReused)
    #expect(try recognizer.loadGrammar(jsgf: Self.numbersShown).isReused)
  }

  @Test("at most compiledSearchLimit grammars are kept, the least recently used dropped first")
  func limit() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let names = ["tap add to cart", "show numbers", "hide numbers", "tap seven", "tap cart",
      "show add", "hide cart", "tap numbers", "show seven"]
    #expect(names.count == SpeechRecognizer.compiledSearchLimit + 1)
    // Every word first, so that no grammar below adds a word (or its accent variants) to the
    // dictionary, which would forget the grammars compiled before it.
    try recognizer.loadGrammar(jsgf: Self.grammar(names.joined(separator: " | ")))
    try recognizer.loadGrammar(jsgf: Self.grammar(names[0]))
    try recognizer.loadGrammar(jsgf: Self.grammar(names[1]))
    // Used again, the first is now more recent than the second.
    #expect(try recognizer.loadGrammar(jsgf: Self.grammar(names[0])).isReused)
    for name in names.dropFirst(2) { try recognizer.loadGrammar(jsgf: Self.grammar(name)) }
    #expect(recognizer.compiledSearches.count == SpeechRecognizer.compiledSearchLimit)
    #expect(try recognizer.loadGrammar(jsgf: Self.grammar(names[0])).isReused)
    #expect(try !recognizer.loadGrammar(jsgf: Self.grammar(names[1])).isReused)
  }
}
