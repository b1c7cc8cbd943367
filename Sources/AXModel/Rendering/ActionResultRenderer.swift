/// Renders what an action did, as text or JSON.
public struct ActionResultRenderer: Sendable {
  /// What the user notices when an action fails, printed under it: the assistive
  /// technology's feedback, since the scene shows nothing.
  public var failureFeedback: String

  /// Creates a renderer for a front whose failed actions give `failureFeedback`; the default
  /// is VoiceOver's, the screen reader the plain session stands for.
  public init(failureFeedback: String = "VoiceOver plays its failure sound") {
    self.failureFeedback = failureFeedback
  }

  /// A short transcript: the action and outcome, then one indented line per change,
  /// announcement and focus move.
  ///
  /// Names, ids, announcements and the refusal are the scene's text, escaped with
  /// ``TerminalText`` so that a result keeps to its lines.
  public func text(_ result: ActionResult) -> String {
    let subject = ActionText.subject(result.action, target: result.target)
    var lines: [String] = []
    switch result.outcome {
    case .done:
      lines.append("\(subject): done")
      if result.changes.isEmpty && result.announcements.isEmpty {
        lines.append("  no change")
      }
    case .refused(let reason):
      lines.append("\(subject): refused: \(TerminalText.escaped(reason))")
    case .failed:
      lines.append("\(subject): \(ActionText.outcome(.failed))")
      lines.append("  \(failureFeedback)")
    }
    for announcement in result.announcements { lines.append("  announce: \(TerminalText.quoted(announcement))") }
    for line in ActionText.changeLines(result.changes) { lines.append("  \(line)") }
    if let focus = result.focus { lines.append("  focus: \(TerminalText.escaped(focus))") }
    if !result.polled.isEmpty {
      lines.append("  polled by VoiceOver: \(result.polled.map(TerminalText.escaped).joined(separator: ", "))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The result as a JSON object.
  public func json(_ result: ActionResult) -> JSONOutput {
    var object: [String: JSONOutput] = [
      "action": .string(result.action.name),
      "target": result.target.map(JSONOutput.string) ?? .null,
      "announcements": .array(result.announcements.map(JSONOutput.string)),
      "changes": .array(result.changes.map(changeJSON)),
      "focus": result.focus.map(JSONOutput.string) ?? .null,
    ]
    // Only when there are any, so that results without such elements keep their form.
    if !result.polled.isEmpty { object["polled"] = .array(result.polled.map(JSONOutput.string)) }
    switch result.action {
    case .custom(let name): object["name"] = .string(name)
    case .gesture(let kind): object["name"] = .string(kind.rawValue)
    case .scroll(let direction, let toEdge):
      object["direction"] = .string(direction.rawValue)
      if toEdge { object["toEdge"] = true }
    case .edit(let edit):
      // The text form's `type "Ada"`, in fields: without them a JSON reader can't tell what
      // was typed, or which deletion ran.
      object["edit"] = .string(edit.name)
      if let text = edit.text { object["text"] = .string(text) }
      if case .deleteBackward(let unit) = edit { object["unit"] = .string(unit.rawValue) }
      switch edit {
      case .select(let range), .replaceCharacters(let range, _):
        // Character offsets, start and end, as the text form's "select characters 2..<5".
        object["range"] = .array([.number(Double(range.lowerBound)), .number(Double(range.upperBound))])
      default: break
      }
    default: break
    }
    switch result.outcome {
    case .done:
      object["outcome"] = "done"
    case .refused(let reason):
      object["outcome"] = "refused"
      object["reason"] = .string(reason)
    case .failed:
      object["outcome"] = .string(result.outcome.name)
      object["reason"] = result.outcome.reason.map(JSONOutput.string) ?? .null
    }
    return .object(object)
  }

  /// One change as a JSON object with a `kind`.
  public func changeJSON(_ change: SceneChange) -> JSONOutput {
    func text(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }
    switch change {
    case .variable(let name, let from, let to):
      return ["kind": "variable", "name": .string(name), "from": .string(from.description), "to": .string(to.description)]
    case .value(let id, let from, let to):
      return ["kind": "value", "element": .string(id), "from": text(from), "to": text(to)]
    case .label(let id, let from, let to):
      return ["kind": "label", "element": .string(id), "from": text(from), "to": text(to)]
    case .traits(let id, let added, let removed):
      return [
        "kind": "traits", "element": .string(id),
        "added": .array(added.names.map(JSONOutput.string)),
        "removed": .array(removed.names.map(JSONOutput.string)),
      ]
    case .appeared(let id): return ["kind": "appeared", "element": .string(id)]
    case .disappeared(let id): return ["kind": "disappeared", "element": .string(id)]
    case .presented(let screen): return ["kind": "presented", "screen": .string(screen)]
    case .dismissed(let screen): return ["kind": "dismissed", "screen": .string(screen)]
    case .navigated(let from, let to): return ["kind": "navigated", "from": .string(from), "to": .string(to)]
    case .editing(let id): return ["kind": "editing", "element": id.map(JSONOutput.string) ?? .null]
    case .scrolled(let container, let from, let to):
      return [
        "kind": "scrolled", "container": .string(container),
        "from": [.number(from.x), .number(from.y)], "to": [.number(to.x), .number(to.y)],
      ]
    case .cameOnScreen(let id): return ["kind": "onScreen", "element": .string(id)]
    case .wentOffScreen(let id): return ["kind": "offScreen", "element": .string(id)]
    }
  }
}
