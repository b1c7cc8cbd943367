import AXModel

/// Reads the fields of a JSON dump node leniently, as producers write them: any field may be
/// missing or null, Booleans may be `true` or `"1"`, numbers may be strings. A value of the
/// wrong kind altogether is an error naming the key path.
struct JSONDumpFields {
  let node: JSONNode
  let keyPath: String
  let values: DumpValues

  var path: String { values.path }

  /// The fields of an element object at `depth`; anything but an object, or an element deeper
  /// than the view limit, is an error.
  init(
    element json: JSONNode, keyPath: String, values: DumpValues, depth: Int, limits: SceneLimits
  ) throws(SceneError) {
    guard json.objectMembers != nil else {
      throw SceneError(
        .typeMismatch, "expected an element object, found \(json.kindName)", path: values.path,
        at: json.position, keyPath: keyPath)
    }
    guard depth <= limits.maximumViewDepth else {
      throw SceneError(
        .limitExceeded, "elements nested deeper than \(limits.maximumViewDepth) levels",
        path: values.path, at: json.position, keyPath: keyPath)
    }
    self.init(node: json, keyPath: keyPath, values: values)
  }

  init(node: JSONNode, keyPath: String, values: DumpValues) {
    self.node = node
    self.keyPath = keyPath
    self.values = values
  }

  /// The nodes of the `children` array, each read by `read` with its key path.
  func children(_ read: (JSONNode, String) throws(SceneError) -> DumpNode) throws(SceneError)
    -> [DumpNode]
  {
    guard let children = member("children") else { return [] }
    guard let items = children.arrayValue else {
      throw mismatch("children", children, expected: "an array")
    }
    var nodes: [DumpNode] = []
    for (index, item) in items.enumerated() {
      nodes.append(try read(item, "\(keyPath).children[\(index)]"))
    }
    return nodes
  }

  /// The member, or `nil` when it is absent or null.
  func member(_ key: String) -> JSONNode? {
    guard let value = node[key], !value.isNull else { return nil }
    return value
  }

  /// A string; numbers and Booleans are taken as their text, as producers mix them.
  func string(_ key: String) throws(SceneError) -> String? {
    guard let value = member(key) else { return nil }
    switch value.value {
    case .string(let text): return text
    case .number(let number): return formatNumber(number)
    case .bool(let flag): return flag ? "1" : "0"
    default: throw mismatch(key, value, expected: "a string")
    }
  }

  /// The first of the keys that holds a non-blank string.
  func firstString(_ keys: String...) throws(SceneError) -> String? {
    for key in keys {
      if let text = try string(key)?.nonBlank { return text }
    }
    return nil
  }

  /// The first of the keys that holds a frame.
  func firstFrame(_ keys: String...) throws(SceneError) -> Rect? {
    for key in keys {
      if let frame = try frame(key) { return frame }
    }
    return nil
  }

  /// A Boolean written as `true`, `1` or `"1"`.
  func bool(_ key: String) throws(SceneError) -> Bool? {
    guard let value = member(key) else { return nil }
    switch value.value {
    case .bool(let flag): return flag
    case .number(let number): return number != 0
    case .string(let text): return try values.bool(text, "\(keyPath).\(key)", at: value.position)
    default: throw mismatch(key, value, expected: "true or false")
    }
  }

  /// A number, possibly written as a string.
  func number(_ node: JSONNode, _ key: String) throws(SceneError) -> Double {
    switch node.value {
    case .number(let number): return try values.checked(number, key, at: node.position)
    case .string(let text): return try values.number(text, key, at: node.position)
    default:
      throw SceneError(
        .typeMismatch, "expected a number, found \(node.kindName)", path: path,
        at: node.position, keyPath: "\(keyPath).\(key)")
    }
  }

  /// A frame given as `{x, y, width, height}`, `{origin: {x, y}, size: {width, height}}`
  /// or Apple's `"{{x, y}, {w, h}}"` string.
  func frame(_ key: String) throws(SceneError) -> Rect? {
    guard let value = member(key) else { return nil }
    if let text = value.stringValue { return try values.appleFrame(text, at: value.position) }
    guard value.objectMembers != nil else { throw mismatch(key, value, expected: "a frame object") }
    let box = value["origin"].flatMap { origin in value["size"].map { (origin, $0) } }
    let (origin, size) = box ?? (value, value)
    func part(_ container: JSONNode, _ name: String) throws(SceneError) -> Double {
      guard let part = container[name], !part.isNull else {
        throw SceneError(
          .missingKey, "frame has no '\(name)'", path: path, at: container.position,
          keyPath: "\(keyPath).\(key)")
      }
      return try number(part, "\(key).\(name)")
    }
    return try values.frame(
      x: part(origin, "x"), y: part(origin, "y"), width: part(size, "width"),
      height: part(size, "height"), at: value.position)
  }

  /// An array of strings, or one string of names separated by `", "` (WebDriverAgent's
  /// custom actions and traits).
  func strings(_ key: String) throws(SceneError) -> [String] {
    guard let value = member(key) else { return [] }
    if let text = value.stringValue { return Self.commaList(text) }
    guard let items = value.arrayValue else {
      throw mismatch(key, value, expected: "an array of strings")
    }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      if item.isNull { continue }
      guard let text = item.stringValue else {
        throw SceneError(
          .typeMismatch, "expected a string, found \(item.kindName)", path: path,
          at: item.position, keyPath: "\(keyPath).\(key)[\(index)]")
      }
      result.append(text)
    }
    return result
  }

  /// Splits `"Edit mode, Today"` into names.
  static func commaList(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
  }

  func mismatch(_ key: String, _ value: JSONNode, expected: String) -> SceneError {
    SceneError(
      .typeMismatch, "expected \(expected), found \(value.kindName)", path: path,
      at: value.position, keyPath: "\(keyPath).\(key)")
  }
}

extension AXTraits {
  /// The traits a producer lists by name: WebDriverAgent's `"Button, Selected"`, idb's
  /// `["button", "header"]`, with or without the `UIAccessibilityTrait` prefix. Names this
  /// model lacks (`None`, `SupportsZoom`) are left out.
  init(producerNames names: [String]) {
    self = []
    for name in names {
      var short = Substring(name.trimmingCharacters(in: .whitespaces))
      if short.hasPrefix("UIAccessibilityTrait") { short = short.dropFirst(20) }
      let lowered = short.lowercased()
      if let entry = AXTraits.named.first(where: { $0.name.lowercased() == lowered }) {
        insert(entry.trait)
      }
    }
  }
}
