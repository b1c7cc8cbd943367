import AXModel

/// The switch inputs that type a text on the on-screen keyboard, with their presses and time.
///
/// Each character costs the keys that type it from the keyboard's state (a layer key, Shift,
/// then the character's key; see ``SwitchKeyboard/keys(toType:)``), and each key is reached as
/// any stop is: the keyboard group, the row, the key, in the scanning style in force, then a
/// select that taps it. In point mode the cursor is aimed at the key's centre instead, and the
/// last select taps it. The inputs are driven on a copy of the scanner, so the cost is measured
/// and the text checked, not estimated; the keys replay with `axswitch scan --keys`. Every
/// caller reports only the keys and their cost, so no transcript is written: the paths'
/// ``SwitchPath/steps`` are empty.
///
///     let typing = SwitchTyping(settings: settings)
///     let path = try typing.path(entering: "a@b.c", into: "email", from: scanner).get()
///     // path.presses, path.milliseconds
public struct SwitchTyping: Sendable {
  /// The settings the keys are found for.
  public var settings: SwitchSettings

  /// Creates a typing planner.
  public init(settings: SwitchSettings) {
    self.settings = settings
  }

  /// The inputs that make `text` the whole text of a field, from a copy of `start`: a tap on
  /// the field unless it is being edited, Delete until it is empty, then the text.
  public func path(
    entering text: String, into field: String, from start: SwitchScanner
  ) -> Result<SwitchPath, SwitchPathFailure> {
    func fail(_ reason: String) -> Result<SwitchPath, SwitchPathFailure> {
      .failure(SwitchPathFailure(id: field, reason: reason))
    }
    guard start.settings == settings else { return fail("the start scanner's settings differ from the typing planner's") }
    var builder = untranscribed(start)
    if start.session.editingField != field {
      let finder = SwitchPathFinder(settings: settings)
      switch finder.search(to: field, goal: .activate, from: start, plans: false, transcript: false) {
      case .success(let tap):
        for input in tap.keys { builder.apply(input) }
      case .failure(let failure):
        return .failure(failure)
      }
      guard builder.scanner.session.editingField == field else { return fail("tapping it does not start editing it") }
    }
    // One Delete clears a secure field being edited again; others lose a character a press.
    var deletes = 0
    let most = builder.scanner.session.text(of: field).count
    while !builder.scanner.session.text(of: field).isEmpty {
      guard deletes < most else { return fail("Delete never empties it") }
      if let failure = tap(SwitchKeyboard.idPrefix + "delete", with: &builder) { return fail(failure) }
      deletes += 1
    }
    return type(text, into: field, with: builder)
  }

  /// The inputs that type `text` at the end of the field being edited, from a copy of `start`.
  public func path(typing text: String, from start: SwitchScanner) -> Result<SwitchPath, SwitchPathFailure> {
    guard let field = start.session.editingField else {
      return .failure(SwitchPathFailure(id: SwitchKeyboard.groupID, reason: "no text field is being edited"))
    }
    return type(text, into: field, with: untranscribed(start))
  }

  /// The inputs that tap one key of the keyboard shown (`key:return`), from a copy of `start`.
  public func path(tapping key: String, from start: SwitchScanner) -> Result<SwitchPath, SwitchPathFailure> {
    guard start.keyboard != nil else {
      return .failure(SwitchPathFailure(id: key, reason: "no keyboard is scanned"))
    }
    var builder = untranscribed(start)
    if let failure = tap(key, with: &builder) { return .failure(SwitchPathFailure(id: key, reason: failure)) }
    return .success(
      SwitchPath(keys: builder.keys, milliseconds: builder.scanner.now, point: nil, steps: []))
  }

  /// Types each character with the builder and checks the field's text at the end.
  func type(_ text: String, into field: String, with start: PathBuilder) -> Result<SwitchPath, SwitchPathFailure> {
    func fail(_ reason: String) -> Result<SwitchPath, SwitchPathFailure> {
      .failure(SwitchPathFailure(id: field, reason: reason))
    }
    var builder = start
    let expected = builder.scanner.session.text(of: field) + text
    for character in text {
      guard let keyboard = builder.scanner.keyboard else { return fail("the keyboard went away") }
      guard let keys = keyboard.keys(toType: character) else {
        return fail("the keyboard has no key for '\(character)'")
      }
      for key in keys {
        if let failure = tap(key, with: &builder) { return fail(failure) }
      }
    }
    let typed = builder.scanner.session.text(of: field)
    guard typed == expected else { return fail("the keys typed '\(typed)', not '\(expected)'") }
    return .success(
      SwitchPath(keys: builder.keys, milliseconds: builder.scanner.now, point: nil, steps: []))
  }

  /// A builder that drives a copy of `start` (typing changes the text, so nothing is only
  /// planned) and keeps no transcript.
  func untranscribed(_ start: SwitchScanner) -> PathBuilder {
    PathBuilder(scanner: start, settings: settings, plans: false, transcript: false)
  }

  /// Reaches a key through the keyboard's groups (in point mode, aims the cursor at its
  /// centre, or else at a 3 x 3 grid over it, as at an element) and taps it; the reason when it
  /// can't.
  func tap(_ key: String, with builder: inout PathBuilder) -> String? {
    if settings.mode == .point {
      let screen = builder.scanner.session.tree.screen
      guard let keyboard = builder.scanner.keyboard, let frame = keyboard.key(id: key, screen: screen)?.frame
      else { return "the keyboard shows no \(key)" }
      // A fast sweep's line can step over the centre; another point of the key may do.
      var reaches = false
      // The candidates hold the centre more than once, and aiming twice at a point sweeps the same.
      var tried: Set<Point> = []
      for target in SwitchPathFinder.aimCandidates(frame.center, frame) where tried.insert(target).inserted {
        var attempt = builder
        guard attempt.aim(at: target) else { continue }
        reaches = true
        // The cursor moves in steps of the clock: the point the select fixes must tap this key.
        var cursor = attempt.scanner.cursor
        guard let point = cursor?.select(at: attempt.scanner.now), keyboard.key(at: point, screen: screen)?.id == key
        else { continue }
        attempt.apply(.press(.select))
        builder = attempt
        return nil
      }
      return reaches ? "the cursor misses \(key)" : "the cursor never reaches \(key)"
    }
    guard builder.reachItem(key) else { return "item scanning never highlights \(key)" }
    builder.choose()
    return nil
  }
}
