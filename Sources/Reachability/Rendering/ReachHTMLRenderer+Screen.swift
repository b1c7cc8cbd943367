import AXModel

extension ReachHTMLRenderer {
  /// The widest a drawing is shown, in CSS pixels; wider screens are scaled down.
  static let drawingWidth = 360.0

  /// An inline SVG drawing of a screen: targets coloured by their worst finding, Voice Control
  /// numbers, switch groups, and the item-scan path through the stops.
  func drawing(_ screen: ScreenReport, findings: [Finding], size: Size, style: String) -> String {
    let width = max(size.width, 1)
    let height = max(size.height, 1)
    let scale = min(1, Self.drawingWidth / width)
    // Sizes of text and marks are given in CSS pixels and converted, so they read the same
    // whatever the screen's size.
    let unit = 1 / scale
    let pad = 12 * unit
    let box = [-pad, -pad, width + 2 * pad, height + 2 * pad].map(formatNumber).joined(separator: " ")
    var svg = "<figure class=\"drawing\">\n"
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(box)\" "
    svg += "width=\"\(n((width + 2 * pad) * scale))\" height=\"\(n((height + 2 * pad) * scale))\" "
    svg += "font-size=\"\(formatNumber(11 * unit))\" role=\"img\" "
    svg += "aria-label=\"Drawing of screen \(Self.escape(screen.name))\">\n"
    svg += rect(Rect(x: 0, y: 0, width: width, height: height), attributes: " class=\"device\"") + "\n"
    svg += targetShapes(screen.targets, findings: findings, unit: unit)
    svg += groupBoxes(screen.targets, unit: unit)
    svg += scanPath(screen.targets, unit: unit)
    svg += numberBadges(screen.targets, unit: unit)
    svg += "</svg>\n"
    svg += "<figcaption><span class=\"key sev-error\"></span>error <span class=\"key sev-warning\"></span>warning "
    svg += "<span class=\"key sev-note\"></span>note <span class=\"key sev-ok\"></span>no finding · "
    svg += "<span class=\"key out\"></span>not in the tree · <span class=\"vc\">7</span> Voice Control number · "
    svg += "<span class=\"stop\">3</span> switch stop in \(Self.escape(style)) scan order · "
    svg += "dashed box: switch group</figcaption>\n</figure>\n"
    return svg
  }

  /// One rectangle per target, largest first so that small targets are drawn on top.
  func targetShapes(_ targets: [TargetReport], findings: [Finding], unit: Double) -> String {
    let order = targets.indices.sorted { left, right in
      let (a, b) = (area(targets[left].frame), area(targets[right].frame))
      return a == b ? left < right : a > b
    }
    var svg = ""
    for index in order {
      let target = targets[index]
      let mine = findings.filter { $0.target == target.id }
      let severity = mine.map(\.severity).max().map(\.rawValue) ?? "ok"
      var title = target.id
      if let label = target.label { title += " — \(label)" }
      if let problem = target.problem { title += " — \(problem)" }
      if !mine.isEmpty { title += " — " + mine.map(\.rule.rawValue).joined(separator: ", ") }
      let frame = target.frame
      svg += "<g class=\"target sev-\(severity)\(target.isInTree ? "" : " out")\"><title>\(Self.escape(title))</title>"
      if frame.isEmpty {
        // A frame with no area is drawn as a cross, so its place is still seen.
        let (x, y, r) = (frame.x, frame.y, 5 * unit)
        svg += "<path d=\"M\(n(x - r)) \(n(y - r))L\(n(x + r)) \(n(y + r))"
        svg += "M\(n(x - r)) \(n(y + r))L\(n(x + r)) \(n(y - r))\"/>"
      } else {
        svg += rect(frame)
      }
      svg += "</g>\n"
    }
    return svg
  }

  /// A dashed box around the targets of each switch group (the first group entered).
  func groupBoxes(_ targets: [TargetReport], unit: Double) -> String {
    var order: [String] = []
    var bounds: [String: Rect] = [:]
    for target in targets where !target.frame.isEmpty {
      guard let group = target.switchControl.groupPath.first else { continue }
      if let box = bounds[group] {
        bounds[group] = union(box, target.frame)
      } else {
        order.append(group)
        bounds[group] = target.frame
      }
    }
    var svg = ""
    let inset = 4 * unit
    for group in order {
      guard let box = bounds[group] else { continue }
      let outset = Rect(
        x: box.x - inset, y: box.y - inset, width: box.width + 2 * inset, height: box.height + 2 * inset)
      svg += "<g class=\"group\">" + rect(outset)
      // The label sits above the top right corner, away from the number badges at top left.
      svg += "<text x=\"\(n(box.maxX + inset))\" y=\"\(n(box.y - inset - 3 * unit))\" "
      svg += "text-anchor=\"end\">\(Self.escape(group))</text></g>\n"
    }
    return svg
  }

  /// The item-scan path: the stops in tree order, joined at their activation points.
  func scanPath(_ targets: [TargetReport], unit: Double) -> String {
    let stops = targets.filter { $0.isInTree && $0.switchControl.stopProblem == nil }
    guard !stops.isEmpty else { return "" }
    let points = stops.map { "\(n($0.activationPoint.x)),\(n($0.activationPoint.y))" }
    var svg = "<g class=\"scan\"><polyline points=\"\(points.joined(separator: " "))\"/>\n"
    for (index, stop) in stops.enumerated() {
      let point = stop.activationPoint
      svg += "<circle cx=\"\(n(point.x))\" cy=\"\(n(point.y))\" r=\"\(n(8 * unit))\"/>"
      svg += "<text x=\"\(n(point.x))\" y=\"\(n(point.y + 3.5 * unit))\" text-anchor=\"middle\">\(index + 1)</text>\n"
    }
    return svg + "</g>\n"
  }

  /// Voice Control's "show numbers" badges, at each numbered target's top left corner.
  func numberBadges(_ targets: [TargetReport], unit: Double) -> String {
    var svg = ""
    for target in targets {
      guard let number = target.voice.number else { continue }
      let digits = Double(String(number).count)
      let (x, y) = (target.frame.x, target.frame.y)
      let badge = Rect(x: x, y: y, width: (digits * 6.5 + 6) * unit, height: 14 * unit)
      svg += "<g class=\"number\">" + rect(badge, attributes: " rx=\"\(n(3 * unit))\"")
      svg += "<text x=\"\(n(x + 3 * unit))\" y=\"\(n(y + 11 * unit))\">\(number)</text></g>\n"
    }
    return svg
  }

  /// The screen's counts and costs, with the bounds a grouped and a linear scan would give.
  func summary(_ summary: ScreenSummary, findings: [Finding], style: String) -> String {
    let style = Self.escape(style)
    let rows: [(String, String)] = [
      ("Targets", "\(summary.targets)"),
      ("Voice Control", "\(summary.voiceByName) by name · \(summary.voiceByChooser) by name and chooser · "
        + "\(summary.voiceByNumberOnly) by number only · \(summary.voiceUnreachable) not at all"),
      ("Switch stops (N)", "\(summary.switchStops)"),
      ("Presses to activate (\(style))", "mean \(formatNumber(summary.meanPresses)) · worst \(summary.worstPresses)"),
      ("Seconds to activate (\(style))",
        "mean \(formatNumber(summary.meanSeconds)) · worst \(formatNumber(summary.worstSeconds))"),
      ("Bounds on moves", "grouped √N − 1 = \(formatNumber(summary.groupedBound)) · "
        + "linear (N − 1) / 2 = \(formatNumber(summary.linearBound))"),
      ("Findings", Self.counts(findings)),
    ]
    let body = rows.map { "<tr><th scope=\"row\">\($0.0)</th><td>\($0.1)</td></tr>" }.joined(separator: "\n")
    return "<table class=\"summary\">\n<tbody>\n\(body)\n</tbody>\n</table>\n"
  }

  /// Every target of a screen: its number, name and what each technology needs to activate it.
  func targets(_ screen: ScreenReport, findings: [Finding], style: String) -> String {
    var html = "<table class=\"targets\">\n<thead><tr><th>No.</th><th>Target</th><th>Name</th>"
    html += "<th>Voice Control</th><th>Switch (\(Self.escape(style)))</th><th>VoiceOver</th>"
    html += "<th>Keyboard</th><th>Findings</th></tr></thead>\n<tbody>\n"
    for target in screen.targets {
      let mine = findings.filter { $0.target == target.id }
      let severity = mine.map(\.severity).max().map(\.rawValue) ?? "ok"
      html += "<tr class=\"sev-\(severity)\"><td>\(target.voice.number.map(String.init) ?? "—")</td>"
      html += "<td><code>\(Self.escape(target.id))</code>"
      html += "<div class=\"type\">\(Self.escape(target.type.rawValue))</div></td>"
      html += "<td>\(Self.escape(target.label ?? target.text ?? "—"))"
      if let problem = target.problem { html += "<div class=\"failure\">\(Self.escape(problem.description))</div>" }
      html += "</td><td>\(Self.escape(voice(target.voice)))</td>"
      html += "<td>\(Self.escape(switchCost(target.switchControl, style: style)))</td>"
      let swipes = target.voiceOver.map { ReportText.count($0.swipes, "swipe") } ?? "not in the tree"
      html += "<td>\(Self.escape(swipes))</td>"
      html += "<td>\(Self.escape(keyboard(target.keyboard)))</td><td>"
      let badges = mine.map { finding in
        let severity = finding.severity.rawValue
        return "<span class=\"badge sev-\(severity)\">\(severity)</span> <code>\(finding.rule.rawValue)</code>"
      }
      html += badges.isEmpty ? "—" : badges.joined(separator: "<br>")
      html += "</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n"
  }

  /// The cheapest utterances that activate a target, or why there are none.
  func voice(_ voice: VoiceReach) -> String {
    guard let route = voice.routes.first(where: { $0.action == .activate }) ?? voice.routes.first else {
      return voice.unspeakable ?? "no action"
    }
    if let failure = route.failure { return failure }
    return route.utterances.map { "“\($0)”" }.joined(separator: ", ")
  }

  /// The presses and seconds to activate a target in a scanning style, or why it can't be.
  func switchCost(_ reach: SwitchReach, style: String) -> String {
    if let problem = reach.stopProblem { return problem }
    let costs = reach.item.filter { $0.style == style }
    guard let cost = costs.first(where: { $0.action == .activate }) ?? costs.first else { return "no cost" }
    if let failure = cost.failure { return failure }
    return "\(ReportText.count(cost.presses, "press")), \(formatNumber(cost.seconds)) s"
  }

  /// The Tab and arrow presses that focus a target and the keys that activate it.
  func keyboard(_ reach: KeyboardReach) -> String {
    if let failure = reach.failure { return failure }
    var text = "\(ReportText.count(reach.tabs ?? 0, "Tab")), \(ReportText.count(reach.arrows ?? 0, "arrow"))"
    if let keys = (reach.actions.first { $0.action == .activate } ?? reach.actions.first)?.keys {
      text += ", then \(keys)"
    }
    return text
  }

  func area(_ rect: Rect) -> Double { rect.isEmpty ? 0 : rect.width * rect.height }

  func union(_ a: Rect, _ b: Rect) -> Rect {
    let (minX, minY) = (min(a.minX, b.minX), min(a.minY, b.minY))
    return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
  }

  /// An SVG rectangle, with any further attributes (each with its leading space).
  func rect(_ rect: Rect, attributes: String = "") -> String {
    "<rect x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\"\(attributes)/>"
  }

  /// A coordinate or length as SVG writes it: the reports' number format.
  func n(_ value: Double) -> String { formatNumber(value) }
}
