import AXModel

/// Renders reports as text for a terminal: per screen a summary, one block per target, the
/// findings and the task evidence matrix.
///
/// Every string from the scene goes through ``ReachTextRenderer/safe(_:)``, so a label with
/// control characters or bidi overrides can't rewrite the user's terminal.
public struct ReachTextRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The text of every report, one after another.
  public func render(_ reports: [ReachReport]) -> String {
    reports.map(render).joined(separator: "\n")
  }

  /// The text of one report.
  public func render(_ report: ReachReport) -> String {
    // One string written line by line: a report of 10,000 targets is some 35 MB of text, which
    // gathering as lines and joining them would copy twice more.
    var text = ""
    line("scene: \(safe(report.sceneName))\(report.path.map { " (\(safe($0)))" } ?? "")", into: &text)
    for screen in report.screens {
      self.screen(screen, into: &text)
    }
    for unreached in report.unreachedScreens {
      line("screen \(safe(unreached.name)): not reached: \(safe(unreached.reason))", into: &text)
    }
    findings(report.findings, into: &text)
    tasks(report.tasks, into: &text)
    return text
  }

  /// Appends a line and its line break.
  func line(_ line: String, into text: inout String) {
    text += line
    text += "\n"
  }

  func screen(_ screen: ScreenReport, into text: inout String) {
    let summary = screen.summary
    line(
      "screen \(safe(screen.name))"
        + (screen.setup.isEmpty ? "" : " (after \(safe(screen.setup.map(\.description).joined(separator: ", "))))")
        + ": \(summary.targets) target\(summary.targets == 1 ? "" : "s")", into: &text)
    line(
      "  voice: by name \(summary.voiceByName), chooser \(summary.voiceByChooser), number only \(summary.voiceByNumberOnly), none \(summary.voiceUnreachable)",
      into: &text)
    line(
      "  switch: \(ReportText.count(summary.switchStops, "stop")); presses mean \(formatNumber(summary.meanPresses)), worst \(summary.worstPresses); seconds mean \(formatNumber(summary.meanSeconds)), worst \(formatNumber(summary.worstSeconds)); grouped sqrt(N)-1 = \(formatNumber(summary.groupedBound)), linear (N-1)/2 = \(formatNumber(summary.linearBound))",
      into: &text)
    for target in screen.targets { self.target(target, into: &text) }
  }

  func target(_ target: TargetReport, into text: inout String) {
    text += "  \(safe(target.id))  \(quoted(target.label))"
    if let value = target.value { text += "  value \(quoted(value))" }
    text += "  [\(target.traits.joined(separator: ", "))]  frame \(target.frame)"
    if let problem = target.problem { text += "  UNREACHABLE: \(safe(problem.description))" }
    text += "\n"
    if !target.isInTree {
      let actions = target.actions.map(\.description).joined(separator: ", ")
      // A real touch (a grid tap, point mode's Tap) may still reach it: say how.
      let grid = target.voice.routes.filter { $0.failure == nil }
      let point = target.switchControl.point.filter { $0.failure == nil }
      guard !grid.isEmpty || !point.isEmpty else {
        line("    no front reaches it: it is not in the accessibility tree (actions: \(safe(actions)))", into: &text)
        return
      }
      line("    only a touch reaches it: it is not in the accessibility tree (actions: \(safe(actions)))", into: &text)
      for route in grid {
        line(
          "      voice grid \(safe(route.action.description)): \(route.utterances.map { quoted($0) }.joined(separator: ", "))",
          into: &text)
      }
      for cost in point { self.cost(cost, into: &text) }
      return
    }
    let voice = target.voice
    text += "    voice: \(voice.access.rawValue)"
    if let number = voice.number { text += ", number \(number)" }
    if let reason = voice.unspeakable { text += ", unspeakable (\(safe(reason)))" }
    text += "\n"
    for route in voice.routes {
      text += "      \(safe(route.action.description)): "
      if let failure = route.failure {
        text += "none (\(safe(failure)))"
      } else {
        text += route.utterances.map { quoted($0) }.joined(separator: ", ")
      }
      text += "\n"
    }
    let reach = target.switchControl
    line(
      "    switch: "
        + (reach.stopProblem.map { "not a stop (\(safe($0)))" }
          ?? (reach.groupPath.isEmpty ? "top level" : "groups \(safe(reach.groupPath.joined(separator: " > ")))")),
      into: &text)
    for cost in reach.item { self.cost(cost, into: &text) }
    for cost in reach.point { self.cost(cost, into: &text) }
    if let voiceOver = target.voiceOver {
      text += "    voiceover: position \(voiceOver.position), \(ReportText.count(voiceOver.swipes, "swipe")), speaks \(quoted(voiceOver.spoken))"
      if let heading = voiceOver.headingPosition { text += ", heading \(heading)" }
      text += "\n"
    } else {
      line("    voiceover: not in the tree", into: &text)
    }
    let keyboard = target.keyboard
    if let failure = keyboard.failure {
      line("    keyboard: none (\(safe(failure)))", into: &text)
    } else {
      let actions = keyboard.actions.map { "\(safe($0.action.description)) \($0.keys ?? "none")" }
      line(
        "    keyboard: tab \(keyboard.tabs ?? 0), arrows \(keyboard.arrows ?? 0); \(actions.joined(separator: "; "))",
        into: &text)
    }
  }

  /// One switch cost's line.
  func cost(_ cost: SwitchReach.Cost, into text: inout String) {
    text += "      \(cost.style) \(safe(cost.action.description)): "
    if let failure = cost.failure {
      text += "unreachable (\(safe(failure)))"
    } else {
      text += "\(ReportText.count(cost.presses, "press")), \(formatNumber(cost.seconds)) s"
      if !cost.menuPath.isEmpty { text += ", menu \(safe(cost.menuPath.joined(separator: " > ")))" }
      if let point = cost.point { text += ", at \(point)\(cost.hits == true ? "" : " (misses)")" }
      text += "; keys "
      text += cost.keys ?? ""
    }
    text += "\n"
  }

  func findings(_ findings: [Finding], into text: inout String) {
    let counts = Severity.allCases.reversed().map { severity in
      ReportText.count(findings.filter { $0.severity == severity }.count, severity.rawValue)
    }
    line("findings: \(counts.joined(separator: ", "))", into: &text)
    for finding in findings {
      let place = finding.location.map { "\(safe($0.path)):\($0.line):\($0.column): " } ?? ""
      line(
        "  \(place)\(finding.severity.rawValue): [\(finding.rule.rawValue)] \(safe(finding.screen)) \(safe(finding.target)): \(safe(finding.message))",
        into: &text)
      line("    fix: \(finding.rule.hint)", into: &text)
    }
  }

  func tasks(_ tasks: [TaskEvidence], into text: inout String) {
    guard !tasks.isEmpty else { return line("tasks: none", into: &text) }
    line("tasks:", into: &text)
    for task in tasks {
      let plan = task.plan.map { $0.isEmpty ? "already done" : $0.map(\.description).joined(separator: ", ") }
      line("  \(safe(task.name)): \(safe(plan ?? "no plan (\(task.planFailure ?? ""))"))", into: &text)
      for entry in task.modalities {
        let title = entry.modality.title.padding(toLength: 20, withPad: " ", startingAt: 0)
        var entryLine = "    \(title) \(entry.isCompletable ? "ok  " : "FAIL") steps \(entry.steps)"
        if let seconds = entry.seconds, entry.isCompletable { entryLine += ", \(formatNumber(seconds)) s" }
        line(entryLine, into: &text)
        for step in entry.transcript { line("      \(safe(step))", into: &text) }
      }
    }
  }

  /// The text escaped by the shared rule, ``TerminalText/escaped(_:)``: hazards shown as
  /// `\n` or `\u{..}`, backslashes doubled.
  public func safe(_ text: String) -> String { TerminalText.escaped(text) }

  /// The text in double quotes, escaped by ``TerminalText/quoted(_:)``.
  func quoted(_ text: String?) -> String { TerminalText.quoted(text) }
}
