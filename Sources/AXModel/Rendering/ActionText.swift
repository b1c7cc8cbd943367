/// Actions, plan steps and scene changes as the text transcripts print them, with every name,
/// id and string from the scene escaped by ``TerminalText``.
///
/// ``SceneChange``'s `description` is ``change(_:)``; those of ``SceneAction`` and
/// ``PlannedStep`` are for programmers and keep the scene's text raw, so a transcript prints
/// these instead.
public enum ActionText {
  /// An action: `activate`, `action 'Delete'`, `gesture drag` ..., the custom action's name
  /// escaped.
  public static func action(_ action: SceneAction) -> String {
    guard case .custom(let name) = action else { return action.description }
    return "action '\(TerminalText.escaped(name))'"
  }

  /// An action and the element it acts on: `action 'Delete' mail-2`, or the action alone.
  public static func subject(_ action: SceneAction, target: String?) -> String {
    let text = self.action(action)
    return target.map { "\(text) \(TerminalText.escaped($0))" } ?? text
  }

  /// A step of a plan, as ``subject(_:target:)`` writes it.
  public static func step(_ step: PlannedStep) -> String {
    subject(step.action, target: step.target)
  }

  /// A variable's value: numbers and Booleans as templates insert them, strings quoted so
  /// that one holding `\n` or ` -> ` can't forge a line or a change.
  public static func value(_ value: SceneValue) -> String {
    guard case .string(let text) = value else { return value.description }
    return TerminalText.quoted(text)
  }

  /// One change as a line: `var coffee: 0 -> 1`, `value of coffee: "0 ounces" -> "1 ounce"`,
  /// `presented: sheet` ...
  public static func change(_ change: SceneChange) -> String {
    func id(_ text: String) -> String { TerminalText.escaped(text) }
    func text(_ text: String?) -> String { text.map { TerminalText.quoted($0) } ?? "none" }
    switch change {
    case .variable(let name, let from, let to): return "var \(id(name)): \(value(from)) -> \(value(to))"
    case .value(let element, let from, let to): return "value of \(id(element)): \(text(from)) -> \(text(to))"
    case .label(let element, let from, let to): return "label of \(id(element)): \(text(from)) -> \(text(to))"
    case .traits(let element, let added, let removed):
      let parts = added.names.map { "+\($0)" } + removed.names.map { "-\($0)" }
      return "traits of \(id(element)): \(parts.joined(separator: " "))"
    case .appeared(let element): return "appeared: \(id(element))"
    case .disappeared(let element): return "disappeared: \(id(element))"
    case .presented(let screen): return "presented: \(id(screen))"
    case .dismissed(let screen): return "dismissed: \(id(screen))"
    case .navigated(let from, let to): return "navigated: \(id(from)) -> \(id(to))"
    case .editing(let element): return "editing: \(element.map(id) ?? "none") (keyboard \(element == nil ? "down" : "up"))"
    case .scrolled(let container, let from, let to): return "scrolled \(id(container)): \(from) -> \(to)"
    case .cameOnScreen(let element): return "on screen: \(id(element))"
    case .wentOffScreen(let element): return "off screen: \(id(element))"
    }
  }

  /// One line per change, with runs of appearances and disappearances joined into one line
  /// each, so that presenting a screen doesn't list every element on its own line.
  public static func changeLines(_ changes: [SceneChange]) -> [String] {
    var lines: [String] = []
    var appeared: [String] = []
    var disappeared: [String] = []
    var cameOn: [String] = []
    var wentOff: [String] = []
    for change in changes {
      switch change {
      case .appeared(let id): appeared.append(TerminalText.escaped(id))
      case .disappeared(let id): disappeared.append(TerminalText.escaped(id))
      case .cameOnScreen(let id): cameOn.append(TerminalText.escaped(id))
      case .wentOffScreen(let id): wentOff.append(TerminalText.escaped(id))
      default: lines.append(self.change(change))
      }
    }
    if !appeared.isEmpty { lines.append("appeared: " + appeared.joined(separator: ", ")) }
    if !disappeared.isEmpty { lines.append("disappeared: " + disappeared.joined(separator: ", ")) }
    if !cameOn.isEmpty { lines.append("on screen: " + cameOn.joined(separator: ", ")) }
    if !wentOff.isEmpty { lines.append("off screen: " + wentOff.joined(separator: ", ")) }
    return lines
  }
}

/// Outcomes as every front prints them.
extension ActionText {
  /// Why a failed action changed nothing, the same in every front.
  public static let failureReason = "the action's handler returned false; nothing changed"

  /// An outcome after its subject's colon: `done`, `refused: <reason>` (escaped) or
  /// `failed: <why>`.
  public static func outcome(_ outcome: ActionOutcome) -> String {
    switch outcome {
    case .done: return "done"
    case .refused(let reason): return "refused: \(TerminalText.escaped(reason))"
    case .failed: return "failed: \(failureReason)"
    }
  }
}
