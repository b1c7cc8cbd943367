/// Text entry: the first responder, typing, deleting and Return.
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
    var next = current
    var inserted: String?
    switch edit {
    case .insert(let text):
      next = state.selectsAllText ? text : current + text
      inserted = text
    case .replace(let text):
      next = text
      inserted = text
    case .deleteBackward(let unit):
      if state.selectsAllText {
        next = ""
      } else {
        switch unit {
        case .character: next = String(current.dropLast())
        case .word: next = current.removingLastWord()
        case .that:
          guard let last = state.textUndo.last, last.field == view.id, let typed = last.inserted,
            !typed.isEmpty, current.hasSuffix(typed)
          else { return refuse("nothing to delete: no text was just typed or selected") }
          next = String(current.dropLast(typed.count))
        }
      }
    case .clear: next = ""
    case .selectAll:
      state.selectsAllText = !current.isEmpty
      return finishEdit(action, view: view, before: before)
    case .undo:
      guard let position = state.textUndo.lastIndex(where: { $0.field == view.id }) else {
        return refuse("nothing to undo in '\(element.displayName)'")
      }
      next = state.textUndo.remove(at: position).previous
    case .return:
      // `textFieldShouldReturn(_:)` answers like the other handlers: the login form's Return
      // logs in only once both fields hold text.
      return run(view.handlers[.return] ?? [], when: view.succeedsWhen[.return], actor: view.id, action: action)
    case .endEditing:
      state.firstResponder = nil
      state.selectsAllText = false
      var result = finishEdit(action, view: view, before: before)
      result.changes.insert(.editing(element: nil), at: 0)
      return result
    }
    state.selectsAllText = false
    if next != current, edit != .undo {
      state.textUndo.append(TextUndo(field: view.id, previous: current, inserted: inserted))
      if state.textUndo.count > TextUndo.limit { state.textUndo.removeFirst() }
    }
    state.texts[view.id] = next == (view.text ?? "") ? nil : next
    var result = finishEdit(action, view: view, before: before)
    if begins { result.changes.insert(.editing(element: view.id), at: 0) }
    return result
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
