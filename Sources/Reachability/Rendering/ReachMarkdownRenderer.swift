import AXModel

/// Renders reports as GitHub-flavoured Markdown, for pull-request comments and job summaries.
///
/// Each scene has a heading; each screen a summary table, a findings table and a targets
/// table; each scene ends with its task matrix. Every cell is escaped, so scene text can't
/// break a table or inject markup.
///
///     let markdown = ReachMarkdownRenderer().render(reports)
public struct ReachMarkdownRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The document for one or more scene reports, ending with a newline.
  public func render(_ reports: [ReachReport]) -> String {
    var lines = ["# Reachability report", ""]
    let findings = reports.flatMap(\.findings)
    lines.append("\(ReportText.count(reports.count, "scene")), \(ReachHTMLRenderer.counts(findings)).")
    for report in reports {
      lines += scene(report)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func scene(_ report: ReachReport) -> [String] {
    let style = ReachHTMLRenderer.style(report)
    var lines = ["", "## \(Self.inline(report.sceneName))", ""]
    if let path = report.path { lines += ["Scene file: \(Self.inline(path))", ""] }
    lines.append("\(ReportText.count(report.screens.count, "screen")), \(ReachHTMLRenderer.counts(report.findings)).")
    for screen in report.screens {
      let findings = report.findings.filter { $0.screen == screen.name }
      lines += ["", "### Screen: \(Self.inline(screen.name))", ""]
      if !screen.setup.isEmpty {
        let steps = screen.setup.map(\.description).joined(separator: " → ")
        lines += ["Shown from the start by: \(Self.inline(steps)).", ""]
      }
      lines += summary(screen.summary, style: style)
      lines += ["", "#### Findings", ""]
      lines += findings.isEmpty ? ["No findings."] : findingsTable(findings)
      lines += ["", "#### Targets", ""]
      lines += targets(screen.targets, style: style)
    }
    if !report.unreachedScreens.isEmpty {
      lines += ["", "### Screens no plan shows", ""]
      lines += report.unreachedScreens.map { "- \(Self.inline($0.name)): \(Self.inline($0.reason))" }
    }
    lines += ["", "### Tasks", ""]
    lines += report.tasks.isEmpty ? ["The scene declares no tasks."] : tasks(report.tasks)
    return lines
  }

  /// The screen's counts and switch costs beside the grouped and linear bounds.
  func summary(_ summary: ScreenSummary, style: String) -> [String] {
    let style = Self.cell(style)
    return Self.table(
      ["Measure", "Value"],
      [
        ["Targets", "\(summary.targets)"],
        ["Voice Control: by name / chooser / number only / none",
         [summary.voiceByName, summary.voiceByChooser, summary.voiceByNumberOnly, summary.voiceUnreachable]
           .map(String.init).joined(separator: " / ")],
        ["Switch stops (N)", "\(summary.switchStops)"],
        ["Switch presses (\(style)): mean / worst", "\(formatNumber(summary.meanPresses)) / \(summary.worstPresses)"],
        ["Switch seconds (\(style)): mean / worst",
         "\(formatNumber(summary.meanSeconds)) / \(formatNumber(summary.worstSeconds))"],
        ["Bound: grouped √N − 1 / linear (N − 1) / 2",
         "\(formatNumber(summary.groupedBound)) / \(formatNumber(summary.linearBound))"],
      ])
  }

  func findingsTable(_ findings: [Finding]) -> [String] {
    Self.table(
      ["Severity", "Rule", "Target", "Message", "Fix"],
      findings.map { finding in
        [finding.severity.rawValue, Self.cell(finding.rule.rawValue), Self.cell(finding.target),
         Self.cell(finding.message), Self.cell(finding.rule.hint)]
      })
  }

  func targets(_ targets: [TargetReport], style: String) -> [String] {
    let html = ReachHTMLRenderer()
    return Self.table(
      ["Target", "Name", "Voice Control", "Switch (\(Self.cell(style)))", "VoiceOver", "Keyboard"],
      targets.map { target in
        var name = target.label ?? target.text ?? "—"
        if let problem = target.problem { name += " (\(problem.description))" }
        return [
          Self.cell(target.id), Self.cell(name), Self.cell(html.voice(target.voice)),
          Self.cell(html.switchCost(target.switchControl, style: style)),
          Self.cell(target.voiceOver.map { ReportText.count($0.swipes, "swipe") } ?? "not in the tree"),
          Self.cell(html.keyboard(target.keyboard)),
        ]
      })
  }

  /// The task matrix: a mark, the steps and the seconds per technology.
  func tasks(_ tasks: [TaskEvidence]) -> [String] {
    Self.table(
      ["Task"] + Modality.allCases.map(\.title),
      tasks.map { task in
        [Self.cell(task.name)] + task.modalities.map { entry in
          var text = "\(entry.isCompletable ? "✓" : "✗") \(ReportText.count(entry.steps, "step"))"
          if let seconds = entry.seconds { text += ", \(formatNumber(seconds)) s" }
          if let failure = entry.failure { text += " (\(failure))" }
          return Self.cell(text)
        }
      })
  }

  /// A table from cells that are already escaped.
  static func table(_ header: [String], _ rows: [[String]]) -> [String] {
    let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
    return [line(header), line(header.map { _ in "---" })] + rows.map(line)
  }

  /// Text escaped for a table cell: pipes, backticks and emphasis are backslash-escaped,
  /// `<`, `>` and `&` become entities, newlines become `<br>`, and every other control or
  /// bidirectional formatting character is shown by its code point.
  static func cell(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "|", "`", "*", "_", "[", "]", "~":
        escaped += "\\"
        escaped.unicodeScalars.append(scalar)
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "&": escaped += "&amp;"
      case "\n": escaped += "<br>"
      case "\t": escaped += " "
      case _ where TerminalText.isHazard(scalar): escaped += ReportText.visible(scalar)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// Text escaped for a heading or a line of prose: as in a cell, with `#` escaped too so a
  /// heading's text can't end in what reads as its closing sequence.
  static func inline(_ text: String) -> String {
    cell(text).replacingOccurrences(of: "#", with: "\\#")
  }
}
