/// Outcomes as every front prints them.
extension ActionText {
  /// Why a failed action changed nothing, the same in every front.
  public static let failureReason = "the action's handler returned false; nothing changed"

  /// An outcome after its subject's colon: `done`, `refused: <reason>` (escaped) or
  /// `failed: <why>`.
  public static func outcome(_ outcome: ActionOutcome) -> String {
    switch outcome {
    case .done: return "done"
    case .refused(let reason): return "refused: \(TerminalText.escaped(reason))"
    case .failed: return "failed: \(failureReason)"
    }
  }
}
