import AXModel

/// Renders scripted runs as text transcripts or JSON Lines, deterministically.
///
/// The scene's text in a transcript (its name, ids, menu titles, the scanner's remarks about
/// them) is escaped with ``TerminalText``, so a scene can't forge a step or reach the terminal.
public struct TranscriptRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The header of a text transcript: the scene, the settings and the stops.
  public func header(_ scanner: SwitchScanner) -> String {
    let settings = scanner.settings
    var lines: [String] = []
    lines.append("scene: \(TerminalText.escaped(scanner.session.scene.name))")
    lines.append(
      "settings: \(settings.mode.rawValue) mode, \(settings.scanning.rawValue) scanning, "
        + "tap \(settings.tapBehavior.rawValue), interval \(formatNumber(settings.scanInterval)) s, "
        + "loops \(settings.loops), groups \(settings.groupsItems ? "on" : "off")"
        + (settings.mode == .point ? ", point \(settings.pointStyle.rawValue)" : ""))
    lines.append("stops: \(describe(scanner.layout.items))")
    let excluded = scanner.layout.exclusions.filter { $0.reason != .notInteractive }
    for exclusion in excluded {
      lines.append("not scanned: \(TerminalText.escaped(exclusion.id)) (\(exclusion.reason.rawValue))")
    }
    lines.append("start: highlight \(Self.text(scanner.highlight))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The stops of a level as text: ids, groups in parentheses.
  public func describe(_ items: [ScanNode]) -> String {
    items.map { node in
      switch node {
      case .element(let id): return TerminalText.escaped(id)
      case .group(let group): return "group \(TerminalText.escaped(group.id)) (\(describe(group.items)))"
      }
    }.joined(separator: ", ")
  }

  /// One step as text: the input, the time and the highlight, then the menu, the remarks and
  /// the dispatched actions indented below.
  public func text(_ step: SwitchStep, number: Int) -> String {
    var lines: [String] = []
    let moves = step.automaticMoves > 0 ? "  (\(step.automaticMoves) moves)" : ""
    lines.append(
      "\(number). \(step.input)  t=\(SwitchClock.seconds(step.time))  -> \(Self.text(step.highlight))\(moves)")
    for note in step.notes { lines.append("   \(TerminalText.escaped(note))") }
    let renderer = ActionResultRenderer(failureFeedback: Self.failureFeedback)
    for result in step.results {
      for line in renderer.text(result).split(separator: "\n") { lines.append("   \(line)") }
    }
    if let menu = step.menu {
      let current: String? = {
        if case .menuItem(let title) = step.highlight { return title }
        return nil
      }()
      lines.append(
        "   menu: "
          + menu.map { $0 == current ? "[\(TerminalText.escaped($0))]" : TerminalText.escaped($0) }
          .joined(separator: " | "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What a Switch Control user sees of a failed action: nothing, so scanning goes on.
  public static let failureFeedback = "Switch Control shows nothing; scanning goes on"

  /// A highlight's short form (``Highlight/description``), the id or menu title in it
  /// escaped.
  public static func text(_ highlight: Highlight) -> String {
    TerminalText.escaped(highlight.description)
  }

  /// A whole text transcript: the header, then every step.
  public func text(_ steps: [SwitchStep], scanner start: SwitchScanner) -> String {
    header(start) + steps.enumerated().map { text($1, number: $0 + 1) }.joined()
  }

  /// One step as a JSON object: `key`, `time` (seconds), `highlight`, `menu`, `action`,
  /// `name`, `target`, `outcome`, `results`, `notes` and `moves`.
  public func json(_ step: SwitchStep) -> JSONOutput {
    var object: [String: JSONOutput] = [
      "key": .string(step.input.description),
      "time": .number(Double(step.time) / 1000),
      "highlight": step.highlight == .none ? .null : .string(step.highlight.description),
      "menu": step.menu.map { .array($0.map(JSONOutput.string)) } ?? .null,
      "notes": .array(step.notes.map(JSONOutput.string)),
      "moves": .number(Double(step.automaticMoves)),
      "results": .array(step.results.map(ActionResultRenderer().json)),
      "action": .null,
      "target": .null,
    ]
    if let last = step.results.last {
      object["action"] = .string(last.action.name)
      object["target"] = last.target.map(JSONOutput.string) ?? .null
      switch last.action {
      case .custom(let name): object["name"] = .string(name)
      case .gesture(let kind): object["name"] = .string(kind.rawValue)
      default: break
      }
      object["outcome"] = .string(last.outcome.name)
      if let reason = last.outcome.reason { object["reason"] = .string(reason) }
    }
    return .object(object)
  }

  /// Steps as JSON Lines, one object per input.
  public func jsonLines(_ steps: [SwitchStep]) -> String {
    steps.map { json($0).rendered() + "\n" }.joined()
  }

  /// A path as the JSON object `axswitch path` prints.
  public func json(_ path: SwitchPath, target: String, goal: SwitchGoal) -> JSONOutput {
    var object: [String: JSONOutput] = [
      "keys": .array(path.keys.map { .string($0.description) }),
      "presses": .number(Double(path.presses)),
      "seconds": .number(Double(path.milliseconds) / 1000),
      "target": .string(target),
      "action": .string(goal.action.name),
    ]
    if case .custom(let name) = goal { object["name"] = .string(name) }
    if let point = path.point { object["point"] = .array([.number(point.x), .number(point.y)]) }
    return .object(object)
  }
}
