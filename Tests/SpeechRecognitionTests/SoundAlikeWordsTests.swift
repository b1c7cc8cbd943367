import Testing

@testable import SpeechRecognition

/// The words of a grammar that sound alike (`SoundAlikeWords`): which pronunciations pair, and
/// the sentences a heard one could as well have been.
@Suite struct SoundAlikeWordsTests {
  struct Pair: CustomTestStringConvertible, Sendable {
    var one: String
    var other: String
    var soundAlike: Bool
    var testDescription: String { "\(one) / \(other)" }
  }

  static let pairs: [Pair] = [
    Pair(one: "F R IY", other: "TH R IY", soundAlike: true),  // free, three
    Pair(one: "V AE T", other: "DH AE T", soundAlike: true),  // vat, that
    Pair(one: "M EY L", other: "N EY L", soundAlike: true),  // mail, nail
    Pair(one: "T AE P", other: "D AE P", soundAlike: false),  // another pair of phones
    Pair(one: "F R IY", other: "F R IY", soundAlike: false),  // the same pronunciation
    Pair(one: "F R IY Z", other: "TH R IY", soundAlike: false),  // another length
    Pair(one: "F AY N", other: "TH AY M", soundAlike: false),  // two phones apart
    Pair(one: "F V", other: "V F", soundAlike: false),  // two phones apart, each a voicing away
  ]

  @Test("two pronunciations sound alike when one confusable phone tells them apart", arguments: pairs)
  func pair(_ pair: Pair) {
    let split = { (text: String) in text.split(separator: " ").map(String.init) }
    #expect(SoundAlikeWords.soundAlike(split(pair.one), split(pair.other)) == pair.soundAlike)
    #expect(SoundAlikeWords.soundAlike(split(pair.other), split(pair.one)) == pair.soundAlike)
  }

  static let dictionary: [String: [[String]]] = [
    "free": [["F", "R", "IY"]],
    "three": [["TH", "R", "IY"]],
    "tree": [["T", "R", "IY"]],
    "tap": [["T", "AE", "P"]],
    // A second pronunciation pairs as well as the first.
    "the": [["DH", "AH"], ["DH", "IY"]],
    "vee": [["V", "IY"]],
    "silent": [],
  ]

  @Test("each word's partners, from every pronunciation, and the sentences they make")
  func partners() {
    let words = SoundAlikeWords(words: Array(Self.dictionary.keys) + ["unknown"]) { Self.dictionary[$0] ?? [] }
    #expect(words.partners == ["free": ["three"], "three": ["free"], "the": ["vee"], "vee": ["the"]])
    #expect(words.sentences(soundingLike: "tap free") == ["tap three"])
    #expect(words.sentences(soundingLike: "tap the free") == ["tap vee free", "tap the three"])
    #expect(words.sentences(soundingLike: "tap tree").isEmpty)
  }

  @Test("a loaded grammar's sound-alike words come from the dictionary", .tags(.decoder))
  func loaded() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let jsgf = "#JSGF V1.0;\ngrammar g;\npublic <c> = tap (free | three | photos) | show three photos;\n"
    let report = try recognizer.loadGrammar(jsgf: jsgf)
    #expect(report.soundAlikeWords.partners == ["free": ["three"], "three": ["free"]])
    // Loaded again after another, its compiled search is reused with the pairs found the first time.
    try recognizer.loadGrammar(jsgf: "#JSGF V1.0;\ngrammar g;\npublic <c> = tap photos;\n")
    let again = try recognizer.loadGrammar(jsgf: jsgf)
    #expect(again.isReused && again.soundAlikeWords == report.soundAlikeWords)
    #expect(recognizer.soundAlikes(of: .accepted("tap three")) == ["tap free"])
    // "show free photos" is no sentence of the grammar: the decoder could not have meant it.
    #expect(recognizer.soundAlikes(of: .accepted("show three photos")).isEmpty)
    #expect(recognizer.soundAlikes(of: .rejected(.outOfGrammar)).isEmpty)
  }

  @Test("with sound-alikes off, results list none", .tags(.decoder))
  func off() throws {
    let recognizer = try SpeechFixtures.makeRecognizer { $0.rejection.listsSoundAlikes = false }
    let report = try recognizer.loadGrammar(jsgf: "#JSGF V1.0;\ngrammar g;\npublic <c> = tap (free | three);\n")
    #expect(report.soundAlikeWords.partners.isEmpty)
    #expect(recognizer.soundAlikes(of: .accepted("tap three")).isEmpty)
  }
}
