import AXModel

extension VoiceSession {
  /// What an `<item>` slot refers to.
  enum ItemResolution {
    /// One element.
    case element(AXElement, name: String, match: TargetMatch)
    /// A grid cell: the point at its centre and the element hit there, if any.
    case cell(Int, Point, AXElement?)
    /// Several elements with the name.
    case several(NameMatch)
    /// Nothing: the reason.
    case none(String)
  }

  /// Tries one reading of the utterance; `bareUtterance` is what was said when the reading
  /// is the whole utterance as a bare name, to echo if no such name is on the screen.
  mutating func attempt(_ parse: ParsedUtterance, bareUtterance: String?) -> Attempt {
    let command = parse.command
    let intent = command.intent
    switch intent {
    case .showNames, .hideNames, .showNumbers, .hideNumbers, .showGrid, .hideGrid:
      return .final(changeOverlay(command, parse))
    case .escape, .goBack:
      return .final(dispatch(.escape, on: nil, intent: intent, name: nil, match: nil, point: nil))
    case .deleteThat, .deletePreviousWord, .deletePreviousCharacter, .deleteAll, .selectAll, .undoThat,
      .tapReturn:
      return editText(intent)
    case .moveToBeginning, .moveToEnd, .moveBefore, .moveAfter, .selectPhrase, .selectPreviousWord,
      .selectNextWord, .replacePhrase, .deletePhrase:
      return editAtPhrase(parse)
    case .number:
      return number(parse.number(.number) ?? 0)
    case .customAction:
      return customAction(parse)
    case .scroll where parse.slots[.item] == nil, .scrollToEdge:
      return .final(scrollScreen(command))
    default:
      break
    }
    guard let tokens = parse.slots[.item] else { return .skip }
    let pending = PendingCommand(
      intent: intent, direction: command.direction, count: parse.number(.count) ?? 1,
      actionNames: [:])
    if pending.count < 1 || pending.count > 100 {
      return .final(
        VoiceOutcome(
          utterance: "", kind: .refused, intent: intent,
          message: "say a count from 1 to 100"))
    }
    switch resolveItem(tokens, for: ItemRule(intent: intent, direction: command.direction)) {
    case .element(let element, let name, let match):
      return .final(perform(pending, on: element, name: name, match: match, point: nil, actionName: nil))
    case .cell(let cell, let point, let element):
      if let gesture = Self.touchGesture(intent, command.direction) {
        return .final(touch(at: point, intent: intent, gesture: gesture))
      }
      guard let element else {
        return .final(
          VoiceOutcome(
            utterance: "", kind: .refused, intent: intent, match: .gridCell, point: point,
            message: sceneSession.isOnKeyboard(point)
              ? Self.onKeyboardRefusal(point) : "nothing to touch at \(point) in cell \(cell)"))
      }
      return .final(
        perform(pending, on: element, name: element.displayName, match: .gridCell, point: point, actionName: nil))
    case .several(let found):
      return .final(openChooser(found.targets.map(\.id), spoken: tokens, pending: pending, intent: intent))
    case .none(let reason):
      // "scroll right on Top picks": the words can name a scroll view, which is no element.
      if intent == .scroll, let container = scrollContainer(named: tokens) {
        return .final(
          dispatch(
            .scroll((command.direction ?? .down).scrollDirection, toEdge: false), on: container,
            intent: intent, name: scrollName(container), match: .exact, point: nil))
      }
      let isBare = bareUtterance != nil
      // "tap create account" for a button behind the keyboard: said as a command, it is refused
      // with the reason rather than dictated (a bare name is still dictated, as iOS does).
      if !isBare, let hidden = underKeyboardClause(tokens) {
        return .final(
          VoiceOutcome(
            utterance: "", kind: .refused, intent: intent, message: reason + ": " + hidden))
      }
      return .miss(
        VoiceOutcome(
          utterance: "", kind: isBare ? .notUnderstood : .noSuchName, intent: isBare ? nil : intent,
          message: bareUtterance.map { "not understood: '\($0)' is neither a command nor a name on the screen" }
            ?? reason,
          details: unnamedNote()))
    }
  }

  /// Taps a grid cell (or double taps, long presses or swipes it): a real touch at its centre,
  /// which reaches the view under it whether or not that view is an accessibility element (a
  /// tap gesture on a photo, a map pin, a long press on a drawn card).
  mutating func touch(at point: Point, intent: VoiceIntent, gesture: GestureKind = .tap) -> VoiceOutcome {
    guard !sceneSession.isOnKeyboard(point) else {
      // The keyboard is in front of the app: the finger lands on it (a key, which this model
      // does not type), and the overlay goes as after any touch.
      afterAction()
      return VoiceOutcome(
        utterance: "", kind: .refused, intent: intent, match: .gridCell, point: point,
        message: Self.onKeyboardRefusal(point))
    }
    let target = sceneSession.touchTarget(at: point, gesture: gesture)
    let id = target.responder ?? target.hitView
    let element = id.flatMap { sceneSession.tree.element(id: $0) }
    let outcome: VoiceOutcome
    if let element, target.action != nil, !element.isEnabled {
      outcome = VoiceOutcome(
        utterance: "", kind: .refused, intent: intent, target: element.id, targetName: element.displayName,
        match: .gridCell, point: point, message: "'\(element.displayName)' is dimmed: it is not enabled")
    } else {
      outcome = dispatch(
        target.action ?? .gesture(gesture), on: id, intent: intent,
        name: target.responder.map { element?.displayName ?? $0 }, match: .gridCell, point: point,
        touching: gesture)
    }
    // The finger came down, whatever it reached: the overlay goes (a continuous grid returns to
    // its first level) as after any tap; a done or failed dispatch has seen to that already.
    if outcome.kind == .refused { afterAction() }
    return outcome
  }

  /// Resolves the words of an `<item>` slot against the overlay and the names.
  ///
  /// Of several targets with the name, only the ones `rule` takes are candidates when any is:
  /// "increment volume" with a label and a slider named Volume adjusts the slider, as the
  /// recognizer's grammar offers the name for the slider's sake (see ``JSGFCompiler``).
  func resolveItem(_ tokens: [String], for rule: ItemRule = .item) -> ItemResolution {
    if tokens.count == 1, let number = Int(tokens[0]) {
      switch overlay {
      case .grid(let grid)?:
        guard let frame = grid.cellFrame(number) else {
          return .none("the grid has cells 1 to \(grid.cellCount)")
        }
        return .cell(number, frame.center, sceneSession.touchHit(frame.center))
      case .numbers?:
        guard let target = index.target(number: number) else {
          return .none("no item numbered \(number); the numbers go from 1 to \(index.targets.count)")
        }
        return .element(target.element, name: target.shownName ?? "item \(number)", match: .number)
      default:
        break
      }
    }
    if var found = index.match(tokens) {
      let fitting = found.targets.indices.filter { rule.takes(found.targets[$0].element) }
      if !fitting.isEmpty, fitting.count < found.targets.count {
        found.targets = fitting.map { found.targets[$0] }
        found.names = fitting.map { found.names[$0] }
      }
      if found.targets.count == 1 {
        return .element(found.targets[0].element, name: found.names[0], match: TargetMatch(found.kind))
      }
      return .several(found)
    }
    let spoken = tokens.joined(separator: " ")
    if tokens.count == 1, Int(tokens[0]) != nil {
      return .none("no item named '\(spoken)'; say 'show numbers' to number the items")
    }
    return .none("no item named '\(spoken)'")
  }

  /// A note on the targets without a usable name, for failed lookups.
  func unnamedNote() -> [String] {
    let unnamed = index.unnamedTargets
    guard !unnamed.isEmpty else { return [] }
    let ids = unnamed.map(\.id).joined(separator: ", ")
    return [
      "\(unnamed.count) item(s) have no usable name and are reachable only by number or grid: \(ids)"
    ]
  }

  /// A bare number: picks a grid cell (zooming while levels remain) or a numbered item.
  mutating func number(_ number: Int) -> Attempt {
    switch overlay {
    case .grid(var grid)?:
      guard let frame = grid.cellFrame(number) else {
        return .final(
          VoiceOutcome(
            utterance: "", kind: .refused, intent: .number,
            message: "the grid has cells 1 to \(grid.cellCount)"))
      }
      if grid.canZoom {
        grid.path.append(number)
        overlay = .grid(grid)
        return .final(
          VoiceOutcome(
            utterance: "", kind: .done, intent: .number, point: frame.center,
            message: "zoomed into cell \(number): level \(grid.level) of \(GridOverlay.maximumLevels), \(grid.frame)"))
      }
      return .final(touch(at: frame.center, intent: .number))
    case .numbers?:
      guard let target = index.target(number: number) else {
        return .final(
          VoiceOutcome(
            utterance: "", kind: .noSuchName, intent: .number,
            message: "no item numbered \(number); the numbers go from 1 to \(index.targets.count)"))
      }
      let pending = PendingCommand(intent: .tap, direction: nil, count: 1, actionNames: [:])
      return .final(
        perform(pending, on: target.element, name: target.shownName ?? "item \(number)", match: .number, point: nil, actionName: nil))
    default:
      return .miss(
        VoiceOutcome(
          utterance: "", kind: .noSuchName, intent: .number,
          message: "no item numbered \(number) is shown; say 'show numbers' first"))
    }
  }

  /// `<action> <item>`, `<item> <action>` or `<action>` alone.
  mutating func customAction(_ parse: ParsedUtterance) -> Attempt {
    guard let actionTokens = parse.slots[.action], index.isActionName(actionTokens) else {
      return .skip
    }
    let offering = index.actionTargets(actionTokens)
    let spokenAction = actionTokens.joined(separator: " ")
    var candidates: [(target: VoiceTarget, action: String)]
    var match = TargetMatch.action
    var name: String?
    if let itemTokens = parse.slots[.item] {
      let found: [VoiceTarget]
      switch resolveItem(itemTokens) {
      case .element(let element, let matched, let how):
        guard let target = index.target(id: element.id) else { return .skip }
        found = [target]
        match = how
        name = matched
      case .several(let several):
        found = several.targets
        match = TargetMatch(several.kind)
      case .cell, .none:
        return .skip
      }
      let ids = Set(found.map(\.id))
      candidates = offering.filter { ids.contains($0.target.id) }
      if candidates.isEmpty {
        let target = found[0]
        let actions = target.element.customActionNames.map { "'\($0)'" }.joined(separator: ", ")
        return .miss(
          VoiceOutcome(
            utterance: "", kind: .refused, intent: .customAction, target: target.id,
            targetName: target.shownName,
            message: "'\(target.shownName ?? target.id)' has no action '\(spokenAction)'"
              + (actions.isEmpty ? "" : "; its actions are \(actions)")))
      }
    } else {
      candidates = offering
    }
    let pending = PendingCommand(
      intent: .customAction, direction: nil, count: 1,
      actionNames: Dictionary(candidates.map { ($0.target.id, $0.action) }, uniquingKeysWith: { first, _ in first }))
    if candidates.count > 1 {
      return .final(
        openChooser(candidates.map(\.target.id), spoken: actionTokens, pending: pending, intent: .customAction))
    }
    let chosen = candidates[0]
    return .final(
      perform(
        pending, on: chosen.target.element, name: name ?? chosen.target.shownName ?? chosen.target.id,
        match: match, point: nil, actionName: chosen.action))
  }

  /// Opens the numbered chooser over several candidates.
  mutating func openChooser(
    _ ids: [String], spoken: [String], pending: PendingCommand, intent: VoiceIntent
  ) -> VoiceOutcome {
    var previous = overlay
    if case .chooser(let open)? = previous { previous = open.previous }
    let chooser = Chooser(
      candidates: ids, spokenName: spoken.joined(separator: " "), pending: pending,
      previous: previous?.isContinuous == true ? previous : nil)
    overlay = .chooser(chooser)
    return VoiceOutcome(
      utterance: "", kind: .ambiguous, intent: intent,
      message: "which one? \(ids.count) items match '\(chooser.spokenName)': say a number from 1 to \(ids.count)",
      choices: choices(of: chooser))
  }
}
