import AXModel

/// Renders reports as JUnit XML, so CI test views list every target as a test case.
///
/// Each scene is a `testsuite`, each target of each screen a `testcase` named by its id in
/// class `scene.screen`. A target with a finding at or above ``failureSeverity`` fails, and
/// its `failure` lists every finding it has; warnings and notes are also written to
/// `system-out`. Findings on a view that is not a target (a modal view's) get a test case of
/// their own, and screens no plan shows are skipped test cases.
///
///     let xml = ReachJUnitRenderer().render(reports)
public struct ReachJUnitRenderer: Sendable {
  /// The least severity that fails a test case.
  public var failureSeverity: Severity

  /// Creates a renderer that fails test cases with findings of `failureSeverity` or worse.
  public init(failureSeverity: Severity = .error) {
    self.failureSeverity = failureSeverity
  }

  /// One test case: where it is, and the findings on it.
  struct Case {
    var classname: String
    var name: String
    var findings: [Finding]
    var skipped: String?
  }

  /// The XML document for one or more scene reports, ending with a newline.
  public func render(_ reports: [ReachReport]) -> String {
    let suites = reports.map { ($0, cases(of: $0)) }
    let tests = suites.map(\.1.count).reduce(0, +)
    let failures = suites.map { failureCount($0.1) }.reduce(0, +)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"axreach\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
    for (report, cases) in suites {
      xml += suite(report, cases: cases)
    }
    return xml + "</testsuites>\n"
  }

  /// The test cases of a scene: its targets screen by screen, then stray findings and
  /// unreached screens.
  func cases(of report: ReachReport) -> [Case] {
    var cases: [Case] = []
    for screen in report.screens {
      let classname = "\(report.sceneName).\(screen.name)"
      let findings = report.findings.filter { $0.screen == screen.name }
      let ids = Set(screen.targets.map(\.id))
      var seen: Set<String> = []
      for target in screen.targets where seen.insert(target.id).inserted {
        cases.append(
          Case(classname: classname, name: target.id, findings: findings.filter { $0.target == target.id }))
      }
      var stray: [String] = []
      for finding in findings where !ids.contains(finding.target) && !stray.contains(finding.target) {
        stray.append(finding.target)
      }
      for name in stray {
        cases.append(Case(classname: classname, name: name, findings: findings.filter { $0.target == name }))
      }
    }
    for screen in report.unreachedScreens {
      cases.append(
        Case(classname: "\(report.sceneName).\(screen.name)", name: "(screen)", findings: [], skipped: screen.reason))
    }
    return cases
  }

  func failureCount(_ cases: [Case]) -> Int {
    cases.filter { $0.findings.contains { $0.severity >= failureSeverity } }.count
  }

  /// One scene's suite, with the task matrix as its output.
  func suite(_ report: ReachReport, cases: [Case]) -> String {
    let skipped = cases.filter { $0.skipped != nil }.count
    var xml = "  <testsuite name=\"\(Self.attribute(report.sceneName))\" tests=\"\(cases.count)\" "
    xml += "failures=\"\(failureCount(cases))\" errors=\"0\" skipped=\"\(skipped)\""
    if let path = report.path { xml += " file=\"\(Self.attribute(path))\"" }
    xml += ">\n"
    for testCase in cases { xml += self.testCase(testCase) }
    if !report.tasks.isEmpty {
      xml += "    <system-out>\(Self.text(taskLines(report.tasks).joined(separator: "\n")))</system-out>\n"
    }
    return xml + "  </testsuite>\n"
  }

  func testCase(_ testCase: Case) -> String {
    var xml = "    <testcase classname=\"\(Self.attribute(testCase.classname))\" "
    xml += "name=\"\(Self.attribute(testCase.name))\""
    if let location = testCase.findings.compactMap(\.location).first {
      xml += " file=\"\(Self.attribute(location.path))\" line=\"\(location.line)\""
    }
    let failing = testCase.findings.filter { $0.severity >= failureSeverity }
    let quiet = testCase.findings.filter { $0.severity < failureSeverity }
    guard testCase.skipped != nil || !failing.isEmpty || !quiet.isEmpty else { return xml + "/>\n" }
    xml += ">\n"
    if let reason = testCase.skipped {
      xml += "      <skipped message=\"\(Self.attribute("no plan of direct actions shows it: \(reason)"))\"/>\n"
    }
    if let first = failing.first {
      let message = failing.count == 1 ? first.message : "\(first.message) (and \(failing.count - 1) more)"
      xml += "      <failure message=\"\(Self.attribute(message))\" type=\"\(Self.attribute(first.rule.rawValue))\">"
      xml += Self.text(testCase.findings.map(line).joined(separator: "\n")) + "</failure>\n"
    }
    if !quiet.isEmpty {
      xml += "      <system-out>\(Self.text(quiet.map(line).joined(separator: "\n")))</system-out>\n"
    }
    return xml + "    </testcase>\n"
  }

  /// A finding on one line, as compilers print diagnostics, with the fix after it.
  func line(_ finding: Finding) -> String {
    let place = finding.location.map { "\($0.path):\($0.line):\($0.column): " } ?? ""
    return "\(place)\(finding.severity.rawValue): [\(finding.rule.rawValue)] \(finding.message) "
      + "(fix: \(finding.rule.hint))"
  }

  /// The task matrix as text: one line per task and technology.
  func taskLines(_ tasks: [TaskEvidence]) -> [String] {
    tasks.flatMap { task in
      task.modalities.map { entry in
        var line = "task '\(task.name)' with \(entry.modality.title): "
        line += entry.isCompletable ? "completable" : "not completable"
        line += ", \(ReportText.count(entry.steps, "step"))"
        if let seconds = entry.seconds { line += ", \(formatNumber(seconds)) s" }
        if let failure = entry.failure { line += " (\(failure))" }
        return line
      }
    }
  }

  /// Text escaped for an XML attribute: whitespace is written as references so that
  /// attribute-value normalization keeps it.
  static func attribute(_ text: String) -> String { escape(text, inAttribute: true) }

  /// Text escaped for XML character data.
  static func text(_ text: String) -> String { escape(text, inAttribute: false) }

  /// Escapes the markup characters (quotes only in attributes, where they could end the
  /// value); drops what XML 1.0 can't hold at all (C0 controls other
  /// than tab, newline and carriage return, and U+FFFE, U+FFFF) and writes every other
  /// hazard, such as C1 controls and U+202E, as a character reference.
  static func escape(_ text: String, inAttribute: Bool) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"" where inAttribute: escaped += "&quot;"
      case "'" where inAttribute: escaped += "&apos;"
      case "\n", "\t": escaped += inAttribute ? reference(scalar) : String(scalar)
      case "\r": escaped += reference(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
      case _ where TerminalText.isHazard(scalar): escaped += reference(scalar)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  static func reference(_ scalar: Unicode.Scalar) -> String {
    "&#x\(String(scalar.value, radix: 16, uppercase: true));"
  }
}
