/// What parsing a command line produced: values to run with, or a request
/// for help or the version, which the tool prints to standard output.
public enum ParseResult: Sendable, Equatable {
  /// The command line was valid; run the chosen command with these values.
  case arguments(ParsedArguments)

  /// `-h` or `--help` was given; print this help text and exit successfully.
  case help(String)

  /// `--version` was given; print this version and exit successfully.
  case version(String)
}

extension CommandSpec {
  /// Parses a command line, without the program name, against this command.
  ///
  /// `-h`/`--help` anywhere before `--` asks for the help of the innermost
  /// subcommand named, even if the rest of the line is malformed; `--version`
  /// does the same for the version when one is declared.
  ///
  /// - Parameter arguments: The words after the program name, usually
  ///   `CommandLine.arguments.dropFirst()`.
  /// - Returns: The parsed values, or the help or version text.
  /// - Throws: A ``UsageError`` describing the first mistake found.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
    var parser = CommandParser(root: self, words: arguments)
    return try parser.parse()
  }

  /// The help text of this command or of one of its subcommands.
  ///
  /// - Parameter subcommandPath: Subcommand names below this command, such
  ///   as `["tree"]`; empty for this command itself.
  /// - Returns: The text without a trailing newline, or `nil` when the path
  ///   does not name a subcommand.
  public func helpText(subcommandPath: [String] = []) -> String? {
    formatter(for: subcommandPath)?.render()
  }

  /// The one-line usage of this command or of one of its subcommands, such
  /// as `axreach tree <scene> [--format <format>]`.
  public func usage(subcommandPath: [String] = []) -> String? {
    formatter(for: subcommandPath)?.usage
  }

  /// A formatter for the subcommand at `path` below this command.
  private func formatter(for path: [String]) -> HelpFormatter? {
    var ancestors: [CommandSpec] = []
    var command = self
    for name in path {
      guard let next = command.subcommand(named: name) else { return nil }
      ancestors.append(command)
      command = next
    }
    return HelpFormatter(ancestors: ancestors, command: command)
  }
}

/// Walks the words of a command line, choosing subcommands and collecting
/// option, flag and positional values.
struct CommandParser {
  /// The words to parse, without the program name.
  let words: [String]

  /// The commands above the innermost one chosen so far, from the tool down.
  private var ancestors: [CommandSpec] = []

  /// The innermost command chosen so far.
  private var command: CommandSpec

  /// The values given for each option so far, by long name.
  private var optionValues: [String: [String]] = [:]

  /// How many times each flag was given so far, by long name.
  private var flagCounts: [String: Int] = [:]

  /// The positional words of the innermost command, in order.
  private var positionals: [String] = []

  /// Creates a parser for `words` against the `root` command.
  init(root: CommandSpec, words: [String]) {
    self.words = words
    self.command = root
  }

  /// A formatter for the innermost command chosen so far.
  private var formatter: HelpFormatter {
    HelpFormatter(ancestors: ancestors, command: command)
  }

  /// Parses every word, then assigns positionals and checks requirements.
  mutating func parse() throws(UsageError) -> ParseResult {
    if let request = requestedInformation() { return request }
    var index = 0
    var onlyPositionals = false
    while index < words.count {
      let word = words[index]
      index += 1
      if !onlyPositionals && word == "--" {
        onlyPositionals = true
      } else if onlyPositionals || !Self.isOptionLike(word) {
        try takePositional(word)
      } else {
        try takeOption(word, next: &index)
      }
    }
    if !command.subcommands.isEmpty {
      throw error(UsageMessage.missingSubcommand(command.subcommands.map(\.name)))
    }
    let argumentValues = try assignPositionals()
    let absent = command.options.filter { $0.isRequired && optionValues[$0.name] == nil }
    if let missing = absent.first {
      throw error(UsageMessage.missingArgument(missing.synopsis))
    }
    return .arguments(
      ParsedArguments(
        commandPath: formatter.commandPath, command: command, usage: formatter.usage,
        optionSpecs: (ancestors + [command]).flatMap(\.options), optionValues: optionValues,
        flagCounts: flagCounts, argumentValues: argumentValues))
  }

  /// Finds `-h`, `--help` or `--version` before `--`, following subcommand
  /// names so the innermost command's help is shown.
  private func requestedInformation() -> ParseResult? {
    var ancestors = ancestors
    var command = command
    var canDescend = true
    var wantsHelp = false
    var wantsVersion = false
    var index = 0
    while index < words.count, words[index] != "--" {
      let word = words[index]
      index += 1
      if word == "-h" || word == "--help" {
        wantsHelp = true
      } else if word == "--version" {
        wantsVersion = true
      } else if Self.isOptionLike(word) {
        let (name, inlineValue) = Self.parts(of: word)
        let takesValue = inlineValue == nil && Self.lookUpOption(name, in: command) != nil
        if takesValue && index < words.count && Self.isValue(words[index]) { index += 1 }
      } else if canDescend, let subcommand = command.subcommand(named: word) {
        ancestors.append(command)
        command = subcommand
      } else {
        canDescend = false
      }
    }
    let formatter = HelpFormatter(ancestors: ancestors, command: command)
    if wantsHelp { return .help(formatter.render()) }
    if wantsVersion, let version = formatter.version { return .version(version) }
    return nil
  }

  /// Chooses a subcommand, or records a positional word.
  private mutating func takePositional(_ word: String) throws(UsageError) {
    guard !command.subcommands.isEmpty else {
      positionals.append(word)
      return
    }
    guard let subcommand = command.subcommand(named: word) else {
      let suggestion = Suggestion.closest(to: word, among: command.subcommands.map(\.name))
      throw error(UsageMessage.unknownSubcommand(word, suggestion: suggestion))
    }
    ancestors.append(command)
    command = subcommand
  }

  /// Records an option and its value, or a flag, of the current command.
  private mutating func takeOption(_ word: String, next index: inout Int) throws(UsageError) {
    let (name, inlineValue) = Self.parts(of: word)
    if let option = Self.lookUpOption(name, in: command) {
      var value = inlineValue
      if value == nil, index < words.count, Self.isValue(words[index]) {
        value = words[index]
        index += 1
      }
      guard let value else { throw error(UsageMessage.missingValue(option.synopsis)) }
      try checkChoices([value], allowed: option.choices, for: option.synopsis)
      optionValues[option.name, default: []].append(value)
    } else if let flag = command.flags.first(where: { Self.spells(name, $0.name, $0.shortName) }) {
      if let inlineValue {
        throw error(UsageMessage.unexpectedValue(inlineValue, for: flag.synopsis))
      }
      flagCounts[flag.name, default: 0] += 1
    } else {
      var candidates = command.options.map { "--\($0.name)" } + command.flags.map(\.synopsis)
      candidates.append("--help")
      if formatter.version != nil { candidates.append("--version") }
      let suggestion = name.hasPrefix("--") ? Suggestion.closest(to: name, among: candidates) : nil
      throw error(UsageMessage.unknownOption(name, suggestion: suggestion))
    }
  }

  /// Fills the declared positional arguments in order and checks choices.
  private func assignPositionals() throws(UsageError) -> [String: [String]] {
    var remaining = positionals[...]
    var values: [String: [String]] = [:]
    for argument in command.arguments {
      if remaining.isEmpty {
        if argument.isOptional { continue }
        throw error(UsageMessage.missingArgument(argument.synopsis))
      }
      let taken = argument.isVariadic ? Array(remaining) : [remaining.removeFirst()]
      if argument.isVariadic { remaining = [] }
      try checkChoices(taken, allowed: argument.choices, for: argument.synopsis)
      values[argument.name] = taken
    }
    if !remaining.isEmpty {
      throw error(UsageMessage.unexpectedArguments(Array(remaining)))
    }
    return values
  }

  /// Throws for the first value outside `allowed`, unless `allowed` is empty.
  private func checkChoices(
    _ values: [String], allowed: [String], for synopsis: String
  ) throws(UsageError) {
    guard !allowed.isEmpty, let bad = values.first(where: { !allowed.contains($0) }) else {
      return
    }
    throw error(UsageMessage.invalidChoice(bad, for: synopsis, choices: allowed))
  }

  /// A usage error for the innermost command chosen so far.
  private func error(_ message: String) -> UsageError {
    UsageError(message, commandPath: formatter.commandPath, usage: formatter.usage)
  }

  /// The option of `command` spelled `name` (`--format` or `-f`), if any.
  private static func lookUpOption(_ name: String, in command: CommandSpec) -> OptionSpec? {
    command.options.first { spells(name, $0.name, $0.shortName) }
  }

  /// Whether `word` is `--long` or, when there is a short name, `-s`.
  private static func spells(_ word: String, _ long: String, _ short: Character?) -> Bool {
    if word == "--" + long { return true }
    guard let short else { return false }
    return word == "-" + String(short)
  }

  /// Splits `--name=value` into its name and inline value.
  private static func parts(of word: String) -> (name: String, inlineValue: String?) {
    guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// Whether a word is spelled like an option: a dash followed by more.
  private static func isOptionLike(_ word: String) -> Bool {
    word.count > 1 && word.hasPrefix("-")
  }

  /// Whether a word can be the value of the option before it: anything but
  /// an option, although negative numbers are accepted.
  private static func isValue(_ word: String) -> Bool {
    !isOptionLike(word) || Double(word) != nil
  }
}
