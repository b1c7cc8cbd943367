/// Where the on-screen keyboard sits while a text field is edited: across the bottom of the
/// screen, in front of every window of the app.
///
/// Its height is that of an iPhone's in portrait with the QuickType bar: 336 points on the
/// 390 × 844 point iPhone 14 (the QuickType bar, four rows of keys, and the row of the emoji and
/// dictation keys above the home indicator), which is the screen every library scene uses. A
/// shorter screen gets at most 40% of its height (267 points on a 667 point iPhone SE, whose
/// keyboard is 260), so a small scene keeps a usable top. The figure is the one for every
/// keyboard type: the email and URL layouts are the same height.
public enum OnScreenKeyboard {
  /// The keyboard's height on a screen at least 840 points tall.
  public static let height = 336.0
  /// The most of a shorter screen's height the keyboard covers.
  public static let mostScreenShare = 0.4

  /// The keyboard's frame on a screen of the given size.
  public static func frame(on screen: Size) -> Rect {
    let height = min(Self.height, (screen.height * mostScreenShare).rounded())
    return Rect(x: 0, y: screen.height - height, width: screen.width, height: height)
  }
}

extension SceneSession {
  /// The on-screen keyboard's frame while a text field is being edited, else `nil`.
  ///
  /// The tree is unchanged by it: VoiceOver still reaches an element behind the keyboard. What
  /// only sight can reach (Voice Control's names, numbers and grid) honours it through
  /// ``isUnderKeyboard(_:)`` and ``isOnKeyboard(_:)``.
  public var keyboardFrame: Rect? {
    editingField == nil ? nil : OnScreenKeyboard.frame(on: scene.screen)
  }

  /// Whether the keyboard hides an on-screen element wholly: nothing of the part of it that is
  /// shown (inside the screen and its scroll views) lies above the keyboard. An element partly
  /// above it is still seen, and named, as on iOS. `false` while no field is edited.
  public func isUnderKeyboard(_ element: AXElement) -> Bool {
    guard let keyboard = keyboardFrame, element.isOnScreen else { return false }
    var visible = element.frame
    if let clip = element.clipFrame, !clip.isEmpty { visible = visible.intersection(clip) }
    let above = Rect(x: 0, y: 0, width: scene.screen.width, height: keyboard.minY)
    if visible.isEmpty { return !above.contains(visible.center) }
    return !visible.intersects(above)
  }

  /// Whether a touch at the point lands on the keyboard (while a field is edited).
  public func isOnKeyboard(_ point: Point) -> Bool {
    keyboardFrame?.contains(point) ?? false
  }
}
