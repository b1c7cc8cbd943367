import AXModel
import AXTestSupport
import Foundation
import Testing
import VoiceControl

/// Numbers in names and utterances: thousands and millions, separators, decimals and
/// negatives, spoken and typed, in en-US and zh-CN.
@Suite struct NumberNamesTests {
  /// Text and the tokens it reads as, in a language: the normalizer's own cases.
  typealias Case = NameNormalizerTests.Case

  static let cases: [Case] = [
    Case(language: "en-US", text: "1000", tokens: ["1000"]),
    Case(language: "en-US", text: "1,000", tokens: ["1000"]),
    Case(language: "en-US", text: "one thousand", tokens: ["1000"]),
    Case(language: "en-US", text: "twelve thousand three hundred forty five", tokens: ["12345"]),
    Case(language: "en-US", text: "12,345", tokens: ["12345"]),
    Case(language: "en-US", text: "two hundred thousand", tokens: ["200000"]),
    Case(language: "en-US", text: "one million two hundred thousand five", tokens: ["1200005"]),
    Case(
      language: "en-US",
      text: "nine hundred ninety nine million nine hundred ninety nine thousand nine hundred ninety nine",
      tokens: ["999999999"]),
    Case(language: "en-US", text: "999,999,999", tokens: ["999999999"]),
    Case(language: "en-US", text: "3 thousand", tokens: ["3000"]),
    Case(language: "en-US", text: "007", tokens: ["7"]),
    Case(language: "en-US", text: "3.14159", tokens: ["3.14159"]),
    Case(language: "en-US", text: "three point one four one five nine", tokens: ["3.14159"]),
    Case(language: "en-US", text: "$1,299.99", tokens: ["1299.99"]),
    Case(language: "en-US", text: "-7", tokens: ["−7"]),
    Case(language: "en-US", text: "minus seven", tokens: ["−7"]),
    Case(language: "en-US", text: "negative seven", tokens: ["−7"]),
    Case(language: "en-US", text: "minus 1,000.5", tokens: ["−1000.5"]),
    Case(language: "en-US", text: "minus", tokens: ["minus"]),
    Case(language: "en-US", text: "point of sale", tokens: ["point", "of", "sale"]),
    Case(language: "en-US", text: "seven point", tokens: ["7", "point"]),
    Case(language: "en-US", text: "one hundred two hundred", tokens: ["100", "200"]),
    Case(language: "en-US", text: "seven seven", tokens: ["7", "7"]),
    Case(language: "en-US", text: "version 1.2.3", tokens: ["version", "1", "2", "3"]),
    Case(language: "en-US", text: "192.168.0.1", tokens: ["192", "168", "0", "1"]),
    Case(language: "en-US", text: "1,2", tokens: ["1", "2"]),
    Case(language: "en-US", text: "Step 2. Pay", tokens: ["step", "2", "pay"]),
    Case(language: "en-US", text: "5-3", tokens: ["5", "3"]),
    Case(language: "zh-CN", text: "一千", tokens: ["1000"]),
    Case(language: "zh-CN", text: "一千零五", tokens: ["1005"]),
    Case(language: "zh-CN", text: "十二万", tokens: ["120000"]),
    Case(language: "zh-CN", text: "一千二百万", tokens: ["12000000"]),
    Case(language: "zh-CN", text: "一亿二千万", tokens: ["120000000"]),
    Case(language: "zh-CN", text: "负七", tokens: ["−7"]),
    Case(language: "zh-CN", text: "-7", tokens: ["−7"]),
    Case(language: "zh-CN", text: "三点一四", tokens: ["3.14"]),
    Case(language: "zh-CN", text: "3.14", tokens: ["3.14"]),
    Case(language: "zh-CN", text: "一百二十九点九九", tokens: ["129.99"]),
    Case(language: "zh-CN", text: "轻点 三", tokens: ["轻", "点", "3"]),
    Case(language: "zh-CN", text: "三点钟", tokens: ["3", "点", "钟"]),
  ]

  @Test(arguments: cases)
  func tokens(_ testCase: Case) throws {
    let normalizer = try loadGrammar(testCase.language).normalizer
    #expect(normalizer.tokens(testCase.text) == testCase.tokens)
  }

  @Test(
    "whole numbers to 999,999,999 spell in words that read back as the number",
    arguments: [1000, 1001, 1010, 12345, 20015, 100_000, 1_000_000, 7_070_707, 120_000_000, 999_999_999, -7])
  func spelling(_ number: Int) throws {
    for language in ["en-US", "zh-CN"] {
      let grammar = try loadGrammar(language)
      let spelled = grammar.numbers.spelled(number)
      #expect(!spelled.contains { $0.isASCII && $0.isNumber }, "\(language) spells \(number) as '\(spelled)'")
      #expect(grammar.normalizer.tokens(spelled) == [NumberNamesTests.token(number)], "\(language): '\(spelled)'")
    }
  }

  static func token(_ number: Int) -> String {
    number < 0 ? "\u{2212}\(-number)" : String(number)
  }

  @Test("number tokens spell as they are said", arguments: [
    ("en-US", "1000", "one thousand"), ("en-US", "12345", "twelve thousand three hundred forty five"),
    ("en-US", "3.14159", "three point one four one five nine"), ("en-US", "−7", "minus seven"),
    ("en-US", "−1000.5", "minus one thousand point five"),
    ("zh-CN", "1000", "一 千"), ("zh-CN", "3.14", "三 点 一 四"), ("zh-CN", "−7", "负 七"),
    ("zh-CN", "130000", "十 三 万"), ("zh-CN", "100000005", "一 亿 五"),
  ])
  func spelledToken(_ language: String, _ token: String, _ words: String) throws {
    let grammar = try loadGrammar(language)
    #expect(grammar.numbers.spelled(token: token) == words)
    #expect(grammar.normalizer.tokens(words) == [token])
  }

  /// A button for each label; saying `utterance` must tap the one labelled `label`.
  @Test("a spoken or typed number finds the button whose label is that number in digits", arguments: [
    ("en-US", "1000", "tap one thousand"), ("en-US", "1,000", "tap one thousand"),
    ("en-US", "1000", "tap 1,000"), ("en-US", "1,000", "tap 1000"),
    ("en-US", "12,345", "tap twelve thousand three hundred forty five"),
    ("en-US", "3.14159", "tap three point one four one five nine"),
    ("en-US", "-7", "tap minus seven"), ("en-US", "−7", "tap negative seven"),
    ("zh-CN", "1000", "轻点 一千"), ("zh-CN", "3.14", "轻点 三点一四"), ("zh-CN", "-7", "点击 负七"),
  ])
  func tapNumberName(_ language: String, _ label: String, _ utterance: String) throws {
    let labels = [label, "7", "1", "3", "14159", "100", "0"]
    let buttons = labels.enumerated().map { index, text in
      #"{"id": "b\#(index)", "type": "button", "text": "\#(text)", "frame": [10, \#(10 + index * 50), 200, 44]}"#
    }
    var session = try makeSession(json: sceneJSON(buttons, language: language), language: language)
    let outcome = session.handle(utterance: utterance)
    #expect(outcome.target == "b0", "\(outcome.kind): \(outcome.message)")
  }

  @Test("the recognizer's grammar says numbers in words, and the words read back")
  func grammarWords() throws {
    let labels = ["1000", "3.14159", "-7", "12,345"]
    let buttons = labels.enumerated().map { index, text in
      #"{"id": "b\#(index)", "type": "button", "text": "\#(text)", "frame": [10, \#(10 + index * 50), 200, 44]}"#
    }
    let session = try makeSession(json: sceneJSON(buttons))
    let grammar = session.grammar()
    let nameRule = try #require(grammar.text.split(separator: "\n").first { $0.hasPrefix("<name> = ") })
    #expect(
      nameRule
        == "<name> = one thousand | three point one four one five nine | minus seven | twelve thousand three hundred forty five;")
    for word in ["1000", "3", "14159", "7", "12", "345"] { #expect(!grammar.words.contains(word)) }
    #expect(grammar.unspeakable.isEmpty)
  }

  @Test("point and minus words are checked like number words", arguments: [
    (#""point": ["de cimal"]"#, "a number word must be one word, found 'de cimal'", "numbers.point[0]"),
    (#""minus": "minus""#, "expected an array, found a string", "numbers.minus"),
    (#""multipliers": {"billion": 2000000000}"#, "expected a whole number from 0 to 1000000000, found a number",
     "numbers.multipliers.billion"),
  ])
  func badNumberWords(_ member: String, _ message: String, _ keyPath: String) throws {
    let text = """
      {"format": "axgrammar/1", "language": "en-US",
       "numbers": {"words": {"one": 1}, \(member)}, "commands": []}
      """
    let error = #expect(throws: GrammarError.self) { try GrammarLoader().load(text: text, path: "g.json") }
    #expect(error?.message == message)
    #expect(error?.keyPath == keyPath)
    #expect(error?.line == 2)
  }
}
