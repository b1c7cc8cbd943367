extension SceneDecoder {
  static let viewKeys = [
    "id", "type", "frame", "text", "children", "isAccessibilityElement", "label", "value", "hint",
    "identifier", "traits", "userInputLabels", "customActions", "activationPoint", "language",
    "elementsHidden", "viewIsModal", "groupsChildren", "elements", "hidden", "alpha",
    "childBehavior", "containerType", "respondsToUserInteraction", "directTouch", "gestures", "on",
    "comment", "path", "userInteractionEnabled", "contentSize", "contentOffset",
    "placeholder", "secure", "keyboardType",
  ]

  /// Decodes a view and its subviews, enforcing the depth and count limits.
  mutating func decodeView(_ node: JSONNode, _ keyPath: @autoclosure () -> String, depth: Int) throws(SceneError)
    -> ViewNode
  {
    // The key path is made only when something needs it (an error, a reference, a handler),
    // and then once: building it for every view cost a string per view.
    var madePath: String?
    func currentPath() -> String {
      if let madePath { return madePath }
      let path = keyPath()
      madePath = path
      return path
    }
    guard depth <= limits.maximumViewDepth else {
      throw error(
        .limitExceeded, "views nested deeper than \(limits.maximumViewDepth) levels",
        at: node.position, currentPath())
    }
    viewCount += 1
    guard viewCount <= limits.maximumViewCount else {
      throw error(
        .limitExceeded, "more than \(limits.maximumViewCount) views", at: node.position, currentPath())
    }
    if depth == 1 {
      // The ids of a whole window go into `positions`: sized once, the table is not rehashed
      // as it grows, which cost as much as filling it.
      let count = min(Self.countViews(node), limits.maximumViewCount)
      positions.reserveCapacity(positions.count + count)
      subtreeEnds.reserveCapacity(subtreeEnds.count + count)
    }
    let fields = try members(node, currentPath(), allowed: Self.viewKeys, what: "view")
    let idNode = try required(fields, "id", in: node, currentPath())
    let id = try string(idNode, "\(currentPath()).id")
    guard !id.isEmpty else {
      throw error(.invalidValue, "view id is empty", at: idNode.position, "\(currentPath()).id")
    }
    let number = Int32(subtreeEnds.count)
    subtreeEnds.append(number + 1)
    // One lookup, which adds the id if it is new: a lookup and then an insertion hashed
    // every id twice.
    var isNew = false
    Self.touch(&positions[id, default: { isNew = true; return ViewDefinition(position: idNode.position, number: number) }()])
    if !isNew, duplicate == nil, let first = positions[id]?.position {
      duplicate = error(
        .duplicateIdentifier, "duplicate view id '\(id)'", at: idNode.position,
        "\(currentPath()).id", hint: "first defined at line \(first.line), column \(first.column)")
    }
    let type = try fields["type"].map { (node) throws(SceneError) in
      try enumValue(ViewType.self, node, "\(currentPath()).type", kind: "view type")
    } ?? .view
    var view = ViewNode(id: id, type: type)
    view.location = FileLocation(path: path, line: node.position.line, column: node.position.column)
    try decodeAccessibility(fields, into: &view, currentPath())
    try decodeBehavior(fields, into: &view, currentPath())
    if let elements = view.elements { elementLists[number] = elements }
    if let childrenNode = fields["children"] {
      let children = try array(childrenNode, "\(currentPath()).children", of: "views")
      view.children.reserveCapacity(children.count)
      for (index, child) in children.enumerated() {
        view.children.append(
          try decodeView(child, "\(currentPath()).children[\(index)]", depth: depth + 1))
      }
      subtreeEnds[Int(number)] = Int32(subtreeEnds.count)
    }
    if let frameNode = fields["frame"] {
      view.frame = try rect(frameNode, "\(currentPath()).frame")
    } else {
      // A container written without a frame covers its subviews, as Auto Layout would size it.
      // By position: `reduce` would copy every subview to hand it to its closure.
      var frame = Rect.zero
      for position in view.children.indices { frame = frame.union(view.children[position].frame) }
      view.frame = frame
    }
    if fields["contentSize"] != nil || fields["contentOffset"] != nil {
      try decodeScrolling(fields, into: &view, currentPath())
    }
    return view
  }

  /// Accesses a value in place, which is all `positions[id, default: ...]` needs to add the
  /// default.
  static func touch<Value>(_ value: inout Value) {}

  /// The number of objects in a view's tree of `children` arrays: the views decoding will
  /// find, or more for a file it rejects.
  static func countViews(_ node: JSONNode) -> Int {
    guard case .object(let members) = node.value else { return 0 }
    var total = 1
    for index in members.indices where JSONFields.isSameKey(members[index].key, "children") {
      if case .array(let children) = members[index].value.value {
        for child in children.indices { total += countViews(children[child]) }
      }
    }
    return total
  }

  /// Decodes the UIAccessibility properties of a view.
  mutating func decodeAccessibility(
    _ fields: JSONFields, into view: inout ViewNode, _ keyPath: @autoclosure () -> String
  ) throws(SceneError) {
    if let node = fields["text"] { view.text = try string(node, "\(keyPath()).text") }
    try decodeTextEntry(fields, into: &view, keyPath())
    if let node = fields["isAccessibilityElement"] {
      view.isAccessibilityElement = try bool(node, "\(keyPath()).isAccessibilityElement")
    }
    if let node = fields["label"] { view.label = try template(node, "\(keyPath()).label") }
    if let node = fields["value"] { view.value = try template(node, "\(keyPath()).value") }
    if let node = fields["hint"] { view.hint = try template(node, "\(keyPath()).hint") }
    if let node = fields["identifier"] { view.identifier = try string(node, "\(keyPath()).identifier") }
    if let node = fields["traits"] {
      for (index, item) in try array(node, "\(keyPath()).traits", of: "trait names").enumerated() {
        view.traitEdits.append(try traitEdit(item, "\(keyPath()).traits[\(index)]"))
      }
    }
    if let node = fields["userInputLabels"] {
      view.userInputLabels = try strings(node, "\(keyPath()).userInputLabels")
    }
    if let node = fields["activationPoint"] {
      if let track = try activationTrack(node, "\(keyPath()).activationPoint") {
        view.activationTrack = track
      } else {
        view.activationPoint = try point(node, "\(keyPath()).activationPoint")
      }
    }
    if let node = fields["path"] { view.accessibilityPath = try polygon(node, "\(keyPath()).path") }
    if let node = fields["userInteractionEnabled"] {
      view.userInteractionEnabled = try bool(node, "\(keyPath()).userInteractionEnabled")
    }
    if let node = fields["language"] { view.language = try string(node, "\(keyPath()).language") }
    if let node = fields["elementsHidden"] {
      view.elementsHidden = try bool(node, "\(keyPath()).elementsHidden")
    }
    if let node = fields["viewIsModal"] { view.viewIsModal = try bool(node, "\(keyPath()).viewIsModal") }
    if let node = fields["groupsChildren"] {
      view.groupsChildren = try bool(node, "\(keyPath()).groupsChildren")
    }
    if let node = fields["elements"] {
      var ids: [String] = []
      for (index, item) in try array(node, "\(keyPath()).elements", of: "view ids").enumerated() {
        let itemPath = "\(keyPath()).elements[\(index)]"
        let id = try string(item, itemPath)
        ids.append(id)
        references.append(
          PendingReference(
            kind: .elementsEntry(container: view.id), name: id, position: item.position,
            keyPath: itemPath))
      }
      view.elements = ids
    }
    if let node = fields["hidden"] { view.hidden = try bool(node, "\(keyPath()).hidden") }
    if let node = fields["alpha"] {
      let alpha = try number(node, "\(keyPath()).alpha")
      guard (0...1).contains(alpha) else {
        throw error(
          .invalidValue, "alpha must be between 0 and 1, found \(formatNumber(alpha))",
          at: node.position, "\(keyPath()).alpha")
      }
      view.alpha = alpha
    }
    if let node = fields["childBehavior"] {
      view.childBehavior = try enumValue(
        ChildBehavior.self, node, "\(keyPath()).childBehavior", kind: "child behavior")
    }
    if let node = fields["containerType"] {
      view.containerType = try enumValue(
        ContainerType.self, node, "\(keyPath()).containerType", kind: "container type")
    }
    if let node = fields["respondsToUserInteraction"] {
      view.respondsToUserInteraction = try bool(node, "\(keyPath()).respondsToUserInteraction")
    }
    if let node = fields["directTouch"] {
      view.directTouch = try directTouch(node, "\(keyPath()).directTouch")
    }
  }

  /// Reads `"button"`, `"+selected"` or `"-button"`.
  func traitEdit(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> TraitEdit {
    var name = try string(node, keyPath)
    var inserts = true
    if name.hasPrefix("+") {
      name.removeFirst()
    } else if name.hasPrefix("-") {
      name.removeFirst()
      inserts = false
    }
    guard let trait = AXTraits(name: name) else {
      throw unknownName("trait", name, among: AXTraits.allNames, at: node.position, keyPath)
    }
    return TraitEdit(inserts: inserts, trait: trait)
  }

  /// Reads `true`, a list of option names, or an object of Booleans.
  func directTouch(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> DirectTouchOptions? {
    let names = ["requiresActivation", "silentOnTouch"]
    var options = DirectTouchOptions()
    switch node.value {
    case .bool(let flag):
      return flag ? options : nil
    case .array(let items):
      for (index, item) in items.enumerated() {
        let name = try string(item, "\(keyPath)[\(index)]")
        switch name {
        case "requiresActivation": options.requiresActivation = true
        case "silentOnTouch": options.silentOnTouch = true
        default:
          throw unknownName(
            "direct touch option", name, among: names, at: item.position, "\(keyPath)[\(index)]")
        }
      }
      return options
    case .object:
      let fields = try members(node, keyPath, allowed: names, what: "direct touch options")
      options.requiresActivation = try fields["requiresActivation"].map {
        (node) throws(SceneError) in try bool(node, "\(keyPath).requiresActivation")
      } ?? false
      options.silentOnTouch = try fields["silentOnTouch"].map {
        (node) throws(SceneError) in try bool(node, "\(keyPath).silentOnTouch")
      } ?? false
      return options
    default:
      throw mismatch(node, expected: "true, a list of options or an options object", keyPath)
    }
  }
}

extension SceneDecoder {
  /// The keys only a text field may have; a static table, not an array made per view.
  static let textEntryKeys = ["placeholder", "secure", "keyboardType"]

  /// Decodes a text field's `placeholder` and `secure` keys, which no other view type has.
  mutating func decodeTextEntry(
    _ fields: JSONFields, into view: inout ViewNode, _ keyPath: @autoclosure () -> String
  ) throws(SceneError) {
    for key in Self.textEntryKeys {
      guard let node = fields[key], view.type != .textField else { continue }
      throw error(
        .invalidValue, "'\(key)' needs a text field, found a \(view.type.rawValue)", at: node.position,
        "\(keyPath()).\(key)", hint: "only a textField view is edited with a keyboard")
    }
    if let node = fields["placeholder"] { view.placeholder = try template(node, "\(keyPath()).placeholder") }
    if let node = fields["secure"] { view.isSecure = try bool(node, "\(keyPath()).secure") }
    if let node = fields["keyboardType"] {
      view.keyboardType = try enumValue(
        KeyboardType.self, node, "\(keyPath()).keyboardType", kind: "keyboard type")
    }
  }
}

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
