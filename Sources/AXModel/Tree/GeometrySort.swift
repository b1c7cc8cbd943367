/// UIKit's geometry sort of accessibility elements, made deterministic.
///
/// The seed's comparator: A comes before B when A is above B (`A.maxY <= B.minY`); otherwise,
/// when neither is above the other (they share a row), the one further left comes first
/// (`minX`), or further right in a right-to-left layout (`maxX`, descending). Ties keep the
/// traversal order.
///
/// That comparator is not transitive when frames overlap in a staircase, so no sort is
/// "correct" for every input. This type defines the order as the result of a stable, bottom-up
/// merge sort over the traversal order with that comparator. It is the comparator's order
/// whenever the comparator is consistent on the input (a strict weak order, as for elements in
/// clean rows), it is one fixed permutation for every input, and it never fails or loops.
///
/// - Complexity: O(n log n) comparisons.
public struct GeometrySort: Sendable {
  /// The layout direction that decides the order within a row.
  public var layoutDirection: LayoutDirection

  /// Creates a sort for the given layout direction.
  public init(layoutDirection: LayoutDirection) {
    self.layoutDirection = layoutDirection
  }

  /// Whether `a` goes strictly before `b` under the seed's comparator.
  public func precedes(_ a: Rect, _ b: Rect) -> Bool {
    if a.maxY <= b.minY && !(b.maxY <= a.minY) { return true }
    if b.maxY <= a.minY && !(a.maxY <= b.minY) { return false }
    switch layoutDirection {
    case .leftToRight: return a.minX < b.minX
    case .rightToLeft: return a.maxX > b.maxX
    }
  }

  /// Returns the items sorted by their frames; equal items keep their order.
  public func sorted<T>(_ items: [T], frame: (T) -> Rect) -> [T] {
    guard items.count > 1 else { return items }
    let frames = items.map(frame)
    var order = Array(items.indices)
    var buffer = order
    var width = 1
    while width < order.count {
      var start = 0
      while start < order.count {
        let middle = min(start + width, order.count)
        let end = min(start + 2 * width, order.count)
        var left = start
        var right = middle
        var out = start
        while left < middle && right < end {
          // Take from the right run only when it strictly precedes, which keeps the sort stable.
          if precedes(frames[order[right]], frames[order[left]]) {
            buffer[out] = order[right]
            right += 1
          } else {
            buffer[out] = order[left]
            left += 1
          }
          out += 1
        }
        while left < middle {
          buffer[out] = order[left]
          left += 1
          out += 1
        }
        while right < end {
          buffer[out] = order[right]
          right += 1
          out += 1
        }
        start = end
      }
      swap(&order, &buffer)
      width *= 2
    }
    return order.map { items[$0] }
  }
}
