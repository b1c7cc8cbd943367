import AXModel
import CommandLineSupport

/// `axreach convert`: write a dump (or a scene) in the scene format, so a team can add names,
/// behaviour and tasks by hand.
enum ConvertCommand {
  static let spec = CommandSpec(
    "convert", abstract: "Write an accessibility dump as a scene file (axscene/1).",
    discussion: """
      Reads any format the tools take (see --from) and writes the scene it becomes: the same \
      tree every command derives from the dump. Add userInputLabels, 'on' handlers, screens and \
      tasks to the result by hand; the dump's place of every view is lost.
      """,
    arguments: [SceneFile.sceneArgument],
    options: [
      OptionSpec("output", shortName: "o", valueName: "file", help: "Write the scene to a file instead of standard output.")
    ] + SceneFile.inputOptions)

  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    let scene = try SceneFile.load(arguments.positional("scene") ?? "", importer: try SceneFile.importer(arguments))
    let text = SceneEncoder().text(scene)
    if let file = arguments.value("output") {
      try OutputFile.write(text, to: file)
    } else {
      output.write(text)
    }
    return .success
  }
}
