/// The declaration of a command: its name, help text, options, flags,
/// positional arguments and subcommands.
///
/// A tool describes its whole command line as one tree of `CommandSpec`
/// values and parses `CommandLine.arguments` against it with
/// ``parse(_:)``. When a command has subcommands, the first positional word
/// selects one of them and the rest of the command line is parsed against the
/// chosen subcommand; the parent's own ``arguments`` are then ignored.
///
/// ```swift
/// let tree = CommandSpec(
///   "tree", abstract: "Print the accessibility tree of a scene.",
///   arguments: [ArgumentSpec("scene", help: "The scene file to load.")],
///   options: [OptionSpec("format", help: "The output format.",
///                        choices: ["text", "json"], defaultValue: "text")])
/// let axreach = CommandSpec(
///   "axreach", abstract: "Inspect and drive accessible scenes.",
///   version: "1.0.0", subcommands: [tree])
/// ```
public struct CommandSpec: Sendable, Equatable {
  /// The command's name as typed on the command line.
  public var name: String

  /// A one-sentence summary shown after `OVERVIEW:` and in the parent's
  /// SUBCOMMANDS section.
  public var abstract: String

  /// Longer text shown after the overview; line breaks are kept and long
  /// lines are wrapped.
  public var discussion: String?

  /// The version printed by `--version`; subcommands inherit it.
  public var version: String?

  /// The positional arguments, in the order they are filled.
  public var arguments: [ArgumentSpec]

  /// The options that take a value.
  public var options: [OptionSpec]

  /// The Boolean flags.
  public var flags: [FlagSpec]

  /// The subcommands, selected by the first positional word.
  public var subcommands: [CommandSpec]

  /// Text shown at the very end of the help, such as
  /// ``ExitStatus/helpSection``; subcommands without one inherit it.
  public var epilogue: String?

  /// Creates a command declaration.
  ///
  /// - Parameters:
  ///   - name: The command's name as typed on the command line.
  ///   - abstract: A one-sentence summary.
  ///   - discussion: Longer help text shown after the overview.
  ///   - version: The version printed by `--version`.
  ///   - arguments: The positional arguments, in order.
  ///   - options: The options that take a value.
  ///   - flags: The Boolean flags.
  ///   - subcommands: The subcommands.
  ///   - epilogue: Text shown at the end of the help.
  public init(
    _ name: String,
    abstract: String,
    discussion: String? = nil,
    version: String? = nil,
    arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [],
    flags: [FlagSpec] = [],
    subcommands: [CommandSpec] = [],
    epilogue: String? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.arguments = arguments
    self.options = options
    self.flags = flags
    self.subcommands = subcommands
    self.epilogue = epilogue
  }

  /// Returns the direct subcommand with the given name, if there is one.
  public func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// Returns the option with the given long name, if there is one.
  public func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// Returns the flag with the given long name, if there is one.
  public func flag(named name: String) -> FlagSpec? {
    flags.first { $0.name == name }
  }

  /// Returns the positional argument with the given name, if there is one.
  public func argument(named name: String) -> ArgumentSpec? {
    arguments.first { $0.name == name }
  }

  /// Mistakes in this declaration and its subcommands, one sentence each.
  ///
  /// The parser copes with any declaration, but a duplicated name or a
  /// variadic argument that is not last makes some input unreachable. Tools
  /// assert in their tests that this list is empty.
  public var validationProblems: [String] {
    var problems: [String] = []
    let longNames =
      options.map(\.name) + flags.map(\.name) + ["help"]
      + (version == nil ? [] : ["version"])
    for name in duplicates(in: longNames) {
      problems.append("'\(self.name)' declares '--\(name)' more than once.")
    }
    let shortNames = options.compactMap(\.shortName) + flags.compactMap(\.shortName) + ["h"]
    for short in duplicates(in: shortNames) {
      problems.append("'\(self.name)' declares '-\(short)' more than once.")
    }
    for (index, argument) in arguments.enumerated() {
      if argument.isVariadic && index != arguments.count - 1 {
        problems.append(
          "'\(self.name)' declares variadic '\(argument.synopsis)' before the last argument.")
      }
      if !argument.isOptional && arguments[..<index].contains(where: \.isOptional) {
        problems.append(
          "'\(self.name)' declares required '\(argument.synopsis)' after an optional argument.")
      }
    }
    for option in options {
      if let value = option.defaultValue, !option.choices.isEmpty, !option.choices.contains(value) {
        problems.append("'\(self.name)' gives '\(option.synopsis)' a default outside its choices.")
      }
    }
    let subcommandNames = subcommands.map(\.name)
    for name in duplicates(in: subcommandNames) {
      problems.append("'\(self.name)' declares subcommand '\(name)' more than once.")
    }
    return problems + subcommands.flatMap(\.validationProblems)
  }
}

/// The values that occur more than once in `values`, in order of first repeat.
private func duplicates<Value: Hashable>(in values: [Value]) -> [Value] {
  var seen: Set<Value> = []
  var repeated: [Value] = []
  for value in values where !seen.insert(value).inserted && !repeated.contains(value) {
    repeated.append(value)
  }
  return repeated
}
