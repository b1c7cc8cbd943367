import AXModel

/// The on-screen keyboard a switch user types with: iOS's QWERTY layout in three layers
/// (letters, numbers, symbols), with Shift, the layer keys, Space, Delete and Return, framed
/// inside ``OnScreenKeyboard/frame(on:)`` as on an iPhone in portrait: the QuickType bar on
/// top, four rows of keys, then the emoji and dictation row and the home indicator (neither
/// has a modelled key).
///
/// Switch Control scans it as iOS does with Group Items: the keyboard is one group, each row a
/// group in it, and each key an item that a select taps (Always Tap Keyboard Keys, on by
/// default, so no scanner menu opens on a key). The letters are lower case unless Shift is on;
/// Shift turns itself on at the start of a field or a sentence of a default keyboard (iOS's
/// sentence autocapitalisation) and off after a letter.
public struct SwitchKeyboard: Hashable, Sendable {
  /// A key's job.
  public enum Role: Hashable, Sendable {
    /// Types its text (a letter is typed in upper case while Shift is on).
    case character(String)
    /// Shift: the next letter in upper case.
    case shift
    /// Shows another layer.
    case layer(Layer)
    /// Types a space (and, from the numbers or symbols, goes back to the letters, as iOS does).
    case space
    /// Deletes the character before the insertion point.
    case delete
    /// Return: runs the field's return handler.
    case `return`
  }

  /// One set of keys the keyboard shows at a time.
  public enum Layer: String, CaseIterable, Hashable, Sendable {
    case letters, numbers, symbols
  }

  /// A key: its id (`key:q`, `key:shift` …), what it shows and does, and its frame.
  public struct Key: Hashable, Sendable {
    /// The id scan stops and transcripts use, `key:` and the key's name.
    public var id: String
    /// What the key shows, which a switch user's speech feedback reads.
    public var label: String
    /// What the key does.
    public var role: Role
    /// The frame in screen points.
    public var frame: Rect
  }

  /// The prefix of every key id, which no scene view id is expected to have.
  public static let idPrefix = "key:"
  /// The id of the keyboard group.
  public static let groupID = "keyboard"
  /// The height of the QuickType bar, the top of the keyboard above the keys.
  public static let quickTypeHeight = 44.0
  /// The height of the keys' area: four rows of 54 points.
  public static let height = 216.0
  /// The space below the keys: the row of the emoji and dictation keys (42 points) and the
  /// home indicator (34), what the bar and the keys leave of ``OnScreenKeyboard/height``.
  public static var bottomInset: Double { OnScreenKeyboard.height - quickTypeHeight - height }

  /// The layer shown.
  public var layer: Layer = .letters
  /// Whether Shift is on.
  public var isShifted = false
  /// The field's keyboard type, which decides the bottom row of the letters.
  public var keyboardType: KeyboardType = .default
  /// The id of the field the keyboard types into.
  public var field = ""

  /// Creates a keyboard showing the letters.
  public init(keyboardType: KeyboardType = .default, isShifted: Bool = false) {
    self.keyboardType = keyboardType
    self.isShifted = isShifted
  }

  /// The rows of the layer shown, top first, framed for a screen.
  ///
  /// They lie inside the keyboard's frame (``OnScreenKeyboard/frame(on:)``), below the
  /// QuickType bar. A keyboard shorter than the bar and the rows (a screen under 650 points)
  /// shrinks both to fit, so a key is never drawn over the app.
  public func rows(screen: Size) -> [[Key]] {
    slottedRows(screen: screen).map { $0.map(\.key) }
  }

  /// The rows of keys with the area a touch taps each in, its slot: on iOS a key's touch area
  /// fills its share of the row, so a gap between keys taps the nearer key, the ends of a row
  /// tap its first and last keys out to the screen's edges, and a row's full pitch counts in y.
  func slottedRows(screen: Size) -> [[(key: Key, slot: Rect)]] {
    let keyboard = OnScreenKeyboard.frame(on: screen)
    let scale = min(1, keyboard.height / (Self.quickTypeHeight + Self.height))
    let top = keyboard.minY + Self.quickTypeHeight * scale
    let pitch = Self.height / 4 * scale
    let unit = screen.width / 10
    return rowSpecs().enumerated().map { row, spec in
      var x = spec.inset * unit
      let y = top + Double(row) * pitch
      return spec.keys.enumerated().map { position, key in
        let (name, label, role, weight) = key
        let frame = Rect(x: x + 3, y: y + 5 * scale, width: weight * unit - 6, height: 44 * scale)
        let start = position == 0 ? 0 : x
        let end = position == spec.keys.count - 1 ? screen.width : x + weight * unit
        x += weight * unit
        return (
          Key(id: Self.idPrefix + name, label: label, role: role, frame: frame),
          Rect(x: start, y: y, width: end - start, height: pitch)
        )
      }
    }
  }

  /// The key with an id, in the layer shown.
  public func key(id: String, screen: Size) -> Key? {
    rows(screen: screen).lazy.flatMap { $0 }.first { $0.id == id }
  }

  /// The key of the layer shown that a touch at a point taps (what point mode's cursor
  /// selects): the one whose slot holds it, so a gap between keys or a row's end taps the
  /// nearest key, as on iOS. `nil` on the QuickType bar (its suggestions are not modelled),
  /// below the last row (the emoji and dictation row, the home indicator) or off the keyboard.
  public func key(at point: Point, screen: Size) -> Key? {
    slottedRows(screen: screen).lazy.flatMap { $0 }.first { $0.slot.contains(point) }?.key
  }

  /// The scan group of the keyboard: one row group per row.
  func scanGroup(screen: Size) -> ScanGroup {
    let rows = rows(screen: screen).enumerated().map { index, keys in
      ScanNode.group(
        ScanGroup(
          id: "\(Self.groupID)-row-\(index + 1)", label: nil, reason: .row,
          items: keys.map { .element($0.id) }))
    }
    return ScanGroup(id: Self.groupID, label: "keyboard", reason: .keyboard, items: rows)
  }

  /// One row: its keys (name, label, role, width in tenths of the screen) and the margin on
  /// each side, in the same unit.
  typealias RowSpec = (keys: [(String, String, Role, Double)], inset: Double)

  func rowSpecs() -> [RowSpec] {
    func characters(_ text: String, weight: Double = 1) -> [(String, String, Role, Double)] {
      text.map { character in
        let typed = String(character)
        let shown = layer == .letters && isShifted ? typed.uppercased() : typed
        return (typed, shown, .character(typed), weight)
      }
    }
    let delete = ("delete", "delete", Role.delete, 1.5)
    let space = ("space", "space", Role.space, 5.0)
    let enter = ("return", "return", Role.return, 2.5)
    switch layer {
    case .letters:
      let bottom: [(String, String, Role, Double)]
      switch keyboardType {
      case .default: bottom = [("123", "123", .layer(.numbers), 2.5), space, enter]
      case .emailAddress:
        bottom = [("123", "123", .layer(.numbers), 2), (space.0, space.1, space.2, 4)]
          + characters("@.") + [(enter.0, enter.1, enter.2, 2)]
      case .url:
        bottom = [("123", "123", .layer(.numbers), 2.5)] + characters("/.", weight: 2.5)
          + [(enter.0, enter.1, enter.2, 2.5)]
      }
      return [
        (characters("qwertyuiop"), 0), (characters("asdfghjkl"), 0.5),
        ([("shift", isShifted ? "shift on" : "shift", .shift, 1.5)] + characters("zxcvbnm") + [delete], 0),
        (bottom, 0),
      ]
    case .numbers, .symbols:
      let isNumbers = layer == .numbers
      let other = isNumbers ? ("#+=", "#+=", Role.layer(.symbols), 1.5) : ("123", "123", Role.layer(.numbers), 1.5)
      return [
        (characters(isNumbers ? "1234567890" : "[]{}#%^*+="), 0),
        (characters(isNumbers ? "-/:;()$&@\"" : "_\\|~<>€£¥•"), 0),
        ([other] + characters(".,?!'", weight: 1.4) + [delete], 0),
        ([("ABC", "ABC", .layer(.letters), 2.5), space, enter], 0),
      ]
    }
  }

  /// The keys that type a character from this state, layer and Shift keys first; `nil` when no
  /// layer has it.
  public func keys(toType character: Character) -> [String]? {
    let text = String(character)
    if text == " " { return [Self.idPrefix + "space"] }
    let order = [layer] + Layer.allCases.filter { $0 != layer }
    guard let target = order.first(where: { withLayer($0).characterKey(text) != nil }) else { return nil }
    var state = self
    var presses: [String] = []
    while state.layer != target {
      // Every layer shows a key for each other one, except the letters, which reach the
      // symbols through the numbers.
      let keys = state.rowSpecs().flatMap(\.keys)
      let step = keys.first { $0.2 == .layer(target) } ?? keys.first { $0.2 == .layer(.numbers) }
      guard let step, case .layer(let next) = step.2, presses.count < 2 else { return nil }
      presses.append(Self.idPrefix + step.0)
      state.layer = next
    }
    guard let key = state.characterKey(text) else { return nil }
    let isCased = text.lowercased() != text.uppercased()
    if state.layer == .letters, isCased, (text != text.lowercased()) != state.isShifted {
      presses.append(Self.idPrefix + "shift")
    }
    return presses + [Self.idPrefix + key]
  }

  /// The name of the key of the layer shown that types `text` (a letter in either case).
  func characterKey(_ text: String) -> String? {
    let lower = text.lowercased()
    return rowSpecs().lazy.flatMap(\.keys).first {
      $0.2 == .character(text) || (layer == .letters && $0.2 == .character(lower))
    }?.0
  }

  /// The keyboard showing another layer.
  func withLayer(_ layer: Layer) -> SwitchKeyboard {
    var keyboard = self
    keyboard.layer = layer
    return keyboard
  }

  /// Whether Shift turns itself on after `text`: a default keyboard, not secure, at the start
  /// of the field or of a sentence.
  static func autoShifts(after text: String, keyboardType: KeyboardType, isSecure: Bool) -> Bool {
    guard keyboardType == .default, !isSecure else { return false }
    let trimmed = text.last == " " || text.isEmpty
    guard trimmed else { return false }
    guard let last = text.last(where: { $0 != " " }) else { return true }
    return ".!?".contains(last)
  }
}
