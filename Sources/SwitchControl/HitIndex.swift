import AXModel

/// A grid over the screen that answers `AccessibilityTree.hitTest(_:)` by looking only at the
/// elements whose frames overlap the point's cell.
///
/// Point scanning hit-tests every point it aims at, and the tree's hit test looks at every
/// element, so costing every stop of a large scene would take time quadratic in its size. Each
/// cell lists its elements in tree order and the same rule picks among them (frontmost window,
/// then the deepest view, then the first), so the answer is always the tree's own. Points off
/// the grid, and trees the grid would not fit (frames that are not finite, or so many large
/// frames that the cells would hold far more entries than there are elements), are hit-tested
/// by the tree.
struct HitIndex: Sendable {
  /// The width of a cell.
  let cellWidth: Double
  /// The height of a cell.
  let cellHeight: Double
  /// The number of columns.
  let columns: Int
  /// The number of rows.
  let rows: Int
  /// The positions in the tree's elements of those overlapping each cell, row by row.
  let cells: [[Int]]

  /// Indexes a tree, or returns `nil` when the tree is better hit-tested directly: when it has
  /// fewer than `minimumCount` elements, below which a grid does not pay for itself.
  init?(tree: AccessibilityTree, minimumCount: Int = 64) {
    let screen = tree.screen
    let count = tree.elements.count
    guard count >= max(minimumCount, 1), screen.width.isFinite, screen.height.isFinite, screen.width > 0,
      screen.height > 0
    else { return nil }
    // About one cell per element, square where the screen allows.
    let side = (screen.width * screen.height / Double(count)).squareRoot()
    let columns = max(1, min(count, Int((screen.width / side).rounded(.up))))
    let rows = max(1, min(count, Int((screen.height / side).rounded(.up))))
    guard columns.multipliedReportingOverflow(by: rows).partialValue <= 4 * count else {
      return nil
    }
    let cellWidth = screen.width / Double(columns)
    let cellHeight = screen.height / Double(rows)
    var cells = [[Int]](repeating: [], count: columns * rows)
    var entries = 0
    let entryLimit = 32 * count
    for (position, element) in tree.elements.enumerated() {
      let frame = element.frame
      guard frame.minX.isFinite, frame.maxX.isFinite, frame.minY.isFinite, frame.maxY.isFinite
      else { return nil }
      // An empty frame contains no point.
      guard !frame.isEmpty else { continue }
      let first = Self.cell(frame.minX, cellWidth, columns)
      let last = Self.cell(frame.maxX, cellWidth, columns)
      let top = Self.cell(frame.minY, cellHeight, rows)
      let bottom = Self.cell(frame.maxY, cellHeight, rows)
      guard let first, let last, let top, let bottom else { continue }
      entries += (last - first + 1) * (bottom - top + 1)
      guard entries <= entryLimit else { return nil }
      for row in top...bottom {
        for column in first...last { cells[row * columns + column].append(position) }
      }
    }
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    self.columns = columns
    self.rows = rows
    self.cells = cells
  }

  /// The cell of a coordinate, clamped to the grid, or `nil` for a frame edge the grid cannot
  /// place.
  ///
  /// Floating-point division and `floor` are monotonic, so every coordinate between a frame's
  /// edges falls in a cell between theirs.
  private static func cell(_ coordinate: Double, _ size: Double, _ count: Int) -> Int? {
    let cell = (coordinate / size).rounded(.down)
    guard cell.isFinite else { return nil }
    return Int(min(max(cell, 0), Double(count - 1)))
  }

  /// The element a point hits, exactly as `tree.hitTest(point)` finds it; `tree` must be the
  /// tree indexed.
  func hitTest(_ point: Point, in tree: AccessibilityTree) -> AXElement? {
    let column = (point.x / cellWidth).rounded(.down)
    let row = (point.y / cellHeight).rounded(.down)
    // Off the grid (or not a number), the cells say nothing about the point.
    guard column >= 0, column < Double(columns), row >= 0, row < Double(rows) else {
      return tree.hitTest(point)
    }
    var best: AXElement?
    for position in cells[Int(row) * columns + Int(column)] {
      let element = tree.elements[position]
      guard element.frame.contains(point) else { continue }
      guard let current = best else {
        best = element
        continue
      }
      if element.windowRank < current.windowRank
        || (element.windowRank == current.windowRank && element.depthOrder > current.depthOrder)
      {
        best = element
      }
    }
    return best
  }
}
