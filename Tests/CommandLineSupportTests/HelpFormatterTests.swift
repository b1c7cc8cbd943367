import CommandLineSupport
import Testing

@Suite("Help text")
struct HelpFormatterTests {
  static let axreachHelp = """
    OVERVIEW: Inspect and drive the accessibility tree of a scene.

    USAGE: axreach <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      tree                    Print the accessibility tree of a scene.
      do                      Perform an action on an element of a scene.

      See 'axreach <subcommand> --help' for detailed help.

    EXIT STATUS:
      0   Success.
      1   Runtime failure (for axreach: findings were reported).
      64  Usage error: an unknown option, or a missing or invalid value.
      65  Data error: an input file is malformed.
      66  No input: an input file does not exist or cannot be read.
    """

  static let treeHelp = """
    OVERVIEW: Print the accessibility tree of a scene.

    USAGE: axreach tree <scene> [--format <format>]

    ARGUMENTS:
      <scene>                 The scene file to load.

    OPTIONS:
      -f, --format <format>   The output format. (values: text, json; default: text)
      --version               Show the version.
      -h, --help              Show help information.

    EXIT STATUS:
      0   Success.
      1   Runtime failure (for axreach: findings were reported).
      64  Usage error: an unknown option, or a missing or invalid value.
      65  Data error: an input file is malformed.
      66  No input: an input file does not exist or cannot be read.
    """

  static let scanHelp = """
    OVERVIEW: Scan a scene with switches.

    USAGE: axswitch scan <scene> [--keys <keys>] [--keys-file <keys-file>]
                         [--mode <mode>] [--interval <seconds>] [--loops <loops>]
                         [--switch <key=action> ...]

    ARGUMENTS:
      <scene>                 The scene file to load.

    OPTIONS:
      --keys <keys>           The switch keys, comma-separated.
      --keys-file <keys-file> A file that maps keys to switch actions.
      --mode <mode>           What is scanned. (values: item, point; default: item)
      --interval <seconds>    The auto-scanning interval. (default: 1.0)
      --loops <loops>         How many times to loop before stopping. (default: 4)
      --switch <key=action>   Map a key to a switch action.
      -h, --help              Show help information.
    """

  @Test(
    "Help is shown for the innermost subcommand named, wherever -h or --help is",
    arguments: [
      ([], "--help"), ([], "-h"), (["tree"], "--help"), (["tree"], "-h"),
    ] as [([String], String)])
  func helpFlag(path: [String], flag: String) throws {
    let expected = path.isEmpty ? Self.axreachHelp : Self.treeHelp
    #expect(try helpText(Fixtures.axreach, path + [flag]) == expected)
    #expect(try helpText(Fixtures.axreach, [flag] + path) == expected)
  }

  @Test("Help wins over mistakes elsewhere on the command line")
  func helpBeforeErrors() throws {
    let words = ["tree", "--bogus", "--format", "xml", "a", "b", "--help"]
    #expect(try helpText(Fixtures.axreach, words) == Self.treeHelp)
  }

  @Test("A help flag after '--' is a positional word, not a request")
  func helpAfterTerminator() throws {
    let arguments = try parsed(Fixtures.axreach, ["tree", "--", "--help"])
    #expect(arguments.positional("scene") == "--help")
  }

  @Test("An option value that looks like 'help' does not ask for help")
  func helpAsValue() throws {
    let arguments = try parsed(Fixtures.axvoice, ["run", "s", "--say", "help"])
    #expect(arguments.values("say") == ["help"])
  }

  @Test("An option value named like a subcommand does not choose it for help")
  func subcommandNameAsValue() throws {
    var spec = Fixtures.axreach
    spec.options = [OptionSpec("profile", help: "The settings profile.")]
    #expect(try helpText(spec, ["--profile", "tree", "--help"]) == spec.helpText())
    #expect(try helpText(spec, ["--profile", "tree", "tree", "--help"]) == Self.treeHelp)
    let arguments = try parsed(spec, ["--profile", "tree", "tree", "s"])
    #expect(arguments.value("profile") == "tree")
    #expect(arguments.commandPath == ["axreach", "tree"])
  }

  @Test("The public help and usage accessors match what parsing produces")
  func accessors() throws {
    #expect(Fixtures.axreach.helpText() == Self.axreachHelp)
    #expect(Fixtures.axreach.helpText(subcommandPath: ["tree"]) == Self.treeHelp)
    #expect(Fixtures.axreach.helpText(subcommandPath: ["nope"]) == nil)
    #expect(
      Fixtures.axreach.usage(subcommandPath: ["do"])
        == "axreach do <scene> <action> [<operands> ...]")
  }

  @Test("A long usage line wraps between terms, aligned after the command")
  func wrappedUsage() throws {
    #expect(try helpText(Fixtures.axswitch, ["scan", "--help"]) == Self.scanHelp)
  }

  @Test("Long labels move their description to the next line; long text wraps")
  func wrappedRows() throws {
    let spec = CommandSpec(
      "speak", abstract: "Speak a phrase.",
      discussion: """
        The phrase is spoken with the system voice unless another voice is chosen, and \
        the command waits until speaking has finished.
          Indented lines keep their indent.

        Blank lines are kept.
        """,
      arguments: [ArgumentSpec("phrase", help: "The phrase.", isOptional: true)],
      options: [
        OptionSpec(
          "maximum-duration", valueName: "seconds",
          help: "The longest time to speak for before the phrase is cut off, whatever its length."),
        OptionSpec("rate", shortName: "r", help: ""),
      ],
      flags: [FlagSpec("quiet", shortName: "q", help: "Do not speak; print the phrase instead.")])
    let expected = """
      OVERVIEW: Speak a phrase.

      The phrase is spoken with the system voice unless another voice is chosen, and
      the command waits until speaking has finished.
        Indented lines keep their indent.

      Blank lines are kept.

      USAGE: speak [<phrase>] [--maximum-duration <seconds>] [--rate <rate>] [--quiet]

      ARGUMENTS:
        <phrase>                The phrase.

      OPTIONS:
        --maximum-duration <seconds>
                                The longest time to speak for before the phrase is cut
                                off, whatever its length.
        -r, --rate <rate>
        -q, --quiet             Do not speak; print the phrase instead.
        -h, --help              Show help information.
      """
    #expect(spec.helpText() == expected)
  }

  @Test("Choices of a positional argument are listed in its description")
  func argumentChoices() throws {
    let help = try #require(Fixtures.axreach.helpText(subcommandPath: ["do"]))
    #expect(
      help.contains(
        """
        ARGUMENTS:
          <scene>                 The scene file to load.
          <action>                The action to perform. (values: activate, increment,
                                  decrement, action, escape)
          <operands>              The action name and element identifier.
        """))
  }

  @Test(
    "--version prints the innermost declared version",
    arguments: [
      (["--version"], "1.2.0"), (["tree", "--version"], "1.2.0"),
      (["tree", "s", "--format", "json", "--version"], "1.2.0"),
    ] as [([String], String)])
  func version(words: [String], expected: String) throws {
    #expect(try Fixtures.axreach.parse(words) == .version(expected))
  }

  @Test("A subcommand's own version overrides the tool's")
  func subcommandVersion() throws {
    var spec = Fixtures.axreach
    spec.subcommands[0].version = "2.0.0-tree"
    #expect(try spec.parse(["tree", "--version"]) == .version("2.0.0-tree"))
    #expect(try spec.parse(["do", "--version"]) == .version("1.2.0"))
  }
}
