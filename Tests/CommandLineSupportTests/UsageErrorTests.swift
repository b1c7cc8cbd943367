import CommandLineSupport
import Testing

@Suite("Usage errors")
struct UsageErrorTests {
  /// One malformed command line and the error it must produce.
  struct Case: Sendable, CustomTestStringConvertible {
    var spec: CommandSpec
    var words: [String]
    var message: String
    var commandPath: [String]

    var testDescription: String {
      ([spec.name] + words).joined(separator: " ")
    }
  }

  static let cases: [Case] = [
    Case(
      spec: Fixtures.axreach, words: ["tree", "s", "--x"],
      message: "Unknown option '--x'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "s", "--x=1"],
      message: "Unknown option '--x'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "s", "-x"],
      message: "Unknown option '-x'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "s", "--formt", "json"],
      message: "Unknown option '--formt'. Did you mean '--format'?",
      commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "s", "--fromat=json"],
      message: "Unknown option '--fromat'. Did you mean '--format'?",
      commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axvoice, words: ["overlay", "s", "--number"],
      message: "Unknown option '--number'. Did you mean '--numbers'?",
      commandPath: ["axvoice", "overlay"]),
    Case(
      spec: Fixtures.axreach, words: ["--format", "json", "tree", "s"],
      message: "Unknown option '--format'", commandPath: ["axreach"]),
    Case(
      spec: Fixtures.axswitch, words: ["--version"],
      message: "Unknown option '--version'", commandPath: ["axswitch"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "s", "--format"],
      message: "Missing value for '--format <format>'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "s", "-f"],
      message: "Missing value for '--format <format>'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "--format", "--", "s"],
      message: "Missing value for '--format <format>'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axvoice, words: ["run", "s", "--say", "--format", "json"],
      message: "Missing value for '--say <say>'", commandPath: ["axvoice", "run"]),
    Case(
      spec: Fixtures.axreach, words: ["tree"],
      message: "Missing expected argument '<scene>'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["do", "s"],
      message: "Missing expected argument '<action>'", commandPath: ["axreach", "do"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "a", "b"],
      message: "Unexpected argument 'b'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "a", "b", "baz"],
      message: "2 unexpected arguments: 'b', 'baz'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "a", "--", "-b"],
      message: "Unexpected argument '-b'", commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "a", "--format", "xml"],
      message: "The value 'xml' is invalid for '--format <format>'. Expected one of: text, json",
      commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["tree", "a", "--format="],
      message: "The value '' is invalid for '--format <format>'. Expected one of: text, json",
      commandPath: ["axreach", "tree"]),
    Case(
      spec: Fixtures.axreach, words: ["do", "s", "jump"],
      message:
        "The value 'jump' is invalid for '<action>'. "
        + "Expected one of: activate, increment, decrement, action, escape",
      commandPath: ["axreach", "do"]),
    Case(
      spec: Fixtures.axreach, words: ["foo"],
      message: "Unknown subcommand 'foo'", commandPath: ["axreach"]),
    Case(
      spec: Fixtures.axreach, words: ["tre", "s"],
      message: "Unknown subcommand 'tre'. Did you mean 'tree'?", commandPath: ["axreach"]),
    Case(
      spec: Fixtures.axswitch, words: ["sacn"],
      message: "Unknown subcommand 'sacn'. Did you mean 'scan'?", commandPath: ["axswitch"]),
    Case(
      spec: Fixtures.axreach, words: [],
      message: "Missing subcommand. Expected one of: tree, do", commandPath: ["axreach"]),
    Case(
      spec: Fixtures.axvoice, words: ["overlay", "s", "--names=x"],
      message: "The option '--names' does not take any value, but 'x' was specified.",
      commandPath: ["axvoice", "overlay"]),
  ]

  @Test("Malformed command lines produce argument-parser's messages", arguments: cases)
  func message(testCase: Case) throws {
    let error = try #require(usageError(testCase.spec, testCase.words))
    #expect(error.message == testCase.message)
    #expect(error.commandPath == testCase.commandPath)
    #expect(error.description == testCase.message)
  }

  @Test("A required option that is absent is a missing argument")
  func requiredOption() throws {
    let spec = CommandSpec(
      "speak", abstract: "Speak.",
      options: [OptionSpec("voice", help: "The voice.", isRequired: true)])
    #expect(usageError(spec, [])?.message == "Missing expected argument '--voice <voice>'")
    #expect(try parsed(spec, ["--voice", "ava"]).value("voice") == "ava")
  }

  @Test("An error renders as the message, the usage line and a pointer to help")
  func rendering() throws {
    let error = try #require(usageError(Fixtures.axreach, ["tree"]))
    #expect(
      error.rendered == """
        Error: Missing expected argument '<scene>'
        Usage: axreach tree <scene> [--format <format>]
          See 'axreach tree --help' for more information.
        """)
  }

  @Test("An error before a subcommand is chosen shows the tool's usage")
  func rootRendering() throws {
    let error = try #require(usageError(Fixtures.axreach, ["foo"]))
    #expect(
      error.rendered == """
        Error: Unknown subcommand 'foo'
        Usage: axreach <subcommand>
          See 'axreach --help' for more information.
        """)
  }

  @Test("The usage line in errors is never wrapped")
  func longUsage() throws {
    let error = try #require(usageError(Fixtures.axswitch, ["scan"]))
    #expect(
      error.usage == "axswitch scan <scene> [--keys <keys>] [--keys-file <keys-file>] "
        + "[--mode <mode>] [--interval <seconds>] [--loops <loops>] [--switch <key=action> ...]")
  }
}
