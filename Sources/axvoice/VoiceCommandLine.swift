import AXModel
import CommandLineSupport
import Foundation
import Importing
import VoiceControl

/// Options and loading shared by the subcommands.
enum VoiceCommandLine {
  /// The scene argument.
  static let sceneArgument = SceneFile.sceneArgument

  /// `--language`.
  static let languageOption = OptionSpec(
    "language", help: "The command language; default: the scene's, if a grammar exists for it, else en-US.",
    choices: ["en-US", "zh-CN"])

  /// `--grammar`.
  static let grammarOption = OptionSpec(
    "grammar", valueName: "file", help: "A grammar file to use instead of Grammars/<language>.json.")

  /// `--format` of the commands that print a transcript (`run`, `listen`).
  static let transcriptFormatOption = OptionSpec(
    "format", help: "The transcript format: text, or JSON Lines (one object per utterance).",
    choices: ["text", "json"], defaultValue: "text")

  /// `--say`, repeatable.
  static func sayOption(_ help: String) -> OptionSpec {
    OptionSpec("say", valueName: "utterance", help: help, isRepeatable: true)
  }

  /// Loads the scene and its grammar and starts a voice session.
  ///
  /// A file that can't be read throws its ``SceneError`` (66 for a missing file, 65 for a
  /// malformed one), and a missing Grammars directory a ``CommandFailure`` (66).
  ///
  /// The grammar is `--grammar`, else `--language`'s, else `fixedLanguage`'s when given, else
  /// the scene's language when a grammar for it exists, else en-US.
  static func session(
    _ arguments: ParsedArguments, importer: SceneImporter, fixedLanguage: String? = nil
  ) throws -> VoiceSession {
    let scene = try SceneFile.load(arguments.positional("scene") ?? "", importer: importer)
    let grammarPath: String
    if let explicit = arguments.value("grammar") {
      grammarPath = explicit
    } else {
      guard let directory = GrammarLoader.defaultDirectory() else {
        throw CommandFailure("error: no Grammars directory found; set AXVOICE_GRAMMARS or pass --grammar", status: .noInput)
      }
      var language = arguments.value("language") ?? fixedLanguage ?? "en-US"
      if arguments.value("language") == nil && fixedLanguage == nil {
        let sceneLanguage = GrammarLoader.path(language: scene.language, in: directory)
        if FileManager.default.fileExists(atPath: sceneLanguage) { language = scene.language }
      }
      grammarPath = GrammarLoader.path(language: language, in: directory)
    }
    return VoiceSession(scene: scene, vocabulary: try GrammarLoader().load(path: grammarPath))
  }
}
