import AXModel
import AXTestSupport
import Foundation
import Testing
import VoiceControl

/// Loads the grammar for a language from `Grammars/`.
func loadGrammar(_ language: String = "en-US") throws -> VoiceGrammar {
  try GrammarLoader().load(path: packagePath("Grammars/\(language).json"))
}

/// Loads a scene from `Scenes/`.
func loadScene(_ name: String) throws -> Scene {
  try SceneLoader().load(path: packagePath("Scenes/\(name).json"))
}

/// A voice session on a library scene, in the scene's language (en-US when there is no
/// grammar for it) unless one is given.
func makeSession(_ scene: String, language: String? = nil) throws -> VoiceSession {
  let loaded = try loadScene(scene)
  let available = ["en-US", "zh-CN"]
  let chosen = language ?? (available.contains(loaded.language) ? loaded.language : "en-US")
  return VoiceSession(scene: loaded, vocabulary: try loadGrammar(chosen))
}

/// A voice session on a scene given as JSON text.
func makeSession(json: String, language: String = "en-US") throws -> VoiceSession {
  VoiceSession(scene: try SceneLoader().load(text: json), vocabulary: try loadGrammar(language))
}

/// Says every utterance and returns the outcomes.
func say(_ utterances: [String], to session: inout VoiceSession) -> [VoiceOutcome] {
  utterances.map { session.handle(utterance: $0) }
}

/// A one-screen scene with the given views (JSON objects) under a root view, and the given
/// variables (the members of a JSON object).
func sceneJSON(_ children: [String], language: String = "en-US", vars: String = "") -> String {
  """
  {"format": "axscene/1", "name": "Fixture", "screen": {"width": 390, "height": 844},
   "language": "\(language)", "vars": {\(vars)},
   "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844],
     "children": [\(children.joined(separator: ",\n"))]}}]}
  """
}
