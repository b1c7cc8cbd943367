import AXModel

/// Why an element of the tree is not a scan stop.
public enum StopExclusion: String, Hashable, Sendable {
  /// It does not respond to user interaction (static text, decoration).
  case notInteractive
  /// Its frame has no area, so nothing can be highlighted or touched.
  case zeroSize
  /// It lies outside the screen: reported, not scanned.
  case offScreen
}

/// Why a container became a group stop.
public enum GroupReason: String, Hashable, Sendable {
  /// `shouldGroupAccessibilityChildren`.
  case groupsChildren
  /// `accessibilityContainerType` semanticGroup.
  case semanticGroup
  /// `accessibilityContainerType` list (a table's default).
  case list
  /// `accessibilityContainerType` dataTable.
  case dataTable
  /// A table view.
  case table
  /// A tab bar.
  case tabBar
  /// A bar of buttons: the scene format's navigation bar stands in for a toolbar.
  case toolbar
  /// A container listing `accessibilityElements` (a calendar's month drawn by one view).
  case accessibilityElements
  /// A run of items on one row of a level that spans several rows (see
  /// ``ScanLayout/minimumRowItems``).
  case row
  /// The on-screen keyboard of the field being edited (see ``SwitchKeyboard``).
  case keyboard
}

/// A group stop: a container whose stops are scanned together, ending with an exit stop.
public struct ScanGroup: Hashable, Sendable {
  /// The container's id.
  public var id: String
  /// The container's label, if it has one.
  public var label: String?
  /// Why the container is a group.
  public var reason: GroupReason
  /// The group's items, in scan order (the exit stop is not listed; it follows the last).
  public var items: [ScanNode]

  /// Creates a group.
  public init(id: String, label: String?, reason: GroupReason, items: [ScanNode]) {
    self.id = id
    self.label = label
    self.reason = reason
    self.items = items
  }

  /// The ids of every element stop inside, in scan order.
  public var elementIDs: [String] { items.flatMap(\.elementIDs) }
}

/// An item of a scanning level: one element or a group.
public indirect enum ScanNode: Hashable, Sendable {
  /// An element stop, by id.
  case element(String)
  /// A group stop.
  case group(ScanGroup)

  /// The id of the element or container.
  public var id: String {
    switch self {
    case .element(let id): return id
    case .group(let group): return group.id
    }
  }

  /// The element stops the item covers, in scan order.
  public var elementIDs: [String] {
    switch self {
    case .element(let id): return [id]
    case .group(let group): return group.elementIDs
    }
  }
}

/// The scan stops of an accessibility tree, grouped as Switch Control's Group Items does.
///
/// The stops are the tree's elements, in its order, that respond to user interaction, have a
/// frame with area and are on the screen. With grouping on, a run of two or more consecutive
/// stops inside the same grouping container becomes a group stop (see ``GroupReason`` and
/// `docs/switch-control.md`); groups nest. Then, in every level that spans several rows, each
/// row of at least ``minimumRowItems`` items becomes a row group. The tree already leaves out hidden elements and
/// everything a modal view hides, so scanning is confined to the modal.
public struct ScanLayout: Hashable, Sendable {
  /// The top-level items, in scan order.
  public var items: [ScanNode] {
    didSet { locations = Self.locations(in: items) }
  }
  /// Every element stop, in scan order.
  public var stops: [String]
  /// The items with the container groups alone: no row groups, and a screen that is one group
  /// kept as that group. These are the focus groups Full Keyboard Access tabs between, which
  /// follow containers, never rows; derived from the tree like ``items``, so they take no part in
  /// equality.
  public private(set) var containerItems: [ScanNode] = []
  /// The tree's elements that are not stops, with the reason, in tree order.
  public var exclusions: [Exclusion]

  /// Where each element stop sits, derived from ``items`` so that finding a stop takes O(1)
  /// instead of a search of every level.
  private var locations: [String: Location] = [:]

  /// The positions of the groups to enter, outermost first, and the position in the innermost
  /// level.
  private struct Location: Hashable, Sendable {
    var groups: [Int]
    var index: Int
  }

  /// An element of the tree that is not a stop, and why.
  public struct Exclusion: Hashable, Sendable {
    /// The element's id.
    public var id: String
    /// Why it is not a stop.
    public var reason: StopExclusion
  }

  /// The ids of the off-screen elements that respond to interaction: reported, not scanned.
  public var offScreen: [String] {
    exclusions.filter { $0.reason == .offScreen }.map(\.id)
  }

  /// Lays out the stops of a tree.
  public init(tree: AccessibilityTree, groupsItems: Bool) {
    var stops: [AXElement] = []
    var exclusions: [Exclusion] = []
    for element in tree.elements {
      if !element.respondsToUserInteraction {
        exclusions.append(Exclusion(id: element.id, reason: .notInteractive))
      } else if element.frame.isEmpty {
        exclusions.append(Exclusion(id: element.id, reason: .zeroSize))
      } else if !element.isOnScreen {
        exclusions.append(Exclusion(id: element.id, reason: .offScreen))
      } else {
        stops.append(element)
      }
    }
    self.stops = stops.map(\.id)
    self.exclusions = exclusions
    if groupsItems {
      let frames = Dictionary(stops.map { ($0.id, $0.frame) }, uniquingKeysWith: { first, _ in first })
      containerItems = Self.grouped(stops[...], below: nil, containers: tree.containers)
      items = Self.withRows(containerItems, in: nil, frames: frames)
      // A screen that is one group (a chart whose slices are all there is) scans its items:
      // entering the group would cost every stop a select and save nothing.
      if items.count == 1, case .group(let only) = items[0] { items = only.items }
    } else {
      items = stops.map { .element($0.id) }
      containerItems = items
    }
    // Observers do not run in an initializer.
    locations = Self.locations(in: items)
  }

  // The location index is derived from the items, so it takes no part in equality.
  public static func == (lhs: ScanLayout, rhs: ScanLayout) -> Bool {
    lhs.items == rhs.items && lhs.stops == rhs.stops && lhs.exclusions == rhs.exclusions
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(items)
    hasher.combine(stops)
    hasher.combine(exclusions)
  }

  /// The location of every element stop of `items`: the first in scan order (depth first) when
  /// an id occurs twice, as a search from the top would find it.
  private static func locations(in items: [ScanNode]) -> [String: Location] {
    var locations: [String: Location] = [:]
    func visit(_ level: [ScanNode], _ groups: [Int]) {
      for (index, node) in level.enumerated() {
        switch node {
        case .element(let id):
          if locations[id] == nil { locations[id] = Location(groups: groups, index: index) }
        case .group(let group):
          visit(group.items, groups + [index])
        }
      }
    }
    visit(items, [])
    return locations
  }

  /// Why a container groups its stops, or `nil` when it does not.
  public static func groupReason(_ container: AXContainer) -> GroupReason? {
    if container.groupsChildren { return .groupsChildren }
    switch container.containerType {
    case .semanticGroup?: return container.type == .tabBar ? .tabBar : .semanticGroup
    case .list?: return container.type == .table ? .table : .list
    case .dataTable?: return .dataTable
    default: break
    }
    switch container.type {
    case .table: return .table
    case .tabBar: return .tabBar
    case .navigationBar: return .toolbar
    default: return container.hasExplicitOrder ? .accessibilityElements : nil
    }
  }

  static func grouped(
    _ stops: ArraySlice<AXElement>, below container: String?, containers: [String: AXContainer]
  ) -> [ScanNode] {
    var nodes: [ScanNode] = []
    var index = stops.startIndex
    while index < stops.endIndex {
      let element = stops[index]
      guard
        let (groupID, reason) = outermostGroup(
          of: element, below: container, containers: containers)
      else {
        nodes.append(.element(element.id))
        index += 1
        continue
      }
      var end = index + 1
      while end < stops.endIndex, stops[end].ancestors.contains(groupID) { end += 1 }
      let inner = grouped(stops[index..<end], below: groupID, containers: containers)
      if end - index >= 2 {
        if inner.count == 1, case .group = inner[0] {
          nodes.append(inner[0])
        } else {
          let group = ScanGroup(
            id: groupID, label: containers[groupID]?.label, reason: reason, items: inner)
          nodes.append(.group(group))
        }
      } else {
        nodes.append(contentsOf: inner)
      }
      index = end
    }
    return nodes
  }

  /// The outermost grouping container of an element inside `container` (or anywhere, at the
  /// top level).
  static func outermostGroup(
    of element: AXElement, below container: String?, containers: [String: AXContainer]
  ) -> (String, GroupReason)? {
    var ancestors = element.ancestors[...]
    if let container {
      guard let position = ancestors.firstIndex(of: container) else { return nil }
      ancestors = ancestors[(position + 1)...]
    }
    for id in ancestors {
      if let info = containers[id], let reason = groupReason(info) { return (id, reason) }
    }
    return nil
  }

  /// The items of the level reached by entering, in turn, the group at each position of
  /// `path`, or `nil` when the path no longer exists.
  ///
  /// Levels are addressed by position, not by container id: one container can give two
  /// group stops at the same level, when the tree's order puts another stop between its parts.
  public func level(_ path: [Int]) -> [ScanNode]? {
    var level = items
    for position in path {
      guard level.indices.contains(position), case .group(let group) = level[position] else {
        return nil
      }
      level = group.items
    }
    return level
  }

  /// The groups entered along `path` (positions, outermost first), or `nil` when the path no
  /// longer exists.
  public func groups(along path: [Int]) -> [ScanGroup]? {
    var level = items
    var groups: [ScanGroup] = []
    for position in path {
      guard level.indices.contains(position), case .group(let group) = level[position] else {
        return nil
      }
      groups.append(group)
      level = group.items
    }
    return groups
  }

  /// Where an element stop sits: the positions of the groups to enter, outermost first, and
  /// its position in the innermost level, or `nil` when it is not a stop.
  ///
  /// - Complexity: O(1): the locations are indexed when the items are set.
  public func location(of id: String) -> (groups: [Int], index: Int)? {
    locations[id].map { ($0.groups, $0.index) }
  }

  /// The positions along the path to an element: the index of each group in its level, then
  /// the element's index in the innermost level.
  public func indexPath(of id: String) -> [Int]? {
    location(of: id).map { $0.groups + [$0.index] }
  }
}
