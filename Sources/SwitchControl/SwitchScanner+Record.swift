import AXModel

extension SwitchScanner {
  /// What one input did, gathered while it is handled and turned into a ``SwitchStep``.
  struct StepRecord: Hashable, Sendable {
    var results: [ActionResult] = []
    var notes: [String] = []
    var automaticMoves = 0
    var plannedDispatches: [PlannedDispatch] = []
  }

  /// An action the scanner would have sent to the session while ``plansDispatch`` is set.
  struct PlannedDispatch: Hashable, Sendable {
    var action: SceneAction
    var target: String?
  }

  /// Handles one input and reports what it did.
  public mutating func handle(_ input: SwitchInput) -> SwitchStep {
    apply(input)
    return SwitchStep(
      input: input, time: now, highlight: highlight, menu: menu.map { $0.items.map(\.title) },
      results: record.results, notes: record.notes, automaticMoves: record.automaticMoves)
  }

  /// Handles inputs in order.
  public mutating func run(_ inputs: [SwitchInput]) -> [SwitchStep] {
    inputs.map { handle($0) }
  }

  /// Handles one input, leaving what it did in ``record`` without making a step of it: the
  /// highlight and menu titles a step reports cost more than most inputs do.
  mutating func apply(_ input: SwitchInput) {
    record = StepRecord()
    switch input {
    case .waitInterval: advance(to: now + settings.intervalMS)
    case .wait(let milliseconds): advance(to: now + milliseconds)
    case .press(let action): press(action)
    }
  }

  /// Notes what happened in the current step, unless ``recordsTranscript`` is off: the text is
  /// only built when it is kept (a point or a highlight is formatted into most notes).
  ///
  /// The text is built while the scanner is being changed, so it may not read the scanner's
  /// own properties: callers copy what it needs (`settings.loops`) into a constant first.
  mutating func note(_ text: @autoclosure () -> String) {
    guard recordsTranscript else { return }
    record.notes.append(text())
  }
}
