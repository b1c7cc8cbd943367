/// Variables, traits, actions, effects and goals in the scene file's forms.
extension SceneEncoder {
  // MARK: Variables and templates

  /// `vars`: a plain value, or the `{"value", "min", "max", "step"}` form when a number
  /// variable has a range or a step other than 1.
  func variables(_ variables: [Variable]) -> JSONOutput {
    var fields: [String: JSONOutput] = [:]
    // A repeated name, which the loader never produces, keeps its first declaration.
    for variable in variables where fields[variable.name] == nil {
      fields[variable.name] = self.variable(variable)
    }
    return .object(fields)
  }

  func variable(_ variable: Variable) -> JSONOutput {
    guard case .number = variable.initial,
      variable.minimum != nil || variable.maximum != nil || variable.step != 1
    else { return value(variable.initial) }
    var fields: [String: JSONOutput] = ["value": value(variable.initial)]
    if let minimum = variable.minimum { fields["min"] = .number(minimum) }
    if let maximum = variable.maximum { fields["max"] = .number(maximum) }
    if variable.step != 1 { fields["step"] = .number(variable.step) }
    return .object(fields)
  }

  func value(_ value: SceneValue) -> JSONOutput {
    switch value {
    case .number(let number): return .number(number)
    case .bool(let flag): return .bool(flag)
    case .string(let text): return .string(text)
    }
  }

  /// The source form, in which literal braces are doubled.
  func template(_ template: Template) -> JSONOutput {
    .string(template.description)
  }

  // MARK: View behaviour

  /// `"+name"` and `"-name"`, one per trait: the sign makes an edit read the same whichever
  /// way the type's defaults change.
  func traits(_ edits: [TraitEdit]) -> JSONOutput {
    .array(
      edits.flatMap { edit in
        edit.trait.names.map { JSONOutput.string((edit.inserts ? "+" : "-") + $0) }
      })
  }

  /// `true` when no option is set, else the list of the options set.
  func directTouch(_ options: DirectTouchOptions) -> JSONOutput {
    var names: [JSONOutput] = []
    if options.requiresActivation { names.append("requiresActivation") }
    if options.silentOnTouch { names.append("silentOnTouch") }
    return names.isEmpty ? true : .array(names)
  }

  func customAction(_ action: CustomAction) -> JSONOutput {
    var fields: [String: JSONOutput] = ["name": .string(action.name), "effects": effects(action.effects)]
    addSuccess(action.succeedsWhen, to: &fields)
    return .object(fields)
  }

  func gesture(_ gesture: Gesture) -> JSONOutput {
    ["gesture": .string(gesture.kind.rawValue), "effects": effects(gesture.effects)]
  }

  // MARK: Effects

  func effects(_ effects: [Effect]) -> JSONOutput {
    .array(effects.map(effect))
  }

  /// One effect: its verb with the verb's argument and keys, and `target` when it names one.
  ///
  /// `remove`, `hide`, `show` and `focus` take their target as the argument
  /// (`{"hide": "banner"}`), the form the format documents; the loader reads it as `target`.
  func effect(_ effect: Effect) -> JSONOutput {
    var fields: [String: JSONOutput] = [:]
    if let target = effect.target { fields["target"] = .string(target) }
    let verb = effect.kind.verb.rawValue
    switch effect.kind {
    case .set(let name, let value):
      fields[verb] = .string(name)
      fields["to"] = self.value(value)
    case .add(let variable, let amount):
      fields[verb] = .string(variable)
      if let amount { fields["by"] = .number(amount) }
    case .toggle(let name):
      fields[verb] = .string(name)
    case .announce(let message):
      fields[verb] = template(message)
    case .present(let screen), .navigate(let screen):
      fields[verb] = .string(screen)
    case .dismiss(let screen):
      fields[verb] = screen.map(JSONOutput.string) ?? true
    case .remove, .hide, .show, .focus:
      fields[verb] = fields.removeValue(forKey: "target") ?? true
    case .post(_, let argument):
      fields[verb] = argument.map(JSONOutput.string) ?? true
    }
    return .object(fields)
  }

  // MARK: Goals

  func goal(_ goal: Condition) -> JSONOutput {
    switch goal {
    case .equals(let variable, let value):
      return ["var": .string(variable), "equals": self.value(value)]
    case .atLeast(let variable, let bound):
      return ["var": .string(variable), "atLeast": .number(bound)]
    case .atMost(let variable, let bound):
      return ["var": .string(variable), "atMost": .number(bound)]
    case .hasTrait(let element, let trait):
      // The format names one trait; a set of several holds when each one does.
      let goals = trait.names.map { name -> JSONOutput in
        ["element": .string(element), "hasTrait": .string(name)]
      }
      if goals.count == 1, let only = goals.first { return only }
      return ["all": .array(goals)]
    case .onScreen(let screen):
      return ["screen": .string(screen)]
    case .gone(let element):
      return ["gone": .string(element)]
    case .present(let element):
      return ["exists": .string(element)]
    case .removed(let element):
      return ["removed": .string(element)]
    case .announced(let text):
      return ["announced": .string(text)]
    case .text(let element, let text):
      return ["element": .string(element), "text": .string(text)]
    case .hasText(let element):
      return ["element": .string(element), "hasText": true]
    case .all(let goals):
      return ["all": .array(goals.map(self.goal))]
    case .any(let goals):
      return ["any": .array(goals.map(self.goal))]
    case .not(let inner):
      return ["not": self.goal(inner)]
    }
  }
}
