import AXModel

/// Reads `idb ui describe-all --json`: a flat array of elements in depth-first order, or with
/// `--nested` the same objects with `children`.
///
/// Keys: `type` (`Button`), else `role` (`AXButton`); `AXLabel`, else `title`; `AXValue`;
/// `AXUniqueId`; `frame` `{x, y, width, height}` or `AXFrame` `"{{x, y}, {w, h}}"`; `help` (the
/// hint); `enabled`; `custom_actions`; `traits` on newer builds; `selected` when present. Any key
/// may be missing or null, and unknown keys are ignored, as idb adds keys between releases.
/// In the flat form every object after a leading `Application` is one of its elements: idb
/// lists accessibility elements, not the views between them.
enum IDBReader: DumpReader {
  static func read(_ bytes: [UInt8], path: String, options: ImportOptions) throws(SceneError)
    -> Dump
  {
    let root = try JSONDump.parse(bytes, path: path, options: options)
    let values = DumpValues(path: path)
    var roots: [DumpNode]
    if let items = root.arrayValue {
      roots = []
      for (index, item) in items.enumerated() {
        roots.append(try node(item, keyPath: "[\(index)]", values: values, depth: 1, options: options))
      }
    } else if root.objectMembers != nil {
      roots = [try node(root, keyPath: "", values: values, depth: 1, options: options)]
    } else {
      throw SceneError(
        .typeMismatch, "expected an array of idb elements, found \(root.kindName)", path: path,
        at: root.position)
    }
    // The flat form: everything after the application is its content.
    if roots.count > 1, roots[0].role == .application, roots[0].children.isEmpty {
      roots[0].children = Array(roots.dropFirst())
      roots = [roots[0]]
    }
    return Dump(format: .idb, roots: roots)
  }

  static func node(
    _ json: JSONNode, keyPath: String, values: DumpValues, depth: Int, options: ImportOptions
  ) throws(SceneError) -> DumpNode {
    let fields = try JSONDumpFields(
      element: json, keyPath: keyPath, values: values, depth: depth, limits: options.limits)
    let typeName = try fields.firstString("type", "role") ?? "Other"
    var node = DumpNode(role: DumpRole(elementType: typeName), typeName: typeName, position: json.position)
    node.label = try fields.firstString("AXLabel", "title")
    node.value = try fields.string("AXValue")
    node.identifier = try fields.string("AXUniqueId")
    node.hint = try fields.string("help")
    node.frame = try fields.firstFrame("frame", "AXFrame")
    node.isEnabled = try fields.bool("enabled") ?? true
    node.isSelected = try fields.bool("selected") ?? false
    node.customActions = try fields.strings("custom_actions")
    if fields.member("traits") != nil {
      node.traits = AXTraits(producerNames: try fields.strings("traits"))
    }
    if let subrole = try fields.string("subrole"), subrole == "AXSearchField" {
      node.role = .searchField
    }
    node.children = try fields.children { (item, path) throws(SceneError) in
      try self.node(item, keyPath: path, values: values, depth: depth + 1, options: options)
    }
    return node
  }
}

/// Parses a JSON dump with the scene loader's limits, turning syntax errors into located
/// scene errors.
enum JSONDump {
  static func parse(_ bytes: [UInt8], path: String, options: ImportOptions) throws(SceneError)
    -> JSONNode
  {
    do {
      return try JSONParser.parse(bytes, maxDepth: options.limits.maximumJSONDepth)
    } catch {
      throw SceneError(
        .malformedJSON, error.message, path: path, line: error.position.line,
        column: error.position.column)
    }
  }
}
