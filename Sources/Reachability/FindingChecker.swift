import AXModel
import VoiceControl

/// Applies the rules of ``ReachRule`` to the targets of one screen.
struct FindingChecker {
  let options: ReachOptions
  let screen: String
  let normalizer: NameNormalizer
  let tree: AccessibilityTree

  func findings(_ targets: [TargetReport], hidden: [String: [Rect]]) -> [Finding] {
    var findings: [Finding] = []
    func add(_ rule: ReachRule, _ target: TargetReport, _ message: String) {
      findings.append(
        Finding(rule: rule, screen: screen, target: target.id, message: message, location: target.location))
    }
    // Each shown name is tokenized once, for both the duplicate and the role-word checks.
    let shownTokens = targets.map { target in target.voice.shownName.map(normalizer.tokens) }
    var shownNames: [String: [String]] = [:]
    for (target, tokens) in zip(targets, shownTokens) where target.isInTree {
      if let tokens { shownNames[tokens.joined(separator: " "), default: []].append(target.id) }
    }
    var frames: [Rect: [String]] = [:]
    for target in targets where target.isInTree && (target.problem == nil || target.problem?.key == "covered") {
      frames[target.frame, default: []].append(target.id)
    }
    for (target, tokens) in zip(targets, shownTokens) {
      let name = target.voice.shownName.map { "'\($0)'" } ?? "'\(target.id)'"
      if target.isInTree {
        checkName(target, name: name, shownTokens: tokens, shownNames: shownNames, add: add)
        checkGeometry(target, name: name, frames: frames, add: add)
        for (aspect, message) in costsOverThreshold(target, name: name) {
          var finding = Finding(
            rule: .costOverThreshold, screen: screen, target: target.id, message: message, location: target.location)
          finding.aspect = aspect
          findings.append(finding)
        }
      } else if target.problem == .notInTree {
        add(.hiddenInteractive, target, "'\(target.id)' responds to touches but is not in the accessibility tree")
      } else if target.problem == .behindModal, let modals = hidden[target.id],
        !modals.contains(where: { Self.rect($0, covers: target.frame) })
      {
        add(.unreachableBehindModal, target, "'\(target.id)' is visible beside the modal view, which does not cover it but hides it from every assistive technology")
      }
      checkActions(target, name: name, add: add)
    }
    for diagnostic in tree.diagnostics where diagnostic.kind == .containerIsElement {
      findings.append(
        Finding(rule: .containerIsElement, screen: screen, target: diagnostic.id, message: diagnostic.message,
                location: targets.first { $0.id == diagnostic.id }?.location))
    }
    return findings
  }

  /// The name rules; `shownTokens` are those of the target's shown name, if it has one, and
  /// `shownNames` the ids of the targets in the tree under each shown name's tokens.
  func checkName(
    _ target: TargetReport, name: String, shownTokens: [String]?, shownNames: [String: [String]],
    add: (ReachRule, TargetReport, String) -> Void
  ) {
    let voice = target.voice
    if voice.names.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      add(.noName, target, "'\(target.id)' has no name: Voice Control reaches it only by number\(voice.number.map { " (\($0))" } ?? "")")
    } else if let reason = voice.unspeakable {
      add(.unspeakableName, target, "\(name) can't be spoken: \(reason)")
    }
    if let tokens = shownTokens {
      let key = tokens.joined(separator: " ")
      if let same = shownNames[key], same.count > 1, voice.access != .name {
        let others = same.filter { $0 != target.id }.map { "'\($0)'" }.joined(separator: ", ")
        add(.duplicateName, target, "\(name) is also the name of \(others)")
      }
      let stripped = normalizer.strippingTraitWords(tokens)
      if stripped.count < tokens.count, !stripped.isEmpty {
        add(.nameRepeatsRole, target, "\(name) ends with the role word '\(tokens[stripped.count...].joined(separator: " "))'")
      }
    }
    if let text = target.text, !text.isEmpty, let label = target.label, !label.isEmpty {
      let visible = normalizer.tokens(text)
      let named = voice.names.map { normalizer.tokens($0) }
      let containsText = named.contains { NameIndex.containsRun(visible, in: $0) }
      if !visible.isEmpty, !containsText {
        add(.labelNotVisibleText, target, "the visible text '\(text)' is not in its name \(name), so saying what is shown fails")
      }
    }
    if target.voice.names.count > options.maximumInputLabels {
      add(.tooManyInputLabels, target, "\(name) has \(target.voice.names.count) input labels (more than \(options.maximumInputLabels))")
    }
  }

  func checkGeometry(
    _ target: TargetReport, name: String, frames: [Rect: [String]],
    add: (ReachRule, TargetReport, String) -> Void
  ) {
    switch target.problem {
    case .zeroSize?: add(.zeroSize, target, "\(name) has a frame with no area")
    case .offScreen?: add(.offScreen, target, "\(name) at \(target.frame) is outside the screen")
    case .covered(let front)?: add(.covered, target, "\(name) is covered by '\(front)' at its activation point")
    default: break
    }
    let minimum = options.minimumTargetSize
    if target.problem == nil, target.frame.width < minimum || target.frame.height < minimum {
      let short = [target.frame.width < minimum ? "width" : nil, target.frame.height < minimum ? "height" : nil]
        .compactMap { $0 }.joined(separator: " and ")
      add(.smallTarget, target, "\(name) is \(formatNumber(target.frame.width)) x \(formatNumber(target.frame.height)) pt: its \(short) is under \(formatNumber(minimum)) pt")
    }
    if let same = frames[target.frame], same.count > 1 {
      let others = same.filter { $0 != target.id }.map { "'\($0)'" }.joined(separator: ", ")
      add(.duplicateBounds, target, "\(name) has the same frame as \(others)")
    }
  }

  func checkActions(_ target: TargetReport, name: String, add: (ReachRule, TargetReport, String) -> Void) {
    let gestures = target.actions.compactMap { action -> GestureKind? in
      if case .gesture(let kind) = action { return kind }
      return nil
    }
    let customs = target.actions.filter { if case .custom = $0 { return true } else { return false } }
    if !gestures.isEmpty, customs.isEmpty {
      add(.gestureOnly, target, "\(name) does \(gestures.map(\.rawValue).joined(separator: ", ")) only as a gesture, with no custom action")
    }
    if target.traits.contains("adjustable"), target.isInTree,
      let element = tree.element(id: target.id),
      !element.handledEvents.contains(.increment) && !element.handledEvents.contains(.decrement)
    {
      add(.adjustableWithoutActions, target, "\(name) is adjustable but handles neither increment nor decrement")
    }
  }

  /// The costs over the thresholds, one per front (`switch`, `voice`), as the aspect of the
  /// finding and its message.
  func costsOverThreshold(_ target: TargetReport, name: String) -> [(aspect: String, message: String)] {
    guard target.problem == nil else { return [] }
    let style = options.switchSettings.scanning.rawValue
    var over: [(aspect: String, message: String)] = []
    if let cost = target.switchControl.activateCost(style: style) {
      if cost.presses > options.maximumPresses {
        over.append(("switch", "activating \(name) takes \(cost.presses) switch presses (over \(options.maximumPresses))"))
      } else if cost.seconds > options.maximumSeconds {
        over.append(("switch", "activating \(name) takes \(formatNumber(cost.seconds)) s of \(style) scanning (over \(formatNumber(options.maximumSeconds)) s)"))
      }
    }
    if let route = target.voice.routes.first(where: { $0.action == .activate }), route.failure == nil,
      route.utterances.count > options.maximumUtterances
    {
      over.append(("voice", "tapping \(name) takes \(route.utterances.count) utterances (over \(options.maximumUtterances))"))
    }
    return over
  }

  /// Whether `outer` covers all of `inner`.
  static func rect(_ outer: Rect, covers inner: Rect) -> Bool {
    outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.width >= inner.x + inner.width
      && outer.y + outer.height >= inner.y + inner.height
  }
}
