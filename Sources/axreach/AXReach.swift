import AXModel
import CommandLineSupport

/// `axreach`: inspect a scene's accessibility tree, run actions on it, check its tasks.
enum AXReach: CommandLineTool {
  static let scene = SceneFile.sceneArgument
  static let format = OutputFormat.option()

  static let command = CommandSpec(
    "axreach", abstract: "Inspect and drive a scene's accessibility tree.",
    version: AXInputVersion.current,
    subcommands: [
      CommandSpec(
        "tree", abstract: "Print the accessibility tree in traversal order.",
        discussion: "Lists every element as Accessibility Inspector shows it: label, value, traits, frame and id.",
        arguments: [scene], options: [format] + SceneFile.inputOptions),
      CommandSpec(
        "do", abstract: "Perform accessibility actions and print what each changed.",
        discussion: """
          Actions: activate ID, increment ID, decrement ID, action NAME ID (a custom action), \
          gesture KIND ID (a gesture-only interaction), scroll DIRECTION ID (a page of a scroll \
          view: up, down, left, right), enter TEXT ID (fill a text field), escape, magicTap. Chain several with \
          'then': axreach do SCENE activate open then escape.
          Exits 1 when an action is refused (a disabled element, no such action); the actions \
          after it still run.
          """,
        arguments: [
          scene,
          ArgumentSpec(
            "action", help: "The action to perform.",
            choices: actionNames),
          ArgumentSpec(
            "operands", help: "The action's name or kind, then the element id; 'then' starts the next action.",
            isOptional: true, isVariadic: true),
        ],
        options: [format] + SceneFile.inputOptions,
        flags: [FlagSpec("tree", help: "Print the accessibility tree after the last action.")]),
      CommandSpec(
        "tasks", abstract: "Check that every task of the scene is completable by direct actions.",
        discussion: "Prints the shortest plan of direct accessibility actions for each task; exits 1 if a task has none.",
        arguments: [scene], options: [format] + SceneFile.inputOptions),
      ReportCommand.spec,
      ConvertCommand.spec,
    ],
    epilogue: ExitStatus.helpSection)

  static func execute(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    if arguments.subcommand == "report" {
      return try ReportCommand.run(arguments, output: &output, errors: &errors)
    }
    if arguments.subcommand == "convert" {
      return try ConvertCommand.run(arguments, output: &output, errors: &errors)
    }
    let json = try arguments.outputFormat() == .json
    let scene = try SceneFile.load(arguments.positional("scene") ?? "", importer: try SceneFile.importer(arguments))
    switch arguments.subcommand {
    case "tree":
      let session = SceneSession(scene: scene)
      let renderer = TreeRenderer()
      // Streamed: a large tree's output is never held whole, nor copied to add the newline.
      if json {
        renderer.writeJSON(session.tree, scene: scene, state: session.state, to: &output)
      } else {
        renderer.writeText(session.tree, scene: scene, state: session.state, to: &output)
      }
      // The process ends once the tree is printed: freeing a large scene and tree view by view
      // would take a twentieth of the run to hand back memory that exit hands back at once.
      if session.tree.elements.count >= 10_000 {
        _ = Unmanaged.passRetained(KeptUntilExit(scene: scene, session: session))
      }
      return .success
    case "do":
      var words = [arguments.positional("action") ?? ""] + arguments.positionals("operands")
      if words.last == "then" { throw arguments.usageError("Missing action after 'then'") }
      var steps: [(SceneAction, String?)] = []
      while !words.isEmpty {
        let end = words.firstIndex(of: "then") ?? words.endIndex
        steps.append(try parseAction(Array(words[..<end]), arguments))
        words = end < words.endIndex ? Array(words[(end + 1)...]) : []
      }
      var session = SceneSession(scene: scene)
      let renderer = ActionResultRenderer()
      var results: [JSONOutput] = []
      var allDone = true
      for (action, target) in steps {
        let result = session.perform(action, on: target)
        allDone = allDone && result.isDone
        if json { results.append(renderer.json(result)) } else { output.write(renderer.text(result)) }
      }
      if json {
        var document: [String: JSONOutput] = ["results": .array(results)]
        if arguments.flag("tree") {
          document["tree"] = TreeRenderer().json(session.tree, scene: scene, state: session.state)
        }
        output.write(JSONOutput.object(document).rendered(pretty: true) + "\n")
      } else if arguments.flag("tree") {
        TreeRenderer().writeText(session.tree, scene: scene, state: session.state, to: &output)
      }
      return allDone ? .success : .failure
    default:
      let report = TaskReport(scene: scene)
      output.write(json ? report.json().rendered(pretty: true) + "\n" : report.text())
      return report.isComplete ? .success : .failure
    }
  }

  /// The actions `do` takes, in help order.
  static let actionNames = [
    "activate", "increment", "decrement", "action", "gesture", "scroll", "enter", "escape", "magicTap",
  ]

  /// Turns `activate ID`, `action NAME ID`, `gesture KIND ID`, `escape` ... into an action.
  static func parseAction(_ words: [String], _ arguments: ParsedArguments) throws -> (
    SceneAction, String?
  ) {
    guard let name = words.first else { throw arguments.usageError("Missing action after 'then'") }
    let operands = Array(words.dropFirst())
    guard actionNames.contains(name) else {
      throw arguments.usageError(
        "Unknown action '\(name)'. Expected one of: \(actionNames.joined(separator: ", "))")
    }
    func expect(_ count: Int, _ shape: String) throws {
      guard operands.count == count else {
        throw arguments.usageError(
          "'\(name)' takes \(shape), got \(operands.count) argument\(operands.count == 1 ? "" : "s")")
      }
    }
    switch name {
    case "activate", "increment", "decrement":
      try expect(1, "an element id")
      let action: SceneAction = name == "activate" ? .activate : name == "increment" ? .increment : .decrement
      return (action, operands[0])
    case "action":
      try expect(2, "an action name and an element id")
      return (.custom(operands[0]), operands[1])
    case "scroll":
      try expect(2, "a direction and a scroll view's id")
      guard let direction = ScrollDirection(rawValue: operands[0]) else {
        throw arguments.usageError(
          "Unknown direction '\(operands[0])'. Expected one of: \(ScrollDirection.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return (.scroll(direction, toEdge: false), operands[1])
    case "enter":
      try expect(2, "a text and a text field's id")
      return (.edit(.replace(operands[0])), operands[1])
    case "gesture":
      try expect(2, "a gesture kind and an element id")
      guard let kind = GestureKind(rawValue: operands[0]) else {
        throw arguments.usageError(
          "Unknown gesture '\(operands[0])'. Expected one of: \(GestureKind.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return (.gesture(kind), operands[1])
    default:
      if operands.count > 1 { try expect(1, "at most an element id") }
      return (name == "escape" ? .escape : .magicTap, operands.first)
    }
  }
}

/// A scene and session left allocated until the process exits; see the `tree` command.
private final class KeptUntilExit {
  let scene: Scene
  let session: SceneSession

  init(scene: Scene, session: SceneSession) {
    self.scene = scene
    self.session = session
  }
}
