import AXModel
import CommandLineSupport
import Foundation
import SwitchControl

/// `axswitch`: drive a scene with Switch Control, interactively or from a key script, and find
/// the cheapest switch path to an element.
enum AXSwitch: CommandLineTool {
  static let scene = SceneFile.sceneArgument
  static let format = OutputFormat.option(help: "Output format (json: JSON Lines for scan).")

  static let command = CommandSpec(
    "axswitch", abstract: "Scan a scene with Switch Control.",
    version: AXInputVersion.current,
    subcommands: [
      CommandSpec(
        "scan", abstract: "Scan a scene: interactively on a terminal, or from a key script.",
        discussion: """
          Without --keys or --keys-file, runs on the terminal: keys are switches (Space select, \
          Enter next, Backspace previous, Esc escape, Tab hold; q quits; remap with --switch \
          KEY=ACTION). With a script, prints a transcript of every input.
          Key tokens: select, next, previous, escape, hold, wait (one scan interval), \
          wait:SECONDS (0 to 86400), separated by commas or spaces; an empty or unknown token is \
          an error (--keys: exit 64; --keys-file: a located line, exit 65).
          """,
        arguments: [scene],
        options: [
          OptionSpec("keys", help: "Key tokens separated by commas or spaces."),
          OptionSpec("keys-file", valueName: "path", help: "A file of key tokens ('#' comments)."),
          OptionSpec(
            "switch", valueName: "key=action", help: "Map a key (space, enter, backspace, esc, tab or a character) to an action.",
            isRepeatable: true),
          format,
        ] + SwitchOptions.specs + SceneFile.inputOptions,
        flags: SwitchOptions.flags),
      CommandSpec(
        "path", abstract: "Print the cheapest switch presses that reach an element and act on it.",
        discussion: """
          The action is activate (default), increment, decrement, gesture:KIND or a custom action's \
          name. Replaying the keys with 'axswitch scan --keys' with the same options performs it. \
          Exits 1 when the element can't be reached, with the reason. With --type, the element is a \
          text field: the keys tap it, delete what it holds and type the text on the on-screen keyboard.
          """,
        arguments: [scene, ArgumentSpec("id", help: "The element's id.")],
        options: [
          OptionSpec("action", valueName: "name", help: "The action to perform.", defaultValue: "activate"),
          OptionSpec("type", valueName: "text", help: "Type this text into the text field instead."), format,
        ]
          + SwitchOptions.specs + SceneFile.inputOptions,
        flags: SwitchOptions.flags),
      CommandSpec(
        "costs", abstract: "Print the presses and seconds to activate every scan stop.",
        arguments: [scene], options: [format] + SwitchOptions.specs + SceneFile.inputOptions, flags: SwitchOptions.flags),
    ],
    epilogue: ExitStatus.helpSection(
      for: ExitStatus.allCases,
      summaries: [
        .failure: "Runtime failure: an element (for costs, any stop) is unreachable.",
        .usage: "Usage error: a bad or out-of-range option value, or a bad --keys.",
        .dataError: "Data error: the scene or the --keys-file is malformed.",
      ]))

  static func execute(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    let settings = try SwitchOptions.settings(arguments)
    if arguments.subcommand == "path", arguments.isSpecified("type"), arguments.isSpecified("action") {
      throw arguments.usageError("'--type' types into a text field; it takes no '--action'")
    }
    let json = try arguments.outputFormat() == .json
    let scene = try SceneFile.load(arguments.positional("scene") ?? "", importer: try SceneFile.importer(arguments))
    let session = SceneSession(scene: scene)
    switch arguments.subcommand {
    case "path":
      return findPath(arguments, session: session, settings: settings, json: json, output: &output, errors: &errors)
    case "costs":
      return printCosts(session: session, settings: settings, json: json, output: &output)
    default:
      return try scan(arguments, session: session, settings: settings, json: json, output: &output, errors: &errors)
    }
  }

  static func scan(
    _ arguments: ParsedArguments, session: SceneSession, settings: SwitchSettings, json: Bool,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    // Bindings are checked in scripted mode too, so a bad --switch never passes silently.
    let bindings = try KeyBindings(arguments.values("switch"), arguments: arguments)
    let keys = arguments.value("keys")
    let file = arguments.value("keys-file")
    guard keys != nil || file != nil else {
      var interactive = InteractiveScan(session: session, settings: settings, bindings: bindings)
      return interactive.run(errors: &errors)
    }
    var inputs: [SwitchInput] = []
    if let keys {
      do {
        inputs = try KeyScript.parse(keys)
      } catch {
        throw arguments.invalidValueError(for: "keys", reason: error.description)
      }
    }
    if let file {
      // A key script is typed by people: 16 MiB is millions of keys, and a bound keeps a
      // wrong file (a video, a device) from being read whole.
      let limit = 16 << 20
      if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int,
        size > limit
      {
        throw CommandFailure(
          Diagnostic(
            path: file, line: 1, column: 1,
            message: "key file is \(size) bytes, larger than the limit of \(limit) bytes"),
          status: .dataError)
      }
      // Read as bytes: text that is not UTF-8 is bad data at a line (65), not a missing file.
      guard let data = FileManager.default.contents(atPath: file) else {
        throw CommandFailure("\(TerminalText.escaped(file)): error: no such file or not readable", status: .noInput)
      }
      do {
        inputs += try KeyScript.parse(bytes: [UInt8](data))
      } catch {
        throw CommandFailure(
          Diagnostic(path: file, line: error.line, column: error.column, message: error.message),
          status: .dataError)
      }
    }
    var scanner = SwitchScanner(session: session, settings: settings)
    let start = scanner
    let steps = scanner.run(inputs)
    let renderer = TranscriptRenderer()
    output.write(json ? renderer.jsonLines(steps) : renderer.text(steps, scanner: start))
    return .success
  }

  static func findPath(
    _ arguments: ParsedArguments, session: SceneSession, settings: SwitchSettings, json: Bool,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> ExitStatus {
    let id = arguments.positional("id") ?? ""
    if let text = arguments.value("type") {
      return typingPath(text, into: id, session: session, settings: settings, json: json, output: &output, errors: &errors)
    }
    let name = arguments.value("action") ?? "activate"
    guard let goal = SwitchGoal(actionName: name, element: session.tree.element(id: id)) else {
      errors.write("error: '\(TerminalText.escaped(id))' has no action '\(TerminalText.escaped(name))'\n")
      return .failure
    }
    switch SwitchPathFinder(settings: settings).path(to: id, goal: goal, in: session) {
    case .failure(let failure):
      errors.write("error: '\(TerminalText.escaped(failure.id))' is unreachable: \(TerminalText.escaped(failure.reason))\n")
      return .failure
    case .success(let path):
      if json {
        output.write(TranscriptRenderer().json(path, target: id, goal: goal).rendered() + "\n")
      } else {
        output.write("keys: \(KeyScript.text(path.keys))\n")
        output.write("presses: \(path.presses)\n")
        output.write("seconds: \(SwitchClock.seconds(path.milliseconds))\n")
      }
      return .success
    }
  }

  static func printCosts(
    session: SceneSession, settings: SwitchSettings, json: Bool, output: inout some TextOutputStream
  ) -> ExitStatus {
    let report = CostReport(session: session, settings: settings)
    // Written as it is rendered: the whole table at once is megabytes for a large screen.
    if json {
      report.write(jsonTo: &output)
      output.write("\n")
    } else {
      report.write(textTo: &output)
    }
    return report.rows.allSatisfy(\.isReachable) ? .success : .failure
  }
}
