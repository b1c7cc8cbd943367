/// Actions that can fail, layout notifications and activation points that move: the parts of
/// the format that say how an action ends and where it lands.
extension SceneDecoder {
  /// The keys that say when an action's handler returns `false`.
  static let successKeys = ["when", "failsWhen", "fails"]

  /// Reads an `on` entry: a list of effects (the action always succeeds), or
  /// `{"effects": [...], "when": <condition>}` with `failsWhen` or `fails` in place of `when`.
  mutating func actionHandler(_ node: JSONNode, _ keyPath: String) throws(SceneError)
    -> (effects: [Effect], succeedsWhen: Condition?)
  {
    guard case .object = node.value else { return (try effects(node, keyPath), nil) }
    let fields = try members(
      node, keyPath, allowed: ["effects"] + Self.successKeys, what: "action handler")
    let effects = try fields["effects"].map { (node) throws(SceneError) in
      try self.effects(node, "\(keyPath).effects")
    } ?? []
    return (effects, try successCondition(fields, in: node, keyPath))
  }

  /// Reads the one of `when`, `failsWhen` and `fails` an action has, as the condition under
  /// which it succeeds: `failsWhen: C` is `not C`, and `fails: true` is a condition that never
  /// holds (`any` of nothing).
  mutating func successCondition(_ fields: JSONFields, in node: JSONNode, _ keyPath: String)
    throws(SceneError) -> Condition?
  {
    let given = Self.successKeys.filter { fields[$0] != nil }
    guard given.count <= 1 else {
      throw error(
        .invalidValue, "an action has one of when, failsWhen and fails, found \(given.joined(separator: " and "))",
        at: node.position, keyPath)
    }
    if let condition = fields["when"] {
      return try decodeCondition(condition, "\(keyPath).when", depth: 0)
    }
    if let condition = fields["failsWhen"] {
      return .not(try decodeCondition(condition, "\(keyPath).failsWhen", depth: 0))
    }
    if let flag = fields["fails"] {
      // `fails: false` is the default spelled out: no condition.
      return try bool(flag, "\(keyPath).fails") ? .never : nil
    }
    return nil
  }

  /// Reads `screenChanged` or `layoutChanged`: `true` posts it without an argument, a view id
  /// posts it with that element as the argument.
  mutating func notificationEffect(
    _ verb: Effect.Verb, argument: JSONNode, target: String?, _ keyPath: String
  ) throws(SceneError) -> Effect.Kind {
    let notification: LayoutNotification = verb == .screenChanged ? .screenChanged : .layoutChanged
    guard target == nil else {
      throw error(
        .invalidValue, "'\(verb.rawValue)' takes its element as the argument, not a target",
        at: argument.position, keyPath, hint: "write {\"\(verb.rawValue)\": \"\(target ?? "")\"}")
    }
    switch argument.value {
    case .bool(true):
      return .post(notification, argument: nil)
    case .string(let id):
      references.append(
        PendingReference(kind: .view, name: id, position: argument.position, keyPath: keyPath))
      return .post(notification, argument: id)
    default:
      throw mismatch(argument, expected: "true or a view id", keyPath)
    }
  }

  /// Reads the moving form of `activationPoint`, `{"along": "coffee", "from": [x, y], "to":
  /// [x, y]}`, or returns `nil` for the fixed forms.
  func activationTrack(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> ActivationTrack? {
    guard case .object(let entries) = node.value, entries.contains(where: { $0.key == "along" })
    else { return nil }
    let fields = try members(node, keyPath, allowed: ["along", "from", "to"], what: "activation track")
    let nameNode = try required(fields, "along", in: node, keyPath)
    let name = try string(nameNode, "\(keyPath).along")
    guard let variable = variables[name] else {
      throw unknownName(
        "variable", name, among: Array(variables.keys).sorted(), at: nameNode.position,
        "\(keyPath).along")
    }
    guard case .number = variable.initial else {
      throw error(
        .typeMismatch, "an activation point follows a number variable, '\(name)' is \(variable.initial.kindName)",
        at: nameNode.position, "\(keyPath).along")
    }
    guard let minimum = variable.minimum, let maximum = variable.maximum else {
      throw error(
        .invalidValue, "an activation point follows a variable with min and max, '\(name)' has no range",
        at: nameNode.position, "\(keyPath).along",
        hint: "declare it as {\"value\": .., \"min\": .., \"max\": ..}")
    }
    let from = try point(try required(fields, "from", in: node, keyPath), "\(keyPath).from")
    let to = try point(try required(fields, "to", in: node, keyPath), "\(keyPath).to")
    return ActivationTrack(variable: name, from: from, to: to, minimum: minimum, maximum: maximum)
  }
}

extension Condition {
  /// A condition that never holds: `any` of no conditions, what `fails: true` stands for.
  public static let never = Condition.any([])
}
