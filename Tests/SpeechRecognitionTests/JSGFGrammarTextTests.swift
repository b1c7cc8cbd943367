import Testing

@testable import SpeechRecognition

@Suite("JSGF words and wrapping")
struct JSGFGrammarTextTests {
  static let grammar = """
    #JSGF V1.0;
    // A comment with words that are not words: tap nothing
    grammar demo;
    /* block comment: public <fake> = nope; */
    <verb> = tap | /0.5/ double tap {double};
    public <command> = <verb> (add to cart | Settings) [please];
    public <other> = hide numbers;
    """

  @Test("words come from rule bodies only, in order")
  func words() {
    let text = JSGFGrammarText(Self.grammar)
    #expect(text.words == ["tap", "double", "add", "to", "cart", "Settings", "please", "hide", "numbers"])
  }

  @Test("the first public rule in file order is the top rule")
  func topRule() {
    #expect(JSGFGrammarText(Self.grammar).topRule == "command")
    #expect(JSGFGrammarText("#JSGF V1.0; grammar g; <a> = b;").topRule == nil)
  }

  @Test("wrapping removes public, replaces words and adds one public rule")
  func wrapping() {
    let wrapped = JSGFGrammarText(Self.grammar)
      .wrapped(replacing: ["Settings": "__void"], garbage: "/0.1/ <__garbage>")
    #expect(!wrapped.contains("public <command>"))
    #expect(!wrapped.contains("public <other>"))
    #expect(wrapped.contains("(add to cart | __void)"))
    #expect(wrapped.contains("public <__utterance> = /1/ <command> | /0.1/ <__garbage>;"))
    #expect(wrapped.contains("// A comment with words that are not words: tap nothing"))
  }
}
