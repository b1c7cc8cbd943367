extension SceneDecoder {
  // MARK: Numbers with a range

  /// The largest distance from the origin a coordinate or size may have, in points; far beyond
  /// any screen, small enough that no arithmetic on it overflows.
  static let coordinateLimit = 1_000_000.0

  /// Reads a number used as a coordinate or size, within ±``coordinateLimit``.
  func coordinate(_ node: JSONNode, _ keyPath: @autoclosure () -> String) throws(SceneError)
    -> Double
  {
    let value = try number(node, keyPath())
    guard abs(value) <= Self.coordinateLimit else {
      throw error(
        .limitExceeded,
        "\(formatNumber(value)) is out of range, expected at most \(formatNumber(Self.coordinateLimit)) points",
        at: node.position, keyPath())
    }
    return value
  }

  /// Reads `[x, y, width, height]`, rejecting NaN and negative sizes.
  func rect(_ node: JSONNode, _ keyPath: @autoclosure () -> String) throws(SceneError) -> Rect {
    let items = try array(node, keyPath(), of: "4 numbers [x, y, width, height]")
    guard items.count == 4 else {
      throw error(
        .invalidValue, "expected 4 numbers [x, y, width, height], found \(items.count)",
        at: node.position, keyPath())
    }
    // Four locals, not an array: every view has a frame, and an array would be an allocation.
    let x = try coordinate(items[0], "\(keyPath())[0]")
    let y = try coordinate(items[1], "\(keyPath())[1]")
    let width = try coordinate(items[2], "\(keyPath())[2]")
    let height = try coordinate(items[3], "\(keyPath())[3]")
    if width < 0 || height < 0 {
      let index = width < 0 ? 2 : 3
      throw error(
        .invalidValue,
        "\(index == 2 ? "width" : "height") is negative (\(formatNumber(index == 2 ? width : height)))",
        at: items[index].position, "\(keyPath())[\(index)]")
    }
    return Rect(x: x, y: y, width: width, height: height)
  }

  /// Reads `[x, y]` or `{"x": .., "y": ..}`.
  func point(_ node: JSONNode, _ keyPath: @autoclosure () -> String) throws(SceneError) -> Point {
    if case .array(let items) = node.value, items.count == 2 {
      return Point(
        x: try coordinate(items[0], "\(keyPath())[0]"), y: try coordinate(items[1], "\(keyPath())[1]"))
    }
    if case .object = node.value {
      let fields = try members(node, keyPath(), allowed: ["x", "y"], what: "point")
      return Point(
        x: try coordinate(try required(fields, "x", in: node, keyPath()), "\(keyPath()).x"),
        y: try coordinate(try required(fields, "y", in: node, keyPath()), "\(keyPath()).y"))
    }
    throw mismatch(node, expected: "a point [x, y]", keyPath())
  }

  /// Reads a number a variable holds or changes by (`value`, `min`, `max`, `step`, `by`,
  /// `set`'s `to`, a goal's `equals`), within ±``Variable/numberLimit``, so that no literal
  /// starts a variable where `add` could not keep it.
  func variableNumber(_ node: JSONNode, _ keyPath: @autoclosure () -> String) throws(SceneError)
    -> Double
  {
    let value = try number(node, keyPath())
    guard abs(value) <= Variable.numberLimit else {
      let limit = formatNumber(Variable.numberLimit)
      throw error(
        .limitExceeded,
        "\(formatNumber(value)) is out of range, expected a number from -\(limit) to \(limit)",
        at: node.position, keyPath())
    }
    return value
  }
}
