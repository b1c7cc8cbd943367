/// Text entry: the first responder, its insertion point and selection, typing, deleting and
/// Return.
///
/// Activating a text field makes it the first responder and brings up the keyboard, as a tap
/// does on iOS; every edit then goes to that field. The field stays the first responder until
/// editing ends or it leaves the tree (a screen change): ``editingField`` is `nil` then.
extension SceneSession {
  /// The text field being edited, if it is still in the accessibility tree.
  public var editingField: String? {
    guard let id = state.firstResponder, tree.element(id: id) != nil else { return nil }
    return id
  }

  /// The text a text field holds now (empty for an unknown id).
  public func text(of id: String) -> String {
    builder.index.views[id].map { state.fieldText(of: $0) } ?? ""
  }

  /// Types text into the field being edited.
  public mutating func type(_ text: String) -> ActionResult { edit(.insert(text)) }

  /// Deletes backward in the field being edited: a character, a word, or "that".
  public mutating func deleteBackward(_ unit: TextUnit = .character) -> ActionResult {
    edit(.deleteBackward(unit))
  }

  /// Deletes the whole text of the field being edited.
  public mutating func clearText() -> ActionResult { edit(.clear) }

  /// Selects the whole text of the field being edited, so that typing replaces it.
  public mutating func selectAllText() -> ActionResult { edit(.selectAll) }

  /// Presses Return in the field being edited, running its `return` handler.
  public mutating func pressReturn() -> ActionResult { edit(.return) }

  /// Performs an edit on the field being edited.
  public mutating func edit(_ edit: TextEdit) -> ActionResult {
    perform(.edit(edit), on: editingField)
  }

  /// Activates a text field that is not being edited: it becomes the first responder, then
  /// its `activate` handler runs; the result reports the keyboard coming up first.
  mutating func activateTextField(_ view: ViewNode) -> ActionResult {
    let before = state
    beginEditing(view)
    var result = run(
      view.handlers[.activate] ?? [], when: view.succeedsWhen[.activate], actor: view.id, action: .activate)
    guard result.isDone else {
      // A handler that returns false leaves the field as it was.
      state = before
      return result
    }
    result.changes.insert(.editing(element: view.id), at: 0)
    return result
  }

  /// Makes a text field the first responder. A secure field that already holds text is
  /// cleared by the next typing, as UIKit does when editing one begins again.
  mutating func beginEditing(_ view: ViewNode) {
    guard state.firstResponder != view.id else { return }
    state.firstResponder = view.id
    state.selectsAllText = view.isSecure && !state.fieldText(of: view).isEmpty
    state.textSelection = nil
  }

  /// Performs an edit on a text field, which must be the first responder unless the edit
  /// begins editing (``TextEdit/replace(_:)``).
  mutating func perform(_ edit: TextEdit, on view: ViewNode, element: AXElement) -> ActionResult {
    let action = SceneAction.edit(edit)
    func refuse(_ reason: String) -> ActionResult {
      ActionResult(
        action: action, target: view.id, outcome: .refused(reason), changes: [], announcements: [],
        focus: nil)
    }
    guard view.type == .textField else { return refuse("'\(element.displayName)' is not a text field") }
    let before = (state: state, tree: tree)
    let begins = edit.beginsEditing && editingField != view.id
    if begins {
      beginEditing(view)
    } else if editingField != view.id {
      return refuse("'\(element.displayName)' is not being edited")
    }
    let current = state.fieldText(of: view)
    let cursor = state.textCursor(of: view)
    // What undo restores: a whole selection is the range of the whole text.
    let selectionBefore =
      state.selectsAllText ? (current.isEmpty ? nil : 0..<current.count) : state.textSelection
    var next = current
    var inserted: String?
    var insertedAt = cursor.lowerBound
    // The insertion point after the edit; `nil` is the end of the text.
    var caret: Int? = cursor.lowerBound
    var restored: Range<Int>?
    switch edit {
    case .insert(let text):
      next = current.replacingCharacters(in: cursor, with: text)
      inserted = text
      // Counted from the end: inserted text can join the character before it into one
      // ("🇺" then "🇸", or an accent), so its own count can overshoot.
      caret = next.count - (current.count - cursor.upperBound)
    case .replace(let text):
      next = text
      inserted = text
      insertedAt = 0
      caret = nil
    case .deleteBackward(let unit):
      var deleted = cursor
      if cursor.isEmpty {
        let offset = cursor.lowerBound
        switch unit {
        case .character: deleted = max(offset - 1, 0)..<offset
        // A secure field's text is one word: where its words end would tell where it has a space.
        case .word where view.isSecure: deleted = 0..<offset
        case .word: deleted = current.startOfWord(before: offset)..<offset
        case .that:
          guard let typed = lastTyped(in: view, current) else {
            return refuse("nothing to delete: no text was just typed or selected")
          }
          deleted = typed
        }
      }
      next = current.replacingCharacters(in: deleted, with: "")
      caret = deleted.lowerBound
    case .clear:
      next = ""
      caret = nil
    case .selectAll:
      if view.isSecure {
        // An explicit selection, kept apart from the clearing a secure field edited again is
        // set for (`selectsAllText`): moving to the end ends the one, not the other.
        state.textSelection = current.isEmpty ? nil : 0..<current.count
      } else {
        state.selectsAllText = !current.isEmpty
        state.textSelection = nil
      }
      return finishEdit(action, view: view, before: before)
    case .select(let range):
      guard Self.isInside(range, current) else { return refuse(Self.outside(range, current)) }
      if view.isSecure {
        guard range == current.count..<current.count else { return refuse(Self.secureRefusal(element)) }
        // The insertion point goes to the end, ending a selection ("select all"), as in UIKit.
        // A field that editing began on again stays set to be replaced by the next typing:
        // that is UIKit's clearing, not a selection a move ends.
        state.textSelection = nil
        return finishEdit(action, view: view, before: before)
      }
      state.selectsAllText = false
      state.textSelection = range == current.count..<current.count ? nil : range
      return finishEdit(action, view: view, before: before)
    case .replaceCharacters(let range, let text):
      guard Self.isInside(range, current) else { return refuse(Self.outside(range, current)) }
      guard !view.isSecure else { return refuse(Self.secureRefusal(element)) }
      next = current.replacingCharacters(in: range, with: text)
      inserted = text.isEmpty ? nil : text
      insertedAt = range.lowerBound
      caret = next.count - (current.count - range.upperBound)
    case .undo:
      guard let position = state.textUndo.lastIndex(where: { $0.field == view.id }) else {
        return refuse("nothing to undo in '\(element.displayName)'")
      }
      let record = state.textUndo.remove(at: position)
      next = record.previous
      restored = record.selection
      caret = nil
    case .return:
      // `textFieldShouldReturn(_:)` answers like the other handlers: the login form's Return
      // logs in only once both fields hold text.
      return run(view.handlers[.return] ?? [], when: view.succeedsWhen[.return], actor: view.id, action: action)
    case .endEditing:
      state.firstResponder = nil
      state.selectsAllText = false
      state.textSelection = nil
      var result = finishEdit(action, view: view, before: before)
      result.changes.insert(.editing(element: nil), at: 0)
      return result
    }
    state.selectsAllText = false
    if let restored {
      state.textSelection = restored.upperBound <= next.count ? restored : nil
    } else {
      state.textSelection = caret.flatMap { $0 < next.count ? $0..<$0 : nil }
    }
    if next != current, edit != .undo {
      state.textUndo.append(
        TextUndo(
          field: view.id, previous: current, inserted: inserted, selection: selectionBefore,
          insertedAt: insertedAt))
      if state.textUndo.count > TextUndo.limit { state.textUndo.removeFirst() }
    }
    state.texts[view.id] = next == (view.text ?? "") ? nil : next
    var result = finishEdit(action, view: view, before: before)
    if begins { result.changes.insert(.editing(element: view.id), at: 0) }
    return result
  }

  /// Why a secure field refuses a move, a selection or a replacement inside its text: UIKit
  /// keeps its insertion point at the end (the space bar's cursor control is off there too)
  /// and offers no selection of text that can't be copied.
  static func secureRefusal(_ element: AXElement) -> String {
    "'\(element.displayName)' is a secure text field: its insertion point stays at the end "
      + "of its text, which can't be selected"
  }

  /// Where the text last typed into a field stands in its text, if it is still there as
  /// typed: what "delete that" deletes. `nil` when the last edit (in any field) did not type
  /// into this one, typed nothing, or an edit since then moved or changed it.
  func lastTyped(in view: ViewNode, _ text: String) -> Range<Int>? {
    guard let last = state.textUndo.last, last.field == view.id, let typed = last.inserted, !typed.isEmpty
    else { return nil }
    let at = last.insertedAt ?? (text.count - typed.count)
    let range = at..<(at + typed.count)
    guard Self.isInside(range, text), text.characters(in: range) == typed else { return nil }
    return range
  }

  /// Whether a range of character offsets lies inside a text (an empty range at its end does).
  static func isInside(_ range: Range<Int>, _ text: String) -> Bool {
    range.lowerBound >= 0 && range.upperBound <= text.count
  }

  /// Why a range of characters can't be selected or replaced.
  static func outside(_ range: Range<Int>, _ text: String) -> String {
    "characters \(range.lowerBound)..<\(range.upperBound) are outside the text of \(text.count)"
  }

  /// Rebuilds the tree after an edit and reports what changed.
  private mutating func finishEdit(
    _ action: SceneAction, view: ViewNode, before: (state: SceneState, tree: AccessibilityTree)
  ) -> ActionResult {
    tree = builder.build(state)
    return ActionResult(
      action: action, target: view.id, outcome: .done,
      changes: SceneSession.changes(from: before, to: (state, tree)), announcements: [], focus: nil)
  }
}
