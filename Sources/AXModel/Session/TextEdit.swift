/// An edit of the text field being edited, as the on-screen keyboard, dictation or a Voice
/// Control editing command makes it.
///
/// The insertion point is always at the end of the text: what dictation and a switch user's
/// keyboard produce. Moving it inside the text (Voice Control's "move to …") is not modelled.
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
    case .undo: return "undo"
    case .return: return "return"
    case .endEditing: return "endEditing"
    }
  }

  /// The text the edit types, for ``insert(_:)`` and ``replace(_:)``.
  public var text: String? {
    switch self {
    case .insert(let text), .replace(let text): return text
    default: return nil
    }
  }
}

/// How much a backward deletion removes.
public enum TextUnit: String, CaseIterable, Hashable, Sendable {
  /// The character before the insertion point (the Delete key).
  case character
  /// The word before the insertion point, with the spaces after it (Option-Delete, Voice
  /// Control's "delete previous word").
  case word
  /// The selection, else the text typed last (Voice Control's "delete that").
  case that
}

/// A field's text before an edit, for "undo that"; `inserted` is what the edit typed, which
/// "delete that" removes.
public struct TextUndo: Hashable, Sendable {
  /// The field's id.
  public var field: String
  /// The text before the edit.
  public var previous: String
  /// The text the edit typed at the end, if it typed.
  public var inserted: String?

  /// Creates an undo record.
  public init(field: String, previous: String, inserted: String? = nil) {
    self.field = field
    self.previous = previous
    self.inserted = inserted
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

extension String {
  /// The text with the last word and the spaces after it removed, as Option-Delete does.
  func removingLastWord() -> String {
    var text = Substring(self)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    while let last = text.last, !last.isWhitespace { text.removeLast() }
    return String(text)
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
