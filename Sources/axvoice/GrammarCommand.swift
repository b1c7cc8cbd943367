import AXModel
import CommandLineSupport
import VoiceControl

/// `axvoice grammar`: print the JSGF grammar for a scene's current state.
struct GrammarCommand: VoiceSubcommand {
  static let spec = CommandSpec(
    "grammar", abstract: "Print the JSGF grammar the recognizer uses for a scene.",
    discussion: """
      The grammar covers every command with the names, numbers and custom actions on the \
      screen after the --say utterances. Names with nothing speakable are left out and listed \
      on standard error.
      """,
    arguments: [VoiceCommandLine.sceneArgument],
    options: [
      OptionSpec(
        "format", help: "The JSGF text, or its words one a line.", choices: ["jsgf", "words"],
        defaultValue: "jsgf"),
      VoiceCommandLine.sayOption("An utterance to say first."),
      VoiceCommandLine.languageOption,
      VoiceCommandLine.grammarOption,
    ] + SceneFile.inputOptions)

  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    var session: VoiceSession
    let importer = try SceneFile.importer(arguments)
    do {
      session = try VoiceCommandLine.session(arguments, importer: importer, errors: &errors)
    } catch {
      return error.status
    }
    for utterance in arguments.values("say") { _ = session.handle(utterance: utterance) }
    let grammar = session.grammar()
    if !grammar.unspeakable.isEmpty {
      errors.write("note: no speakable name, left out: \(grammar.unspeakable.joined(separator: ", "))\n")
    }
    if arguments.value("format") == "words" {
      output.write(grammar.words.joined(separator: "\n") + "\n")
    } else {
      output.write(grammar.text)
    }
    return .success
  }
}
