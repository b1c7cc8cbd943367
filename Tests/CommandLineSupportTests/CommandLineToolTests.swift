import AXModel
import CommandLineSupport
import Testing

/// A tool shaped like `axswitch` that echoes what it parsed.
enum EchoTool: CommandLineTool {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "the scene could not be simulated" }
  }

  static let command: CommandSpec = {
    var spec = Fixtures.axswitch
    spec.version = "3.1.4"
    spec.epilogue = ExitStatus.helpSection(for: [.success, .usage])
    return spec
  }()

  static func execute(
    _ arguments: ParsedArguments,
    output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    let scene = arguments.positional("scene") ?? ""
    switch arguments.subcommand {
    case "scan":
      guard let loops = try arguments.int("loops"), loops >= 1 else {
        throw arguments.invalidValueError(for: "loops", reason: "must be at least 1")
      }
      print("scan \(scene) loops=\(loops) switches=\(arguments.values("switch"))", to: &output)
      return .success
    default:
      if scene == "missing.json" {
        throw CommandFailure(Diagnostic(path: scene, message: "no such file"), status: .noInput)
      }
      if scene == "quiet.json" {
        throw CommandFailure(nil, status: .failure)
      }
      if scene == "scene.json" || scene == "absent.json" {
        let code: SceneError.Code = scene == "absent.json" ? .fileNotFound : .missingKey
        throw SceneError(code, "missing key 'id'", path: scene, line: 3, column: 5, keyPath: "windows[0].root")
      }
      if scene == "broken.json" {
        throw Failure()
      }
      print("path \(scene) \(arguments.positional("id") ?? "")", to: &output)
      return .failure
    }
  }
}

@Suite("The command-line tool entry point")
struct CommandLineToolTests {
  /// The status and both streams of one run.
  struct Run: Equatable {
    var status: ExitStatus
    var output: String
    var errors: String
  }

  func run(_ words: [String]) -> Run {
    var output = ""
    var errors = ""
    let status = EchoTool.run(words, output: &output, errors: &errors)
    return Run(status: status, output: output, errors: errors)
  }

  @Test("A valid command line runs the tool and returns its status")
  func success() {
    let result = run(["scan", "shop.json", "--switch", "space=select", "--switch=tab=next"])
    #expect(
      result
        == Run(
          status: .success,
          output: "scan shop.json loops=4 switches=[\"space=select\", \"tab=next\"]\n",
          errors: ""))
  }

  @Test("The tool's own status is passed through")
  func toolStatus() {
    #expect(
      run(["path", "shop.json", "buy"])
        == Run(status: .failure, output: "path shop.json buy\n", errors: ""))
    #expect(
      run(["path", "missing.json", "buy"])
        == Run(status: .noInput, output: "", errors: "missing.json: error: no such file\n"))
  }

  @Test("Help goes to standard output with status 0")
  func help() throws {
    let expected = try #require(EchoTool.command.helpText(subcommandPath: ["path"]))
    #expect(run(["path", "--help"]) == Run(status: .success, output: expected + "\n", errors: ""))
    #expect(
      expected.hasSuffix(
        "EXIT STATUS:\n  0   Success.\n"
          + "  64  Usage error: an unknown option, or a missing or invalid value."
      ))
  }

  @Test("The version goes to standard output with status 0")
  func version() {
    #expect(run(["--version"]) == Run(status: .success, output: "3.1.4\n", errors: ""))
  }

  @Test("A parse error goes to standard error as three lines with status 64")
  func parseError() {
    let expected = """
      Error: Missing expected argument '<id>'
      Usage: axswitch path <scene> <id> [--action <action>]
        See 'axswitch path --help' for more information.

      """
    #expect(run(["path", "shop.json"]) == Run(status: .usage, output: "", errors: expected))
  }

  @Test("A usage error thrown by the tool is reported like a parse error")
  func toolUsageError() {
    let result = run(["scan", "shop.json", "--loops", "0"])
    #expect(result.status == .usage)
    #expect(result.output == "")
    #expect(
      result.errors.hasPrefix(
        "Error: The value '0' is invalid for '--loops <loops>': must be at least 1\n"
          + "Usage: axswitch scan <scene> [--keys <keys>]"))
    #expect(result.errors.hasSuffix("\n  See 'axswitch scan --help' for more information.\n"))
  }

  @Test("A conversion error from a typed getter is a usage error")
  func conversionError() {
    let result = run(["scan", "shop.json", "--loops", "many"])
    #expect(result.status == .usage)
    #expect(result.errors.hasPrefix("Error: The value 'many' is invalid for '--loops <loops>'\n"))
  }

  @Test(
    "A thrown failure or scene error is its line on standard error and its status",
    arguments: [
      ("quiet.json", ExitStatus.failure, ""),
      ("scene.json", .dataError, "scene.json:3:5: error: missing key 'id' at windows[0].root\n"),
      ("absent.json", .noInput, "absent.json:3:5: error: missing key 'id' at windows[0].root\n"),
    ])
  func thrownFailure(scene: String, status: ExitStatus, errors: String) {
    #expect(run(["path", scene, "buy"]) == Run(status: status, output: "", errors: errors))
  }

  @Test("Any other error thrown by the tool is a runtime failure")
  func otherError() {
    #expect(
      run(["path", "broken.json", "buy"])
        == Run(status: .failure, output: "", errors: "Error: the scene could not be simulated\n"))
  }
}
