import AXModel

/// One node of an accessibility dump, read from any producer's format and not yet mapped to a
/// scene view.
///
/// Each importer fills what its format carries and leaves the rest `nil`; ``SceneAssembler``
/// turns the tree into a ``Scene`` with one set of rules, so a button reads the same whether
/// it came from idb, WebDriverAgent, XCUITest or uiautomator.
public struct DumpNode: Hashable, Sendable {
  /// The element's kind, normalised across producers.
  public var role: DumpRole
  /// The producer's own type name (`XCUIElementTypeButton`, `android.widget.Switch`), for
  /// reports and diagnostics.
  public var typeName: String
  /// `accessibilityLabel`, or the Android text or content description that stands for it.
  public var label: String?
  /// `accessibilityValue`.
  public var value: String?
  /// `accessibilityIdentifier`, or Android's resource id.
  public var identifier: String?
  /// `accessibilityHint`.
  public var hint: String?
  /// A text field's placeholder, which VoiceOver reads when the field has no label.
  public var placeholder: String?
  /// The frame in screen points; `nil` when the dump gives none.
  public var frame: Rect?
  /// Whether the element is enabled; disabled elements get `notEnabled`.
  public var isEnabled: Bool
  /// Whether the producer says the element is visible; `nil` when it does not say.
  public var isVisible: Bool?
  /// Whether the producer says the node is an accessibility element; `nil` leaves it to the
  /// role.
  public var isAccessible: Bool?
  /// Whether the element is selected.
  public var isSelected: Bool
  /// The exact traits, when the producer lists them (newer WebDriverAgent and idb builds).
  public var traits: AXTraits?
  /// The names of `accessibilityCustomActions`.
  public var customActions: [String]
  /// Whether the element takes taps (Android's `clickable`), when the producer says so.
  public var isClickable: Bool?
  /// Whether the element takes long presses (Android's `long-clickable`).
  public var isLongClickable: Bool
  /// Whether the element scrolls its content (Android's `scrollable`).
  public var isScrollable: Bool
  /// The on or off state of a checkable element, when the producer says it is checkable.
  public var checked: Bool?
  /// The subnodes, back to front.
  public var children: [DumpNode]
  /// Where the node starts in the dump, for diagnostics.
  public var position: SourcePosition

  /// Creates a node of the given role with nothing else known.
  public init(role: DumpRole, typeName: String, position: SourcePosition) {
    self.role = role
    self.typeName = typeName
    self.position = position
    label = nil
    value = nil
    identifier = nil
    hint = nil
    placeholder = nil
    frame = nil
    isEnabled = true
    isVisible = nil
    isAccessible = nil
    isSelected = false
    traits = nil
    customActions = []
    isClickable = nil
    isLongClickable = false
    isScrollable = false
    checked = nil
    children = []
  }
}

/// A whole dump: its top-level nodes (applications or windows) and what the format says of the
/// screen.
public struct Dump: Hashable, Sendable {
  /// The format it was read from.
  public var format: DumpFormat
  /// The top-level nodes.
  public var roots: [DumpNode]
  /// The screen size in points, when the format states it apart from the nodes (Android's
  /// hierarchy width and height, divided by the density).
  public var screen: Size?

  /// Creates a dump.
  public init(format: DumpFormat, roots: [DumpNode], screen: Size? = nil) {
    self.format = format
    self.roots = roots
    self.screen = screen
  }
}

extension String {
  /// The string, or `nil` when it is empty or only white space: dumps write `""`, `" "` and
  /// null alike for "no label".
  var nonBlank: String? {
    allSatisfy { $0.isWhitespace } ? nil : self
  }
}
