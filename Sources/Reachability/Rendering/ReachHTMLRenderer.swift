import AXModel

/// Renders reports as one self-contained HTML page: a drawing of every screen, its targets
/// and findings, and each scene's task matrix.
///
/// The page loads nothing: styles are inline, drawings are inline SVG, and there is no script
/// (a content security policy forbids any). Every piece of scene text is escaped, so a hostile
/// label shows as text. The output has no timestamps, so it suits golden files.
///
///     let html = ReachHTMLRenderer().render(reports)
public struct ReachHTMLRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The page for one or more scene reports, ending with a newline.
  public func render(_ reports: [ReachReport]) -> String {
    let findings = reports.flatMap(\.findings)
    let title = reports.count == 1 ? "Reachability report: \(reports[0].sceneName)" : "Reachability report"
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escape(title))</title>
      <style>\(Self.styleSheet)</style>
      </head>
      <body>
      <header>
      <h1>Reachability report</h1>
      <p class="overview">\(ReportText.count(reports.count, "scene")) · \
      \(Self.counts(findings)) · switch figures in \(Self.escape(Self.styles(reports))) scanning</p>
      </header>
      <main>

      """
    for (index, report) in reports.enumerated() {
      html += scene(report, anchor: "scene-\(index + 1)")
    }
    html += "</main>\n<footer>axreach \(Self.escape(AXInputVersion.current)) · \(ReachReport.formatVersion)</footer>\n"
    html += "</body>\n</html>\n"
    return html
  }

  /// One scene: its screens, the screens no plan shows, and the task matrix.
  func scene(_ report: ReachReport, anchor: String) -> String {
    var html = "<section class=\"scene\" id=\"\(anchor)\">\n"
    html += "<h2>\(Self.escape(report.sceneName))"
    if let path = report.path { html += " <span class=\"path\">\(Self.escape(path))</span>" }
    html += "</h2>\n<p class=\"overview\">\(ReportText.count(report.screens.count, "screen")) · "
    html += "\(Self.counts(report.findings))</p>\n"
    for (index, screen) in report.screens.enumerated() {
      html += self.screen(screen, of: report, anchor: "\(anchor)-screen-\(index + 1)")
    }
    if !report.unreachedScreens.isEmpty {
      html += "<section class=\"unreached\">\n<h3>Screens no plan shows</h3>\n<ul>\n"
      for screen in report.unreachedScreens {
        html += "<li><b>\(Self.escape(screen.name))</b>: \(Self.escape(screen.reason))</li>\n"
      }
      html += "</ul>\n</section>\n"
    }
    html += tasks(report.tasks)
    return html + "</section>\n"
  }

  /// One screen: the drawing with the summary and targets beside it, then its findings.
  func screen(_ screen: ScreenReport, of report: ReachReport, anchor: String) -> String {
    let findings = report.findings.filter { $0.screen == screen.name }
    var html = "<section class=\"screen\" id=\"\(anchor)\">\n"
    html += "<h3>Screen <q>\(Self.escape(screen.name))</q></h3>\n"
    if !screen.setup.isEmpty {
      let steps = screen.setup.map { Self.escape($0.description) }.joined(separator: " → ")
      html += "<p class=\"setup\">Shown from the start by: \(steps)</p>\n"
    }
    html += "<div class=\"screen-body\">\n"
    html += drawing(screen, findings: findings, size: report.screenSize, style: Self.style(report))
    html += "<div class=\"side\">\n"
    html += summary(screen.summary, findings: findings, style: Self.style(report))
    html += targets(screen, findings: findings, style: Self.style(report))
    html += "</div>\n</div>\n"
    html += findingsTable(findings, anchor: anchor)
    return html + "</section>\n"
  }

  /// The findings of a screen, worst first as the checker ordered them within a target.
  func findingsTable(_ findings: [Finding], anchor: String) -> String {
    var html = "<section class=\"findings\">\n<h4>Findings (\(findings.count))</h4>\n"
    guard !findings.isEmpty else { return html + "<p class=\"none\">No findings.</p>\n</section>\n" }
    html += "<table>\n<thead><tr><th>Severity</th><th>Rule</th><th>Target</th><th>Message</th>"
    html += "<th>Fix</th><th>Where</th></tr></thead>\n<tbody>\n"
    for (index, finding) in findings.enumerated() {
      let severity = finding.severity.rawValue
      let location = finding.location.map { "line \($0.line), column \($0.column)" } ?? "—"
      html += "<tr id=\"\(anchor)-finding-\(index + 1)\" class=\"sev-\(severity)\">"
      html += "<td><span class=\"badge sev-\(severity)\">\(severity)</span></td>"
      html += "<td><code>\(Self.escape(finding.rule.rawValue))</code></td>"
      html += "<td><code>\(Self.escape(finding.target))</code></td>"
      html += "<td>\(Self.escape(finding.message))</td><td>\(Self.escape(finding.rule.hint))</td>"
      html += "<td>\(location)</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  /// The task matrix: every task against every technology, with the steps as evidence.
  func tasks(_ tasks: [TaskEvidence]) -> String {
    var html = "<section class=\"tasks\">\n<h3>Tasks</h3>\n"
    guard !tasks.isEmpty else { return html + "<p class=\"none\">The scene declares no tasks.</p>\n</section>\n" }
    html += "<table>\n<thead><tr><th>Task</th>"
    for modality in Modality.allCases { html += "<th>\(modality.title)</th>" }
    html += "</tr></thead>\n<tbody>\n"
    for task in tasks {
      html += "<tr><th scope=\"row\">\(Self.escape(task.name))"
      if let plan = task.plan {
        html += "<div class=\"plan\">\(plan.map { Self.escape($0.description) }.joined(separator: " → "))</div>"
      } else if let failure = task.planFailure {
        html += "<div class=\"plan\">no plan: \(Self.escape(failure))</div>"
      }
      html += "</th>"
      for entry in task.modalities { html += cell(entry) }
      html += "</tr>\n"
    }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  /// One technology's evidence for a task: a mark, the counts and the transcript.
  func cell(_ entry: TaskEvidence.Entry) -> String {
    let mark = entry.isCompletable ? "<span class=\"yes\">✓</span>" : "<span class=\"no\">✗</span>"
    var html = "<td class=\"\(entry.isCompletable ? "done" : "blocked")\">"
    html += "\(mark) \(ReportText.count(entry.steps, "step"))"
    if let seconds = entry.seconds { html += ", \(formatNumber(seconds)) s" }
    if let failure = entry.failure { html += "<div class=\"failure\">\(Self.escape(failure))</div>" }
    if !entry.transcript.isEmpty {
      html += "<details><summary>transcript</summary><ol>"
      html += entry.transcript.map { "<li>\(Self.escape($0))</li>" }.joined()
      html += "</ol></details>"
    }
    return html + "</td>"
  }

  /// Counts findings by severity, worst first.
  static func counts(_ findings: [Finding]) -> String {
    Severity.allCases.reversed().map { severity in
      ReportText.count(findings.filter { $0.severity == severity }.count, severity.rawValue)
    }.joined(separator: ", ")
  }

  /// The scanning style whose costs the summaries show.
  static func style(_ report: ReachReport) -> String { report.options.switchSettings.scanning.rawValue }

  /// The scanning styles of several reports, each named once.
  static func styles(_ reports: [ReachReport]) -> String {
    var seen: [String] = []
    for style in reports.map(style) where !seen.contains(style) { seen.append(style) }
    return seen.isEmpty ? "auto" : seen.joined(separator: ", ")
  }

  /// Escapes text for HTML text and quoted attributes alike.
  static func escape(_ text: String) -> String { ReportText.html(text) }

  /// The page's only styles: system fonts, severity colours shared by tables and drawings.
  static let styleSheet = """

    :root { --error: #b3261e; --warning: #8a5a00; --note: #1a5fb4; --ok: #1e7b34; --scan: #7b1fa2;
      --line: #d0d4da; --muted: #5f6368; color-scheme: light; }
    body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
      "Noto Sans CJK SC", sans-serif; color: #1f2328; background: #f6f7f9; }
    header, main, footer { max-width: 1400px; margin: 0 auto; padding: 0 20px; }
    h1 { font-size: 24px; margin: 20px 0 4px; }
    h2 { font-size: 20px; margin: 0 0 4px; }
    h3 { font-size: 17px; margin: 24px 0 8px; }
    h4 { font-size: 15px; margin: 16px 0 6px; }
    .overview, .setup, .path, .type, .plan, footer { color: var(--muted); }
    .path { font-size: 13px; font-weight: normal; margin-left: 8px; }
    .scene { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px;
      margin: 16px 0; }
    .screen { border-top: 1px solid var(--line); margin-top: 16px; }
    .screen-body { display: flex; gap: 24px; align-items: flex-start; }
    .side { flex: 1; min-width: 0; overflow-x: auto; }
    figure.drawing { margin: 0; flex: none; max-width: 380px; }
    figure svg { display: block; max-width: 100%; height: auto; }
    figcaption { font-size: 12px; color: var(--muted); margin-top: 6px; }
    table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; }
    th, td { border: 1px solid var(--line); padding: 4px 6px; text-align: left; vertical-align: top;
      overflow-wrap: break-word; }
    thead th { background: #eef0f3; font-weight: 600; }
    table.summary { width: auto; }
    table.targets { font-size: 13px; } table.targets code { font-size: 12px; }
    table.targets td { overflow-wrap: anywhere; }
    table.summary th { font-weight: 600; background: #f6f7f9; }
    tr.sev-error td:first-child { box-shadow: inset 4px 0 var(--error); }
    tr.sev-warning td:first-child { box-shadow: inset 4px 0 var(--warning); }
    tr.sev-note td:first-child { box-shadow: inset 4px 0 var(--note); }
    code { font: 12.5px ui-monospace, "DejaVu Sans Mono", monospace; }
    .type, .plan, .failure { font-size: 12px; }
    .failure { color: var(--error); }
    .badge { display: inline-block; white-space: nowrap; padding: 0 6px; border-radius: 9px; color: #fff;
      font-size: 12px; }
    .badge.sev-error { background: var(--error); } .badge.sev-warning { background: var(--warning); }
    .badge.sev-note { background: var(--note); }
    .yes { color: var(--ok); font-weight: 700; } .no { color: var(--error); font-weight: 700; }
    td.blocked { background: #fdf1f0; }
    details summary { cursor: pointer; color: var(--muted); font-size: 12px; }
    details ol { margin: 4px 0; padding-left: 20px; font-size: 12px; }
    .none { color: var(--muted); }
    .key { display: inline-block; width: 10px; height: 10px; border: 2px solid; margin: 0 3px 0 6px;
      vertical-align: -1px; }
    .key.sev-error { border-color: var(--error); } .key.sev-warning { border-color: var(--warning); }
    .key.sev-note { border-color: var(--note); } .key.sev-ok { border-color: var(--ok); }
    .key.out { border-style: dashed; border-color: var(--muted); }
    .vc, .stop { display: inline-block; min-width: 14px; padding: 0 3px; font-size: 11px; color: #fff;
      text-align: center; margin-left: 6px; }
    .vc { background: #1f2328; border-radius: 3px; } .stop { background: var(--scan); border-radius: 8px; }
    svg .device { fill: #fff; stroke: #9aa0a6; stroke-width: 1.5px; }
    svg .target rect, svg .target path { stroke-width: 2px; vector-effect: non-scaling-stroke; }
    svg .sev-error rect { fill: #b3261e22; stroke: var(--error); }
    svg .sev-warning rect { fill: #f9ab0033; stroke: var(--warning); }
    svg .sev-note rect { fill: #1a5fb422; stroke: var(--note); }
    svg .sev-ok rect { fill: #1e7b341a; stroke: var(--ok); }
    svg .target path { stroke: var(--error); }
    svg .out rect { stroke-dasharray: 5 3; fill-opacity: 0.4; }
    svg .group rect { fill: none; stroke: #3c4043; stroke-width: 1.5px; stroke-dasharray: 6 4;
      vector-effect: non-scaling-stroke; }
    svg .group text { fill: #3c4043; font-weight: 600; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
    svg .scan polyline { fill: none; stroke: var(--scan); stroke-width: 2px; stroke-opacity: 0.55;
      vector-effect: non-scaling-stroke; }
    svg .scan circle { fill: var(--scan); fill-opacity: 0.85; }
    svg .scan text { fill: #fff; font-weight: 700; }
    svg .number rect { fill: #1f2328; fill-opacity: 0.85; }
    svg .number text { fill: #fff; font-weight: 600; }
    footer { font-size: 12px; padding-bottom: 24px; }
    @media print { body { background: #fff; } .scene { border: none; } }

    """
}
