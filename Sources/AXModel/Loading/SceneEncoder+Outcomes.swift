/// The forms of actions that can fail and of activation points that move.
extension SceneEncoder {
  /// An `on` entry: the plain list of effects when the action always succeeds, else the
  /// object form with its condition.
  func handler(_ effects: [Effect], succeedsWhen: Condition?) -> JSONOutput {
    guard succeedsWhen != nil else { return self.effects(effects) }
    var fields: [String: JSONOutput] = ["effects": self.effects(effects)]
    addSuccess(succeedsWhen, to: &fields)
    return .object(fields)
  }

  /// Adds `fails: true` for an action that never succeeds, `failsWhen` for a negated
  /// condition and `when` for any other, the forms the loader reads back to the same condition.
  func addSuccess(_ condition: Condition?, to fields: inout [String: JSONOutput]) {
    switch condition {
    case nil: break
    case .never?: fields["fails"] = true
    case .not(let failure)?: fields["failsWhen"] = goal(failure)
    case let condition?: fields["when"] = goal(condition)
    }
  }

  /// `{"along": variable, "from": [x, y], "to": [x, y]}`; the range comes from the variable.
  func activationTrack(_ track: ActivationTrack) -> JSONOutput {
    [
      "along": .string(track.variable),
      "from": [.number(track.from.x), .number(track.from.y)],
      "to": [.number(track.to.x), .number(track.to.y)],
    ]
  }
}
