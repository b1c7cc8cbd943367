import AXModel

extension VoiceSession {
  /// Scrolls the screen ("scroll down", "scroll to bottom"): the scroll view on screen that
  /// can move that way (``scrollTarget(_:)``) scrolls by a page, or to its edge.
  ///
  /// Where none can, a target that declares the matching swipe gesture takes a swipe the other
  /// way (a custom scroller that only handles gestures); failing that the refusal is the
  /// frontmost scroll view's ("'Inbox' is already at the bottom"). Names and numbers are
  /// recomputed afterwards, so rows that scrolled into view can be named. When the choice
  /// between several scroll views fell to geometry, the message says which one scrolled.
  mutating func scrollScreen(_ command: VoiceCommand) -> VoiceOutcome {
    let voiceDirection = command.direction ?? .down
    let direction = voiceDirection.scrollDirection
    let toEdge = command.intent == .scrollToEdge
    if let choice = scrollTarget(direction) {
      var outcome = dispatch(
        .scroll(direction, toEdge: toEdge), on: choice.container, intent: command.intent,
        name: scrollName(choice.container), match: nil, point: nil)
      if outcome.kind == .done, let note = choice.note { outcome.message += " (\(note))" }
      return outcome
    }
    let containers = onScreenScrollContainers()
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

  /// The scroll view a bare "scroll <direction>" moves, and a note when several could and
  /// geometry chose; `nil` when no scroll view on screen can move that way.
  ///
  /// Of the scroll views holding elements Voice Control sees (on screen, not under the
  /// keyboard) that can move that way, a scroll view around another that can is passed over,
  /// so a carousel scrolls before the page it sits in. Of those left, only the ones in the
  /// frontmost window holding any compete for what was touched: a sheet's list scrolls before
  /// the page behind it even after a tap on the page. Of those, which lie side by side (two
  /// carousels), the one holding the element the last command touched wins (the carousel
  /// whose card was just tapped, or that scrolled last), else the one holding the field being
  /// edited; failing both, the one in the frontmost window, then the one whose visible part's
  /// centre is nearest the screen's, then the larger visible part, then the first in the
  /// accessibility order. The Voice Control documentation does not say how iOS picks: this
  /// follows what it does to the eye (the scroll view under the finger, else the one in the
  /// middle of the screen).
  ///
  /// The note names the words that scroll the other one (``scrollWording(toScroll:_:)``), and
  /// says none when no words would.
  public func scrollTarget(_ direction: ScrollDirection) -> (container: String, note: String?)? {
    guard let choice = scrollChoice(direction) else { return nil }
    guard let why = choice.why else { return (choice.container, nil) }
    let others = choice.candidates.filter { $0 != choice.container }
    var note = "of \(choice.candidates.count) scroll views that scroll \(direction.rawValue), the one \(why)"
    if others.count == 1 {
      // Words that would not reach the other (a label an element also has) are not suggested.
      if case .on(let words) = scrollWording(toScroll: others[0], direction, choice: choice.container) {
        note += "; say 'scroll \(direction.rawValue) on \(words)' for the other"
      }
    } else {
      note += "; say 'scroll \(direction.rawValue) on' an item of another"
    }
    return (choice.container, note)
  }

  /// The choice ``scrollTarget(_:)`` makes, without the words of its note: the scroll view,
  /// why geometry chose it (`nil` when it was the only one or a touch decided), and the
  /// scroll views it was chosen from.
  func scrollChoice(_ direction: ScrollDirection) -> (container: String, why: String?, candidates: [String])? {
    let able = onScreenScrollContainers().filter { sceneSession.canScroll($0, direction) }
    let inner = able.filter { container in
      !able.contains { $0 != container && sceneSession.scrollAncestors(of: $0).contains(container) }
    }
    guard let first = inner.first else { return nil }
    guard inner.count > 1 else { return (first, nil, inner) }
    func window(_ container: String) -> Int {
      sceneSession.tree.elements.lazy.filter { $0.ancestors.contains(container) }.map(\.windowRank).min() ?? 0
    }
    let windows = inner.map(window)
    let front = windows.min() ?? 0
    // What was touched decides only among the frontmost window's: a tap on the page behind a
    // sheet does not make the page scroll instead of the sheet.
    let frontmost = zip(inner, windows).filter { $0.1 == front }.map(\.0)
    for anchor in [lastTouched, sceneSession.editingField].compactMap({ $0 }) {
      let around = [anchor] + sceneSession.scrollAncestors(of: anchor)
      if let held = frontmost.first(where: around.contains) { return (held, nil, inner) }
    }
    let centre = sceneSession.scene.screenFrame.center
    func rank(_ container: String, window: Int) -> (window: Int, distance: Double, area: Double) {
      let visible = visibleFrame(of: container)
      let dx = visible.center.x - centre.x
      let dy = visible.center.y - centre.y
      return (window, (dx * dx + dy * dy).squareRoot(), visible.isEmpty ? 0 : visible.width * visible.height)
    }
    let ranked = inner.enumerated().map {
      (offset: $0.offset, id: $0.element, rank: rank($0.element, window: windows[$0.offset]))
    }
    let best = ranked.min { a, b in
      if a.rank.window != b.rank.window { return a.rank.window < b.rank.window }
      if a.rank.distance != b.rank.distance { return a.rank.distance < b.rank.distance }
      if a.rank.area != b.rank.area { return a.rank.area > b.rank.area }
      return a.offset < b.offset
    }
    guard let best else { return (first, nil, inner) }
    // The window decided only when no other candidate shares the best one's.
    let why =
      ranked.contains(where: { $0.id != best.id && $0.rank.window == best.rank.window })
      ? "nearest the centre of the screen" : "in the frontmost window"
    return (best.id, why, inner)
  }

  /// How to say "scroll <direction>" so that it moves a given scroll view by a page now: the
  /// bare command when ``scrollTarget(_:)`` picks it, else "… on" its label, else "… on" the
  /// name of an item on screen in it (one that takes the scroll rather than a swipe of its
  /// own); `nil` when it can't move that way or nothing names it.
  ///
  /// A plan that scrolls a particular scroll view (a reach report's route to a card of the
  /// second carousel) says these words, page by page, handling each before asking again: once
  /// one is named, it is what was touched last, and the bare command moves it from then on.
  public func scrollWording(toScroll container: String, _ direction: ScrollDirection) -> ScrollWording? {
    scrollWording(toScroll: container, direction, choice: scrollChoice(direction)?.container)
  }

  /// ``scrollWording(toScroll:_:)`` given the scroll view the bare command moves now.
  func scrollWording(toScroll container: String, _ direction: ScrollDirection, choice: String?) -> ScrollWording? {
    guard sceneSession.canScroll(container, direction), let spoken = VoiceDirection(direction) else { return nil }
    if choice == container { return .bare }
    if let label = sceneSession.tree.containers[container]?.label, !label.isEmpty {
      let tokens = normalizer.tokens(label)
      if index.match(tokens) == nil, scrollContainer(named: tokens) == container { return .on(label) }
    }
    for target in index.targets where sceneSession.scrollContainer(of: target.id) == container {
      guard case .scroll = scrollAction(on: target.element, spoken), let name = target.shownName,
        let found = index.match(normalizer.tokens(name)), found.targets.map(\.id) == [target.id]
      else { continue }
      return .on(name)
    }
    return nil
  }

  /// The part of a scroll view the screen shows: its frame inside the screen and inside every
  /// scroll view around it, above the keyboard while one is up.
  func visibleFrame(of container: String) -> Rect {
    let tree = sceneSession.tree
    var visible = sceneSession.visibleScreen
    for id in [container] + sceneSession.scrollAncestors(of: container) {
      if let frame = tree.containers[id]?.frame, !frame.isEmpty { visible = visible.intersection(frame) }
    }
    return visible
  }

  /// The on-screen scroll view a spoken name calls by its label ("scroll right on Top picks"),
  /// when no element has that name; `nil` when none or several do.
  func scrollContainer(named tokens: [String]) -> String? {
    let named = onScreenScrollContainers().filter { id in
      guard let label = sceneSession.tree.containers[id]?.label, !label.isEmpty else { return false }
      let words = normalizer.tokens(label)
      return words == tokens || normalizer.strippingTraitWords(tokens) == words
    }
    return named.count == 1 ? named[0] : nil
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

  /// The scroll views holding elements Voice Control sees (on screen, not under the
  /// keyboard), frontmost first: in the order of the elements, each element's innermost scroll
  /// view first.
  func onScreenScrollContainers() -> [String] {
    let tree = sceneSession.tree
    var seen: Set<String> = []
    var order: [String] = []
    for element in tree.elements where element.isOnScreen && !sceneSession.isUnderKeyboard(element) {
      for id in tree.scrollAncestors(of: element) {
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

/// How a "scroll <direction>" command is said to reach one scroll view (see
/// ``VoiceSession/scrollWording(toScroll:_:)``).
public enum ScrollWording: Hashable, Sendable {
  /// The bare command ("scroll right") moves it.
  case bare
  /// "scroll right on" these words: the scroll view's label, or an item in it.
  case on(String)

  /// The words after "on", if the command needs them.
  public var item: String? {
    if case .on(let words) = self { words } else { nil }
  }
}
