import AXModel

/// Dictation and the text editing commands.
///
/// While a text field is being edited, Voice Control types what it does not understand as a
/// command: an utterance that is neither a command nor a name on the screen is dictated into
/// the field, spaced, capitalised and punctuated by the vocabulary's ``DictationRules``.
/// Commands keep priority, as on iOS: saying an item's name taps it even while editing.
extension VoiceSession {
  /// The edit an editing command makes, or `nil` for any other intent.
  static func textEdit(for intent: VoiceIntent) -> TextEdit? {
    switch intent {
    case .deleteThat: return .deleteBackward(.that)
    case .deletePreviousWord: return .deleteBackward(.word)
    case .deletePreviousCharacter: return .deleteBackward(.character)
    case .deleteAll: return .clear
    case .selectAll: return .selectAll
    case .undoThat: return .undo
    case .tapReturn: return .return
    default: return nil
    }
  }

  /// Runs an editing command on the field being edited.
  ///
  /// Without one, "tap return" is left to the other readings (an item named "return" is
  /// tapped), and the other commands are a miss: reported only if nothing else fits.
  mutating func editText(_ intent: VoiceIntent) -> Attempt {
    guard let edit = Self.textEdit(for: intent) else { return .skip }
    guard let field = sceneSession.editingField else {
      if intent == .tapReturn { return .skip }
      return .miss(
        VoiceOutcome(
          utterance: "", kind: .refused, intent: intent,
          message: "no text field is being edited: tap one first"))
    }
    let name = fieldName(field)
    var outcome = dispatch(.edit(edit), on: field, intent: intent, name: name, match: nil, point: nil)
    if outcome.kind == .done { outcome.message = "\(edit) in '\(name)'" }
    return .final(outcome)
  }

  /// Types a dictated utterance into the field being edited; `nil` when none is.
  mutating func dictate(_ spoken: String) -> VoiceOutcome? {
    guard let field = sceneSession.editingField, let view = sceneSession.builder.index.views[field] else {
      return nil
    }
    // Dictation types at the insertion point, replacing the selection: what is before it
    // decides the space and capital before the phrase.
    let text = sceneSession.text(of: field)
    let cursor = sceneSession.state.textCursor(of: view)
    let isLiteral = view.isSecure || view.keyboardType.isLiteral
    var typed = vocabulary.dictation.text(
      for: spoken, after: String(text.prefix(cursor.lowerBound)), isLiteral: isLiteral)
    guard !typed.isEmpty else { return nil }
    // A phrase typed before a word is spaced from it too.
    if vocabulary.dictation.insertsSpaces, !isLiteral, let following = text.dropFirst(cursor.upperBound).first,
      PhraseFinder.kind(following) != .other, typed.last?.isWhitespace == false
    {
      typed += " "
    }
    let result = sceneSession.perform(.edit(.insert(typed)), on: field)
    let name = fieldName(field)
    guard result.isDone else {
      let reason = if case .refused(let reason) = result.outcome { reason } else { "refused" }
      return VoiceOutcome(
        utterance: spoken, kind: .refused, target: field, targetName: name, action: result.action,
        results: [result], message: reason)
    }
    afterAction()
    // A secure field's text is not echoed, as its value is not read.
    let what = view.isSecure ? "\(typed.count) character\(typed.count == 1 ? "" : "s")" : "'\(typed)'"
    return VoiceOutcome(
      utterance: spoken, kind: .done, target: field, targetName: name, action: result.action,
      results: [result], message: "dictated \(what) into '\(name)'", overlay: overlay)
  }

  /// The name a message gives the field being edited.
  func fieldName(_ id: String) -> String {
    index.target(id: id)?.shownName ?? sceneSession.tree.element(id: id)?.displayName ?? id
  }
}
