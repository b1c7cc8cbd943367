import AXModel

extension VoiceSession {
  /// Scrolls the screen ("scroll down", "scroll to bottom"): the frontmost scroll view on
  /// screen that can move that way scrolls by a page, or to its edge.
  ///
  /// Scroll views are tried in the order of the on-screen elements they hold, innermost
  /// first, so a list in a sheet comes before the page behind it and a carousel before the
  /// page it sits in (when it scrolls that way). Where none can, a target that declares the
  /// matching swipe gesture takes a swipe the other way (a custom scroller that only handles
  /// gestures); failing that the refusal is the frontmost scroll view's ("'Inbox' is already
  /// at the bottom"). Names and numbers are recomputed afterwards, so rows that scrolled
  /// into view can be named.
  mutating func scrollScreen(_ command: VoiceCommand) -> VoiceOutcome {
    let voiceDirection = command.direction ?? .down
    let direction = voiceDirection.scrollDirection
    let toEdge = command.intent == .scrollToEdge
    let containers = onScreenScrollContainers()
    if let container = containers.first(where: { sceneSession.canScroll($0, direction) }) {
      return dispatch(
        .scroll(direction, toEdge: toEdge), on: container, intent: command.intent,
        name: scrollName(container), match: nil, point: nil)
    }
    let gesture = VoiceSession.swipe(VoiceSession.opposite(voiceDirection))
    if !toEdge, let target = index.targets.first(where: { $0.element.gestures.contains(gesture) }) {
      return dispatch(
        .gesture(gesture), on: target.id, intent: .scroll, name: target.shownName, match: nil,
        point: nil)
    }
    guard let frontmost = containers.first else {
      return VoiceOutcome(
        utterance: "", kind: .refused, intent: command.intent,
        message: "nothing on the screen scrolls \(voiceDirection.rawValue)")
    }
    // Nothing scrolls that way: the frontmost scroll view's refusal says why (at the end, or
    // the wrong axis), and no action is taken.
    var probe = sceneSession
    var reason = "nothing on the screen scrolls \(voiceDirection.rawValue)"
    if case .refused(let refusal) = probe.perform(.scroll(direction, toEdge: toEdge), on: frontmost).outcome {
      reason = refusal
    }
    return VoiceOutcome(
      utterance: "", kind: .refused, intent: command.intent, target: frontmost,
      targetName: scrollName(frontmost), message: reason)
  }

  /// The action "scroll <direction> on <item>" performs: the swipe the element declares, else
  /// a page scroll of the scroll view it is in, else the swipe (which the scene refuses).
  func scrollAction(on element: AXElement, _ direction: VoiceDirection) -> SceneAction {
    let gesture = VoiceSession.swipe(VoiceSession.opposite(direction))
    if !element.gestures.contains(gesture), sceneSession.scrollContainer(of: element.id) != nil {
      return .scroll(direction.scrollDirection, toEdge: false)
    }
    return .gesture(gesture)
  }

  /// The scroll views holding on-screen elements, frontmost first: in the order of the
  /// elements, each element's innermost scroll view first.
  func onScreenScrollContainers() -> [String] {
    let tree = sceneSession.tree
    var seen: Set<String> = []
    var order: [String] = []
    for element in tree.elements where element.isOnScreen {
      for id in element.ancestors.reversed() where tree.containers[id]?.scrolls == true {
        if seen.insert(id).inserted { order.append(id) }
      }
    }
    return order
  }

  /// The name an outcome gives a scroll view: its label, else its id.
  func scrollName(_ container: String) -> String {
    if let label = sceneSession.tree.containers[container]?.label, !label.isEmpty { return label }
    return container
  }

}

extension VoiceDirection {
  /// The scene's scroll direction for the spoken one.
  public var scrollDirection: ScrollDirection {
    switch self {
    case .up: return .up
    case .down: return .down
    case .left: return .left
    case .right: return .right
    }
  }

  /// The spoken direction for a scene's scroll direction (they name the same four).
  public init?(_ direction: ScrollDirection) {
    self.init(rawValue: direction.rawValue)
  }
}
