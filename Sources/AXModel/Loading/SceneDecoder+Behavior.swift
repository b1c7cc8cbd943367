extension SceneDecoder {
  // MARK: Variables and templates

  /// Reads `vars`: each either a plain value or `{"value": .., "min": .., "max": .., "step": ..}`.
  mutating func decodeVariables(_ node: JSONNode) throws(SceneError) -> [Variable] {
    guard case .object(let declared) = node.value else {
      throw mismatch(node, expected: "an object of variables", "vars")
    }
    var result: [Variable] = []
    for member in declared {
      let keyPath = "vars.\(member.key)"
      guard AXTraits(name: member.key) == nil else {
        throw error(
          .invalidValue, "variable '\(member.key)' has the name of a trait", at: member.keyPosition,
          keyPath, hint: "rename it, so that set and toggle effects are unambiguous")
      }
      var variable: Variable
      if case .object = member.value.value {
        let fields = try members(
          member.value, keyPath, allowed: ["value", "min", "max", "step"], what: "variable")
        variable = Variable(
          name: member.key,
          initial: try sceneValue(
            try required(fields, "value", in: member.value, keyPath), "\(keyPath).value"))
        if let node = fields["min"] { variable.minimum = try variableNumber(node, "\(keyPath).min") }
        if let node = fields["max"] { variable.maximum = try variableNumber(node, "\(keyPath).max") }
        if let node = fields["step"] { variable.step = try variableNumber(node, "\(keyPath).step") }
        let isNumber: Bool
        if case .number = variable.initial { isNumber = true } else { isNumber = false }
        if !isNumber, fields["min"] != nil || fields["max"] != nil || fields["step"] != nil {
          throw error(
            .invalidValue, "min, max and step apply to number variables only",
            at: member.value.position, keyPath)
        }
        if let minimum = variable.minimum, let maximum = variable.maximum, minimum > maximum {
          throw error(.invalidValue, "min is greater than max", at: member.value.position, keyPath)
        }
      } else {
        variable = Variable(name: member.key, initial: try sceneValue(member.value, keyPath))
      }
      variables[member.key] = variable
      result.append(variable)
    }
    return result
  }

  func sceneValue(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> SceneValue {
    switch node.value {
    case .bool(let flag): return .bool(flag)
    case .string(let text): return .string(text)
    case .number: return .number(try variableNumber(node, keyPath))
    default: throw mismatch(node, expected: "a number, a Boolean or a string", keyPath)
    }
  }

  /// Reads a string with `{variable}` placeholders; `{{` and `}}` are literal braces.
  func template(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> Template {
    let text = try string(node, keyPath)
    var parts: [Template.Part] = []
    var literal = ""
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if scalar == "{" && pending == "{" || scalar == "}" && pending == "}" {
        literal.unicodeScalars.append(scalar)
        pending = scalars.next()
      } else if scalar == "{" {
        var name = ""
        while let next = pending, next != "}" {
          name.unicodeScalars.append(next)
          pending = scalars.next()
        }
        guard pending == "}" else {
          throw error(.invalidValue, "unterminated '{' in template", at: node.position, keyPath)
        }
        pending = scalars.next()
        guard variables[name] != nil else {
          throw unknownName(
            "variable", name, among: Array(variables.keys).sorted(), at: node.position, keyPath)
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        literal = ""
        parts.append(.variable(name))
      } else if scalar == "}" {
        throw error(
          .invalidValue, "unmatched '}' in template", at: node.position, keyPath,
          hint: "write '}}' for a literal brace")
      } else {
        literal.unicodeScalars.append(scalar)
      }
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    return Template(parts: parts)
  }

  // MARK: Actions

  mutating func decodeBehavior(
    _ fields: JSONFields, into view: inout ViewNode, _ keyPath: @autoclosure () -> String
  ) throws(SceneError) {
    if let node = fields["on"] {
      guard case .object(let events) = node.value else {
        throw mismatch(node, expected: "an object of event handlers", "\(keyPath()).on")
      }
      for member in events {
        let eventPath = "\(keyPath()).on.\(member.key)"
        guard let event = EventKind(rawValue: member.key) else {
          throw unknownName(
            "event", member.key, among: EventKind.allCases.map(\.rawValue),
            at: member.keyPosition, eventPath)
        }
        if event == .return, view.type != .textField {
          throw error(
            .invalidValue, "a 'return' handler needs a text field, found a \(view.type.rawValue)",
            at: member.keyPosition, eventPath, hint: "only a text field being edited has a Return key")
        }
        let handler = try actionHandler(member.value, eventPath)
        view.handlers[event] = handler.effects
        if let condition = handler.succeedsWhen { view.succeedsWhen[event] = condition }
      }
    }
    if let node = fields["customActions"] {
      for (index, item) in try array(node, "\(keyPath()).customActions", of: "actions").enumerated() {
        let itemPath = "\(keyPath()).customActions[\(index)]"
        let actionFields = try members(
          item, itemPath, allowed: ["name", "effects"] + Self.successKeys, what: "action")
        let name = try string(try required(actionFields, "name", in: item, itemPath), "\(itemPath).name")
        guard !view.customActions.contains(where: { $0.name == name }) else {
          throw error(.duplicateIdentifier, "duplicate action name '\(name)'", at: item.position, itemPath)
        }
        let effects = try actionFields["effects"].map { (node) throws(SceneError) in
          try self.effects(node, "\(itemPath).effects")
        } ?? []
        view.customActions.append(
          CustomAction(
            name: name, effects: effects,
            succeedsWhen: try successCondition(actionFields, in: item, itemPath)))
      }
    }
    if let node = fields["gestures"] {
      for (index, item) in try array(node, "\(keyPath()).gestures", of: "gestures").enumerated() {
        let itemPath = "\(keyPath()).gestures[\(index)]"
        let gestureFields = try members(item, itemPath, allowed: ["gesture", "effects"], what: "gesture")
        let kind = try enumValue(
          GestureKind.self, try required(gestureFields, "gesture", in: item, itemPath),
          "\(itemPath).gesture", kind: "gesture")
        let effects = try gestureFields["effects"].map { (node) throws(SceneError) in
          try self.effects(node, "\(itemPath).effects")
        } ?? []
        view.gestures.append(Gesture(kind: kind, effects: effects))
      }
    }
  }

  mutating func effects(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> [Effect] {
    var result: [Effect] = []
    for (index, item) in try array(node, keyPath, of: "effects").enumerated() {
      result.append(try effect(item, "\(keyPath)[\(index)]"))
    }
    return result
  }

  static let effectVerbs = Effect.Verb.allCases.map(\.rawValue)

  /// The keys an effect may have, made once rather than for every effect read.
  static let effectKeys = effectVerbs + ["to", "by", "target"]

  /// Reads one effect: an object with exactly one verb key, the verb's own keys and `target`.
  mutating func effect(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> Effect {
    let fields = try members(
      node, keyPath, allowed: Self.effectKeys, what: "effect")
    let verbs = Effect.Verb.allCases.filter { fields[$0.rawValue] != nil }
    guard verbs.count == 1, let verb = verbs.first, let argument = fields[verb.rawValue] else {
      throw error(
        .invalidValue,
        verbs.isEmpty
          ? "effect has no verb, expected one of \(Self.effectVerbs.joined(separator: ", "))"
          : "effect has \(verbs.count) verbs (\(verbs.map(\.rawValue).joined(separator: ", "))), expected one",
        at: node.position, keyPath)
    }
    let argumentPath = "\(keyPath).\(verb.rawValue)"
    var target: String?
    if let targetNode = fields["target"] {
      target = try string(targetNode, "\(keyPath).target")
      references.append(
        PendingReference(
          kind: .view, name: target ?? "", position: targetNode.position,
          keyPath: "\(keyPath).target"))
    }
    for key in ["to", "by"] where fields[key] != nil && !(key == "to" && verb == .set)
      && !(key == "by" && verb == .add)
    {
      throw error(
        .unknownKey, "key '\(key)' does not apply to '\(verb.rawValue)'",
        at: fields[key]?.position ?? node.position, keyPath)
    }
    let kind: Effect.Kind
    switch verb {
    case .set:
      let name = try string(argument, argumentPath)
      let valueNode = try required(fields, "to", in: node, keyPath)
      let value = try sceneValue(valueNode, "\(keyPath).to")
      try checkAssignable(name, value: value, at: argument.position, valueNode, argumentPath)
      kind = .set(name: name, value: value)
    case .add:
      let name = try string(argument, argumentPath)
      guard let variable = variables[name] else {
        throw unknownName(
          "variable", name, among: Array(variables.keys).sorted(), at: argument.position,
          argumentPath)
      }
      guard case .number = variable.initial else {
        throw error(
          .typeMismatch, "'add' needs a number variable, '\(name)' is \(variable.initial.kindName)",
          at: argument.position, argumentPath)
      }
      let amount = try fields["by"].map { (node) throws(SceneError) in
        try variableNumber(node, "\(keyPath).by")
      }
      kind = .add(variable: name, amount: amount)
    case .toggle:
      let name = try string(argument, argumentPath)
      if let variable = variables[name] {
        guard case .bool = variable.initial else {
          throw error(
            .typeMismatch,
            "'toggle' needs a Boolean variable or a trait, '\(name)' is \(variable.initial.kindName)",
            at: argument.position, argumentPath)
        }
      } else if AXTraits(name: name) == nil {
        throw unknownName(
          "variable or trait", name, among: Array(variables.keys).sorted() + AXTraits.allNames,
          at: argument.position, argumentPath)
      }
      kind = .toggle(name: name)
    case .announce:
      kind = .announce(try template(argument, argumentPath))
    case .present, .navigate:
      let screen = try string(argument, argumentPath)
      references.append(
        PendingReference(kind: .screen, name: screen, position: argument.position, keyPath: argumentPath))
      kind = verb == .present ? .present(screen: screen) : .navigate(screen: screen)
    case .dismiss:
      if case .bool(true) = argument.value {
        kind = .dismiss(screen: nil)
      } else {
        let screen = try string(argument, argumentPath)
        references.append(
          PendingReference(kind: .screen, name: screen, position: argument.position, keyPath: argumentPath))
        kind = .dismiss(screen: screen)
      }
    case .screenChanged, .layoutChanged:
      kind = try notificationEffect(verb, argument: argument, target: target, argumentPath)
    case .remove, .hide, .show, .focus:
      // `true` for the view itself, or a target id.
      if case .string(let id) = argument.value {
        guard target == nil else {
          throw error(.invalidValue, "effect names two targets", at: argument.position, argumentPath)
        }
        target = id
        references.append(
          PendingReference(kind: .view, name: id, position: argument.position, keyPath: argumentPath))
      } else if case .bool(true) = argument.value {
      } else {
        throw mismatch(argument, expected: "true or a view id", argumentPath)
      }
      switch verb {
      case .remove: kind = .remove
      case .hide: kind = .hide
      case .show: kind = .show
      default: kind = .focus  // only .focus reaches here: the outer case lists four verbs
      }
    }
    return Effect(kind, target: target)
  }

  /// Checks that `set` names a variable of the value's kind, or a trait set to a Boolean.
  func checkAssignable(
    _ name: String, value: SceneValue, at position: SourcePosition, _ valueNode: JSONNode,
    _ keyPath: String
  ) throws(SceneError) {
    if let variable = variables[name] {
      guard variable.initial.kindName == value.kindName else {
        throw error(
          .typeMismatch,
          "'\(name)' is \(variable.initial.kindName), cannot be set to \(value.kindName)",
          at: valueNode.position, keyPath)
      }
    } else if AXTraits(name: name) != nil {
      guard case .bool = value else {
        throw error(
          .typeMismatch, "a trait is set to true or false, found \(value.kindName)",
          at: valueNode.position, keyPath)
      }
    } else {
      throw unknownName(
        "variable or trait", name, among: Array(variables.keys).sorted() + AXTraits.allNames,
        at: position, keyPath)
    }
  }
}
