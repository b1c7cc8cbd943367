import AXModel

/// Row groups: the second half of Group Items, after the container groups.
///
/// iOS scans the home screen by rows, then icon by icon, and groups the items of an app's
/// screen "by rows" too when no container does; Apple does not document the rule, so this one
/// is explicit (see `docs/switch-control.md`): inside every scanning level that spans two or
/// more rows, a run of at least ``minimumRowItems`` consecutive items on one row becomes a row
/// group. Android's Switch Access row-column builder draws the same line (`MIN_NODES_PER_ROW =
/// 3`): a row of two saves the items after it one move but costs both its items a select.
extension ScanLayout {
  /// The fewest items a row needs to become a group of its own.
  public static let minimumRowItems = 3

  /// The id of the row group at `row` (1-based, counting every row of the level) of the level
  /// inside `container`, or of the top level when it is `nil`.
  ///
  /// A slash and a space keep it apart from the view ids of any scene that does not name a
  /// view so on purpose; the scanner addresses groups by position, never by id.
  public static func rowGroupID(row: Int, in container: String?) -> String {
    "\(container ?? "screen")/row \(row)"
  }

  /// The items with row groups formed at every level, inner levels first.
  ///
  /// - Parameter frames: the frame of every element stop.
  static func withRows(_ items: [ScanNode], in container: String?, frames: [String: Rect])
    -> [ScanNode]
  {
    let inner = items.map { node -> ScanNode in
      guard case .group(var group) = node else { return node }
      group.items = withRows(group.items, in: group.id, frames: frames)
      return .group(group)
    }
    let rows = Self.rows(of: inner, frames: frames)
    guard rows.count >= 2 else { return inner }
    var result: [ScanNode] = []
    for (number, row) in rows.enumerated() {
      let members = Array(inner[row])
      if members.count >= minimumRowItems {
        let id = rowGroupID(row: number + 1, in: container)
        result.append(.group(ScanGroup(id: id, label: "Row \(number + 1)", reason: .row, items: members)))
      } else {
        result.append(contentsOf: members)
      }
    }
    return result
  }

  /// The ranges of consecutive items that share a row: each item that shares a row with the
  /// first item of the current row (``sharesRow(_:_:)``) joins it, so a row is what the reading
  /// order already put side by side.
  static func rows(of items: [ScanNode], frames: [String: Rect]) -> [Range<Int>] {
    var rows: [Range<Int>] = []
    var start = 0
    var first: Rect?
    for (index, node) in items.enumerated() {
      let frame = Self.frame(of: node, frames: frames)
      if let head = first, let frame, sharesRow(head, frame) { continue }
      if index > start { rows.append(start..<index) }
      start = index
      first = frame
    }
    if start < items.count { rows.append(start..<items.count) }
    return rows
  }

  /// Whether two frames are on one row: their vertical extents overlap by at least half the
  /// taller one's height. Mere overlap would let a group spanning many rows (a grouped stack
  /// down the whole screen) pull every item beside it into one "row".
  static func sharesRow(_ a: Rect, _ b: Rect) -> Bool {
    let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
    return overlap > 0 && overlap >= max(a.height, b.height) / 2
  }

  /// The union of the frames of a node's element stops, or `nil` when none has a frame.
  static func frame(of node: ScanNode, frames: [String: Rect]) -> Rect? {
    node.elementIDs.compactMap { frames[$0] }.reduce(nil) { union, frame in
      union.map { $0.union(frame) } ?? frame
    }
  }
}
