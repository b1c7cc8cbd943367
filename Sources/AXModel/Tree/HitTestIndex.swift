/// A grid over the screen that answers `AccessibilityTree.hitTest(_:)` by looking only at the
/// elements whose frames overlap the point's cell (and, for an element with an
/// `accessibilityPath`, whose outline holds the point).
///
/// Point scanning hit-tests every point it aims at, and a report hit-tests every target, while
/// the tree's hit test looks at every element, so doing either for every element of a large
/// scene would take time quadratic in its size. Each
/// cell lists its elements in tree order and the same rule picks among them (frontmost window,
/// then the deepest view, then the first), so the answer is always the tree's own. Points off
/// the grid, and trees the grid would not fit (frames that are not finite, or so many large
/// frames that the cells would hold far more entries than there are elements), are hit-tested
/// by the tree.
public struct HitTestIndex: Sendable {
  /// The width of a cell.
  let cellWidth: Double
  /// The height of a cell.
  let cellHeight: Double
  /// The number of columns.
  let columns: Int
  /// The number of rows.
  let rows: Int
  /// The positions in the tree's elements of those overlapping each cell, cell after cell (row
  /// by row), each cell's in tree order: one array, so indexing allocates twice, not per cell.
  let entries: [Int]
  /// Where each cell's positions start in ``entries``; one more than there are cells.
  let starts: [Int]

  /// Indexes a tree, or returns `nil` when the tree is better hit-tested directly: when it has
  /// fewer than `minimumCount` elements, below which a grid does not pay for itself.
  public init?(tree: AccessibilityTree, minimumCount: Int = 64) {
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
    // A screen too small to divide (a denormal width) is left to the tree.
    guard cellWidth > 0, cellHeight > 0 else { return nil }
    // The cells each element covers (columns, then rows), or nil for an empty frame, which
    // contains no point.
    var spans: [(ClosedRange<Int>, ClosedRange<Int>)?] = []
    spans.reserveCapacity(count)
    var counts = [Int](repeating: 0, count: columns * rows + 1)
    var total = 0
    for element in tree.elements {
      let frame = element.frame
      guard frame.minX.isFinite, frame.maxX.isFinite, frame.minY.isFinite, frame.maxY.isFinite
      else { return nil }
      guard !frame.isEmpty else {
        spans.append(nil)
        continue
      }
      let first = Self.cell(frame.minX, cellWidth, columns)
      let last = Self.cell(frame.maxX, cellWidth, columns)
      let top = Self.cell(frame.minY, cellHeight, rows)
      let bottom = Self.cell(frame.maxY, cellHeight, rows)
      total += (last - first + 1) * (bottom - top + 1)
      guard total <= 32 * count else { return nil }
      spans.append((first...last, top...bottom))
      for row in top...bottom {
        for column in first...last { counts[row * columns + column + 1] += 1 }
      }
    }
    for cell in 0..<(columns * rows) { counts[cell + 1] += counts[cell] }
    var next = counts
    var entries = [Int](repeating: 0, count: total)
    for (position, span) in spans.enumerated() {
      guard let (columnSpan, rowSpan) = span else { continue }
      for row in rowSpan {
        for column in columnSpan {
          entries[next[row * columns + column]] = position
          next[row * columns + column] += 1
        }
      }
    }
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    self.columns = columns
    self.rows = rows
    self.entries = entries
    self.starts = counts
  }

  /// The cell of a finite coordinate, clamped to the grid.
  ///
  /// Floating-point division and `floor` are monotonic, so every coordinate between a frame's
  /// edges falls in a cell between theirs.
  private static func cell(_ coordinate: Double, _ size: Double, _ count: Int) -> Int {
    let cell = (coordinate / size).rounded(.down)
    return Int(min(max(cell, 0), Double(count - 1)))
  }

  /// The element a point hits, exactly as `tree.hitTest(point)` finds it; `tree` must be the
  /// tree indexed.
  public func hitTest(_ point: Point, in tree: AccessibilityTree) -> AXElement? {
    hitPosition(point, in: tree).map { tree.elements[$0] }
  }

  /// The position in the tree's elements of the element ``hitTest(_:in:)`` finds, without
  /// copying the elements compared on the way.
  package func hitPosition(_ point: Point, in tree: AccessibilityTree) -> Int? {
    let column = (point.x / cellWidth).rounded(.down)
    let row = (point.y / cellHeight).rounded(.down)
    // Off the grid (or not a number), the cells say nothing about the point.
    guard column >= 0, column < Double(columns), row >= 0, row < Double(rows) else {
      return tree.hitPosition(point)
    }
    var best: Int?
    let cell = Int(row) * columns + Int(column)
    let elements = tree.elements
    for entry in starts[cell]..<starts[cell + 1] {
      let position = entries[entry]
      // The frame read in place: a method call on the element would copy it, retaining each
      // of its strings; the outline is only read for the few whose frame holds the point.
      guard elements[position].frame.contains(point),
        elements[position].clipFrame?.contains(point) ?? true,
        elements[position].path.map({ Polygon.contains($0, point) }) ?? true
      else { continue }
      if best.map({ elements[position].isInFront(of: elements[$0]) }) ?? true { best = position }
    }
    return best
  }
}
