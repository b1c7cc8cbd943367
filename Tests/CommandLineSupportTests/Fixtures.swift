import CommandLineSupport

/// Command declarations shaped like the package's three tools, shared by the
/// tests.
enum Fixtures {
  static let scene = ArgumentSpec("scene", help: "The scene file to load.")

  static let tree = CommandSpec(
    "tree", abstract: "Print the accessibility tree of a scene.",
    arguments: [scene],
    options: [
      OptionSpec(
        "format", shortName: "f", help: "The output format.", choices: ["text", "json"],
        defaultValue: "text")
    ])

  static let perform = CommandSpec(
    "do", abstract: "Perform an action on an element of a scene.",
    arguments: [
      scene,
      ArgumentSpec(
        "action", help: "The action to perform.",
        choices: ["activate", "increment", "decrement", "action", "escape"]),
      ArgumentSpec(
        "operands", help: "The action name and element identifier.", isOptional: true,
        isVariadic: true),
    ])

  static let axreach = CommandSpec(
    "axreach", abstract: "Inspect and drive the accessibility tree of a scene.",
    version: "1.2.0", subcommands: [tree, perform], epilogue: ExitStatus.helpSection)

  static let run = CommandSpec(
    "run", abstract: "Run spoken commands against a scene.",
    arguments: [scene],
    options: [
      OptionSpec("say", help: "An utterance to recognise.", isRepeatable: true),
      OptionSpec("script", valueName: "file", help: "A file with one utterance per line."),
      OptionSpec(
        "format", help: "The output format.", choices: ["text", "json"], defaultValue: "text"),
    ])

  static let overlay = CommandSpec(
    "overlay", abstract: "Show the names, numbers or grid overlay of a scene.",
    arguments: [scene],
    options: [
      OptionSpec("columns", help: "The number of grid columns.", defaultValue: "3"),
      OptionSpec(
        "format", help: "The output format.", choices: ["text", "svg", "json"],
        defaultValue: "text"),
    ],
    flags: [
      FlagSpec("names", help: "Label elements with their names."),
      FlagSpec("numbers", help: "Label elements with numbers."),
      FlagSpec("grid", help: "Overlay a numbered grid."),
    ])

  static let axvoice = CommandSpec(
    "axvoice", abstract: "Drive a scene by voice.", version: "0.9.0",
    subcommands: [run, overlay])

  static let scan = CommandSpec(
    "scan", abstract: "Scan a scene with switches.",
    arguments: [scene],
    options: [
      OptionSpec("keys", help: "The switch keys, comma-separated."),
      OptionSpec("keys-file", help: "A file that maps keys to switch actions."),
      OptionSpec(
        "mode", help: "What is scanned.", choices: ["item", "point"], defaultValue: "item"),
      OptionSpec(
        "interval", valueName: "seconds", help: "The auto-scanning interval.",
        defaultValue: "1.0"),
      OptionSpec("loops", help: "How many times to loop before stopping.", defaultValue: "4"),
      OptionSpec(
        "switch", valueName: "key=action", help: "Map a key to a switch action.",
        isRepeatable: true),
    ])

  static let path = CommandSpec(
    "path", abstract: "Show the switch presses that reach an element.",
    arguments: [scene, ArgumentSpec("id", help: "The element identifier.")],
    options: [OptionSpec("action", help: "The action to perform at the element.")])

  /// Declared without a version, so `--version` is an unknown option.
  static let axswitch = CommandSpec(
    "axswitch", abstract: "Drive a scene with switches.", subcommands: [scan, path])
}
