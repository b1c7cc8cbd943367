/// Replays input scripts from one start state, each resumed from the longest run of inputs it
/// opens with in common with the script replayed before it.
///
/// The states replayed are values (a `SwitchScanner`, a `VoiceSession`), so the state after
/// the same inputs from the same start is always the same: resuming is replaying. The routes
/// of one target's actions open with the same inputs, and so do those of the rows one page of
/// scrolling shows, whose Scroll steps or "scroll down" each rebuild the tree; a verification
/// that replayed every script from the start drove each page once per row and action. The
/// last input of a script is always handled again, so the step it reports is the script's own.
struct PrefixReplay<State, Input: Equatable, Step> {
  /// The state every script starts from.
  let start: State
  /// Handles one input.
  let handle: (inout State, Input) -> Step
  /// The script replayed last.
  private var inputs: [Input] = []
  /// The state after each input of ``inputs``.
  private var states: [State] = []

  init(start: State, handle: @escaping (inout State, Input) -> Step) {
    self.start = start
    self.handle = handle
  }

  /// Replays `script` from the start: the step of its last input (`nil` for an empty script)
  /// and the state after it.
  mutating func run(_ script: [Input]) -> (last: Step?, state: State) {
    var shared = 0
    let most = min(script.count - 1, inputs.count)
    while shared < most, inputs[shared] == script[shared] { shared += 1 }
    inputs = script
    states.removeSubrange(shared...)
    var state = shared == 0 ? start : states[shared - 1]
    var last: Step?
    for input in script[shared...] {
      last = handle(&state, input)
      states.append(state)
    }
    return (last, state)
  }
}
