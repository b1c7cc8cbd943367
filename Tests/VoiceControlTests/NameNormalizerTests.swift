import AXModel
import Testing
import VoiceControl

@Suite struct NameNormalizerTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var language: String
    var text: String
    var tokens: [String]
    var testDescription: String { "\(language): '\(text)'" }
  }

  static let cases: [Case] = [
    Case(language: "en-US", text: "Add to Cart", tokens: ["add", "to", "cart"]),
    Case(language: "en-US", text: "  ADD-to-cart!!  ", tokens: ["add", "to", "cart"]),
    Case(language: "en-US", text: "Today's Deals", tokens: ["todays", "deals"]),
    Case(language: "en-US", text: "Size 7", tokens: ["size", "7"]),
    Case(language: "en-US", text: "size seven", tokens: ["size", "7"]),
    Case(language: "en-US", text: "twenty one", tokens: ["21"]),
    Case(language: "en-US", text: "one hundred five", tokens: ["105"]),
    Case(language: "en-US", text: "seven seven", tokens: ["7", "7"]),
    Case(language: "en-US", text: "iPhone15", tokens: ["iphone", "15"]),
    Case(language: "en-US", text: "Ｗｉ－Ｆｉ ７", tokens: ["wi", "fi", "7"]),
    Case(language: "en-US", text: "👍", tokens: []),
    Case(language: "en-US", text: "★ ✕ →", tokens: []),
    Case(language: "en-US", text: "Invoice #2041", tokens: ["invoice", "2041"]),
    Case(language: "zh-CN", text: "关闭", tokens: ["关", "闭"]),
    Case(language: "zh-CN", text: "轻点 关闭按钮", tokens: ["轻", "点", "关", "闭", "按", "钮"]),
    Case(language: "zh-CN", text: "第七张", tokens: ["第", "7", "张"]),
    Case(language: "zh-CN", text: "十二", tokens: ["12"]),
    Case(language: "zh-CN", text: "二十三", tokens: ["23"]),
    Case(language: "zh-CN", text: "二百三十", tokens: ["230"]),
    Case(language: "zh-CN", text: "价格129.99元", tokens: ["价", "格", "129.99", "元"]),
    Case(language: "zh-CN", text: "（分享）", tokens: ["分", "享"]),
  ]

  @Test(arguments: cases)
  func tokens(_ testCase: Case) throws {
    let normalizer = try loadGrammar(testCase.language).normalizer
    #expect(normalizer.tokens(testCase.text) == testCase.tokens)
  }

  @Test("digits and number words are the same token", arguments: [
    ("en-US", "7", "seven"), ("en-US", "12", "twelve"), ("en-US", "42", "forty two"),
    ("zh-CN", "7", "七"), ("zh-CN", "12", "十二"), ("zh-CN", "２", "两"),
  ])
  func numberWords(_ language: String, _ digits: String, _ words: String) throws {
    let normalizer = try loadGrammar(language).normalizer
    #expect(normalizer.tokens(digits) == normalizer.tokens(words))
  }

  @Test("numbers spell back to words that read as the same number", arguments: [1, 7, 10, 12, 20, 21, 99, 100, 105, 230, 999])
  func spelling(_ number: Int) throws {
    for language in ["en-US", "zh-CN"] {
      let grammar = try loadGrammar(language)
      let spelled = grammar.numbers.spelled(number)
      #expect(spelled != String(number), "\(language) spells \(number)")
      #expect(grammar.normalizer.tokens(spelled) == [String(number)], "\(language): '\(spelled)'")
    }
  }

  @Test("trailing trait words are dropped, but never the whole name")
  func traitWords() throws {
    let normalizer = try loadGrammar().normalizer
    #expect(normalizer.strippingTraitWords(["play", "button"]) == ["play"])
    #expect(normalizer.strippingTraitWords(["email", "text", "field"]) == ["email"])
    #expect(normalizer.strippingTraitWords(["button"]) == ["button"])
    let chinese = try loadGrammar("zh-CN").normalizer
    #expect(chinese.strippingTraitWords(chinese.tokens("关闭按钮")) == ["关", "闭"])
  }
}
