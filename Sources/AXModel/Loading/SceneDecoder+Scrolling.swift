extension SceneDecoder {
  /// Decodes a scroll view's `contentSize` and `contentOffset`, after its frame and subviews,
  /// which place the content; the start offset must be one the content allows.
  mutating func decodeScrolling(
    _ fields: JSONFields, into view: inout ViewNode, _ keyPath: @autoclosure () -> String
  ) throws(SceneError) {
    for key in ["contentSize", "contentOffset"] {
      guard let node = fields[key], !view.type.scrolls else { continue }
      throw error(
        .invalidValue, "'\(key)' is only for views that scroll, not a \(view.type.rawValue)",
        at: node.position, "\(keyPath()).\(key)", hint: "give the view type 'scroll' or 'table'")
    }
    if let node = fields["contentSize"] {
      let items = try array(node, "\(keyPath()).contentSize", of: "2 numbers [width, height]")
      guard items.count == 2 else {
        throw error(
          .invalidValue, "expected 2 numbers [width, height], found \(items.count)",
          at: node.position, "\(keyPath()).contentSize")
      }
      let width = try coordinate(items[0], "\(keyPath()).contentSize[0]")
      let height = try coordinate(items[1], "\(keyPath()).contentSize[1]")
      for (index, extent) in [width, height].enumerated() where extent < 0 {
        throw error(
          .invalidValue,
          "\(index == 0 ? "width" : "height") is negative (\(formatNumber(extent)))",
          at: items[index].position, "\(keyPath()).contentSize[\(index)]")
      }
      view.contentSize = Size(width: width, height: height)
    }
    if let node = fields["contentOffset"] {
      let offset = try point(node, "\(keyPath()).contentOffset")
      let geometry = ScrollGeometry(view: view, layoutDirection: layoutDirection)
      guard geometry.allows(offset) else {
        let x = geometry.horizontalOffsets
        let y = geometry.verticalOffsets
        throw error(
          .invalidValue, "contentOffset \(offset) is outside the content",
          at: node.position, "\(keyPath()).contentOffset",
          hint:
            "x may be \(formatNumber(x.lowerBound)) to \(formatNumber(x.upperBound)), "
            + "y \(formatNumber(y.lowerBound)) to \(formatNumber(y.upperBound))")
      }
      view.contentOffset = offset
    }
  }
}
