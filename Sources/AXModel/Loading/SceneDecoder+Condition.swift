extension SceneDecoder {
  static let predicateKeys = [
    "var", "equals", "atLeast", "atMost", "element", "hasTrait", "text", "hasText", "screen", "gone",
    "exists", "removed", "announced", "all", "any", "not",
  ]

  /// Reads a task goal.
  ///
  ///     {"var": "coffee", "atLeast": 6}
  ///     {"element": "spec-m", "hasTrait": "selected"}
  ///     {"all": [{"screen": "sheet"}, {"not": {"exists": "row-2"}}]}
  mutating func decodeCondition(_ node: JSONNode, _ keyPath: String, depth: Int) throws(SceneError)
    -> Condition
  {
    guard depth < 32 else {
      throw error(.limitExceeded, "goal nested deeper than 32 levels", at: node.position, keyPath)
    }
    let fields = try members(node, keyPath, allowed: Self.predicateKeys, what: "goal")
    if let variableNode = fields["var"] {
      let name = try string(variableNode, "\(keyPath).var")
      guard let variable = variables[name] else {
        throw unknownName(
          "variable", name, among: Array(variables.keys).sorted(), at: variableNode.position,
          "\(keyPath).var")
      }
      let comparisons = ["equals", "atLeast", "atMost"].filter { fields[$0] != nil }
      guard comparisons.count == 1, let comparison = comparisons.first,
        let valueNode = fields[comparison], fields.count == 2
      else {
        throw error(
          .invalidValue, "a 'var' goal needs exactly one of equals, atLeast, atMost",
          at: node.position, keyPath)
      }
      if comparison == "equals" {
        let value = try sceneValue(valueNode, "\(keyPath).equals")
        guard value.kindName == variable.initial.kindName else {
          throw error(
            .typeMismatch, "'\(name)' is \(variable.initial.kindName), compared with \(value.kindName)",
            at: valueNode.position, "\(keyPath).equals")
        }
        return .equals(variable: name, value: value)
      }
      let bound = try number(valueNode, "\(keyPath).\(comparison)")
      return comparison == "atLeast"
        ? .atLeast(variable: name, bound: bound) : .atMost(variable: name, bound: bound)
    }
    guard fields.count == 1 || (fields.count == 2 && fields["element"] != nil) else {
      throw error(
        .invalidValue, "a goal has one condition; combine several with 'all' or 'any'",
        at: node.position, keyPath)
    }
    if let elementNode = fields["element"] {
      let id = try string(elementNode, "\(keyPath).element")
      references.append(
        PendingReference(kind: .view, name: id, position: elementNode.position, keyPath: "\(keyPath).element"))
      if let textGoal = try textCondition(fields, element: id, keyPath) { return textGoal }
      let traitNode = try required(fields, "hasTrait", in: node, keyPath)
      let traitName = try string(traitNode, "\(keyPath).hasTrait")
      guard let trait = AXTraits(name: traitName) else {
        throw unknownName(
          "trait", traitName, among: AXTraits.allNames, at: traitNode.position, "\(keyPath).hasTrait")
      }
      return .hasTrait(element: id, trait: trait)
    }
    if let screenNode = fields["screen"] {
      let screen = try string(screenNode, "\(keyPath).screen")
      if screen != Scene.startScreenName {
        references.append(
          PendingReference(kind: .screen, name: screen, position: screenNode.position, keyPath: "\(keyPath).screen"))
      }
      return .onScreen(screen)
    }
    for key in ["gone", "exists", "removed"] {
      if let idNode = fields[key] {
        let id = try string(idNode, "\(keyPath).\(key)")
        references.append(
          PendingReference(kind: .view, name: id, position: idNode.position, keyPath: "\(keyPath).\(key)"))
        switch key {
        case "gone": return .gone(element: id)
        case "exists": return .present(element: id)
        default: return .removed(element: id)
        }
      }
    }
    if let textNode = fields["announced"] {
      return .announced(try string(textNode, "\(keyPath).announced"))
    }
    if let notNode = fields["not"] {
      return .not(try decodeCondition(notNode, "\(keyPath).not", depth: depth + 1))
    }
    for key in ["all", "any"] {
      if let listNode = fields[key] {
        var items: [Condition] = []
        for (index, item) in try array(listNode, "\(keyPath).\(key)", of: "goals").enumerated() {
          items.append(try decodeCondition(item, "\(keyPath).\(key)[\(index)]", depth: depth + 1))
        }
        return key == "all" ? .all(items) : .any(items)
      }
    }
    throw error(
      .invalidValue, "goal has no condition, expected one of \(Self.predicateKeys.joined(separator: ", "))",
      at: node.position, keyPath)
  }
}

extension SceneDecoder {
  /// Reads `{"element": "email", "text": "a@b.c"}` or `{"element": "email", "hasText": true}`;
  /// `nil` when the goal names neither key (a `hasTrait` goal).
  func textCondition(_ fields: JSONFields, element id: String, _ keyPath: String) throws(SceneError)
    -> Condition?
  {
    if let textNode = fields["text"] {
      return .text(element: id, equals: try string(textNode, "\(keyPath).text"))
    }
    if let flagNode = fields["hasText"] {
      let flag = try bool(flagNode, "\(keyPath).hasText")
      return flag ? .hasText(element: id) : .not(.hasText(element: id))
    }
    return nil
  }
}
