import AXModel
import CommandLineSupport
import SpeechRecognition
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
        "format",
        help: "The JSGF text; its words one a line; or, for a bare PocketSphinx decoder, the JSGF "
          + "as the recognizer compiles it (compiled), the words it adds to the dictionary "
          + "(dictionary) or its decoder options (options).",
        choices: GrammarFormat.allCases.map(\.rawValue), defaultValue: GrammarFormat.jsgf.rawValue),
      VoiceCommandLine.sayOption("An utterance to say first."),
      VoiceCommandLine.languageOption,
      VoiceCommandLine.grammarOption,
    ] + SceneFile.inputOptions)

  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    var session = try VoiceCommandLine.session(arguments, importer: try SceneFile.importer(arguments))
    for utterance in arguments.values("say") { _ = session.handle(utterance: utterance) }
    let grammar = session.grammar()
    if !grammar.unspeakable.isEmpty {
      let ids = grammar.unspeakable.map(TerminalText.escaped).joined(separator: ", ")
      errors.write("note: no speakable name, left out: \(ids)\n")
    }
    let format = try arguments.choice("format", as: GrammarFormat.self) ?? .jsgf
    switch format {
    case .jsgf: output.write(grammar.text)
    case .words: output.write(grammar.words.joined(separator: "\n") + "\n")
    case .compiled, .dictionary, .options:
      try compile(grammar.text, format: format, output: &output)
    }
    return .success
  }

  /// Prints the grammar as the recognizer of `axvoice listen` compiles it, the words it adds,
  /// or its options: what `pocketsphinx_continuous -jsgf` or a C program needs to decode the
  /// same way (Benchmarks/listen does).
  ///
  /// - Throws: A ``CommandFailure``: 66 without an installed model, 1 when the decoder fails.
  private static func compile(
    _ jsgf: String, format: GrammarFormat, output: inout some TextOutputStream
  ) throws(CommandFailure) {
    let configuration: RecognizerConfiguration
    let recognizer: SpeechRecognizer
    let report: GrammarReport
    do {
      configuration = try RecognizerConfiguration.installed()
    } catch {
      throw CommandFailure("error: \(TerminalText.escapingHazards("\(error)"))", status: .noInput)
    }
    do {
      recognizer = try SpeechRecognizer(configuration: configuration)
      report = try recognizer.loadGrammar(jsgf: jsgf, name: "axvoice")
    } catch {
      throw CommandFailure("error: \(TerminalText.escapingHazards(error.description))", status: .failure)
    }
    switch format {
    case .compiled:
      output.write(report.compiledJSGF)
    case .dictionary:
      for word in recognizer.addedPronunciations {
        output.write("\(word.word) \(word.phones.joined(separator: " "))\n")
      }
    case .jsgf, .words:
      break  // printed by run(_:output:errors:) without a recognizer
    case .options:
      let options = configuration.arguments
      for index in stride(from: 0, to: options.count - 1, by: 2) {
        output.write("\(options[index]) \(options[index + 1])\n")
      }
    }
  }
}

/// What `axvoice grammar` prints.
enum GrammarFormat: String, CaseIterable {
  /// The grammar of the voice session.
  case jsgf
  /// Its words, one a line.
  case words
  /// The JSGF given to PocketSphinx: unpronounceable words replaced, the rejection path added.
  case compiled
  /// The words added to the dictionary, one `word PHONE PHONE` a line.
  case dictionary
  /// The decoder's command-line options, one `-name value` a line.
  case options
}
