import AXModel

/// Renders what utterances did as a transcript: text, or one JSON object per utterance.
public struct VoiceOutcomeRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The text transcript of one outcome: the utterance, the outcome and its message, then
  /// the choices, details, announcements, changes and focus, one per indented line.
  ///
  /// Labels are untrusted: quoted names and announcements are escaped with
  /// `TreeRenderer.quoted(_:)`, and the utterance, the message and the notes (which
  /// contain names) have their backslashes and control characters escaped, so that every
  /// outcome keeps to its lines.
  public func text(_ outcome: VoiceOutcome) -> String {
    var lines = ["> \(VoiceOutcomeRenderer.escaped(outcome.utterance))"]
    var head = "  \(outcome.kind.rawValue)"
    if let intent = outcome.intent { head += " [\(intent.rawValue)]" }
    head += ": \(VoiceOutcomeRenderer.escaped(outcome.message))"
    if let target = outcome.target, let match = outcome.match {
      head += " (\(target), \(match.rawValue))"
    } else if let target = outcome.target {
      head += " (\(target))"
    }
    lines.append(head)
    for choice in outcome.choices {
      lines.append("    \(choice.number)  \(choice.id)  \(TreeRenderer.quoted(choice.name))")
    }
    for detail in outcome.details where outcome.intent != .showActions {
      lines.append("  note: \(VoiceOutcomeRenderer.escaped(detail))")
    }
    for announcement in outcome.announcements {
      lines.append("  announce: \(TreeRenderer.quoted(announcement))")
    }
    for line in SceneChange.summaryLines(outcome.changes) { lines.append("  \(line)") }
    if let focus = outcome.focus { lines.append("  focus: \(focus)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The text with backslashes, line breaks, tabs and other control characters escaped
  /// (`\\`, `\n`, `\r`, `\t`, `\u{85}`), and nothing else changed.
  static func escaped(_ text: String) -> String {
    let needsEscaping = text.unicodeScalars.contains { $0 == "\\" || isControl($0) }
    guard needsEscaping else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped.append(contentsOf: #"\\"#.unicodeScalars)
      case "\n": escaped.append(contentsOf: #"\n"#.unicodeScalars)
      case "\r": escaped.append(contentsOf: #"\r"#.unicodeScalars)
      case "\t": escaped.append(contentsOf: #"\t"#.unicodeScalars)
      case _ where isControl(scalar):
        escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// Whether a scalar is a control character or a line or paragraph separator, any of
  /// which would break or garble a line of the transcript.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let category = scalar.properties.generalCategory
    return category == .control || category == .lineSeparator || category == .paragraphSeparator
  }

  /// One outcome as a JSON object with `utterance`, `intent`, `target`, `action`, `outcome`,
  /// `announcements` and the rest of what happened.
  public func json(_ outcome: VoiceOutcome) -> JSONOutput {
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
    return .object(object)
  }
}
