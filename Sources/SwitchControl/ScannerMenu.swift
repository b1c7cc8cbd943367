import AXModel

/// An entry of the scanner menu.
public enum MenuItem: Hashable, Sendable {
  /// Tap: activates the element (or taps the point).
  case tap
  /// Increment, for adjustable elements.
  case increment
  /// Decrement, for adjustable elements.
  case decrement
  /// Actions: opens the list of the element's custom actions.
  case actions
  /// One custom action, by name.
  case customAction(String)
  /// Gestures: opens the list of the element's declared gesture-only interactions.
  case gestures
  /// One gesture, performed on the element.
  case gesture(GestureKind)
  /// Scroll: opens the scroll directions of the enclosing scroll container.
  case scroll
  /// One scroll direction.
  case scrollDirection(String)
  /// Escape: performs the scene's escape (present when a modal is shown or escape is handled).
  case escape
  /// Refine: sweeps fine lines again around the chosen point (point mode).
  case refine
  /// Point Mode: switches to the gliding cursor.
  case pointMode
  /// Item Mode: switches back to item scanning.
  case itemMode

  /// The title the menu shows.
  public var title: String {
    switch self {
    case .tap: return "Tap"
    case .increment: return "Increment"
    case .decrement: return "Decrement"
    case .actions: return "Actions"
    case .customAction(let name): return name
    case .gestures: return "Gestures"
    case .gesture(let kind): return kind.rawValue
    case .scroll: return "Scroll"
    case .scrollDirection(let direction): return "Scroll \(direction)"
    case .escape: return "Escape"
    case .refine: return "Refine"
    case .pointMode: return "Point Mode"
    case .itemMode: return "Item Mode"
    }
  }

  /// Whether choosing the item opens a submenu instead of acting.
  public var opensSubmenu: Bool {
    switch self {
    case .actions, .gestures, .scroll: return true
    default: return false
    }
  }
}

/// The scanner menu shown for an element (or a point), itself scanned like a level.
public struct ScannerMenu: Hashable, Sendable {
  /// The element the menu acts on.
  public var target: String
  /// The point chosen in point mode, if the menu came from point scanning.
  public var point: Point?
  /// The scroll container the Scroll entry acts on.
  public var scrollContainer: String?
  /// The entries of the page shown.
  public var items: [MenuItem]
  /// The top-level entries, kept while a submenu is shown.
  public var parentItems: [MenuItem]?
  /// The highlighted entry, or `nil` before step scanning's first press.
  public var index: Int?

  /// The highlighted entry.
  public var highlighted: MenuItem? {
    index.flatMap { items.indices.contains($0) ? items[$0] : nil }
  }

  /// The top-level entries for an element, in Apple's order: Tap, Increment and Decrement,
  /// Actions, Gestures, Scroll, Escape, Refine, then the mode switch.
  public static func items(
    for element: AXElement, scrollContainer: String?, hasEscape: Bool, mode: ScanMode
  ) -> [MenuItem] {
    var items: [MenuItem] = [.tap]
    if element.isAdjustable { items += [.increment, .decrement] }
    if !element.customActionNames.isEmpty { items.append(.actions) }
    if !element.gestures.isEmpty { items.append(.gestures) }
    if scrollContainer != nil { items.append(.scroll) }
    if hasEscape { items.append(.escape) }
    if mode == .point { items.append(.refine) }
    items.append(mode == .item ? .pointMode : .itemMode)
    return items
  }

  /// The entries of a submenu.
  public static func submenu(
    _ item: MenuItem, for element: AXElement
  ) -> [MenuItem] {
    switch item {
    case .actions: return element.customActionNames.map(MenuItem.customAction)
    case .gestures: return element.gestures.map(MenuItem.gesture)
    case .scroll: return ScrollDirection.allCases.map { MenuItem.scrollDirection($0.title) }
    default: return []
    }
  }
}
