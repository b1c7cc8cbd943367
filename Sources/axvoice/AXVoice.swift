import AXModel
import CommandLineSupport

/// A subcommand of `axvoice`: its declaration and the code that runs it.
///
/// Adding a subcommand is one type conforming to this protocol, in its own file, plus one
/// entry in ``AXVoice/subcommands``.
protocol VoiceSubcommand {
  /// The subcommand's declaration.
  static var spec: CommandSpec { get }

  /// Runs the subcommand with parsed arguments.
  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus
}

/// `axvoice`: drive a scene the way a Voice Control user does.
enum AXVoice: CommandLineTool {
  /// The subcommands, in the order help lists them.
  static var subcommands: [any VoiceSubcommand.Type] {
    [
      RunCommand.self,
      OverlayCommand.self,
      GrammarCommand.self,
      ListenCommand.self,
    ]
  }

  static var command: CommandSpec {
    CommandSpec(
      "axvoice", abstract: "Drive an accessible scene the way a Voice Control user does.",
      discussion: """
        Utterances are typed text read with the command grammar in Grammars/<language>.json \
        (the scene's language when a grammar exists for it, else en-US).
        """,
      version: AXInputVersion.current, subcommands: subcommands.map { $0.spec },
      epilogue: ExitStatus.helpSection(
        for: ExitStatus.allCases,
        summaries: [
          .failure: "Runtime failure: an utterance was not understood, named nothing or was refused."
        ]))
  }

  static func execute(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    guard let name = arguments.subcommand,
      let subcommand = subcommands.first(where: { $0.spec.name == name })
    else {
      throw arguments.usageError("Missing subcommand; expected one of: \(subcommands.map { $0.spec.name }.joined(separator: ", "))")
    }
    return try subcommand.run(arguments, output: &output, errors: &errors)
  }
}
