import AXTestSupport
import Foundation
import Testing

/// End-to-end checks of the built `axvoice` executable.
@Suite struct VoiceCLITests {
  struct Case: CustomTestStringConvertible, Sendable {
    var id: String
    var arguments: [String]
    var input: String? = nil
    var status: Int32
    var stdoutContains: String? = nil
    var stderrContains: String? = nil
    var testDescription: String { id }
  }

  static let cases: [Case] = [
    Case(id: "help", arguments: ["--help"], status: 0, stdoutContains: "SUBCOMMANDS:"),
    Case(id: "version", arguments: ["--version"], status: 0, stdoutContains: "."),
    Case(id: "run help", arguments: ["run", "--help"], status: 0, stdoutContains: "--script <file>"),
    Case(
      id: "every utterance did something",
      arguments: ["run", "Scenes/coffee-dispenser.json", "--say", "increment coffee dispenser", "--say", "tap brew"],
      status: 0, stdoutContains: "announce: \"Brewing 1 ounces\""),
    Case(
      id: "an utterance not understood fails",
      arguments: ["run", "Scenes/coffee-dispenser.json", "--say", "tap brew", "--say", "make me a sandwich"],
      status: 1, stdoutContains: "notUnderstood"),
    Case(
      id: "stdin, one utterance a line", arguments: ["run", "Scenes/close-button.json"],
      input: "显示编号\n\n轻点 1\n", status: 0, stdoutContains: "(close, number)"),
    Case(
      id: "script file", arguments: ["run", "Scenes/mail-list.json", "--script", "Tests/CLITests/Golden/voice-mail.script"],
      status: 0, stdoutContains: "disappeared: mail-2"),
    Case(
      id: "missing script", arguments: ["run", "Scenes/mail-list.json", "--script", "nope.txt"],
      status: 66, stderrContains: "nope.txt: error: no such script file"),
    Case(id: "missing scene", arguments: ["run", "Scenes/nope.json", "--say", "tap"], status: 66, stderrContains: "Scenes/nope.json: error: no such file"),
    Case(id: "bad scene", arguments: ["overlay", "Package.swift", "--numbers"], status: 65, stderrContains: "Package.swift:1:1: error:"),
    Case(
      id: "bad grammar", arguments: ["grammar", "Scenes/mail-list.json", "--grammar", "Scenes/mail-list.json"],
      status: 65, stderrContains: "Scenes/mail-list.json:2:13: error: unsupported format 'axscene/1' at format; expected 'axgrammar/1'"),
    Case(id: "unknown option", arguments: ["run", "Scenes/mail-list.json", "--sya", "x"], status: 64, stderrContains: "Unknown option '--sya'"),
    Case(id: "no overlay kind", arguments: ["overlay", "Scenes/mail-list.json"], status: 64, stderrContains: "Missing one of"),
    Case(
      id: "two overlay kinds", arguments: ["overlay", "Scenes/mail-list.json", "--names", "--grid"], status: 64,
      stderrContains: "cannot be used together"),
    Case(
      id: "columns without grid", arguments: ["overlay", "Scenes/mail-list.json", "--names", "--columns", "4"],
      status: 64, stderrContains: "'--columns' and '--rows' need '--grid'"),
    Case(
      id: "grid size out of range", arguments: ["overlay", "Scenes/mail-list.json", "--grid", "--columns", "50"],
      status: 64, stderrContains: "'--columns <n>'"),
    Case(
      id: "grid overlay", arguments: ["overlay", "Scenes/mail-list.json", "--grid", "--columns", "4", "--rows", "2"],
      status: 0, stdoutContains: "grid: 4 x 2, level 1 of 5"),
    Case(
      id: "grammar words", arguments: ["grammar", "Scenes/coffee-dispenser.json", "--format", "words"], status: 0,
      stdoutContains: "dispenser"),
    Case(
      id: "zh grammar for a zh scene", arguments: ["grammar", "Scenes/close-button.json"], status: 0,
      stdoutContains: "#JSGF V1.0 UTF-8 zh-CN;"),
  ]

  @Test(arguments: cases)
  func axvoice(_ testCase: Case) throws {
    let result = try runExecutable("axvoice", testCase.arguments, input: testCase.input)
    #expect(result.status == testCase.status, "stderr: \(result.standardError)")
    if let text = testCase.stdoutContains { #expect(result.standardOutput.contains(text), "\(result.standardOutput)") }
    if let text = testCase.stderrContains { #expect(result.standardError.contains(text), "\(result.standardError)") }
  }

  @Test("the JSON Lines transcript matches its golden file")
  func runTranscriptJSON() throws {
    let result = try runExecutable(
      "axvoice",
      ["run", "Scenes/duplicate-names.json", "--format", "json", "--say", "tap delete", "--say", "2",
       "--say", "show numbers", "--say", "tap 1"])
    #expect(result.status == 0)
    expectGolden(result.standardOutput, named: "axvoice-run-duplicate-names.jsonl")
  }

  @Test("the text transcript of a script matches its golden file")
  func runTranscriptText() throws {
    let result = try runExecutable(
      "axvoice", ["run", "Scenes/mail-list.json", "--script", "Tests/CLITests/Golden/voice-mail.script"])
    expectGolden(result.standardOutput, named: "axvoice-run-mail-list.txt")
  }

  @Test("the SVG overlay matches the README image")
  func svgOverlay() throws {
    let result = try runExecutable("axvoice", ["overlay", "Scenes/product-page.json", "--numbers", "--format", "svg"])
    #expect(result.status == 0)
    let image = try String(contentsOfFile: packagePath("docs/images/product-page-numbers.svg"), encoding: .utf8)
    #expect(result.standardOutput == image)
  }

  @Test(
    "a very long line is refused on its own and the next line still runs",
    arguments: ["stdin", "script"])
  func longLine(_ source: String) throws {
    let words = 100_000
    let long = (["tap"] + Array(repeating: "brew", count: words - 1)).joined(separator: " ")
    let input = "# a comment\n\(long)\n   \ntap brew\n"
    var arguments = ["run", "Scenes/coffee-dispenser.json"]
    var stdin: String? = input
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("axvoice-\(UUID().uuidString).script")
    defer { try? FileManager.default.removeItem(at: script) }
    if source == "script" {
      try input.write(to: script, atomically: true, encoding: .utf8)
      arguments += ["--script", script.path]
      stdin = nil
    }
    let result = try runExecutable("axvoice", arguments, input: stdin, timeout: 60)
    #expect(result.status == 1, "stderr: \(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    // The empty cup makes Brew's handler return false: the next line ran, and failed.
    #expect(lines.count == 5, "\(lines.map { $0.prefix(80) })")
    #expect(lines.first.map { $0 == "> \(long)" } == true)
    #expect(lines.dropFirst().first == "  notUnderstood: utterance too long (\(words) words, at most 48)")
    #expect(lines.dropFirst(2).first == "> tap brew")
    #expect(lines.dropFirst(3).first?.hasPrefix("  failed [tap]:") == true)
  }
}
