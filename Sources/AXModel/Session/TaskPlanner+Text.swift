/// A text a goal wants in a text field, which a plan enters in one step.
public struct TextEntry: Hashable, Sendable {
  /// The text field's id.
  public var field: String
  /// The text to enter.
  public var text: String

  /// Creates an entry.
  public init(field: String, text: String) {
    self.field = field
    self.text = text
  }

  /// The text a plan enters for a `hasText` goal, which names none: one letter, the cheapest
  /// text to type with every technology.
  public static let sampleText = "a"
}

extension Condition {
  /// The texts the condition wants in text fields, in the order it names them: a `text` goal's
  /// text, a sample for `hasText`. Fields a `not` wants empty are left to `delete all`, which
  /// no plan needs yet, so they give no entry.
  public var textEntries: [TextEntry] {
    switch self {
    case .text(let field, let text): return [TextEntry(field: field, text: text)]
    case .hasText(let field): return [TextEntry(field: field, text: TextEntry.sampleText)]
    case .all(let goals), .any(let goals):
      var entries: [TextEntry] = []
      for entry in goals.flatMap(\.textEntries) where !entries.contains(entry) { entries.append(entry) }
      return entries
    default: return []
    }
  }
}

extension TaskPlanner {
  /// The steps that enter each wanted text into its field, when the field is an enabled text
  /// field of the tree that holds another text; then Return, when the field being edited
  /// handles it (a password field that logs in).
  func entrySteps(_ entries: [TextEntry], in session: SceneSession) -> [PlannedStep] {
    var steps: [PlannedStep] = entries.compactMap { entry in
      guard let element = session.tree.element(id: entry.field), element.type == .textField,
        element.isEnabled, session.text(of: entry.field) != entry.text
      else { return nil }
      return PlannedStep(action: .edit(.replace(entry.text)), target: entry.field)
    }
    if let field = session.editingField, session.builder.index.views[field]?.handlers[.return] != nil {
      steps.append(PlannedStep(action: .edit(.return), target: field))
    }
    return steps
  }
}
