import Testing

@testable import SpeechRecognition

/// The sentences an N-best list holds beside the accepted one, and how far each fell short of it.
@Suite("Alternatives from the N-best list")
struct AlternativesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var paths: [(words: [String], score: Int)]
    var best: String
    var expected: [RecognitionResult.Alternative]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "the accepted sentence is the best path",
      paths: [(["tap", "brew"], -100), (["tap", "bluetooth"], -180), (["<sil>", "tap", "brew", "<sil>"], -190)],
      best: "tap brew", expected: [.init(text: "tap bluetooth", margin: 80)]),
    // Accepted on a second opinion: the first decode's best path was the rejection loop. Measured
    // from the loop, "tap two" would be 270 short, though it nearly tied the accepted sentence.
    Case(
      name: "the rejection loop's path ahead of it is no reference",
      paths: [(["__t", "__ae", "__p"], -50), (["tap", "brew"], -300), (["tap", "two"], -320)],
      best: "tap brew", expected: [.init(text: "tap two", margin: 20)]),
    Case(
      name: "a sentence found by a later decode has none",
      paths: [(["brew"], -100), (["tap", "two"], -150)], best: "tap brew", expected: []),
    Case(
      name: "a path better than the accepted sentence is a tie",
      paths: [(["show", "grid"], -90), (["show", "names"], -100)], best: "show names",
      expected: [.init(text: "show grid", margin: 0)]),
    Case(
      name: "fillers, alternate pronunciations and accents' spellings are folded away",
      paths: [
        (["hide__2", "numbers"], -100), (["<sil>", "hide", "numbers(2)", "[NOISE]"], -105),
        (["hide", "names"], -150), (["hide", "names", "<sil>"], -160),
      ],
      best: "hide numbers", expected: [.init(text: "hide names", margin: 50)]),
    Case(name: "no paths", paths: [], best: "tap brew", expected: []),
  ]

  @Test("alternatives are measured from the accepted sentence", arguments: cases)
  func margins(_ testCase: Case) {
    #expect(SpeechRecognizer.alternatives(among: testCase.paths, to: testCase.best) == testCase.expected)
  }
}
