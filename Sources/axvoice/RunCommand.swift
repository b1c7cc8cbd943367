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
      OptionSpec(
        "format", help: "The transcript format: text, or JSON Lines (one object per utterance).",
        choices: ["text", "json"], defaultValue: "text"),
      VoiceCommandLine.languageOption,
      VoiceCommandLine.grammarOption,
    ])

  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    _ = try arguments.exclusiveChoice(among: ["say", "script"])
    var session: VoiceSession
    do {
      session = try VoiceCommandLine.session(arguments, errors: &errors)
    } catch {
      return error.status
    }
    let utterances: [String]
    if arguments.isSpecified("say") {
      utterances = arguments.values("say")
    } else if let script = arguments.value("script") {
      guard let data = FileManager.default.contents(atPath: script) else {
        errors.write("\(script): error: no such script file\n")
        return .noInput
      }
      utterances = String(decoding: data, as: UTF8.self).split(
        omittingEmptySubsequences: false, whereSeparator: \.isNewline
      ).map(String.init).filter {
        let trimmed = $0.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && !trimmed.hasPrefix("#")
      }
    } else {
      var lines: [String] = []
      while let line = readLine() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty && !trimmed.hasPrefix("#") { lines.append(line) }
      }
      utterances = lines
    }
    let renderer = VoiceOutcomeRenderer()
    let isJSON = arguments.value("format") == "json"
    var allDidSomething = true
    for utterance in utterances {
      let outcome = session.handle(utterance: utterance)
      allDidSomething = allDidSomething && outcome.didSomething
      output.write(isJSON ? renderer.json(outcome).rendered() + "\n" : renderer.text(outcome))
    }
    return allDidSomething ? .success : .failure
  }
}
