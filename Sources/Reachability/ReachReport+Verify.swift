import AXModel
import SwitchControl
import VoiceControl

/// A planned path that did not do what the report says when replayed.
public struct PathMismatch: Hashable, Sendable, CustomStringConvertible {
  /// The screen.
  public var screen: String
  /// The target.
  public var target: String
  /// The front and style, such as `voice` or `switch auto`.
  public var front: String
  /// The action.
  public var action: SceneAction
  /// What happened instead.
  public var problem: String

  public var description: String {
    "\(screen) \(target) \(front) \(action): \(problem)"
  }
}

extension ReachReport {
  /// Replays every planned voice route and switch path of every screen on fresh sessions and
  /// returns the ones that do not perform their action on their target at the reported cost.
  ///
  /// Screens with more targets than ``ReachOptions/verificationLimit`` are skipped unless
  /// `force` is set; ``ScreenReport/isVerified`` says which screens were replayed.
  public mutating func verify(scene: Scene, force: Bool = false) -> [PathMismatch] {
    var mismatches: [PathMismatch] = []
    let start = SceneSession(scene: scene)
    for index in screens.indices {
      let screen = screens[index]
      guard force || screen.targets.count <= options.verificationLimit else { continue }
      var session = start
      for step in screen.setup { _ = session.perform(step.action, on: step.target) }
      // Each script resumes where the one before it (of its style) parts from it.
      var voice = PrefixReplay(start: VoiceSession(sceneSession: session, vocabulary: options.vocabulary)) {
        (session: inout VoiceSession, utterance: String) in session.handle(utterance: utterance)
      }
      var switches: [String: SwitchReplay] = [:]
      for target in screen.targets {
        mismatches += verifyVoice(target, screen: screen.name, replay: &voice)
        mismatches += verifySwitch(target, screen: screen.name, session: session, replays: &switches)
      }
      screens[index].isVerified = true
    }
    return mismatches
  }

  /// The replay of switch key scripts from a screen's start, in one style.
  typealias SwitchReplay = PrefixReplay<SwitchScanner, SwitchInput, SwitchStep>

  /// The voice routes of a target that do not do what the report says, replayed with the
  /// screen's `replay` (see ``PrefixReplay``).
  func verifyVoice(
    _ target: TargetReport, screen: String, replay: inout PrefixReplay<VoiceSession, String, VoiceOutcome>
  ) -> [PathMismatch] {
    var mismatches: [PathMismatch] = []
    for route in target.voice.routes where route.failure == nil {
      let last = replay.run(route.utterances).last
      let expected = route.action
      // A failed action was delivered: its handler said no, which is the scene's state, not
      // the route's fault.
      guard let outcome = last, outcome.kind == .done || outcome.kind == .failed, outcome.target == target.id,
        outcome.action == expected || (expected == .activate && outcome.action == .gesture(.tap))
      else {
        let what = last.map { "\($0.kind.rawValue) \($0.action?.description ?? "-") on \($0.target ?? "-"): \($0.message)" }
        mismatches.append(
          PathMismatch(screen: screen, target: target.id, front: "voice", action: expected,
                       problem: "\(route.utterances) gave \(what ?? "nothing")"))
        continue
      }
    }
    return mismatches
  }

  /// The switch paths of a target that do not do what the report says, replayed with the
  /// screen's `replays` (one per style, from the screen's session: see ``PrefixReplay``).
  func verifySwitch(
    _ target: TargetReport, screen: String, session: SceneSession, replays: inout [String: SwitchReplay]
  ) -> [PathMismatch] {
    var mismatches: [PathMismatch] = []
    for cost in target.switchControl.item + target.switchControl.point {
      guard cost.failure == nil, let text = cost.keys, let keys = try? KeyScript.parse(text) else { continue }
      var settings = options.switchSettings
      if cost.style == "point" {
        settings.mode = .point
      } else {
        settings.mode = .item
        settings.scanning = ScanningStyle(rawValue: cost.style) ?? settings.scanning
      }
      // The style's first script builds its start scanner.
      let (last, scanner) = replays[
        cost.style,
        default: SwitchReplay(start: SwitchScanner(session: session, settings: settings), handle: { $0.handle($1) })
      ].run(keys)
      let dispatched = last?.results.last { $0.target == target.id && $0.action == cost.action }
      let presses = keys.filter(\.isPress).count
      if dispatched.map({ $0.isDone || $0.isFailed }) != true || presses != cost.presses
        || Double(scanner.now) / 1000 != cost.seconds
      {
        let what = dispatched.map { "\($0.action) \($0.outcome.name)" } ?? "no dispatch"
        mismatches.append(
          PathMismatch(
            screen: screen, target: target.id, front: "switch \(cost.style)", action: cost.action,
            problem: "\(text) gave \(what) after \(presses) presses and \(formatNumber(Double(scanner.now) / 1000)) s"))
      }
    }
    return mismatches
  }
}
