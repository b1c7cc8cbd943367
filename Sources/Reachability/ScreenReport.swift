import AXModel
import SwitchControl
import VoiceControl

/// The targets of one screen of a scene, the state they were measured in, and a summary.
public struct ScreenReport: Hashable, Sendable {
  /// The screen's name (`start` for the start state).
  public var name: String
  /// The direct actions that show the screen from the start state (`[]` for the start).
  public var setup: [PlannedStep]
  /// Every interactive target, tree order first, then the views the tree hides.
  public var targets: [TargetReport]
  /// Counts and means over the targets.
  public var summary: ScreenSummary
  /// Whether every planned path was replayed on the sessions when the report was made.
  public var isVerified: Bool
}

/// What a screen's targets cost, in one place.
public struct ScreenSummary: Hashable, Sendable {
  /// Targets reported.
  public var targets: Int
  /// Reachable by voice with a name that finds them alone.
  public var voiceByName: Int
  /// Reachable by voice with a shared name and the chooser.
  public var voiceByChooser: Int
  /// Reachable by voice only by number.
  public var voiceByNumberOnly: Int
  /// Not reachable by voice at all.
  public var voiceUnreachable: Int
  /// Item-mode scan stops (N).
  public var switchStops: Int
  /// Mean presses to activate a stop, in the scanning style in force.
  public var meanPresses: Double
  /// The most presses to activate a stop.
  public var worstPresses: Int
  /// Mean seconds to activate a stop.
  public var meanSeconds: Double
  /// The most seconds to activate a stop.
  public var worstSeconds: Double
  /// Moves with two-level groups of about sqrt(N): sqrt(N) - 1.
  public var groupedBound: Double { max(Double(switchStops).squareRoot() - 1, 0) }
  /// Moves scanning linearly: (N - 1) / 2.
  public var linearBound: Double { Double(max(switchStops - 1, 0)) / 2 }

  /// Sums up the targets of a screen; switch figures are the activate costs in `style`.
  init(targets: [TargetReport], style: String) {
    self.targets = targets.count
    // Counted in place: filtering would copy every matching report first.
    voiceByName = targets.count { $0.voice.access == .name }
    voiceByChooser = targets.count { $0.voice.access == .chooser }
    voiceByNumberOnly = targets.count { $0.voice.access == .number }
    voiceUnreachable = targets.count { $0.voice.access == .none }
    let costs = targets.compactMap { $0.switchControl.activateCost(style: style) }
    switchStops = targets.count { $0.switchControl.stopProblem == nil && $0.isInTree }
    let presses = costs.map(\.presses)
    let seconds = costs.map(\.seconds)
    meanPresses = presses.isEmpty ? 0 : Double(presses.reduce(0, +)) / Double(presses.count)
    worstPresses = presses.max() ?? 0
    meanSeconds = seconds.isEmpty ? 0 : seconds.reduce(0, +) / Double(seconds.count)
    worstSeconds = seconds.max() ?? 0
  }
}

/// Builds the report of one screen state.
struct ScreenAnalysis {
  let name: String
  let setup: [PlannedStep]
  let session: SceneSession
  let options: ReachOptions

  /// The targets of the screen, with every front's reach, and the hidden interactive views
  /// among them.
  func targets() -> (targets: [TargetReport], hidden: [HiddenViews.Entry]) {
    let tree = session.tree
    let voiceSession = VoiceSession(sceneSession: session, vocabulary: options.vocabulary)
    let voice = VoiceRoutes(session: voiceSession)
    let switches = SwitchRoutes(session: session, settings: options.switchSettings)
    let readers = ScreenReaderRoutes(tree: tree, layout: switches.layout)
    let hits = HitTestIndex(tree: tree)
    let elements = tree.elements.filter(\.respondsToUserInteraction)
    var scrolled = ScrolledRoutes(session: session, vocabulary: options.vocabulary)
    // Targets are measured one after another: on several threads the shared scanners' and
    // trees' reference counts made a 10,000-target screen ten times slower, not faster.
    var reports = elements.map { element in
      var problem = problem(of: element, tree: tree, hits: hits)
      let actions = Self.actions(of: element)
      // A row below the fold is reachable, at the cost of scrolling it into view.
      let plan = problem == .offScreen ? scrolled.plan(element.id) : nil
      if plan != nil { problem = nil }
      return TargetReport(
        id: element.id, type: element.type, label: element.label, value: element.value,
        text: session.builder.index.views[element.id]?.text, traits: element.traits.names,
        frame: element.frame, activationPoint: element.activationPoint, screen: name,
        treePath: element.ancestors + [element.id], isInTree: true, problem: problem,
        actions: actions, location: location(of: element.id),
        voice: plan.flatMap { scrolled.voiceReach(element.id, actions: actions, plan: $0) }
          ?? voice.reach(element, actions: actions, reachable: problem == nil || isCoveredOnly(problem)),
        switchControl: switches.reach(element.id, actions: actions, inTree: true, scrollPlan: plan),
        voiceOver: readers.voiceOver(element),
        keyboard: readers.keyboard(element.id, actions: actions, element: element))
    }
    let hiddenViews = HiddenViews(session: session).interactiveViews()
    let grid = GridRoutes(session: session, phrases: voice.phrases)
    for hidden in hiddenViews {
      let view = hidden.view
      let actions = Self.actions(of: view)
      reports.append(
        TargetReport(
          id: view.id, type: view.type, label: view.label?.rendered(with: session.state.values),
          value: view.value?.rendered(with: session.state.values), text: view.text,
          traits: session.state.traits(of: view).names, frame: view.frame,
          activationPoint: view.activationPoint ?? view.frame.center, screen: name,
          treePath: session.builder.index.ancestors(of: view.id).reversed() + [view.id],
          isInTree: false, problem: hidden.reason, actions: actions, location: location(of: view.id),
          voice: VoiceReach(
            names: [], shownName: nil, unspeakable: "it is not in the accessibility tree",
            number: nil, access: .none,
            // Names and numbers never find it, but a grid tap is a real touch that may.
            routes: actions.map {
              grid.route($0, to: view.id)
                ?? .init(action: $0, utterances: [], failure: "not in the accessibility tree")
            }),
          switchControl: switches.reach(view.id, actions: actions, inTree: false),
          voiceOver: nil, keyboard: readers.keyboard(view.id, actions: actions, element: nil)))
    }
    return (reports, hiddenViews)
  }

  /// A covered target is still named and numbered by Voice Control, which acts on the element.
  func isCoveredOnly(_ problem: Unreachability?) -> Bool {
    if case .covered? = problem { return true }
    return false
  }

  /// Why an element of the tree can't be reached, or `nil`.
  func problem(of element: AXElement, tree: AccessibilityTree, hits: HitTestIndex?) -> Unreachability? {
    if element.frame.isEmpty { return .zeroSize }
    if !element.isOnScreen { return .offScreen }
    let point = element.activationPoint
    if let front = hits.map({ $0.hitTest(point, in: tree) }) ?? tree.hitTest(point), front.id != element.id,
      front.respondsToUserInteraction, !element.ancestors.contains(front.id)
    {
      return .covered(by: front.id)
    }
    return nil
  }

  /// The actions an element offers, in scanner-menu order.
  static func actions(of element: AXElement) -> [SceneAction] {
    var actions: [SceneAction] = [.activate]
    if element.isAdjustable { actions += [.increment, .decrement] }
    actions += element.customActionNames.map(SceneAction.custom)
    actions += element.gestures.filter { $0 != .tap }.map(SceneAction.gesture)
    return actions
  }

  /// The actions a view that is not an element responds to.
  static func actions(of view: ViewNode) -> [SceneAction] {
    var actions: [SceneAction] = []
    if view.handlers[.activate] != nil { actions.append(.activate) }
    if view.handlers[.increment] != nil { actions.append(.increment) }
    if view.handlers[.decrement] != nil { actions.append(.decrement) }
    actions += view.customActions.map { .custom($0.name) }
    actions += view.gestures.map { .gesture($0.kind) }
    return actions.isEmpty ? [.activate] : actions
  }

  func location(of id: String) -> FileLocation? {
    session.builder.index.views[id]?.location
  }
}
