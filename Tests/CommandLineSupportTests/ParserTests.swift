import CommandLineSupport
import Testing

@Suite("Parsing valid command lines")
struct ParserTests {
  @Test(
    "An option value can follow the name, an equals sign or the short name",
    arguments: [
      ["tree", "shop.json", "--format", "json"],
      ["tree", "shop.json", "--format=json"],
      ["tree", "shop.json", "-f", "json"],
      ["tree", "shop.json", "-f=json"],
      ["tree", "--format", "json", "shop.json"],
    ])
  func optionSpellings(words: [String]) throws {
    let arguments = try parsed(Fixtures.axreach, words)
    #expect(arguments.value("format") == "json")
    #expect(arguments.positional("scene") == "shop.json")
    #expect(arguments.isSpecified("format"))
  }

  @Test("An absent option reads as its default and is not specified")
  func defaults() throws {
    let arguments = try parsed(Fixtures.axreach, ["tree", "shop.json"])
    #expect(arguments.value("format") == "text")
    #expect(!arguments.isSpecified("format"))
  }

  @Test("The chosen subcommand is reported with the tool name")
  func subcommandPath() throws {
    let arguments = try parsed(Fixtures.axreach, ["do", "shop.json", "escape"])
    #expect(arguments.commandPath == ["axreach", "do"])
    #expect(arguments.subcommandPath == ["do"])
    #expect(arguments.subcommand == "do")
    #expect(arguments.command.name == "do")
  }

  @Test("Positional arguments fill in order, the variadic one takes the rest")
  func variadicPositionals() throws {
    let arguments = try parsed(
      Fixtures.axreach, ["do", "shop.json", "action", "showMenu", "add-to-cart"])
    #expect(arguments.positional("action") == "action")
    #expect(arguments.positionals("operands") == ["showMenu", "add-to-cart"])
    #expect(arguments.positional("operands") == "showMenu")
  }

  @Test("An optional variadic argument may be empty")
  func emptyVariadic() throws {
    let arguments = try parsed(Fixtures.axreach, ["do", "shop.json", "escape"])
    #expect(arguments.positionals("operands").isEmpty)
    #expect(!arguments.isSpecified("operands"))
  }

  @Test("After '--' every word is positional, even one that starts with a dash")
  func terminator() throws {
    let arguments = try parsed(Fixtures.axreach, ["tree", "--format", "json", "--", "--odd.json"])
    #expect(arguments.positional("scene") == "--odd.json")
    #expect(arguments.value("format") == "json")
  }

  @Test("A lone dash is a positional word, as for standard input")
  func loneDash() throws {
    let arguments = try parsed(Fixtures.axreach, ["tree", "-"])
    #expect(arguments.positional("scene") == "-")
  }

  @Test("A repeatable option collects every value in order")
  func repeatable() throws {
    let arguments = try parsed(
      Fixtures.axvoice,
      ["run", "shop.json", "--say", "tap buy", "--say=show numbers", "--say", "7"])
    #expect(arguments.values("say") == ["tap buy", "show numbers", "7"])
    #expect(arguments.value("say") == "7")
  }

  @Test("An option that is not repeatable keeps its last value")
  func lastValueWins() throws {
    let arguments = try parsed(
      Fixtures.axreach, ["tree", "s", "--format", "json", "--format", "text"])
    #expect(arguments.value("format") == "text")
    #expect(arguments.values("format") == ["json", "text"])
  }

  @Test("A repeatable option that is absent reads as empty or as its default")
  func absentRepeatable() throws {
    let arguments = try parsed(Fixtures.axvoice, ["run", "shop.json"])
    #expect(arguments.values("say").isEmpty)
    #expect(arguments.values("format") == ["text"])
  }

  @Test("Flags are off unless given, and may be repeated")
  func flags() throws {
    let arguments = try parsed(Fixtures.axvoice, ["overlay", "shop.json", "--grid", "--grid"])
    #expect(arguments.flag("grid"))
    #expect(!arguments.flag("names"))
    #expect(arguments.isSpecified("grid"))
  }

  @Test(
    "A value may be a negative number",
    arguments: [("-1.5", -1.5), ("-2", -2.0), ("0.25", 0.25)])
  func numericValues(text: String, number: Double) throws {
    let arguments = try parsed(Fixtures.axswitch, ["scan", "s", "--interval", text])
    #expect(try arguments.double("interval") == number)
  }

  @Test("Integers and numbers convert, falling back to the default")
  func conversions() throws {
    let given = try parsed(Fixtures.axswitch, ["scan", "s", "--loops", "12", "--interval=0.5"])
    #expect(try given.int("loops") == 12)
    #expect(try given.double("interval") == 0.5)
    let absent = try parsed(Fixtures.axswitch, ["scan", "s"])
    #expect(try absent.int("loops") == 4)
    #expect(try absent.double("interval") == 1.0)
    #expect(try absent.int("keys") == nil)
  }

  @Test(
    "A value that does not convert is a usage error naming the option and value",
    arguments: [
      ("loops", "abc", "The value 'abc' is invalid for '--loops <loops>'"),
      ("loops", "1.5", "The value '1.5' is invalid for '--loops <loops>'"),
      ("loops", "", "The value '' is invalid for '--loops <loops>'"),
      ("interval", "fast", "The value 'fast' is invalid for '--interval <seconds>'"),
      ("interval", "inf", "The value 'inf' is invalid for '--interval <seconds>'"),
      ("interval", "nan", "The value 'nan' is invalid for '--interval <seconds>'"),
    ])
  func conversionErrors(name: String, text: String, message: String) throws {
    let arguments = try parsed(Fixtures.axswitch, ["scan", "s", "--\(name)=\(text)"])
    let error = #expect(throws: UsageError.self) {
      if name == "loops" {
        _ = try arguments.int(name)
      } else {
        _ = try arguments.double(name)
      }
    }
    #expect(error?.message == message)
    #expect(error?.commandPath == ["axswitch", "scan"])
  }

  @Test("A positional argument converts to an integer by name")
  func positionalConversion() throws {
    let spec = CommandSpec(
      "count", abstract: "Count.", arguments: [ArgumentSpec("n", help: "How many.")])
    #expect(try parsed(spec, ["3"]).int("n") == 3)
    let error = #expect(throws: UsageError.self) { try parsed(spec, ["three"]).int("n") }
    #expect(error?.message == "The value 'three' is invalid for '<n>'")
  }

  @Test("Tools can report an invalid value with a reason")
  func invalidValueError() throws {
    let arguments = try parsed(Fixtures.axswitch, ["scan", "s", "--loops", "0"])
    let error = arguments.invalidValueError(for: "loops", reason: "must be at least 1")
    #expect(error.message == "The value '0' is invalid for '--loops <loops>': must be at least 1")
    #expect(error.usage == Fixtures.axswitch.usage(subcommandPath: ["scan"]))
  }

  @Test(
    "Exclusive options and flags report the one given",
    arguments: [
      (["overlay", "s"], nil),
      (["overlay", "s", "--numbers"], "numbers"),
      (["overlay", "s", "--grid", "--columns", "4"], "grid"),
    ] as [([String], String?)])
  func exclusiveChoice(words: [String], expected: String?) throws {
    let arguments = try parsed(Fixtures.axvoice, words)
    #expect(try arguments.exclusiveChoice(among: ["names", "numbers", "grid"]) == expected)
  }

  @Test("Exclusive options and flags reject two, and a required group none")
  func exclusiveChoiceErrors() throws {
    let both = try parsed(Fixtures.axvoice, ["overlay", "s", "--grid", "--names"])
    let conflict = #expect(throws: UsageError.self) {
      try both.exclusiveChoice(among: ["names", "numbers", "grid"])
    }
    #expect(conflict?.message == "'--names' and '--grid' cannot be used together")
    let neither = try parsed(Fixtures.axvoice, ["run", "s"])
    let missing = #expect(throws: UsageError.self) {
      try neither.exclusiveChoice(among: ["say", "script"], isRequired: true)
    }
    #expect(missing?.message == "Missing one of: '--say <say>', '--script <file>'")
  }
}
