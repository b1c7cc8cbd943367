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
