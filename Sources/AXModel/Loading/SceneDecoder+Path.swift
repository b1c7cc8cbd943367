extension SceneDecoder {
  /// The most corners an `accessibilityPath` may have: a smooth wedge needs a few dozen, and
  /// every hit test inside its frame walks them all.
  static let maximumPathPoints = 1_000

  /// Reads a polygon `[[x, y], ...]` of 3 to ``maximumPathPoints`` corners, for
  /// `accessibilityPath`.
  func polygon(_ node: JSONNode, _ keyPath: @autoclosure () -> String) throws(SceneError)
    -> [Point]
  {
    let items = try array(node, keyPath(), of: "points [[x, y], ...]")
    guard items.count >= 3 else {
      throw error(
        .invalidValue, "a path needs at least 3 points, found \(items.count)", at: node.position,
        keyPath())
    }
    guard items.count <= Self.maximumPathPoints else {
      throw error(
        .limitExceeded, "a path has at most \(Self.maximumPathPoints) points, found \(items.count)",
        at: node.position, keyPath())
    }
    var points: [Point] = []
    points.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      points.append(try point(item, "\(keyPath())[\(index)]"))
    }
    return points
  }
}
