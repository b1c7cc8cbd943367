import AXModel

/// The insertion point and the selection: "move to beginning", "move before <phrase>", "select
/// <phrase>", "select previous word", "replace <phrase> with <phrase>", "delete <phrase>".
///
/// A phrase is found in the text of the field being edited with ``PhraseFinder``: the last
/// occurrence before the insertion point, else the first after it. A phrase not in the text
/// does nothing and says so; the reading is a miss, so that an item of the same words is still
/// tapped. A secure field's text can't be read, so no phrase or word is found in it, and its
/// insertion point stays at the end (the scene refuses any other): only "move to end" works
/// there. No message quotes a secure field's text.
extension VoiceSession {
  /// Runs a command that moves the insertion point, selects, or edits at a phrase.
  mutating func editAtPhrase(_ parse: ParsedUtterance) -> Attempt {
    let intent = parse.command.intent
    func refusal(_ message: String) -> VoiceOutcome {
      VoiceOutcome(utterance: "", kind: .refused, intent: intent, message: message)
    }
    guard let field = sceneSession.editingField, let view = sceneSession.builder.index.views[field] else {
      return .miss(refusal("no text field is being edited: tap one first"))
    }
    let name = fieldName(field)
    let text = sceneSession.text(of: field)
    let cursor = sceneSession.state.textCursor(of: view)
    let end = text.count
    let edit: TextEdit
    let message: String
    switch intent {
    case .moveToBeginning:
      edit = .select(0..<0)
      message = "moved to the beginning of '\(name)'"
    case .moveToEnd:
      edit = .select(end..<end)
      message = "moved to the end of '\(name)'"
    case .selectPreviousWord, .selectNextWord:
      guard !view.isSecure else { return .final(refusal(Self.secureRefusal(name))) }
      let before = intent == .selectPreviousWord
      guard let range = before ? text.wordRange(before: cursor.lowerBound) : text.wordRange(after: cursor.upperBound)
      else {
        return .final(refusal("nothing done: no word \(before ? "before" : "after") the insertion point in '\(name)'"))
      }
      edit = .select(range)
      message = "selected \(Self.inQuotes(String(text.characters(in: range)))) in '\(name)'"
    default:
      guard let tokens = parse.slots[.phrase] else { return .skip }
      guard !view.isSecure else { return .final(refusal(Self.secureRefusal(name))) }
      let spoken = Self.inQuotes(tokens.joined(separator: " "))
      let finder = PhraseFinder(normalizer: normalizer)
      guard let range = finder.occurrence(of: tokens, in: text, near: cursor) else {
        return .miss(refusal("nothing done: \(spoken) is not in '\(name)'"))
      }
      let found = Self.inQuotes(String(text.characters(in: range)))
      switch intent {
      case .moveBefore:
        edit = .select(range.lowerBound..<range.lowerBound)
        message = "moved before \(found) in '\(name)'"
      case .moveAfter:
        edit = .select(range.upperBound..<range.upperBound)
        message = "moved after \(found) in '\(name)'"
      case .selectPhrase:
        edit = .select(range)
        message = "selected \(found) in '\(name)'"
      case .deletePhrase:
        edit = .replaceCharacters(Self.withOneSpace(range, in: text), with: "")
        message = "deleted \(found) from '\(name)'"
      default:
        guard let replacementTokens = parse.slots[.replacement] else { return .skip }
        let words = spokenWords(for: replacementTokens)
        let before = String(text.prefix(range.lowerBound))
        let typed = vocabulary.dictation.text(
          for: words, after: before, isLiteral: view.keyboardType.isLiteral)
        edit = .replaceCharacters(range, with: typed)
        message = "replaced \(found) with \(Self.inQuotes(typed)) in '\(name)'"
      }
    }
    var outcome = dispatch(.edit(edit), on: field, intent: intent, name: name, match: nil, point: nil)
    if outcome.kind == .done { outcome.message = message }
    return .final(outcome)
  }

  /// A phrase's range with one of the spaces around it, so that deleting it leaves one space
  /// between the words it was between, and none at the start or end of the text.
  static func withOneSpace(_ range: Range<Int>, in text: String) -> Range<Int> {
    let characters = Array(text)
    let spaceBefore = range.lowerBound > 0 && characters[range.lowerBound - 1].isWhitespace
    let spaceAfter = range.upperBound < characters.count && characters[range.upperBound].isWhitespace
    if spaceBefore, spaceAfter || range.upperBound == characters.count {
      return (range.lowerBound - 1)..<range.upperBound
    }
    if spaceAfter, range.lowerBound == 0 { return range.lowerBound..<(range.upperBound + 1) }
    return range
  }

  /// Why a phrase can't be found in a secure field.
  static func secureRefusal(_ name: String) -> String {
    "nothing done: '\(name)' is a secure text field, whose text can't be read to find words in"
  }

  /// The words of the utterance a slot took, as said (case and number words kept), for the
  /// text a replacement types: the shortest run of the utterance's last words that reads as the
  /// slot's tokens, else the tokens themselves.
  func spokenWords(for tokens: [String]) -> String {
    let words = spoken.split(whereSeparator: \.isWhitespace)
    for start in words.indices.reversed() {
      let run = words[start...].joined(separator: " ")
      if normalizer.tokens(run) == tokens { return run }
    }
    return tokens.joined(separator: " ")
  }
}

extension VoiceSession {
  /// `text` in double quotes, as the editing messages show the field's words: not escaped,
  /// because the renderer escapes the whole message once (``VoiceOutcomeRenderer``).
  static func inQuotes(_ text: String) -> String { "\"" + text + "\"" }
}
