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
    var lines = ["scene: \(safe(report.sceneName))\(report.path.map { " (\(safe($0)))" } ?? "")"]
    for screen in report.screens {
      lines += self.screen(screen)
    }
    for unreached in report.unreachedScreens {
      lines.append("screen \(safe(unreached.name)): not reached: \(safe(unreached.reason))")
    }
    lines += findings(report.findings)
    lines += tasks(report.tasks)
    return lines.joined(separator: "\n") + "\n"
  }

  func screen(_ screen: ScreenReport) -> [String] {
    let summary = screen.summary
    var lines = [
      "screen \(safe(screen.name))"
        + (screen.setup.isEmpty ? "" : " (after \(safe(screen.setup.map(\.description).joined(separator: ", "))))")
        + ": \(summary.targets) target\(summary.targets == 1 ? "" : "s")",
      "  voice: by name \(summary.voiceByName), chooser \(summary.voiceByChooser), number only \(summary.voiceByNumberOnly), none \(summary.voiceUnreachable)",
      "  switch: \(ReportText.count(summary.switchStops, "stop")); presses mean \(formatNumber(summary.meanPresses)), worst \(summary.worstPresses); seconds mean \(formatNumber(summary.meanSeconds)), worst \(formatNumber(summary.worstSeconds)); grouped sqrt(N)-1 = \(formatNumber(summary.groupedBound)), linear (N-1)/2 = \(formatNumber(summary.linearBound))",
    ]
    for target in screen.targets { lines += self.target(target) }
    return lines
  }

  func target(_ target: TargetReport) -> [String] {
    var head = "  \(safe(target.id))  \(quoted(target.label))"
    if let value = target.value { head += "  value \(quoted(value))" }
    head += "  [\(target.traits.joined(separator: ", "))]  frame \(target.frame)"
    head += target.problem.map { "  UNREACHABLE: \(safe($0.description))" } ?? ""
    var lines = [head]
    if !target.isInTree {
      let actions = target.actions.map(\.description).joined(separator: ", ")
      lines.append("    no front reaches it: it is not in the accessibility tree (actions: \(safe(actions)))")
      return lines
    }
    let voice = target.voice
    var voiceLine = "    voice: \(voice.access.rawValue)"
    if let number = voice.number { voiceLine += ", number \(number)" }
    if let reason = voice.unspeakable { voiceLine += ", unspeakable (\(safe(reason)))" }
    lines.append(voiceLine)
    for route in voice.routes {
      lines.append(
        "      \(safe(route.action.description)): "
          + (route.failure.map { "none (\(safe($0)))" }
            ?? route.utterances.map { quoted($0) }.joined(separator: ", ")))
    }
    let reach = target.switchControl
    lines.append(
      "    switch: "
        + (reach.stopProblem.map { "not a stop (\(safe($0)))" }
          ?? (reach.groupPath.isEmpty ? "top level" : "groups \(safe(reach.groupPath.joined(separator: " > ")))")))
    for cost in reach.item + reach.point {
      var line = "      \(cost.style) \(safe(cost.action.description)): "
      if let failure = cost.failure {
        line += "unreachable (\(safe(failure)))"
      } else {
        line += "\(ReportText.count(cost.presses, "press")), \(formatNumber(cost.seconds)) s"
        if !cost.menuPath.isEmpty { line += ", menu \(safe(cost.menuPath.joined(separator: " > ")))" }
        if let point = cost.point { line += ", at \(point)\(cost.hits == true ? "" : " (misses)")" }
        line += "; keys \(cost.keys ?? "")"
      }
      lines.append(line)
    }
    if let voiceOver = target.voiceOver {
      var line = "    voiceover: position \(voiceOver.position), \(ReportText.count(voiceOver.swipes, "swipe")), speaks \(quoted(voiceOver.spoken))"
      if let heading = voiceOver.headingPosition { line += ", heading \(heading)" }
      lines.append(line)
    } else {
      lines.append("    voiceover: not in the tree")
    }
    let keyboard = target.keyboard
    if let failure = keyboard.failure {
      lines.append("    keyboard: none (\(safe(failure)))")
    } else {
      let actions = keyboard.actions.map { "\(safe($0.action.description)) \($0.keys ?? "none")" }
      lines.append(
        "    keyboard: tab \(keyboard.tabs ?? 0), arrows \(keyboard.arrows ?? 0); \(actions.joined(separator: "; "))")
    }
    return lines
  }

  func findings(_ findings: [Finding]) -> [String] {
    let counts = Severity.allCases.reversed().map { severity in
      ReportText.count(findings.filter { $0.severity == severity }.count, severity.rawValue)
    }
    var lines = ["findings: \(counts.joined(separator: ", "))"]
    for finding in findings {
      let place = finding.location.map { "\(safe($0.path)):\($0.line):\($0.column): " } ?? ""
      lines.append(
        "  \(place)\(finding.severity.rawValue): [\(finding.rule.rawValue)] \(safe(finding.screen)) \(safe(finding.target)): \(safe(finding.message))")
      lines.append("    fix: \(finding.rule.hint)")
    }
    return lines
  }

  func tasks(_ tasks: [TaskEvidence]) -> [String] {
    guard !tasks.isEmpty else { return ["tasks: none"] }
    var lines = ["tasks:"]
    for task in tasks {
      let plan = task.plan.map { $0.isEmpty ? "already done" : $0.map(\.description).joined(separator: ", ") }
      lines.append("  \(safe(task.name)): \(safe(plan ?? "no plan (\(task.planFailure ?? ""))"))")
      for entry in task.modalities {
        let title = entry.modality.title.padding(toLength: 20, withPad: " ", startingAt: 0)
        var line = "    \(title) \(entry.isCompletable ? "ok  " : "FAIL") steps \(entry.steps)"
        if let seconds = entry.seconds, entry.isCompletable { line += ", \(formatNumber(seconds)) s" }
        lines.append(line)
        for step in entry.transcript { lines.append("      \(safe(step))") }
      }
    }
    return lines
  }

  /// The text with control characters, line breaks and bidi controls escaped as `\u{..}`, and
  /// backslashes doubled.
  public func safe(_ text: String) -> String {
    escaped(text, doublingBackslashes: true)
  }

  /// The text in double quotes as transcripts quote it (``TreeRenderer/quoted(_:)``), with the
  /// bidi controls and C1 controls it leaves escaped too.
  func quoted(_ text: String?) -> String {
    escaped(TreeRenderer.quoted(text), doublingBackslashes: false)
  }

  func escaped(_ text: String, doublingBackslashes: Bool) -> String {
    // Most text has nothing to escape; it is returned as it is, without a copy.
    guard text.unicodeScalars.contains(where: { ReportText.isHazard($0) || (doublingBackslashes && $0 == "\\") })
    else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if doublingBackslashes, scalar == "\\" {
        // A backslash is doubled, so a label that spells out "\u{1b}" can't pass for an escape.
        result += "\\\\"
      } else if ReportText.isHazard(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
