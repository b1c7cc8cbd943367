/// An edit of the text field being edited, as the on-screen keyboard, dictation or a Voice
/// Control editing command makes it.
///
/// Edits act at the field's insertion point, which is at the end of the text until a
/// ``select(_:)`` (Voice Control's "move to …", "select <phrase>") puts it elsewhere or selects
/// characters; typing then replaces the selection, and deleting removes it.
public enum TextEdit: Hashable, Sendable, CustomStringConvertible {
  /// Types text at the insertion point, replacing the whole text when it is selected.
  case insert(String)
  /// Makes the field the first responder if it is not yet, then replaces its whole text: the
  /// one step a plan needs to fill a field, which each technology performs its own way.
  case replace(String)
  /// Deletes backward: the keyboard's Delete key, or Voice Control's "delete that".
  case deleteBackward(TextUnit)
  /// Deletes the whole text (Voice Control's "delete all").
  case clear
  /// Selects the whole text, so that the next typing replaces it.
  case selectAll
  /// Selects characters of the text (offsets in characters); an empty range moves the
  /// insertion point there ("move to beginning", "move after <phrase>", "select <phrase>").
  /// A secure field takes only the end of its text, where its insertion point stays.
  case select(Range<Int>)
  /// Replaces characters of the text with a text, leaving the insertion point after it
  /// ("replace <phrase> with <phrase>"; an empty text is "delete <phrase>"). Refused in a
  /// secure field, whose text can't be selected.
  case replaceCharacters(Range<Int>, with: String)
  /// Undoes the last edit of the field ("undo that").
  case undo
  /// Presses Return: runs the field's `return` handler, if the scene declares one.
  case `return`
  /// Ends editing: the field resigns first responder and the keyboard goes away.
  case endEditing

  public var description: String {
    switch self {
    case .insert(let text): return "type \(TerminalText.quoted(text))"
    case .replace(let text): return "enter \(TerminalText.quoted(text))"
    case .deleteBackward(let unit): return "delete \(unit.rawValue)"
    case .clear: return "delete all"
    case .selectAll: return "select all"
    case .select(let range) where range.isEmpty: return "move to character \(range.lowerBound)"
    case .select(let range): return "select characters \(range.lowerBound)..<\(range.upperBound)"
    case .replaceCharacters(let range, let text) where text.isEmpty:
      return "delete characters \(range.lowerBound)..<\(range.upperBound)"
    case .replaceCharacters(let range, let text):
      return "replace characters \(range.lowerBound)..<\(range.upperBound) with \(TerminalText.quoted(text))"
    case .undo: return "undo"
    case .return: return "return"
    case .endEditing: return "end editing"
    }
  }

  /// Whether the edit can start editing a field that is not the first responder.
  var beginsEditing: Bool {
    switch self {
    case .replace: return true
    default: return false
    }
  }

  /// The edit's case name, as JSON results give it: `insert`, `replace`, `deleteBackward` ...
  public var name: String {
    switch self {
    case .insert: return "insert"
    case .replace: return "replace"
    case .deleteBackward: return "deleteBackward"
    case .clear: return "clear"
    case .selectAll: return "selectAll"
    case .select: return "select"
    case .replaceCharacters: return "replaceCharacters"
    case .undo: return "undo"
    case .return: return "return"
    case .endEditing: return "endEditing"
    }
  }

  /// The text the edit types, for ``insert(_:)``, ``replace(_:)`` and
  /// ``replaceCharacters(_:with:)``.
  public var text: String? {
    switch self {
    case .insert(let text), .replace(let text), .replaceCharacters(_, let text): return text
    default: return nil
    }
  }
}

/// How much a backward deletion removes.
public enum TextUnit: String, CaseIterable, Hashable, Sendable {
  /// The character before the insertion point (the Delete key), or the selection.
  case character
  /// The word before the insertion point, with the spaces after it (Option-Delete, Voice
  /// Control's "delete previous word"), or the selection. A secure field's text is one word.
  case word
  /// The selection, else the text typed last (Voice Control's "delete that").
  case that
}

/// A field's text and insertion point before an edit, for "undo that"; `inserted` is what the
/// edit typed, which "delete that" removes.
public struct TextUndo: Hashable, Sendable {
  /// The field's id.
  public var field: String
  /// The text before the edit.
  public var previous: String
  /// The text the edit typed, if it typed.
  public var inserted: String?
  /// The selection before the edit (``SceneState/textSelection``), which undo restores; `nil`
  /// for the insertion point at the end.
  public var selection: Range<Int>?
  /// Where in the edited text `inserted` starts, in characters; `nil` for at its end.
  public var insertedAt: Int?

  /// Creates an undo record.
  public init(
    field: String, previous: String, inserted: String? = nil, selection: Range<Int>? = nil,
    insertedAt: Int? = nil
  ) {
    self.field = field
    self.previous = previous
    self.inserted = inserted
    self.selection = selection
    self.insertedAt = insertedAt
  }

  /// The most edits remembered: enough for any undo a user says, and a bound on the state a
  /// plan's search hashes.
  public static let limit = 20
}

extension SceneState {
  /// A text field's text now: what was typed into it, else its start `text`, else empty.
  public func fieldText(of view: ViewNode) -> String {
    texts[view.id] ?? view.text ?? ""
  }

  /// A text field's `accessibilityValue`: its text, one bullet per character when it is
  /// secure, or its placeholder while it is empty (what VoiceOver reads for an empty field).
  /// `nil` when it has neither text nor placeholder, as before the field was edited.
  public func fieldValue(of view: ViewNode) -> String? {
    let text = texts[view.id] ?? view.text
    if let text, !text.isEmpty {
      return view.isSecure ? String(repeating: "•", count: text.count) : text
    }
    if let placeholder = view.placeholder { return placeholder.rendered(with: values) }
    return text
  }
}

extension SceneState {
  /// The characters of a text field's text that edits act on: the whole text when it is all
  /// selected, else the first responder's selection or insertion point (clamped to the text),
  /// else the end of the text.
  public func textCursor(of view: ViewNode) -> Range<Int> {
    let count = fieldText(of: view).count
    guard firstResponder == view.id else { return count..<count }
    if selectsAllText { return 0..<count }
    guard let selection = textSelection else { return count..<count }
    let lower = min(max(selection.lowerBound, 0), count)
    return lower..<min(max(selection.upperBound, lower), count)
  }
}

/// UIKit's `UIKeyboardType` for the keyboards the format models.
public enum KeyboardType: String, CaseIterable, Hashable, Sendable {
  /// Letters first, numbers and symbols behind the "123" key.
  case `default`
  /// Letters with "@" and "." beside the space bar; no autocapitalisation.
  case emailAddress
  /// Letters with "/" and "." beside the space bar; no autocapitalisation.
  case url = "URL"

  /// Whether dictation and the keyboard leave the text as typed: no capitals, no spaces added.
  public var isLiteral: Bool { self != .default }
}
