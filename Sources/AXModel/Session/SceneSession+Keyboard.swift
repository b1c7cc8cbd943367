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
    guard let above = screenAboveKeyboard, element.isOnScreen else { return false }
    let visible = Self.shownFrame(of: element)
    if visible.isEmpty { return !above.contains(visible.center) }
    return !visible.intersects(above)
  }

  /// The part of a frame that shows above the keyboard while a field is edited: `nil` when no
  /// field is edited or none of it does.
  ///
  /// Its centre is where a finger (or point mode's cursor) reaches an element the keyboard
  /// covers in part, when its activation point and centre lie on the keyboard.
  public func partAboveKeyboard(of frame: Rect) -> Rect? {
    guard let above = screenAboveKeyboard else { return nil }
    let part = frame.intersection(above)
    return part.isEmpty ? nil : part
  }

  /// The part of an element that shows above the keyboard: its frame inside its scroll views
  /// (see ``partAboveKeyboard(of:)``).
  public func partAboveKeyboard(of element: AXElement) -> Rect? {
    partAboveKeyboard(of: Self.shownFrame(of: element))
  }

  /// The part of the screen that shows the app: all of it, or what lies above the keyboard
  /// while a field is edited.
  public var visibleScreen: Rect {
    screenAboveKeyboard ?? scene.screenFrame
  }

  /// The screen above the keyboard while a field is edited, else `nil`.
  private var screenAboveKeyboard: Rect? {
    guard let keyboard = keyboardFrame else { return nil }
    var above = scene.screenFrame
    above.height = keyboard.minY
    return above
  }

  /// An element's frame cut to its scroll views' visible area.
  static func shownFrame(of element: AXElement) -> Rect {
    guard let clip = element.clipFrame, !clip.isEmpty else { return element.frame }
    return element.frame.intersection(clip)
  }

  /// The innermost scroll view around a view or element that can move its content up (scroll
  /// down), bringing it nearer the top of the screen: what can raise it above the keyboard.
  ///
  /// Voice Control's "scroll down" advice and plans and Switch Control's point-mode Scroll
  /// steps both raise a target the keyboard hides through this; `nil` when no scroll view
  /// around it can scroll down.
  public func raisingScrollView(of id: String) -> String? {
    scrollAncestors(of: id).first { canScroll($0, .down) }
  }

  /// Whether a touch at the point lands on the keyboard (while a field is edited).
  public func isOnKeyboard(_ point: Point) -> Bool {
    keyboardFrame?.contains(point) ?? false
  }

  /// The element a touch at the point reaches: `nil` on the keyboard while a field is edited,
  /// whatever the tree has behind it (``AccessibilityTree/hitTest(_:)`` elsewhere).
  public func touchHit(_ point: Point) -> AXElement? {
    isOnKeyboard(point) ? nil : tree.hitTest(point)
  }
}
