import AXModel
import AXTestSupport
import Foundation
import Testing
import VoiceControl

/// The grammar-loader and utterance fuzz corpora (`Tests/Fuzz/Corpus/grammar-loader/`,
/// `.../utterance/`) replayed through what `FuzzGrammarLoader` and `FuzzUtterance` run, so a
/// crash `make fuzz` found once stays fixed in the ordinary `swift test`.
@Suite struct FuzzRegressionTests {
  @Test(
    "every grammar corpus input loads or fails with an error; one that loads runs a session",
    arguments: fuzzCorpus("grammar-loader"))
  func grammarLoader(_ name: String) throws {
    let bytes = try fuzzInput("grammar-loader", name)
    guard let grammar = try? GrammarLoader().load(bytes: bytes, path: name) else { return }
    var session = VoiceSession(scene: try loadScene("coffee-dispenser"), vocabulary: grammar)
    for utterance in ["show numbers", "tap 2", "increment coffee dispenser by 3", "brew"] {
      _ = VoiceOutcomeRenderer().text(session.handle(utterance: utterance))
    }
    _ = session.grammar().text
  }

  @Test(
    "every utterance corpus input, said line by line to the mail list and the coffee dispenser, gives outcomes",
    arguments: fuzzCorpus("utterance"))
  func utterances(_ name: String) throws {
    let text = String(decoding: try fuzzInput("utterance", name), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(16)
    for scene in ["mail-list", "coffee-dispenser"] {
      var session = try makeSession(scene, language: "en-US")
      for line in lines {
        let outcome = session.handle(utterance: String(line))
        _ = VoiceOutcomeRenderer().text(outcome)
        _ = VoiceOutcomeRenderer().json(outcome).rendered()
      }
      _ = session.grammar().text
    }
  }
}
