import AXModel

/// Renders reports as one JSON object, described by `docs/report-schema.json`.
///
/// Keys are sorted and numbers use one format, so the output suits golden files and diffs.
public struct ReachJSONRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// One document for one or more scenes.
  public func document(_ reports: [ReachReport]) -> JSONOutput {
    .object([
      "format": .string(ReachReport.formatVersion),
      "scenes": .array(reports.map(scene)),
      "targets": .array(reports.flatMap { report in report.screens.flatMap { $0.targets.map { target($0, scene: report) } } }),
      "findings": .array(reports.flatMap { report in report.findings.map { finding($0, scene: report) } }),
      "summary": summary(reports),
    ])
  }

  func summary(_ reports: [ReachReport]) -> JSONOutput {
    let findings = reports.flatMap(\.findings)
    return .object(
      Dictionary(uniqueKeysWithValues: Severity.allCases.map { severity in
        (severity.rawValue, JSONOutput.number(Double(findings.filter { $0.severity == severity }.count)))
      }))
  }

  func scene(_ report: ReachReport) -> JSONOutput {
    .object([
      "name": .string(report.sceneName),
      "path": report.path.map(JSONOutput.string) ?? .null,
      "screenSize": .array([.number(report.screenSize.width), .number(report.screenSize.height)]),
      "screens": .array(report.screens.map(screen)),
      "unreachedScreens": .array(report.unreachedScreens.map { .object(["name": .string($0.name), "reason": .string($0.reason)]) }),
      "tasks": .array(report.tasks.map(task)),
    ])
  }

  func screen(_ screen: ScreenReport) -> JSONOutput {
    let summary = screen.summary
    return .object([
      "name": .string(screen.name),
      "setup": .array(screen.setup.map { .string($0.description) }),
      "verified": .bool(screen.isVerified),
      "summary": .object([
        "targets": .number(Double(summary.targets)),
        "voiceByName": .number(Double(summary.voiceByName)),
        "voiceByChooser": .number(Double(summary.voiceByChooser)),
        "voiceByNumberOnly": .number(Double(summary.voiceByNumberOnly)),
        "voiceUnreachable": .number(Double(summary.voiceUnreachable)),
        "switchStops": .number(Double(summary.switchStops)),
        "meanPresses": .number(summary.meanPresses),
        "worstPresses": .number(Double(summary.worstPresses)),
        "meanSeconds": .number(summary.meanSeconds),
        "worstSeconds": .number(summary.worstSeconds),
        "groupedBound": .number(summary.groupedBound),
        "linearBound": .number(summary.linearBound),
      ]),
    ])
  }

  /// One target, with every front's section.
  public func target(_ target: TargetReport, scene: ReachReport) -> JSONOutput {
    var object: [String: JSONOutput] = [
      "id": .string(target.id),
      "scene": .string(scene.sceneName),
      "screen": .string(target.screen),
      "type": .string(target.type.rawValue),
      "label": optional(target.label),
      "value": optional(target.value),
      "traits": .array(target.traits.map(JSONOutput.string)),
      "frame": rect(target.frame),
      "treePath": .array(target.treePath.map(JSONOutput.string)),
      "inTree": .bool(target.isInTree),
      "reachable": .bool(target.problem == nil),
      "problem": target.problem.map { .string($0.key) } ?? .null,
      "problemText": target.problem.map { .string($0.description) } ?? .null,
      "actions": .array(target.actions.map { .string($0.description) }),
      "voiceControl": voice(target.voice),
      "switchControl": switchReach(target.switchControl),
      "voiceOver": target.voiceOver.map(voiceOver) ?? .null,
      "fullKeyboardAccess": keyboard(target.keyboard),
    ]
    if let location = target.location { object["location"] = self.location(location) }
    return .object(object)
  }

  func voice(_ voice: VoiceReach) -> JSONOutput {
    .object([
      "names": .array(voice.names.map(JSONOutput.string)),
      "shownName": optional(voice.shownName),
      "speakable": .bool(voice.unspeakable == nil),
      "unspeakable": optional(voice.unspeakable),
      "unique": .bool(voice.access == .name),
      "number": voice.number.map { .number(Double($0)) } ?? .null,
      "access": .string(voice.access.rawValue),
      "routes": .array(voice.routes.map { route in
        .object([
          "action": .string(route.action.description),
          "utterances": .array(route.utterances.map(JSONOutput.string)),
          "length": .number(Double(route.utterances.count)),
          "failure": optional(route.failure),
        ])
      }),
    ])
  }

  func switchReach(_ reach: SwitchReach) -> JSONOutput {
    func cost(_ cost: SwitchReach.Cost) -> JSONOutput {
      var object: [String: JSONOutput] = [
        "action": .string(cost.action.description),
        "style": .string(cost.style),
        "menuPath": .array(cost.menuPath.map(JSONOutput.string)),
        "keys": optional(cost.keys),
        "presses": .number(Double(cost.presses)),
        "seconds": .number(cost.seconds),
        "failure": optional(cost.failure),
      ]
      if let point = cost.point { object["point"] = .array([.number(point.x), .number(point.y)]) }
      if let hits = cost.hits { object["hits"] = .bool(hits) }
      return .object(object)
    }
    return .object([
      "groupPath": .array(reach.groupPath.map(JSONOutput.string)),
      "stop": .bool(reach.stopProblem == nil),
      "stopProblem": optional(reach.stopProblem),
      "item": .array(reach.item.map(cost)),
      "point": .array(reach.point.map(cost)),
    ])
  }

  func voiceOver(_ reach: VoiceOverReach) -> JSONOutput {
    .object([
      "position": .number(Double(reach.position)),
      "swipes": .number(Double(reach.swipes)),
      "spoken": .string(reach.spoken),
      "headingPosition": reach.headingPosition.map { .number(Double($0)) } ?? .null,
    ])
  }

  func keyboard(_ reach: KeyboardReach) -> JSONOutput {
    .object([
      "tabs": reach.tabs.map { .number(Double($0)) } ?? .null,
      "arrows": reach.arrows.map { .number(Double($0)) } ?? .null,
      "failure": optional(reach.failure),
      "actions": .array(reach.actions.map { action in
        .object([
          "action": .string(action.action.description),
          "keys": optional(action.keys),
          "spacePerforms": .bool(action.keys == "Space"),
        ])
      }),
    ])
  }

  /// One finding.
  public func finding(_ finding: Finding, scene: ReachReport) -> JSONOutput {
    var object: [String: JSONOutput] = [
      "rule": .string(finding.rule.rawValue),
      "severity": .string(finding.severity.rawValue),
      "scene": .string(scene.sceneName),
      "screen": .string(finding.screen),
      "target": .string(finding.target),
      "message": .string(finding.message),
      "hint": .string(finding.rule.hint),
      "fingerprint": .string(finding.fingerprint),
      "xcodeAuditType": optional(finding.rule.xcodeAuditType),
      "atfCheck": optional(finding.rule.atfCheck),
    ]
    if let location = finding.location { object["location"] = self.location(location) }
    return .object(object)
  }

  func task(_ task: TaskEvidence) -> JSONOutput {
    .object([
      "name": .string(task.name),
      "plan": task.plan.map { .array($0.map { .string($0.description) }) } ?? .null,
      "planFailure": optional(task.planFailure),
      "modalities": .array(task.modalities.map { entry in
        .object([
          "modality": .string(entry.modality.rawValue),
          "completable": .bool(entry.isCompletable),
          "steps": .number(Double(entry.steps)),
          "seconds": entry.seconds.map(JSONOutput.number) ?? .null,
          "transcript": .array(entry.transcript.map(JSONOutput.string)),
          "failure": optional(entry.failure),
        ])
      }),
    ])
  }

  func location(_ location: FileLocation) -> JSONOutput {
    .object([
      "path": .string(location.path), "line": .number(Double(location.line)),
      "column": .number(Double(location.column)),
    ])
  }

  func rect(_ rect: Rect) -> JSONOutput {
    .array([rect.x, rect.y, rect.width, rect.height].map(JSONOutput.number))
  }

  func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }
}
