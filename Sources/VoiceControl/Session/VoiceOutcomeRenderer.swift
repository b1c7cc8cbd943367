import AXModel

/// Renders what utterances did as a transcript: text, or one JSON object per utterance.
public struct VoiceOutcomeRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The text transcript of one outcome: the utterance, the outcome and its message, then
  /// the choices, details, announcements, changes and focus, one per indented line.
  ///
  /// Labels are untrusted, and so is the utterance: every string goes through
  /// ``TerminalText`` (names and announcements quoted, the utterance, the message, ids and
  /// the notes escaped), so that every outcome keeps to its lines.
  public func text(_ outcome: VoiceOutcome) -> String {
    text(outcome, heading: "> \(TerminalText.escaped(outcome.utterance))")
  }

  /// The text transcript of one outcome under another first line than `> utterance`
  /// (`axvoice listen` says when the utterance was heard).
  ///
  /// - Parameter heading: The first line, without its line break; the caller escapes what it
  ///   holds.
  public func text(_ outcome: VoiceOutcome, heading: String) -> String {
    let escaped = TerminalText.escaped
    var lines = [heading]
    var head = "  \(outcome.kind.rawValue)"
    if let intent = outcome.intent { head += " [\(intent.rawValue)]" }
    head += ": \(escaped(outcome.message))"
    if let target = outcome.target, let match = outcome.match {
      head += " (\(escaped(target)), \(match.rawValue))"
    } else if let target = outcome.target {
      head += " (\(escaped(target)))"
    }
    lines.append(head)
    for choice in outcome.choices {
      lines.append("    \(choice.number)  \(escaped(choice.id))  \(TerminalText.quoted(choice.name))")
    }
    for detail in outcome.details where outcome.intent != .showActions {
      lines.append("  note: \(escaped(detail))")
    }
    for announcement in outcome.announcements {
      lines.append("  announce: \(TerminalText.quoted(announcement))")
    }
    for line in ActionText.changeLines(outcome.changes) { lines.append("  \(line)") }
    if let focus = outcome.focus { lines.append("  focus: \(escaped(focus))") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One outcome as a JSON object with `utterance`, `intent`, `target`, `action`, `outcome`,
  /// `announcements` and the rest of what happened.
  public func json(_ outcome: VoiceOutcome) -> JSONOutput {
    .object(fields(outcome))
  }

  /// The members of ``json(_:)``'s object, for a caller that adds its own (`axvoice listen`
  /// adds what was heard).
  public func fields(_ outcome: VoiceOutcome) -> [String: JSONOutput] {
    func string(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }
    var object: [String: JSONOutput] = [
      "utterance": .string(outcome.utterance),
      "intent": string(outcome.intent?.rawValue),
      "target": string(outcome.target),
      "name": string(outcome.targetName),
      "match": string(outcome.match?.rawValue),
      "action": string(outcome.action?.name),
      "outcome": .string(outcome.kind.rawValue),
      "message": .string(outcome.message),
      "announcements": .array(outcome.announcements.map(JSONOutput.string)),
      "changes": .array(outcome.changes.map(ActionResultRenderer().changeJSON)),
      "focus": string(outcome.focus),
      "overlay": string(outcome.overlay?.kindName),
    ]
    switch outcome.action {
    case .custom(let name)?: object["actionName"] = .string(name)
    case .gesture(let kind)?: object["actionName"] = .string(kind.rawValue)
    default: break
    }
    if let point = outcome.point {
      object["point"] = .array([.number(point.x), .number(point.y)])
    }
    if outcome.results.count > 1 { object["repeats"] = .number(Double(outcome.results.count)) }
    if !outcome.choices.isEmpty {
      object["choices"] = .array(
        outcome.choices.map {
          ["number": .number(Double($0.number)), "id": .string($0.id), "name": .string($0.name)]
        })
    }
    if !outcome.details.isEmpty { object["details"] = .array(outcome.details.map(JSONOutput.string)) }
    return object
  }
}
