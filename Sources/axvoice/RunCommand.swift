import AXModel
import CommandLineSupport
import Foundation
import VoiceControl

/// `axvoice run`: say utterances to a scene and print what each did.
struct RunCommand: VoiceSubcommand {
  static let spec = CommandSpec(
    "run", abstract: "Say utterances to a scene and print what each one did.",
    discussion: """
      Utterances come from --say (repeatable), from --script (one a line; blank lines and \
      lines starting with '#' are skipped) or from standard input, one a line. The exit status \
      is 0 when every utterance did something (an action ran, an overlay changed or a chooser \
      opened), 1 otherwise.
      """,
    arguments: [VoiceCommandLine.sceneArgument],
    options: [
      VoiceCommandLine.sayOption("An utterance, such as \"tap add to cart\"."),
      OptionSpec("script", valueName: "file", help: "A file of utterances, one a line."),
      VoiceCommandLine.transcriptFormatOption,
      VoiceCommandLine.languageOption,
      VoiceCommandLine.grammarOption,
    ] + SceneFile.inputOptions)

  /// Where the utterances come from: `--say` or `--script`; neither is standard input.
  enum Source {
    case say, script
  }

  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    let source = try arguments.exclusiveChoice(among: [("say", Source.say), ("script", .script)])
    var session = try VoiceCommandLine.session(arguments, importer: try SceneFile.importer(arguments))
    let renderer = VoiceOutcomeRenderer()
    let isJSON = try arguments.outputFormat() == .json
    var allDidSomething = true
    func say(_ utterance: String) {
      let outcome = session.handle(utterance: utterance)
      allDidSomething = allDidSomething && outcome.didSomething
      output.write(isJSON ? renderer.json(outcome).rendered() + "\n" : renderer.text(outcome))
    }
    // Lines are said as they are read, so input streams, and a long line costs only its own
    // length: the session refuses to read more than a few dozen words.
    switch source {
    case .say?:
      arguments.values("say").forEach(say)
    case .script?:
      let script = arguments.value("script") ?? ""
      guard let data = FileManager.default.contents(atPath: script) else {
        throw CommandFailure("\(TerminalText.escaped(script)): error: no such script file", status: .noInput)
      }
      let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
      for line in lines where RunCommand.isUtterance(line) { say(String(line)) }
    case nil:
      while let line = readLine() {
        if RunCommand.isUtterance(line) { say(line) }
      }
    }
    // Not a failure thrown: the transcript already says which utterance did nothing.
    return allDidSomething ? .success : .failure
  }

  /// Whether a line of a script or of standard input is an utterance: not blank and not a
  /// comment. Only the leading whitespace is looked at, however long the line.
  static func isUtterance(_ line: some StringProtocol) -> Bool {
    guard let first = line.first(where: { !$0.isWhitespace }) else { return false }
    return first != "#"
  }
}
