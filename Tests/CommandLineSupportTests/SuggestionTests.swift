import CommandLineSupport
import Testing

@Suite("Suggestions and declaration checks")
struct SuggestionTests {
  @Test(
    "Close misspellings get a suggestion and distant words do not",
    arguments: [
      (["tre"], "Unknown subcommand 'tre'. Did you mean 'tree'?"),
      (["tere"], "Unknown subcommand 'tere'. Did you mean 'tree'?"),
      (["teer"], "Unknown subcommand 'teer'"),
      (["od"], "Unknown subcommand 'od'. Did you mean 'do'?"),
      (["inspect"], "Unknown subcommand 'inspect'"),
      (["tree", "s", "--hlep"], "Unknown option '--hlep'. Did you mean '--help'?"),
      (["tree", "s", "--verison"], "Unknown option '--verison'. Did you mean '--version'?"),
      (["tree", "s", "--f"], "Unknown option '--f'"),
      (["tree", "s", "--colour"], "Unknown option '--colour'"),
      (["tree", "s", "--formats"], "Unknown option '--formats'. Did you mean '--format'?"),
    ])
  func suggestions(words: [String], message: String) {
    #expect(usageError(Fixtures.axreach, words)?.message == message)
  }

  @Test("The fixtures, shaped like the real tools, declare no mistakes")
  func validFixtures() {
    #expect(Fixtures.axreach.validationProblems.isEmpty)
    #expect(Fixtures.axvoice.validationProblems.isEmpty)
    #expect(Fixtures.axswitch.validationProblems.isEmpty)
  }

  @Test("Mistakes in a declaration are listed, including in subcommands")
  func invalidDeclaration() {
    let broken = CommandSpec(
      "broken", abstract: "Broken.",
      arguments: [
        ArgumentSpec("rest", help: "", isVariadic: true),
        ArgumentSpec("maybe", help: "", isOptional: true),
        ArgumentSpec("last", help: ""),
      ],
      options: [
        OptionSpec("format", shortName: "h", help: "", choices: ["a"], defaultValue: "b"),
        OptionSpec("help", help: ""),
      ],
      flags: [FlagSpec("format", help: "")])
    let tool = CommandSpec(
      "tool", abstract: "Tool.", version: "1", subcommands: [broken, broken],
      epilogue: nil)
    #expect(
      tool.validationProblems == [
        "'tool' declares subcommand 'broken' more than once.",
        "'broken' declares '--format' more than once.",
        "'broken' declares '--help' more than once.",
        "'broken' declares '-h' more than once.",
        "'broken' declares variadic '<rest>' before the last argument.",
        "'broken' declares required '<last>' after an optional argument.",
        "'broken' gives '--format <format>' a default outside its choices.",
        "'broken' declares '--format' more than once.",
        "'broken' declares '--help' more than once.",
        "'broken' declares '-h' more than once.",
        "'broken' declares variadic '<rest>' before the last argument.",
        "'broken' declares required '<last>' after an optional argument.",
        "'broken' gives '--format <format>' a default outside its choices.",
      ])
  }
}
