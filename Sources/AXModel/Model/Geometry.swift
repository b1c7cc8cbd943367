import Foundation

/// A point in screen coordinates, in points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size from its extents.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A rectangle in screen coordinates, as UIKit's `CGRect` with a non-negative size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner's horizontal coordinate.
  public var x: Double
  /// The top-left corner's vertical coordinate.
  public var y: Double
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a rectangle from its origin and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The smallest horizontal coordinate.
  public var minX: Double { x }
  /// The smallest vertical coordinate.
  public var minY: Double { y }
  /// The largest horizontal coordinate.
  public var maxX: Double { x + width }
  /// The largest vertical coordinate.
  public var maxY: Double { y + height }
  /// The centre point, UIKit's default activation point.
  public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
  /// Whether the rectangle has no area.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Whether the point lies inside the rectangle (minimum edges inclusive, maximum exclusive).
  public func contains(_ point: Point) -> Bool {
    !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether the two rectangles share any area.
  public func intersects(_ other: Rect) -> Bool {
    !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY
      && other.minY < maxY
  }

  /// The smallest rectangle that contains both; an empty operand is ignored.
  public func union(_ other: Rect) -> Rect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let left = min(minX, other.minX)
    let top = min(minY, other.minY)
    return Rect(
      x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
  }

  public var description: String {
    "[\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height))]"
  }
}

/// Formats a number the way every report does: integral values without a fraction, others with
/// at most two decimals, so output is stable across platforms.
public func formatNumber(_ value: Double) -> String {
  guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
  guard abs(value) < 1e13 else { return String(format: "%.6g", value) }
  if value == value.rounded(), abs(value) < 1e15 {
    return String(Int64(value))
  }
  let scaled = (value * 100).rounded() / 100
  if scaled == scaled.rounded(), abs(scaled) < 1e15 { return String(Int64(scaled)) }
  // Hundredths in integers: the same digits as "%.2f" without Foundation's formatter, which
  // reports call for every coordinate and time they print.
  let hundredths = Int64((abs(value) * 100).rounded())
  let fraction = hundredths % 100
  var text = (value < 0 ? "-" : "") + String(hundredths / 100) + "."
  text += fraction < 10 ? "0" + String(fraction) : String(fraction)
  while text.hasSuffix("0") { text.removeLast() }
  return text
}

/// Point-in-polygon tests for `accessibilityPath` outlines.
public enum Polygon {
  /// Whether the point lies inside the polygon, by the even-odd rule.
  ///
  /// Each edge counts as holding its lower end and not its upper one, so a point on an edge
  /// shared by two adjacent outlines (two pie slices) is inside exactly one of them, as a
  /// frame's minimum edges are inclusive and its maximum ones are not.
  public static func contains(_ polygon: [Point], _ point: Point) -> Bool {
    guard polygon.count >= 3 else { return false }
    var inside = false
    var previous = polygon[polygon.count - 1]
    for current in polygon {
      // The edge crosses the horizontal through the point, counting its lower end only.
      if (current.y > point.y) != (previous.y > point.y) {
        let crossing =
          current.x + (point.y - current.y) * (previous.x - current.x) / (previous.y - current.y)
        if point.x < crossing { inside.toggle() }
      }
      previous = current
    }
    return inside
  }
}
