import AXModel

extension UIAutomatorReader {
  /// A node as the XML states it, before the element rule decides what it is to an assistive
  /// technology; it keeps the two facts the rule needs that ``DumpNode`` has no field for.
  struct Widget {
    var node: DumpNode
    var isFocusable: Bool
    /// Whether the node has text or a content description of its own.
    var carriesText: Bool
    var children: [Widget]
  }

  /// Reads `node` elements (or UiAutomator2's class-named elements) into widgets, in points,
  /// within the limits.
  struct WidgetReader {
    let values: DumpValues
    /// Pixels per point.
    let density: Double
    let limits: SceneLimits
    /// The views made so far, windows included, against the count limit.
    var count = 0

    /// Reads an element and its subtree; `depth` counts the window as 1, as the assembler
    /// does, so a top-level node is at 2.
    mutating func widget(_ element: XMLElementNode, depth: Int) throws(SceneError) -> Widget {
      guard depth <= limits.maximumViewDepth else {
        throw SceneError(
          .limitExceeded, "views nested deeper than \(limits.maximumViewDepth) levels",
          path: values.path, at: element.position)
      }
      count += 1
      guard count <= limits.maximumViewCount else {
        throw SceneError(
          .limitExceeded, "more than \(limits.maximumViewCount) views", path: values.path,
          at: element.position)
      }
      var widget = try self.fields(of: element)
      for child in element.children {
        widget.children.append(try self.widget(child, depth: depth + 1))
      }
      return widget
    }

    private func fields(of element: XMLElementNode) throws(SceneError) -> Widget {
      let className =
        element.attribute("class")?.nonBlank ?? (element.name == "node" ? "" : element.name)
      let identifier = element.attribute("resource-id")?.nonBlank
      var role = UIAutomatorReader.role(ofClass: className, resourceID: identifier)
      var node = DumpNode(
        role: role, typeName: className.isEmpty ? element.name : className,
        position: element.position)
      func flag(_ name: String) throws(SceneError) -> Bool? {
        guard let text = element.attribute(name) else { return nil }
        return try values.bool(text, "attribute '\(name)'", at: element.position)
      }
      if role == .textField, try flag("password") == true { role = .secureTextField }
      node.role = role
      node.identifier = identifier
      let text = element.attribute("text")?.nonBlank
      let description = element.attribute("content-desc")?.nonBlank
      if UIAutomatorReader.textIsValue(role) {
        // An empty field's text is its hint (TextView's text for accessibility): newer
        // producers say so with `showing-hint`, older ones only by repeating `hint`.
        let hint = element.attribute("hint")?.nonBlank
        let showsHint = try flag("showing-hint") ?? (text != nil && text == hint)
        node.label = description
        node.value = showsHint ? nil : text
        node.placeholder = hint ?? (showsHint ? text : nil)
      } else {
        node.label = description ?? text
      }
      node.isEnabled = try flag("enabled") ?? true
      node.isSelected = try flag("selected") ?? false
      node.isClickable = try flag("clickable")
      node.isLongClickable = try flag("long-clickable") ?? false
      node.isScrollable = try flag("scrollable") ?? false
      // UiAutomator2 calls it `displayed`; some uiautomator builds write `visible-to-user`.
      node.isVisible = try flag("displayed")
      if node.isVisible == nil { node.isVisible = try flag("visible-to-user") }
      if try flag("checkable") == true { node.checked = try flag("checked") ?? false }
      if let bounds = element.attribute("bounds") {
        node.frame = try frame(bounds, at: element.position)
      }
      return Widget(
        node: node, isFocusable: try flag("focusable") ?? false,
        carriesText: text != nil || description != nil, children: [])
    }

    /// The frame in points of a `bounds` attribute in pixels.
    func frame(_ text: String, at position: SourcePosition) throws(SceneError) -> Rect {
      guard let box = UIAutomatorReader.pixelBounds(text) else {
        throw SceneError(
          .typeMismatch,
          "expected '[left,top][right,bottom]' for attribute 'bounds', found \(DumpValues.shown(text))",
          path: values.path, at: position)
      }
      guard box.right >= box.left, box.bottom >= box.top else {
        let edge =
          box.right < box.left ? "right edge left of its left" : "bottom edge above its top"
        throw SceneError(
          .invalidValue, "attribute 'bounds' \(DumpValues.shown(text)) has its \(edge) edge",
          path: values.path, at: position)
      }
      return try values.frame(
        x: box.left / density, y: box.top / density, width: (box.right - box.left) / density,
        height: (box.bottom - box.top) / density, at: position)
    }
  }

  /// The four pixel edges of `[left,top][right,bottom]`, or `nil` when the text is not of that
  /// form; edges may be negative, as UiAutomator2 writes for views scrolled past the screen.
  static func pixelBounds(_ text: String) -> (
    left: Double, top: Double, right: Double, bottom: Double
  )? {
    let bytes = Array(text.utf8)
    var index = 0
    func expect(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }
    func integer() -> Double? {
      let start = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      let digits = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - digits < 18 {
        index += 1
      }
      guard index > digits else { return nil }
      return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }
    var edges: [Double] = []
    for _ in 0..<2 {
      guard expect("["), let first = integer(), expect(","), let second = integer(), expect("]")
      else { return nil }
      edges += [first, second]
    }
    guard index == bytes.count else { return nil }
    return (edges[0], edges[1], edges[2], edges[3])
  }
}
