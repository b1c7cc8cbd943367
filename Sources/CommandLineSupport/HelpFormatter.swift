/// Renders the `--help` text and usage line of a command in
/// swift-argument-parser's layout.
///
/// The help has OVERVIEW, USAGE, ARGUMENTS, OPTIONS and SUBCOMMANDS sections;
/// labels are indented two spaces and descriptions start in column 27 (or on
/// the next line when the label is too long), wrapped to 80 columns.
struct HelpFormatter {
  /// The width text is wrapped to.
  static let screenWidth = 80

  /// The column, counted from zero, where descriptions start.
  static let labelColumn = 26

  /// The commands above the one being described, from the tool down.
  let ancestors: [CommandSpec]

  /// The command being described.
  let command: CommandSpec

  /// Creates a formatter for `command`, reached through `ancestors`.
  init(ancestors: [CommandSpec], command: CommandSpec) {
    self.ancestors = ancestors
    self.command = command
  }

  /// The commands from the tool down to the one being described.
  private var chain: [CommandSpec] {
    ancestors + [command]
  }

  /// The tool name followed by the subcommand names.
  var commandPath: [String] {
    chain.map(\.name)
  }

  /// The version `--version` prints here: the innermost one declared.
  var version: String? {
    chain.last { $0.version != nil }?.version
  }

  /// The terms of the usage line after the command path.
  private var usageTerms: [String] {
    let optionTerms = command.options.map(\.usageTerm) + command.flags.map(\.usageTerm)
    if !command.subcommands.isEmpty {
      return optionTerms + ["<subcommand>"]
    }
    return command.arguments.map(\.usageTerm) + optionTerms
  }

  /// The usage line on one line, as shown after `Usage:` in errors.
  var usage: String {
    ([commandPath.joined(separator: " ")] + usageTerms).joined(separator: " ")
  }

  /// The complete help text, without a trailing newline.
  func render() -> String {
    var sections: [String] = []
    sections.append(Self.wrap("OVERVIEW: " + command.abstract, indent: 0))
    if let discussion = command.discussion, !discussion.isEmpty {
      sections.append(Self.wrap(discussion, indent: 0))
    }
    sections.append(wrappedUsage())
    if command.subcommands.isEmpty && !command.arguments.isEmpty {
      let rows = command.arguments.map { ($0.synopsis, $0.helpDescription) }
      sections.append(Self.section("ARGUMENTS:", rows: rows))
    }
    var optionRows = command.options.map { ($0.helpLabel, $0.helpDescription) }
    optionRows += command.flags.map { ($0.helpLabel, $0.help) }
    if version != nil {
      optionRows.append(("--version", "Show the version."))
    }
    optionRows.append(("-h, --help", "Show help information."))
    sections.append(Self.section("OPTIONS:", rows: optionRows))
    if !command.subcommands.isEmpty {
      let rows = command.subcommands.map { ($0.name, $0.abstract) }
      let command = commandPath.joined(separator: " ")
      sections.append(
        Self.section("SUBCOMMANDS:", rows: rows)
          + "\n\n  See '\(command) <subcommand> --help' for detailed help.")
    }
    if let epilogue = chain.last(where: { $0.epilogue != nil })?.epilogue {
      sections.append(epilogue)
    }
    return sections.joined(separator: "\n\n")
  }

  /// The `USAGE:` line, wrapped between terms with continuation lines
  /// aligned under the first term.
  private func wrappedUsage() -> String {
    let head = "USAGE: " + commandPath.joined(separator: " ")
    let indent = head.count + 1 < Self.screenWidth / 2 ? head.count + 1 : 7
    var lines: [String] = []
    var line = head
    for term in usageTerms {
      if line.count + 1 + term.count > Self.screenWidth && line.count > indent {
        lines.append(line)
        line = String(repeating: " ", count: indent) + term
      } else {
        line += " " + term
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// A section heading followed by aligned label and description rows.
  private static func section(_ heading: String, rows: [(String, String)]) -> String {
    ([heading] + rows.map { row(label: $0.0, description: $0.1) }).joined(separator: "\n")
  }

  /// One label and its description, on one line when the label fits.
  private static func row(label: String, description: String) -> String {
    let paddedLabel = "  " + label
    guard !description.isEmpty else { return paddedLabel }
    let body = wrap(description, indent: labelColumn)
    if paddedLabel.count < labelColumn {
      return paddedLabel + body.dropFirst(paddedLabel.count)
    }
    return paddedLabel + "\n" + body
  }

  /// Wraps each line of `text` at word boundaries to the screen width,
  /// indenting every output line by `indent` spaces.
  static func wrap(_ text: String, indent: Int) -> String {
    let margin = String(repeating: " ", count: indent)
    let width = max(screenWidth - indent, 20)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let leading = paragraph.prefix { $0 == " " }
      var line = String(leading)
      for word in paragraph.split(separator: " ") {
        if line.count > leading.count && line.count + 1 + word.count > width {
          lines.append(margin + line)
          line = String(leading) + word
        } else {
          line += (line.count > leading.count ? " " : "") + word
        }
      }
      lines.append(line.count == leading.count ? "" : margin + line)
    }
    return lines.joined(separator: "\n")
  }
}
