/// The scrollable extent of a scroll view or table: the content it holds and the offsets that
/// keep the content covering the visible frame.
///
/// Subview frames in a scene are screen points at offset zero, so the content is a rectangle
/// in the same space: `contentSize` placed at the frame's leading top corner (the right one in
/// a right-to-left layout, where horizontal content starts at the right, as in a mirrored
/// `UICollectionView`), or else the union of the frame and every subview's frame. An offset
/// moves the content by minus itself; offsets range from the one that shows the content's
/// top (leading) edge to the one that shows its bottom (trailing) edge, and zero is always in
/// range, the content as laid out.
public struct ScrollGeometry: Hashable, Sendable {
  /// The visible frame at offset zero.
  public var frame: Rect
  /// The content, in screen points at offset zero.
  public var content: Rect
  /// Whether the layout is right to left, which makes page 1 of horizontal content its
  /// rightmost page.
  public var isRightToLeft: Bool

  /// The geometry of a view in a scene with the given layout direction.
  public init(view: ViewNode, layoutDirection: LayoutDirection) {
    frame = view.frame
    isRightToLeft = layoutDirection == .rightToLeft
    if let size = view.contentSize {
      let x = isRightToLeft ? frame.maxX - size.width : frame.minX
      content = Rect(x: x, y: frame.minY, width: size.width, height: size.height)
    } else {
      content = view.children.reduce(frame) { $0.union($1.frame) }
    }
  }

  /// The horizontal offsets the content allows.
  public var horizontalOffsets: ClosedRange<Double> {
    Self.offsets(frame.minX, frame.maxX, content.minX, content.maxX, isEmpty: frame.isEmpty)
  }

  /// The vertical offsets the content allows.
  public var verticalOffsets: ClosedRange<Double> {
    Self.offsets(frame.minY, frame.maxY, content.minY, content.maxY, isEmpty: frame.isEmpty)
  }

  /// Whether there is content beyond the frame along the axis.
  public func scrolls(_ axis: ScrollAxis) -> Bool {
    let range = axis == .vertical ? verticalOffsets : horizontalOffsets
    return range.upperBound > range.lowerBound
  }

  /// Whether the offset is one the content allows.
  public func allows(_ offset: Point) -> Bool {
    horizontalOffsets.contains(offset.x) && verticalOffsets.contains(offset.y)
  }

  /// The offset moved into the allowed ranges.
  public func clamped(_ offset: Point) -> Point {
    Point(x: Self.clamp(offset.x, horizontalOffsets), y: Self.clamp(offset.y, verticalOffsets))
  }

  /// The page shown at an offset along an axis and the number of pages, both from 1; page 1
  /// is the top (leading) one, and the last page is the one that shows the content's end.
  public func page(at offset: Point, along axis: ScrollAxis) -> (page: Int, count: Int) {
    let isVertical = axis == .vertical
    let range = isVertical ? verticalOffsets : horizontalOffsets
    let length = isVertical ? frame.height : frame.width
    guard length > 0 else { return (1, 1) }
    let span = range.upperBound - range.lowerBound
    let count = Int(((span + length) / length - Self.tolerance).rounded(.up))
    let value = isVertical ? offset.y : offset.x
    let travelled = isVertical || !isRightToLeft ? value - range.lowerBound : range.upperBound - value
    if travelled >= span - Self.tolerance { return (max(count, 1), max(count, 1)) }
    return (min(Int((travelled / length + Self.tolerance).rounded(.down)) + 1, count), count)
  }

  /// Rounding slack, so that a page that ends a hair short of the content is still the last.
  static let tolerance = 1e-9

  static func offsets(
    _ frameMin: Double, _ frameMax: Double, _ contentMin: Double, _ contentMax: Double,
    isEmpty: Bool
  ) -> ClosedRange<Double> {
    // A scroll view with no area shows nothing, so it has nothing to page through.
    guard !isEmpty else { return 0...0 }
    return min(0, contentMin - frameMin)...max(0, contentMax - frameMax)
  }

  static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
    min(max(value, range.lowerBound), range.upperBound)
  }
}

/// The axis a scroll view moves its content along.
public enum ScrollAxis: String, Hashable, Sendable {
  /// Along the width: a carousel, a strip of tiles.
  case horizontal
  /// Along the height: a list, a page.
  case vertical
}

/// A direction to scroll in: the side of the content that comes into view.
///
/// `down` shows what is below (the content moves up, as after a swipe up); directions are the
/// screen's, so in a right-to-left layout `left` is towards the content's end.
public enum ScrollDirection: String, CaseIterable, Hashable, Sendable {
  /// Shows what is above: towards the content's top.
  case up
  /// Shows what is below: towards the content's bottom.
  case down
  /// Shows what is to the left: the leading side, or the trailing one in a right-to-left layout.
  case left
  /// Shows what is to the right.
  case right

  /// The direction capitalised, as menus and key names show it: `Up`, `Down` ...
  public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// The axis the direction moves along.
  public var axis: ScrollAxis { self == .up || self == .down ? .vertical : .horizontal }

  /// The sign of the offset change: `down` and `right` increase the offset.
  var sign: Double { self == .down || self == .right ? 1 : -1 }

  /// The name of the edge scrolling this way ends at, for refusals.
  var edgeName: String {
    switch self {
    case .up: return "top"
    case .down: return "bottom"
    case .left: return "left edge"
    case .right: return "right edge"
    }
  }
}

extension Rect {
  /// The area the two rectangles share; an empty rectangle at the origin when none.
  public func intersection(_ other: Rect) -> Rect {
    let left = Swift.max(minX, other.minX)
    let top = Swift.max(minY, other.minY)
    let right = Swift.min(maxX, other.maxX)
    let bottom = Swift.min(maxY, other.maxY)
    guard right > left, bottom > top else { return .zero }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The rectangle moved by minus a content offset, as a scroll view moves its content.
  public func scrolled(by offset: Point) -> Rect {
    Rect(x: x - offset.x, y: y - offset.y, width: width, height: height)
  }
}

extension Point {
  /// The point moved by minus a content offset, as a scroll view moves its content.
  public func scrolled(by offset: Point) -> Point { Point(x: x - offset.x, y: y - offset.y) }

  /// Whether both coordinates are zero.
  var isZero: Bool { x == 0 && y == 0 }
}
