import Foundation
import SpeechRecognition
import Testing

/// Grammars as the voice layer compiles them: `<VOID>` for an empty slot, and a general
/// language model for the benchmark's baseline.
@Suite("Void rules and the language-model baseline", .serialized, .tags(.decoder))
struct GrammarVoidTests {
  /// A slot with no alternatives is `<VOID>`, as `JSGFCompiler` writes `<action>` for a scene
  /// without custom actions. PocketSphinx 5prealpha compiled it into a dead end that made
  /// every utterance "not match the grammar"; it must only make its own alternative unspeakable.
  @Test("a <VOID> alternative doesn't stop the rest of the grammar", arguments: ["tap brew", "show numbers"])
  func voidRule(text: String) throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let report = try recognizer.loadGrammar(
      jsgf: """
        #JSGF V1.0 UTF-8 en-US;
        grammar axvoice;
        public <command> = <tap> | <custom> | show numbers;
        <tap> = tap <name>;
        <custom> = <action> <name> | <action>;
        <name> = brew | coffee;
        <action> = <VOID>;
        """)
    #expect(!report.compiledJSGF.contains("<VOID>"))
    let result = try recognizer.recognize(samples: SpeechFixtures.speech(text))
    #expect(result.outcome == .accepted(text), "heard '\(result.hypothesis.text)'")
  }

  @Test("with the general language model, speech is decoded without a grammar")
  func languageModel() throws {
    let recognizer = try SpeechFixtures.makeRecognizer {
      $0.languageModel = $0.installedLanguageModel
    }
    let result = try recognizer.recognize(samples: SpeechFixtures.speech("show numbers"))
    #expect(result.text != nil)
    #expect(recognizer.grammar == nil)
  }
}
