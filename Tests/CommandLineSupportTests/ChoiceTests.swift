import CommandLineSupport
import Testing

/// The typed getters for options declared with `choices`.
@Suite("Options read as enumerations")
struct ChoiceTests {
  enum Style: String, CaseIterable {
    case auto, manual, step
  }

  static let spec = CommandSpec(
    "scan", abstract: "Scan.",
    options: [
      OptionSpec("style", help: "How.", choices: Style.allCases.map(\.rawValue), defaultValue: "auto"),
      OptionSpec("shape", help: "Shape.", choices: ["two-stage", "one-stage", "three-stage"]),
      OutputFormat.option(),
    ])

  /// `three-stage` is declared but has no pair: the getter, not the parser, refuses it.
  static let shapes: [(String, Int)] = [("two-stage", 2), ("one-stage", 1)]

  @Test(
    "A declared word reads as its case; an absent option as its default",
    arguments: [
      ([], Style.auto), (["--style", "manual"], .manual), (["--style=step"], .step),
    ])
  func style(words: [String], expected: Style) throws {
    let arguments = try parsed(Self.spec, words)
    #expect(try arguments.choice("style", as: Style.self) == expected)
  }

  @Test("A pair list maps hyphenated words; an absent option without a default reads nil")
  func pairs() throws {
    #expect(try parsed(Self.spec, ["--shape", "one-stage"]).choice("shape", from: Self.shapes) == 1)
    #expect(try parsed(Self.spec, []).choice("shape", from: Self.shapes) == nil)
  }

  @Test("A declared word with no case is a usage error that quotes it")
  func unpaired() throws {
    let arguments = try parsed(Self.spec, ["--shape", "three-stage"])
    #expect(throws: UsageError.self) { try arguments.choice("shape", from: Self.shapes) }
    do {
      _ = try arguments.choice("shape", from: Self.shapes)
    } catch {
      #expect(error.message == "The value 'three-stage' is invalid for '--shape <shape>'")
    }
  }

  @Test("--format reads as text unless json is given", arguments: [([], OutputFormat.text), (["--format", "json"], .json)])
  func format(words: [String], expected: OutputFormat) throws {
    #expect(try parsed(Self.spec, words).outputFormat() == expected)
  }

  static let overlaySpec = CommandSpec(
    "overlay", abstract: "Draw.",
    flags: [FlagSpec("names", help: "Names."), FlagSpec("grid", help: "Grid.")])

  @Test(
    "Exclusive flags read as the value paired with the one given",
    arguments: [([String](), Style?.none), (["--names"], .auto), (["--grid"], .step)])
  func exclusivePairs(words: [String], expected: Style?) throws {
    let arguments = try parsed(Self.overlaySpec, words)
    #expect(try arguments.exclusiveChoice(among: [("names", Style.auto), ("grid", .step)]) == expected)
  }

  @Test("Two exclusive flags together are still a usage error")
  func exclusiveConflict() throws {
    let arguments = try parsed(Self.overlaySpec, ["--names", "--grid"])
    #expect(throws: UsageError.self) { try arguments.exclusiveChoice(among: [("names", 1), ("grid", 2)]) }
  }

  @Test("A word outside the choices never reaches the getter: the parser refuses it")
  func undeclared() {
    #expect(usageError(Self.spec, ["--style", "fast"]) != nil)
  }

  #if DEBUG
    @Test("Reading a name the command doesn't declare stops a debug build")
    func misspelledName() async {
      await #expect(processExitsWith: .failure) {
        let arguments = try parsed(ChoiceTests.spec, [])
        _ = arguments.value("stlye")
      }
    }
  #endif
}
