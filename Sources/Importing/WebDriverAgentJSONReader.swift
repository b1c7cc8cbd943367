import AXModel

/// Reads the legacy WebDriverAgent `/source` JSON: `{"value": {"tree": node}}`, each node with
/// a `UIA*` `type`, `name`, `label`, `value`, `rect` (`{origin, size}` or `{x, y, width,
/// height}`) or `frame` string, `isVisible`, `isEnabled`, `rawIdentifier`, `children` and an
/// `attributes` object that may carry the `hint`.
///
/// `name` is the label when `label` is missing, unless it only repeats the hint (UIAutomation
/// fell back to the hint); when both are there and differ, `name` is the identifier.
enum WebDriverAgentJSONReader: DumpReader {
  static func read(_ bytes: [UInt8], path: String, options: ImportOptions) throws(SceneError)
    -> Dump
  {
    let root = try JSONDump.parse(bytes, path: path, options: options)
    let values = DumpValues(path: path)
    var tree = root
    var keyPath = ""
    if let value = root["value"] {
      guard let inner = value["tree"] else {
        throw SceneError(
          .missingKey, "expected 'tree' in the WebDriverAgent response's 'value'", path: path,
          at: value.position, keyPath: "value")
      }
      tree = inner
      keyPath = "value.tree"
    } else if let inner = root["tree"] {
      tree = inner
      keyPath = "tree"
    }
    return Dump(
      format: .webDriverAgentJSON,
      roots: [try node(tree, keyPath: keyPath, values: values, depth: 1, options: options)])
  }

  static func node(
    _ json: JSONNode, keyPath: String, values: DumpValues, depth: Int, options: ImportOptions
  ) throws(SceneError) -> DumpNode {
    let fields = try JSONDumpFields(
      element: json, keyPath: keyPath, values: values, depth: depth, limits: options.limits)
    let attributes = json["attributes"].map {
      JSONDumpFields(node: $0, keyPath: keyPath + ".attributes", values: values)
    }
    let typeName = try fields.string("type")?.nonBlank ?? "UIAElement"
    var node = DumpNode(role: DumpRole(elementType: typeName), typeName: typeName, position: json.position)
    let name = try fields.string("name")?.nonBlank
    let label = try fields.string("label")?.nonBlank
    node.hint = try attributes?.string("hint")?.nonBlank
    node.label = label ?? (name == node.hint ? nil : name)
    node.identifier = try fields.firstString("rawIdentifier")
    if node.identifier == nil, label != nil, name != label, name != node.hint {
      node.identifier = name
    }
    node.value = try fields.string("value")
    node.frame = try fields.firstFrame("rect", "frame")
    node.isEnabled = try fields.bool("isEnabled") ?? true
    node.isVisible = try fields.bool("isVisible")
    let selected = try fields.bool("isSelected")
    let attributeSelected = try attributes?.bool("isSelected")
    node.isSelected = selected ?? attributeSelected ?? false
    node.children = try fields.children { (item, path) throws(SceneError) in
      try self.node(item, keyPath: path, values: values, depth: depth + 1, options: options)
    }
    return node
  }
}
