import AXModel

/// The on-screen keyboard in the scan: while a text field is being edited, the keyboard is the
/// first group of the top level, and selecting a key taps it at once (iOS's Always Tap Keyboard
/// Keys). A key that types dispatches an edit to the field; Shift and the layer keys change
/// the keyboard, whose stops are laid out again. Point mode's cursor taps the key under the
/// point the same way, and a point on the keyboard but on no key selects nothing.
extension SwitchScanner {
  /// The keyboard a session shows: `nil` unless a field is being edited; the previous one's
  /// layer is kept while the same field is edited, and Shift follows autocapitalisation.
  static func keyboard(for session: SceneSession, previous: SwitchKeyboard?) -> SwitchKeyboard? {
    guard let field = session.editingField, let view = session.builder.index.views[field] else { return nil }
    var keyboard = previous?.field == field ? previous ?? SwitchKeyboard() : SwitchKeyboard()
    keyboard.field = field
    keyboard.keyboardType = view.keyboardType
    keyboard.isShifted = SwitchKeyboard.autoShifts(
      after: session.text(of: field), keyboardType: view.keyboardType, isSecure: view.isSecure)
    return keyboard
  }

  /// The stops of a session: the tree's, after the keyboard's when one is shown.
  static func layout(of session: SceneSession, settings: SwitchSettings, keyboard: SwitchKeyboard?) -> ScanLayout {
    var layout = ScanLayout(tree: session.tree, groupsItems: settings.groupsItems)
    if let keyboard {
      let group = keyboard.scanGroup(screen: session.tree.screen)
      layout.items.insert(.group(group), at: 0)
      layout.stops.insert(contentsOf: group.elementIDs, at: 0)
    }
    return layout
  }

  /// Updates the keyboard to the session and lays out the stops again.
  mutating func rebuiltLayout() -> ScanLayout {
    keyboard = Self.keyboard(for: session, previous: keyboard)
    return Self.layout(of: session, settings: settings, keyboard: keyboard)
  }

  /// Whether a highlighted stop is a key of the keyboard shown: a key id inside the keyboard's
  /// group, the top level's first item. The prefix alone would take a scene's own view whose
  /// id starts with `key:` for a key, and never dispatch to it while a field is edited.
  func isKey(_ id: String) -> Bool {
    keyboard != nil && groupPath.first == 0 && id.hasPrefix(SwitchKeyboard.idPrefix)
  }

  /// Taps a key of the keyboard shown.
  mutating func tapKey(_ id: String) {
    guard var current = keyboard, let field = session.editingField,
      let key = current.key(id: id, screen: session.tree.screen)
    else {
      note("no key \(id) on the keyboard")
      return
    }
    note("tap key \(key.label)")
    let edit: TextEdit?
    switch key.role {
    case .character(let text):
      edit = .insert(current.layer == .letters && current.isShifted ? text.uppercased() : text)
    case .space:
      // iOS goes back to the letters after a space typed from the numbers or symbols.
      current.layer = .letters
      keyboard = current
      edit = .insert(" ")
    case .delete: edit = .deleteBackward(.character)
    case .return: edit = .return
    case .shift:
      current.isShifted.toggle()
      edit = nil
    case .layer(let layer):
      current.layer = layer
      edit = nil
    }
    if let edit {
      dispatch(.edit(edit), on: field)
      return
    }
    keyboard = current
    layout = Self.layout(of: session, settings: settings, keyboard: keyboard)
    loopsDone = 0
    highlightStart = now
    isDwellArmed = false
    resumeScanning(at: settings.focusAfterTap == .tapped ? id : nil)
  }

  /// Point mode's select of a point on the keyboard: the key whose slot holds it (a gap between
  /// keys taps the nearer one; see ``SwitchKeyboard/key(at:screen:)``) is tapped at once, as
  /// item mode taps a key (Always Tap Keyboard Keys: no menu, whatever the tap behaviour or a
  /// long press); the QuickType bar or below the last row is a miss. Either way the app's view
  /// behind the keyboard gets no touch, and the cursor starts again.
  mutating func selectKey(at point: Point) {
    guard let key = keyboard?.key(at: point, screen: session.tree.screen) else {
      note("missed: no key at \(point) (the keyboard covers the app there)")
      resumeScanning(at: nil)
      return
    }
    note("point \(point) on \(key.id)")
    // Its dispatch or its layer change resumes scanning, which starts the cursor again.
    tapKey(key.id)
  }
}
