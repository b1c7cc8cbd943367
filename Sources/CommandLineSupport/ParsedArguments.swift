/// The result of parsing a command line against a ``CommandSpec``: the chosen
/// subcommand and the values of its options, flags and positional arguments.
///
/// Values are looked up by the declared name, without dashes or angle
/// brackets. Options that were not given read as their default value. The
/// typed getters ``int(_:)`` and ``double(_:)`` throw a ``UsageError`` that
/// names the option and the bad value, so a tool can use `try` and let its
/// ``CommandLineTool`` entry point report the mistake; ``choice(_:as:)`` reads an
/// option declared with `choices` as the enumeration of those values.
///
/// A name the command does not declare is a mistake in the tool, not in its command line:
/// a debug build stops at it rather than reading `nil`.
///
/// ```swift
/// let scene = arguments.positional("scene")
/// let format = try arguments.choice("format", as: OutputFormat.self)  // .text by default
/// let phrases = arguments.values("say")         // every --say, in order
/// let loops = try arguments.int("loops") ?? 4
/// ```
public struct ParsedArguments: Sendable, Equatable {
  /// The tool name followed by the chosen subcommand names, such as
  /// `["axreach", "tree"]`.
  public let commandPath: [String]

  /// The declaration of the chosen (innermost) command.
  public let command: CommandSpec

  /// The usage line of the chosen command, for error messages.
  let usage: String

  /// The options of every command on the path, innermost last.
  let optionSpecs: [OptionSpec]

  /// The values given for each option, by long name, in command-line order.
  let optionValues: [String: [String]]

  /// The number of times each flag was given, by long name.
  let flagCounts: [String: Int]

  /// The words assigned to each positional argument, by name.
  let argumentValues: [String: [String]]

  /// Creates parsed arguments; only the parser does this.
  init(
    commandPath: [String], command: CommandSpec, usage: String, optionSpecs: [OptionSpec],
    optionValues: [String: [String]], flagCounts: [String: Int],
    argumentValues: [String: [String]]
  ) {
    self.commandPath = commandPath
    self.command = command
    self.usage = usage
    self.optionSpecs = optionSpecs
    self.optionValues = optionValues
    self.flagCounts = flagCounts
    self.argumentValues = argumentValues
  }

  /// The chosen subcommand names, without the tool name (`["tree"]`).
  public var subcommandPath: [String] {
    Array(commandPath.dropFirst())
  }

  /// The innermost chosen subcommand's name, or `nil` for the tool itself.
  public var subcommand: String? {
    subcommandPath.last
  }

  /// The value of an option: the last one given, or else its default.
  public func value(_ name: String) -> String? {
    assertDeclared(name)
    return optionValues[name]?.last ?? optionSpec(name)?.defaultValue
  }

  /// Every value given for a repeatable option, in command-line order, or
  /// the default alone when the option was not given.
  public func values(_ name: String) -> [String] {
    assertDeclared(name)
    if let given = optionValues[name] { return given }
    return optionSpec(name)?.defaultValue.map { [$0] } ?? []
  }

  /// Whether a flag was given.
  public func flag(_ name: String) -> Bool {
    assertDeclared(name)
    return flagCounts[name, default: 0] > 0
  }

  /// The word given for a positional argument, or the first word of a
  /// variadic one; `nil` when an optional argument was left out.
  public func positional(_ name: String) -> String? {
    assertDeclared(name)
    return argumentValues[name]?.first
  }

  /// Every word given for a variadic positional argument.
  public func positionals(_ name: String) -> [String] {
    assertDeclared(name)
    return argumentValues[name] ?? []
  }

  /// Whether an option, flag or positional argument was given explicitly,
  /// as opposed to reading as its default.
  public func isSpecified(_ name: String) -> Bool {
    optionValues[name] != nil || flag(name) || argumentValues[name] != nil
  }

  /// The value of an option (or positional argument) as an integer.
  ///
  /// - Returns: The integer, or `nil` when the option was not given and has
  ///   no default.
  /// - Throws: A ``UsageError`` such as
  ///   `The value 'abc' is invalid for '--loops <loops>'`.
  public func int(_ name: String) throws(UsageError) -> Int? {
    try converted(name) { Int($0) }
  }

  /// The value of an option (or positional argument) as a finite number.
  ///
  /// - Returns: The number, or `nil` when the option was not given and has
  ///   no default.
  /// - Throws: A ``UsageError`` such as
  ///   `The value 'fast' is invalid for '--interval <seconds>'`.
  public func double(_ name: String) throws(UsageError) -> Double? {
    try converted(name) { text in Double(text).flatMap { $0.isFinite ? $0 : nil } }
  }

  /// The value of an option declared with `choices`, as the enumeration whose raw values
  /// they are.
  ///
  ///     enum OutputFormat: String { case text, json }
  ///     let format = try arguments.choice("format", as: OutputFormat.self) ?? .text
  ///
  /// - Returns: The case, or `nil` when the option was not given and has no default.
  /// - Throws: A ``UsageError`` quoting the value when no case has it as its raw value
  ///   (which the parser's check of `choices` leaves to a declaration that lists more).
  public func choice<Choice: RawRepresentable>(
    _ name: String, as type: Choice.Type = Choice.self
  ) throws(UsageError) -> Choice? where Choice.RawValue == String {
    try converted(name) { Choice(rawValue: $0) }
  }

  /// The value of an option declared with `choices`, as the value paired with the word given.
  ///
  ///     let style = try arguments.choice("point-style", from: [("two-stage", .twoStage), ("one-stage", .oneStage)])
  ///
  /// - Returns: The paired value, or `nil` when the option was not given and has no default.
  /// - Throws: A ``UsageError`` quoting the word when no pair has it.
  public func choice<Value>(_ name: String, from pairs: [(String, Value)]) throws(UsageError) -> Value? {
    try converted(name) { word in pairs.first { $0.0 == word }?.1 }
  }

  /// Makes a usage error for the chosen command, for mistakes the parser
  /// cannot detect (such as a value out of range).
  public func usageError(_ message: String) -> UsageError {
    UsageError(message, commandPath: commandPath, usage: usage)
  }

  /// Makes the usage error `The value 'V' is invalid for '--name <name>'`,
  /// quoting the value given for `name`, with an optional `: reason`.
  public func invalidValueError(for name: String, reason: String? = nil) -> UsageError {
    let value = value(name) ?? positional(name) ?? ""
    return usageError(UsageMessage.invalidValue(value, for: synopsis(name), reason: reason))
  }

  /// Returns which of several mutually exclusive options and flags was given.
  ///
  /// - Parameters:
  ///   - names: The long names of the options and flags, in help order.
  ///   - isRequired: Whether one of them must be given.
  /// - Returns: The name of the one given, or `nil` when none was.
  /// - Throws: A ``UsageError`` such as
  ///   `'--names' and '--grid' cannot be used together`, or
  ///   `Missing one of: '--names', '--numbers', '--grid'` when `isRequired`.
  public func exclusiveChoice(
    among names: [String], isRequired: Bool = false
  ) throws(UsageError) -> String? {
    let given = names.filter { optionValues[$0] != nil || flag($0) }
    if given.count > 1 {
      throw usageError(UsageMessage.conflict(synopsis(given[0]), synopsis(given[1])))
    }
    if given.isEmpty && isRequired {
      throw usageError(UsageMessage.missingOneOf(names.map(synopsis)))
    }
    return given.first
  }

  /// Stops a debug build at a name the command doesn't declare: a misspelled name would
  /// otherwise read as an option that was not given.
  private func assertDeclared(_ name: String) {
    assert(
      optionSpec(name) != nil || command.flag(named: name) != nil
        || command.argument(named: name) != nil || flagCounts[name] != nil,
      "'\(name)' is not an option, flag or argument of '\(commandPath.joined(separator: " "))'")
  }

  /// Returns the value paired with the one of several mutually exclusive options and flags
  /// that was given, as ``exclusiveChoice(among:isRequired:)`` finds it.
  ///
  ///     let kind = try arguments.exclusiveChoice(among: [("names", Kind.names), ("grid", .grid)])
  public func exclusiveChoice<Value>(
    among pairs: [(String, Value)], isRequired: Bool = false
  ) throws(UsageError) -> Value? {
    let given = try exclusiveChoice(among: pairs.map(\.0), isRequired: isRequired)
    return pairs.first { $0.0 == given }?.1
  }

  /// The declaration of an option on the path, innermost first.
  private func optionSpec(_ name: String) -> OptionSpec? {
    optionSpecs.last { $0.name == name }
  }

  /// How `name` is quoted in messages: `--name <value>`, `--name` or `<name>`.
  private func synopsis(_ name: String) -> String {
    if let option = optionSpec(name) { return option.synopsis }
    if let argument = command.argument(named: name) { return argument.synopsis }
    return "--\(name)"
  }

  /// Converts the value of an option or positional argument, throwing a
  /// usage error that quotes the value when the conversion fails.
  private func converted<Value>(
    _ name: String, _ convert: (String) -> Value?
  ) throws(UsageError) -> Value? {
    guard let text = value(name) ?? positional(name) else { return nil }
    guard let result = convert(text) else {
      throw usageError(UsageMessage.invalidValue(text, for: synopsis(name), reason: nil))
    }
    return result
  }
}
