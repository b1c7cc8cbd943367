import AXModel
import VoiceControl

/// The reachability report of a scene: every interactive target of every screen through Voice
/// Control, Switch Control, VoiceOver and Full Keyboard Access, the findings, and the task
/// evidence matrix.
///
/// The start state is one screen; every named screen the scene declares is another, measured in
/// the first state (fewest direct actions) that shows it. Costs are planned from the same
/// sessions the tools drive, and ``verify()`` replays each planned path on them.
///
///     let report = ReachReport(scene: scene, options: ReachOptions(vocabulary: grammar))
///     report.findings.filter { $0.severity == .error }
public struct ReachReport: Sendable {
  /// The version of the JSON form; bumped when a field changes meaning or goes away.
  public static let formatVersion = "axreach-report/1"

  /// The scene's name.
  public var sceneName: String
  /// The scene file's path as given, or `nil` for a scene made in code.
  public var path: String?
  /// The screen size in points.
  public var screenSize: Size
  /// The screens, the start state first.
  public var screens: [ScreenReport]
  /// Screens the scene declares that no plan of direct actions shows, with the reason.
  public var unreachedScreens: [(name: String, reason: String)]
  /// Every finding, screen by screen, in target order.
  public var findings: [Finding]
  /// The task evidence matrix.
  public var tasks: [TaskEvidence]
  /// The options the report was made with.
  public var options: ReachOptions

  /// Measures a scene.
  public init(scene: Scene, options: ReachOptions) {
    self.options = options
    sceneName = scene.name
    path = scene.path
    screenSize = scene.screen
    let start = SceneSession(scene: scene)
    var states: [(name: String, setup: [PlannedStep], session: SceneSession)] = [
      (Scene.startScreenName, [], start)
    ]
    var unreached: [(String, String)] = []
    for screen in scene.screens {
      switch options.planner.search(.onScreen(screen.name), from: start) {
      case .found(let steps):
        var session = start
        for step in steps { _ = session.perform(step.action, on: step.target) }
        states.append((screen.name, steps, session))
      case let outcome:
        unreached.append((screen.name, "no plan of direct actions shows it: \(outcome.reason)"))
      }
    }
    unreachedScreens = unreached
    var screens: [ScreenReport] = []
    var findings: [Finding] = []
    for state in states {
      let analysis = ScreenAnalysis(
        name: state.name, setup: state.setup, session: state.session, options: options)
      let (targets, hidden) = analysis.targets()
      let checker = FindingChecker(
        options: options, screen: state.name, normalizer: options.vocabulary.normalizer,
        tree: state.session.tree)
      findings += checker.findings(
        targets, hidden: Dictionary(hidden.map { ($0.view.id, $0.modalFrames) }) { first, _ in first })
      findings += ModalChecker(screen: state.name, setup: state.setup, session: state.session).findings()
      screens.append(
        ScreenReport(
          name: state.name, setup: state.setup, targets: targets,
          summary: ScreenSummary(targets: targets, style: options.switchSettings.scanning.rawValue),
          isVerified: false))
    }
    self.screens = screens
    self.findings = findings.map { finding in
      var named = finding
      named.scene = scene.path ?? scene.name
      return named
    }
    tasks = scene.tasks.map { TaskEvidence(task: $0, start: start, options: options) }
  }

  /// The findings at or above a severity.
  public func findings(atLeast severity: Severity) -> [Finding] {
    findings.filter { $0.severity >= severity }
  }

  /// Drops the findings whose fingerprints are in a baseline.
  public mutating func remove(baseline fingerprints: Set<String>) {
    // Without a baseline (the usual run) no fingerprint needs working out.
    guard !fingerprints.isEmpty else { return }
    findings.removeAll { fingerprints.contains($0.fingerprint) }
  }
}
