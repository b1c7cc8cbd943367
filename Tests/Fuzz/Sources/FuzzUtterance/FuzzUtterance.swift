import AXModel
import FuzzSupport
import VoiceControl

/// The en-US grammar, loaded once.
let grammar = FuzzSupport.require(
  try? GrammarLoader().load(path: FuzzSupport.path("Grammars/en-US.json")), "Grammars/en-US.json")

/// Sessions on library scenes, in their start state: the mail list has custom actions, a
/// chooser and numbers; the coffee dispenser counts ("increment ... by N") into a variable.
/// Built once and copied for each input (a session is a value): building the name index and
/// the parser's tables for every input took most of each run.
let sessions = ["mail-list", "coffee-dispenser"].map { name in
  VoiceSession(
    scene: FuzzSupport.require(
      try? SceneLoader().load(path: FuzzSupport.path("Scenes/\(name).json")), "Scenes/\(name).json"),
    vocabulary: grammar)
}

/// libFuzzer entry: the bytes as utterances, one a line (as `axvoice run --script` reads
/// them), said in order to a fresh copy of each session, so that one line's overlay or
/// chooser is the next line's context. Every outcome is rendered as text and JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: FuzzSupport.bytes(data, size), as: UTF8.self)
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(16)
  for start in sessions {
    var session = start
    var changed = false
    for line in lines {
      let outcome = session.handle(utterance: String(line))
      _ = VoiceOutcomeRenderer().text(outcome)
      _ = VoiceOutcomeRenderer().json(outcome).rendered()
      changed = changed || outcome.kind == .done
    }
    // `axvoice listen` compiles a JSGF grammar for the state an utterance left; the start
    // state's is the same for every input, so only a changed state is worth the time.
    if changed { _ = session.grammar().text }
  }
  return 0
}

/// The program's entry point (SwiftPM aliases `main` to it): libFuzzer's driver on `fuzz`.
///
/// The fixed inputs are loaded first, outside any run (see ``FuzzSupport/fixed(_:)``).
@_cdecl("FuzzUtterance_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  _ = FuzzSupport.fixed { sessions }
  return FuzzSupport.run(argc, argv, fuzz)
}
