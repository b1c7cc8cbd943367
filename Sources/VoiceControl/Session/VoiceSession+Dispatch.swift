import AXModel

extension VoiceSession {
  /// Runs a command on an element: checks that it is enabled, picks the scene action and
  /// dispatches it (several times for a count).
  mutating func perform(
    _ pending: PendingCommand, on element: AXElement, name: String, match: TargetMatch,
    point: Point?, actionName: String?
  ) -> VoiceOutcome {
    let intent = pending.intent
    func refuse(_ message: String) -> VoiceOutcome {
      VoiceOutcome(
        utterance: "", kind: .refused, intent: intent, target: element.id, targetName: name,
        match: match, point: point, message: message)
    }
    guard element.isEnabled else { return refuse("'\(name)' is dimmed: it is not enabled") }
    let action: SceneAction
    switch intent {
    case .tap:
      action =
        element.gestures.contains(.tap) && !element.handledEvents.contains(.activate)
        ? .gesture(.tap) : .activate
    case .doubleTap: action = .gesture(.doubleTap)
    case .longPress: action = .gesture(.longPress)
    case .swipe: action = .gesture(VoiceSession.swipe(pending.direction ?? .up))
    case .scroll: action = scrollAction(on: element, pending.direction ?? .down)
    case .increment: action = .increment
    case .decrement: action = .decrement
    case .customAction:
      guard let actionName else { return refuse("no action named for '\(name)'") }
      action = .custom(actionName)
    case .showActions:
      let names = element.customActionNames
      guard !names.isEmpty else { return refuse("'\(name)' offers no actions") }
      return VoiceOutcome(
        utterance: "", kind: .done, intent: intent, target: element.id, targetName: name,
        match: match, message: "actions for '\(name)': \(names.map { "'\($0)'" }.joined(separator: ", "))",
        details: names)
    default:
      return refuse("'\(intent.rawValue)' takes no item")
    }
    let repeats = (intent == .increment || intent == .decrement) ? pending.count : 1
    return dispatch(
      action, on: element.id, intent: intent, name: name, match: match, point: point,
      repeats: repeats)
  }

  /// Dispatches a scene action, records the outcome and refreshes the overlay and the index;
  /// with `touching`, the action is what a real touch making that gesture at `point` does
  /// (see `SceneSession.touch(at:gesture:)`), which is delivered instead.
  mutating func dispatch(
    _ action: SceneAction, on id: String?, intent: VoiceIntent, name: String?, match: TargetMatch?,
    point: Point?, repeats: Int = 1, touching gesture: GestureKind? = nil
  ) -> VoiceOutcome {
    var results: [ActionResult] = []
    for _ in 0..<max(1, repeats) {
      let touched = gesture.flatMap { gesture in point.map { sceneSession.touch(at: $0, gesture: gesture) } }
      let result = touched ?? sceneSession.perform(action, on: id)
      results.append(result)
      if !result.isDone { break }
    }
    let done = results.first?.isDone ?? false
    // The finger came down (done, or delivered and failed): what it touched is the place a
    // later bare "scroll right" scrolls.
    if let id, done || results.first?.isFailed == true { lastTouched = id }
    var outcome = VoiceOutcome(
      utterance: "", kind: done ? .done : .refused, intent: intent, target: id, targetName: name,
      match: match, point: point, action: action, results: results, message: "")
    if done {
      let joiner: String
      switch action {
      case .custom, .gesture: joiner = " on"
      case .scroll: joiner = " in"
      default: joiner = ""
      }
      let subject = name.map { "\(joiner) '\($0)'" } ?? ""
      let times = results.count > 1 ? " \(results.count) times" : ""
      let place = point.map { " at \($0)" } ?? ""
      outcome.message = "\(action)\(subject)\(place)\(times)"
      if let refusal = results.last, case .refused(let reason) = refusal.outcome {
        outcome.message += "; then stopped: \(reason)"
      }
      if results.count > 1, results.last?.isFailed == true {
        outcome.message += "; then stopped: \(ActionText.failureReason)"
      }
      afterAction()
    } else if case .refused(let reason)? = results.first?.outcome {
      outcome.message = reason
    } else if results.first?.isFailed == true {
      outcome.kind = .failed
      outcome.message = "\(action) failed: \(ActionText.failureReason)"
      // Voice Control delivered the action; only the app said no. Its overlays behave as
      // after any action it performs.
      afterAction()
    }
    return outcome
  }

  /// After an action: one-shot overlays go, a continuous grid returns to its first level, and
  /// names and numbers are recomputed from the new tree.
  mutating func afterAction() {
    switch overlay {
    case .grid(var grid)? where grid.isContinuous:
      grid.path = []
      overlay = .grid(grid)
    case let current? where !current.isContinuous:
      overlay = nil
    default:
      break
    }
    index = NameIndex(tree: Self.visibleTree(of: sceneSession), normalizer: vocabulary.normalizer)
  }

  /// Shows or hides names, numbers or the grid.
  mutating func changeOverlay(_ command: VoiceCommand, _ parse: ParsedUtterance) -> VoiceOutcome {
    let intent = command.intent
    var message: String
    switch intent {
    case .showNames:
      overlay = .names(isContinuous: command.isContinuous)
      message = "names shown on \(index.targets.count) items"
      let unnamed = index.unnamedTargets.count
      if unnamed > 0 { message += "; \(unnamed) without a usable name" }
    case .showNumbers:
      overlay = .numbers(isContinuous: command.isContinuous)
      message = "numbers 1 to \(index.targets.count) shown"
    case .showGrid:
      let columns = parse.number(.columns) ?? GridOverlay.defaultSize
      let rows = parse.number(.rows) ?? (parse.number(.columns) == nil ? GridOverlay.defaultSize : columns)
      let range = 1...GridOverlay.maximumSize
      guard range.contains(columns), range.contains(rows) else {
        return VoiceOutcome(
          utterance: "", kind: .refused, intent: intent,
          message: "a grid has 1 to \(GridOverlay.maximumSize) columns and rows")
      }
      overlay = .grid(
        GridOverlay(
          columns: columns, rows: rows, isContinuous: command.isContinuous,
          screen: sceneSession.scene.screenFrame))
      message = "grid of \(columns) x \(rows) cells shown"
    default:
      let kind = intent == .hideNames ? "names" : intent == .hideNumbers ? "numbers" : "grid"
      if overlay?.kindName == kind { overlay = nil }
      message = "\(kind) hidden"
    }
    if command.isContinuous { message += " continuously" }
    return VoiceOutcome(utterance: "", kind: .done, intent: intent, message: message)
  }

  /// The gesture a command on a grid cell makes with a real touch at the cell's centre, or
  /// `nil` for a command that acts on the element there instead (increment, a custom action,
  /// "scroll down on", "show actions for"): Voice Control's grid is a place to touch, so a tap,
  /// a double tap, a long press and a swipe there reach whatever view is under the finger,
  /// an accessibility element or not (see `SceneSession.touchTarget(at:gesture:)`).
  static func touchGesture(_ intent: VoiceIntent, _ direction: VoiceDirection?) -> GestureKind? {
    switch intent {
    case .tap: return .tap
    case .doubleTap: return .doubleTap
    case .longPress: return .longPress
    case .swipe: return swipe(direction ?? .up)
    default: return nil
    }
  }

  /// The swipe gesture in a direction.
  static func swipe(_ direction: VoiceDirection) -> GestureKind {
    switch direction {
    case .up: return .swipeUp
    case .down: return .swipeDown
    case .left: return .swipeLeft
    case .right: return .swipeRight
    }
  }

  /// Scrolling down moves the content up: the finger swipes the other way.
  static func opposite(_ direction: VoiceDirection) -> VoiceDirection {
    switch direction {
    case .up: return .down
    case .down: return .up
    case .left: return .right
    case .right: return .left
    }
  }
}
