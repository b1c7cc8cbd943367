import AXModel
import CommandLineSupport
import VoiceControl

/// `axvoice overlay`: draw the names, numbers or grid overlay of a scene.
struct OverlayCommand: VoiceSubcommand {
  static let spec = CommandSpec(
    "overlay", abstract: "Draw the names, numbers or grid overlay of a scene.",
    discussion: "Utterances given with --say run first, so the overlay shows the state they leave.",
    arguments: [VoiceCommandLine.sceneArgument],
    options: [
      OptionSpec("columns", valueName: "n", help: "Grid columns (1-20).", defaultValue: "3"),
      OptionSpec("rows", valueName: "m", help: "Grid rows (1-20).", defaultValue: "3"),
      OptionSpec("format", help: "The output format.", choices: Format.allCases.map(\.rawValue), defaultValue: "text"),
      VoiceCommandLine.sayOption("An utterance to say before drawing."),
      VoiceCommandLine.languageOption,
      VoiceCommandLine.grammarOption,
    ] + SceneFile.inputOptions,
    flags: [
      FlagSpec("names", help: "Draw the names overlay."),
      FlagSpec("numbers", help: "Draw the numbers overlay."),
      FlagSpec("grid", help: "Draw the grid overlay."),
    ])

  /// The overlay drawn: which of `--names`, `--numbers` and `--grid` was given.
  enum Kind {
    case names, numbers, grid
  }

  /// What `--format` names.
  enum Format: String, CaseIterable {
    case text, svg, json
  }

  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    let format = try arguments.choice("format", as: Format.self) ?? .text
    // Required, so a value is always given; `.grid` only satisfies the type.
    let kind = try arguments.exclusiveChoice(
      among: [("names", Kind.names), ("numbers", .numbers), ("grid", .grid)], isRequired: true) ?? .grid
    let columns = try arguments.int("columns") ?? GridOverlay.defaultSize
    let rows = try arguments.int("rows") ?? GridOverlay.defaultSize
    let sizes = 1...GridOverlay.maximumSize
    if !sizes.contains(columns) {
      throw arguments.invalidValueError(for: "columns", reason: "expected 1 to \(GridOverlay.maximumSize)")
    }
    if !sizes.contains(rows) {
      throw arguments.invalidValueError(for: "rows", reason: "expected 1 to \(GridOverlay.maximumSize)")
    }
    if kind != .grid && (arguments.isSpecified("columns") || arguments.isSpecified("rows")) {
      throw arguments.usageError("'--columns' and '--rows' need '--grid'")
    }
    var session = try VoiceCommandLine.session(arguments, importer: try SceneFile.importer(arguments))
    for utterance in arguments.values("say") { _ = session.handle(utterance: utterance) }
    switch kind {
    case .names: session.showNames()
    case .numbers: session.showNumbers()
    case .grid: session.showGrid(columns: columns, rows: rows)
    }
    // An overlay was just shown, so there is a snapshot; without one the status is all there is.
    guard let snapshot = session.overlaySnapshot() else { throw CommandFailure(nil, status: .failure) }
    let renderer = OverlayRenderer()
    switch format {
    case .svg: output.write(renderer.svg(snapshot))
    case .json: output.write(renderer.json(snapshot).rendered(pretty: true) + "\n")
    case .text: output.write(renderer.text(snapshot))
    }
    return .success
  }
}
