import AXModel
import FuzzSupport
import VoiceControl

/// The coffee dispenser, loaded once: a grammar that loads is put to work on it.
let scene = FuzzSupport.require(
  try? SceneLoader().load(path: FuzzSupport.path("Scenes/coffee-dispenser.json")),
  "Scenes/coffee-dispenser.json")

/// libFuzzer entry: a grammar file's bytes through `GrammarLoader.load(bytes:path:)`, and,
/// when they load, a session on the coffee dispenser with that vocabulary (the patterns
/// become a parser, numbers a normaliser) and its JSGF grammar.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = FuzzSupport.bytes(data, size)
  guard let grammar = try? GrammarLoader().load(bytes: bytes, path: "fuzz.json") else { return 0 }
  var session = VoiceSession(scene: scene, vocabulary: grammar)
  for utterance in ["show numbers", "tap 2", "increment coffee dispenser by 3", "brew"] {
    _ = VoiceOutcomeRenderer().text(session.handle(utterance: utterance))
  }
  _ = session.grammar().text
  return 0
}

/// The program's entry point (SwiftPM aliases `main` to it): libFuzzer's driver on `fuzz`.
///
/// The fixed inputs are loaded first, outside any run (see ``FuzzSupport/fixed(_:)``).
@_cdecl("FuzzGrammarLoader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  _ = FuzzSupport.fixed { scene }
  return FuzzSupport.run(argc, argv, fuzz)
}
