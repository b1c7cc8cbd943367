import AXModel

/// Reads Appium XCUITest page source (WebDriverAgent's XML): `XCUIElementType*` elements under
/// an `<AppiumAUT>` root or alone.
///
/// Attributes, any of which may be absent and in any order: `type` (else the tag), `name`,
/// `label`, `value`, `enabled`, `visible`, `accessible`, `selected`, `x`, `y`, `width`,
/// `height`, `traits` (`"Button, Selected"`), `customActions` (`"Edit, Delete"`),
/// `placeholderValue`; `index`, `hittable`, `minValue` and `maxValue` are read by nothing.
/// WebDriverAgent's `name` is the identifier when there is one and else the label, so it is
/// the identifier only when it differs from `label`. A text field's empty value is its
/// placeholder, which is not a value.
enum WebDriverAgentXMLReader: DumpReader {
  static func read(_ bytes: [UInt8], path: String, options: ImportOptions) throws(SceneError)
    -> Dump
  {
    let document = try XMLDump.parse(bytes, path: path, options: options)
    let values = DumpValues(path: path)
    let tops: [XMLElementNode]
    if document.name == "AppiumAUT" {
      tops = document.children
    } else if document.name.hasPrefix("XCUIElementType") {
      tops = [document]
    } else {
      throw SceneError(
        .unsupportedFormat,
        "expected <AppiumAUT> or an <XCUIElementType...> root, found <\(DumpValues.shown(document.name))>",
        path: path, at: document.position)
    }
    var roots: [DumpNode] = []
    for top in tops { roots.append(try node(top, values: values)) }
    guard !roots.isEmpty else {
      throw SceneError(.invalidValue, "<AppiumAUT> holds no element", path: path, at: document.position)
    }
    return Dump(format: .webDriverAgentXML, roots: roots)
  }

  static func node(_ element: XMLElementNode, values: DumpValues) throws(SceneError) -> DumpNode {
    let typeName = element.attribute("type")?.nonBlank ?? element.name
    var node = DumpNode(
      role: DumpRole(elementType: typeName), typeName: typeName, position: element.position)
    let name = element.attribute("name")?.nonBlank
    let label = element.attribute("label")?.nonBlank
    node.label = label
    if let name, name != label { node.identifier = name }
    node.placeholder = element.attribute("placeholderValue")?.nonBlank
    node.value = element.attribute("value")
    if node.value != nil, node.value == node.placeholder { node.value = nil }
    func flag(_ attribute: String) throws(SceneError) -> Bool? {
      guard let text = element.attribute(attribute) else { return nil }
      return try values.bool(text, "attribute '\(attribute)'", at: element.position)
    }
    node.isEnabled = try flag("enabled") ?? true
    node.isVisible = try flag("visible")
    node.isAccessible = try flag("accessible")
    node.isSelected = try flag("selected") ?? false
    node.frame = try frame(element, values: values)
    if let traits = element.attribute("traits") {
      node.traits = AXTraits(producerNames: JSONDumpFields.commaList(traits))
    }
    node.customActions = JSONDumpFields.commaList(element.attribute("customActions") ?? "")
    for child in element.children { node.children.append(try self.node(child, values: values)) }
    return node
  }

  /// The frame from `x`, `y`, `width` and `height`; `nil` when none is given, an error when
  /// only some are.
  static func frame(_ element: XMLElementNode, values: DumpValues) throws(SceneError) -> Rect? {
    let names = ["x", "y", "width", "height"]
    let texts = names.map { element.attribute($0) }
    if texts.allSatisfy({ $0 == nil }) { return nil }
    var numbers: [Double] = []
    for (name, text) in zip(names, texts) {
      guard let text else {
        throw SceneError(
          .missingKey, "<\(DumpValues.shown(element.name))> has a frame without '\(name)'",
          path: values.path, at: element.position)
      }
      numbers.append(try values.number(text, "attribute '\(name)'", at: element.position))
    }
    return try values.frame(
      x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], at: element.position)
  }
}

/// Parses an XML dump with the loader's depth limit, turning syntax errors into located scene
/// errors.
enum XMLDump {
  static func parse(_ bytes: [UInt8], path: String, options: ImportOptions) throws(SceneError)
    -> XMLElementNode
  {
    do {
      return try XMLReader.parse(bytes, maxDepth: options.limits.maximumViewDepth + 2)
    } catch {
      throw SceneError(
        .malformedDump, error.message, path: path, line: error.position.line,
        column: error.position.column)
    }
  }
}
