import AXModel
import Foundation
import VoiceControl

/// One spoken command of a scene: what to say, after which typed prelude.
struct SceneCommand {
  /// The scene file.
  var scene: String
  /// Utterances typed before the clip (such as "show numbers"), separated by `;`.
  var prelude: String
  /// The words spoken.
  var text: String
}

/// Derives the spoken commands of a scene from its voice session: a name for every target,
/// custom actions, increments, numbers and grid cells while shown, and global commands.
enum SceneCommands {
  /// Loads a scene with the en-US vocabulary.
  static func session(scene path: String, grammar: String = "Grammars/en-US.json") throws -> VoiceSession {
    let scene = try SceneLoader().load(path: path)
    let vocabulary = try GrammarLoader().load(path: grammar)
    return VoiceSession(scene: scene, vocabulary: vocabulary)
  }

  /// At most `limit` commands of the scene, in a fixed order.
  static func commands(scene path: String, limit: Int = 14) throws -> [SceneCommand] {
    let session = try session(scene: path)
    let normalizer = session.normalizer
    let compiler = JSGFCompiler(vocabulary: session.vocabulary)
    var result: [SceneCommand] = []
    var seen = Set<String>()
    func add(_ text: String, prelude: String = "") {
      // The grammar's own words, so that the spoken text is a sentence of the grammar.
      guard let words = compiler.spokenWords(normalizer.tokens(text)) else { return }
      let spoken = words.joined(separator: " ")
      // The en-us model and espeak-ng's en-us voice speak ASCII words only.
      guard spoken.allSatisfy({ $0.isASCII }), seen.insert(prelude + "|" + spoken).inserted else { return }
      // Keep only what the typed front performs: the spoken oracle must do something.
      var probe = session
      for utterance in prelude.split(separator: ";") { _ = probe.handle(utterance: String(utterance)) }
      guard probe.handle(utterance: spoken).didSomething else { return }
      result.append(SceneCommand(scene: path, prelude: prelude, text: spoken))
    }
    let targets = session.index.targets
    for target in targets.prefix(8) {
      guard let name = target.shownName else { continue }
      add("tap " + normalizer.tokens(name).joined(separator: " "))
      if target.element.traits.contains(.adjustable) {
        add("increment " + normalizer.tokens(name).joined(separator: " "))
      }
      if let action = target.element.customActionNames.first {
        add(normalizer.tokens(action).joined(separator: " ") + " " + normalizer.tokens(name).joined(separator: " "))
      }
    }
    add("show numbers")
    add("show grid")
    for number in 1...min(3, max(1, targets.count)) {
      add("tap \(number)", prelude: "show numbers")
    }
    add("tap 5", prelude: "show grid")
    return Array(result.prefix(limit))
  }
}

extension VoiceOutcome {
  /// Whether the command reached the screen: it ran, opened a chooser, or reached an element
  /// whose handler refused it ("tap brew" at 0 ounces). Typing gives the same, so a clip that
  /// performs it is correct, and off-grammar speech that does it is a false dispatch.
  var reachedScreen: Bool { didSomething || kind == .failed }
}
