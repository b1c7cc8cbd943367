import AXModel
import Foundation

/// Renders reports as one SARIF 2.1.0 log, so code scanning shows findings on the scene file.
///
/// The log has one run whose driver lists every ``ReachRule``; each finding is a result that
/// points at the line and column where its view is written. Keys are sorted and no time or
/// machine is recorded, so the same reports always give the same text.
///
///     let sarif = ReachSARIFRenderer().render(reports)
public struct ReachSARIFRenderer: Sendable {
  /// The SARIF schema the log declares.
  public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
  /// The key of the fingerprint each result carries, versioned as baselines are.
  public static let fingerprintKey = "axreach/v1"

  /// The tool's home page, written as `informationUri` when set.
  ///
  /// The package has no published address, so none is invented; the command may set one.
  public var informationURI: String?

  /// Creates a renderer.
  public init(informationURI: String? = nil) {
    self.informationURI = informationURI
  }

  /// The SARIF log of one or more scene reports, pretty-printed, ending with a newline.
  public func render(_ reports: [ReachReport]) -> String {
    document(reports).rendered(pretty: true) + "\n"
  }

  /// The SARIF log as a JSON value.
  public func document(_ reports: [ReachReport]) -> JSONOutput {
    .object([
      "$schema": .string(Self.schemaURI),
      "version": "2.1.0",
      "runs": .array([run(reports)]),
    ])
  }

  func run(_ reports: [ReachReport]) -> JSONOutput {
    var driver: [String: JSONOutput] = [
      "name": "axreach",
      "version": .string(AXInputVersion.current),
      "semanticVersion": .string(AXInputVersion.current),
      "rules": .array(ReachRule.allCases.map(rule)),
    ]
    if let informationURI { driver["informationUri"] = .string(informationURI) }
    return .object([
      "tool": .object(["driver": .object(driver)]),
      // Scene columns count Unicode scalars, as the scene reader does; SARIF's default is
      // UTF-16 code units, which differ on emoji and other astral characters.
      "columnKind": "unicodeCodePoints",
      "results": .array(reports.flatMap { report in report.findings.map { result($0, in: report) } }),
    ])
  }

  /// A rule's descriptor: its id, a name, the summary, the fix and the equivalent audits.
  func rule(_ rule: ReachRule) -> JSONOutput {
    var properties: [String: JSONOutput] = ["tags": ["accessibility"]]
    if let audit = rule.xcodeAuditType { properties["xcodeAuditType"] = .string(audit) }
    if let check = rule.atfCheck { properties["atfCheck"] = .string(check) }
    return .object([
      "id": .string(rule.rawValue),
      "name": .string(Self.name(of: rule)),
      "shortDescription": .object(["text": .string(rule.summary)]),
      "fullDescription": .object(["text": .string(rule.summary)]),
      "help": .object(["text": .string(rule.hint)]),
      "defaultConfiguration": .object(["level": .string(Self.level(rule.severity))]),
      "properties": .object(properties),
    ])
  }

  /// One finding as a result on the scene file.
  func result(_ finding: Finding, in report: ReachReport) -> JSONOutput {
    // Code scanning drops results without a location, so a finding with none points at the
    // top of its scene file.
    let path = finding.location?.path ?? report.path ?? report.sceneName
    let line = finding.location?.line ?? 1
    let column = finding.location?.column ?? 1
    let index = ReachRule.allCases.firstIndex(of: finding.rule) ?? 0
    return .object([
      "ruleId": .string(finding.rule.rawValue),
      "ruleIndex": .number(Double(index)),
      "level": .string(Self.level(finding.severity)),
      "message": .object(["text": .string(finding.message)]),
      "locations": .array([
        .object([
          "physicalLocation": .object([
            "artifactLocation": .object(["uri": .string(Self.uri(forPath: path))]),
            "region": .object([
              "startLine": .number(Double(line)), "startColumn": .number(Double(column)),
            ]),
          ]),
          "logicalLocations": .array([
            .object([
              "name": .string(finding.target),
              "fullyQualifiedName": .string("\(report.sceneName)/\(finding.screen)/\(finding.target)"),
              "kind": "element",
            ])
          ]),
        ])
      ]),
      "partialFingerprints": .object([Self.fingerprintKey: .string(finding.fingerprint)]),
      "properties": .object([
        "scene": .string(report.sceneName), "screen": .string(finding.screen),
        "target": .string(finding.target), "hint": .string(finding.rule.hint),
      ]),
    ])
  }

  /// SARIF's level for a severity; the names are the same.
  static func level(_ severity: Severity) -> String { severity.rawValue }

  /// A rule's name in SARIF's style, from its stable id: `no-name` is `NoName`.
  static func name(of rule: ReachRule) -> String {
    rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// A URI reference for a scene path: relative paths stay relative to the repository root,
  /// as code scanning expects; absolute ones become `file` URIs.
  static func uri(forPath path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: ";?#[]")
    let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }
}
