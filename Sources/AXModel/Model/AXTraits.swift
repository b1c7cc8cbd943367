/// The accessibility traits of an element, mirroring UIKit's `UIAccessibilityTraits`.
///
/// Traits are a bit set; scene files name them (`"button"`, `"+selected"`), and reports print
/// them in the canonical order of ``AXTraits/allNames``.
public struct AXTraits: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt64

  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// Activating the element performs an action.
  public static let button = AXTraits(rawValue: 1 << 0)
  /// Activating the element opens a link.
  public static let link = AXTraits(rawValue: 1 << 1)
  /// The element heads a section of content.
  public static let header = AXTraits(rawValue: 1 << 2)
  /// The element is a search field.
  public static let searchField = AXTraits(rawValue: 1 << 3)
  /// The element is an image.
  public static let image = AXTraits(rawValue: 1 << 4)
  /// The element is selected (a tab, a segment, a spec button).
  public static let selected = AXTraits(rawValue: 1 << 5)
  /// The element plays its own sound when activated.
  public static let playsSound = AXTraits(rawValue: 1 << 6)
  /// The element is a keyboard key.
  public static let keyboardKey = AXTraits(rawValue: 1 << 7)
  /// The element is text that does not change.
  public static let staticText = AXTraits(rawValue: 1 << 8)
  /// The element summarises the app when it starts.
  public static let summaryElement = AXTraits(rawValue: 1 << 9)
  /// The element is disabled and refuses actions.
  public static let notEnabled = AXTraits(rawValue: 1 << 10)
  /// The element updates too often to announce every change.
  public static let updatesFrequently = AXTraits(rawValue: 1 << 11)
  /// Activating the element starts a media session.
  public static let startsMediaSession = AXTraits(rawValue: 1 << 12)
  /// The element takes increment and decrement.
  public static let adjustable = AXTraits(rawValue: 1 << 13)
  /// The element takes touches directly (direct touch).
  public static let allowsDirectInteraction = AXTraits(rawValue: 1 << 14)
  /// The element turns the page when reading reaches its end.
  public static let causesPageTurn = AXTraits(rawValue: 1 << 15)
  /// The element is a tab bar.
  public static let tabBar = AXTraits(rawValue: 1 << 16)
  /// The element is a button that toggles on and off.
  public static let toggleButton = AXTraits(rawValue: 1 << 17)

  /// Every trait with its scene-file name, in the order reports print them.
  public static let named: [(name: String, trait: AXTraits)] = [
    ("button", .button), ("link", .link), ("header", .header), ("searchField", .searchField),
    ("image", .image), ("selected", .selected), ("playsSound", .playsSound),
    ("keyboardKey", .keyboardKey), ("staticText", .staticText),
    ("summaryElement", .summaryElement), ("notEnabled", .notEnabled),
    ("updatesFrequently", .updatesFrequently), ("startsMediaSession", .startsMediaSession),
    ("adjustable", .adjustable), ("allowsDirectInteraction", .allowsDirectInteraction),
    ("causesPageTurn", .causesPageTurn), ("tabBar", .tabBar), ("toggleButton", .toggleButton),
  ]

  /// The scene-file names of all traits, in canonical order.
  public static let allNames: [String] = named.map(\.name)

  /// The trait with the given scene-file name, or `nil` when the name is unknown.
  public init?(name: String) {
    guard let entry = AXTraits.named.first(where: { $0.name == name }) else { return nil }
    self = entry.trait
  }

  /// The names of the traits in the set, in canonical order.
  public var names: [String] {
    AXTraits.named.filter { contains($0.trait) }.map(\.name)
  }

  /// The traits that tell an assistive technology an element responds to user interaction.
  public static let interactive: AXTraits = [
    .button, .link, .adjustable, .searchField, .keyboardKey, .toggleButton,
  ]

  public var description: String { names.joined(separator: ", ") }
}

/// An edit to a view's default traits, as written in a scene file.
///
/// `"+selected"` and a plain `"selected"` insert a trait; `"-button"` removes one. Edits apply
/// to the defaults of the view's type in order, so an author never has to restate them.
public struct TraitEdit: Hashable, Sendable {
  /// Whether the edit inserts or removes the trait.
  public var inserts: Bool
  /// The trait inserted or removed.
  public var trait: AXTraits

  /// Creates an edit.
  public init(inserts: Bool, trait: AXTraits) {
    self.inserts = inserts
    self.trait = trait
  }

  /// Applies a list of edits to a starting set.
  public static func apply(_ edits: [TraitEdit], to base: AXTraits) -> AXTraits {
    var traits = base
    for edit in edits {
      if edit.inserts { traits.insert(edit.trait) } else { traits.remove(edit.trait) }
    }
    return traits
  }
}
