import AXModel
import AXTestSupport
import Foundation
import Reachability
import Testing
import VoiceControl

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reports of bundled scenes, loaded under package-relative paths so output names no machine.
enum RenderFixtures {
  /// The bundled scenes whose renderings are golden files.
  static let goldenScenes = ["product-page", "mail-list"]

  /// The report of a bundled scene, such as `Scenes/product-page.json`.
  static func report(_ relative: String) throws -> ReachReport {
    let data = try Data(contentsOf: packageRoot().appendingPathComponent(relative))
    // Loading the bytes under the relative path puts that path, not an absolute one, in
    // every location the report carries.
    return try report(SceneLoader().load(bytes: [UInt8](data), path: relative))
  }

  /// The report of a scene with the English grammar and default options.
  static func report(_ scene: Scene) throws -> ReachReport {
    let grammar = try GrammarLoader().load(path: packagePath("Grammars/en-US.json"))
    return ReachReport(scene: scene, options: ReachOptions(vocabulary: grammar))
  }

  /// The id of the hostile button: it closes an attribute and opens an element.
  static let hostileID = #"x"><img src=x onerror=alert(1)>"#

  /// A scene whose names try to inject markup, break tables and redraw terminals.
  static let hostileScene = #"""
    {"format": "axscene/1", "name": "Hostile <b>scene</b> & 'quotes' | `ticks`",
     "screen": {"width": 390, "height": 844},
     "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
       {"id": "<g onload=alert(2)>", "type": "navigationBar", "frame": [0, 40, 390, 100], "children": [
         {"id": "x\"><img src=x onerror=alert(1)>", "type": "button", "frame": [10, 50, 180, 44],
          "label": "<script>alert(1)</script>"},
         {"id": "esc", "type": "button", "frame": [200, 50, 180, 44],
          "label": "Clear \u001b[2J\u001b[31m red \u202Egnp.exe\u0085 \u0007"}
       ]},
       {"id": "pipes", "type": "button", "frame": [10, 200, 200, 44], "label": "a | b ` c\nd *e* _f_ [g](h)"}
     ]}}],
     "screens": {"<i>sheet</i>\u001b": {"windows": [{"level": 0, "root": {
       "id": "sheet-root", "type": "view", "frame": [0, 400, 390, 444], "viewIsModal": true}}]}},
     "tasks": [{"name": "<script>alert(3)</script>", "goal": {"element": "pipes", "hasTrait": "selected"}}]
    }
    """#

  /// The hostile scene's report, loaded from a file in a fresh temporary directory.
  static func hostileReport() throws -> ReachReport {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("hostile.json")
    try hostileScene.write(to: url, atomically: true, encoding: .utf8)
    return try report(SceneLoader().load(path: url.path))
  }

  /// A new empty directory under the system's temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("axreach-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The scalars no rendering may hold raw: controls other than tab and newline, and the
  /// bidirectional overrides and isolates.
  static func rawHazards(in text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x09, 0x0A: return false
      case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
      default: return false
      }
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }
}

@Suite("Report renderers") struct RendererTests {
  @Test("SARIF, JUnit, Markdown and HTML match their golden files", arguments: RenderFixtures.goldenScenes)
  func goldens(_ name: String) throws {
    let reports = [try RenderFixtures.report("Scenes/\(name).json")]
    expectGolden(ReachSARIFRenderer().render(reports), named: "Renderers/\(name).sarif")
    expectGolden(ReachJUnitRenderer().render(reports), named: "Renderers/\(name).junit.xml")
    expectGolden(ReachMarkdownRenderer().render(reports), named: "Renderers/\(name).md")
    expectGolden(ReachHTMLRenderer().render(reports), named: "Renderers/\(name).html")
  }

  @Test("every SARIF result names a listed rule and a line of the scene file")
  func sarifResults() throws {
    let reports = try RenderFixtures.goldenScenes.map { try RenderFixtures.report("Scenes/\($0).json") }
    let text = ReachSARIFRenderer().render(reports)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "axreach")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    #expect(ids == ReachRule.allCases.map(\.rawValue))
    for rule in rules {
      #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
      #expect((rule["help"] as? [String: Any])?["text"] is String)
      let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
      #expect(["error", "warning", "note"].contains(level ?? ""))
    }
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == reports.map(\.findings.count).reduce(0, +))
    #expect(!results.isEmpty)
    for result in results {
      let ruleID = try #require(result["ruleId"] as? String)
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(ids.indices.contains(index) && ids[index] == ruleID)
      let location = try #require((result["locations"] as? [[String: Any]])?.first)
      let physical = try #require(location["physicalLocation"] as? [String: Any])
      let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String
      #expect(uri?.hasPrefix("Scenes/") == true, "uri \(uri ?? "nil") is not repository-relative")
      let line = (physical["region"] as? [String: Any])?["startLine"] as? Int
      #expect((line ?? 0) >= 1, "result \(ruleID) has no startLine")
      #expect((result["partialFingerprints"] as? [String: String])?["axreach/v1"]?.hasPrefix(ruleID) == true)
    }
  }

  @Test("JUnit has one test case per target and fails the targets with errors")
  func junitCases() throws {
    let report = try RenderFixtures.report("Scenes/product-page.json")
    let xml = ReachJUnitRenderer().render([report])
    let targets = report.screens.map(\.targets.count).reduce(0, +)
    let erroneous = Set(report.findings(atLeast: .error).map { "\($0.screen)/\($0.target)" })
    #if canImport(FoundationXML)
      let document = try XMLDocument(xmlString: xml, options: [])
      let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
      #expect(cases.count >= targets)
      for screen in report.screens {
        for target in screen.targets {
          let matching = cases.filter {
            $0.attribute(forName: "classname")?.stringValue == "\(report.sceneName).\(screen.name)"
              && $0.attribute(forName: "name")?.stringValue == target.id
          }
          #expect(matching.count == 1, "no test case for \(screen.name)/\(target.id)")
          let fails = matching.first?.elements(forName: "failure").isEmpty == false
          #expect(fails == erroneous.contains("\(screen.name)/\(target.id)"), "\(screen.name)/\(target.id)")
        }
      }
      let failures = try document.nodes(forXPath: "//testcase[failure]").count
      let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
      #expect(suite.attribute(forName: "failures")?.stringValue == String(failures))
      #expect(suite.attribute(forName: "tests")?.stringValue == String(cases.count))
    #else
      #expect(xml.components(separatedBy: "<testcase ").count - 1 >= targets)
    #endif
  }

  @Test("hostile names show as text in HTML, JUnit, Markdown and SARIF")
  func hostileNames() throws {
    let report = try RenderFixtures.hostileReport()
    #expect(report.screens.first?.targets.contains { $0.id == RenderFixtures.hostileID } == true)
    let html = ReachHTMLRenderer().render([report])
    let junit = ReachJUnitRenderer().render([report])
    let markdown = ReachMarkdownRenderer().render([report])
    for (format, text) in [("HTML", html), ("JUnit", junit), ("Markdown", markdown)] {
      #expect(!text.contains("<script"), "\(format) has a raw <script>")
      #expect(!text.contains("<img"), "\(format) has a raw <img>")
      #expect(!text.contains("<g onload"), "\(format) has a raw <g onload>")
      #expect(!text.contains("<b>scene"), "\(format) has a raw <b>")
      #expect(RenderFixtures.rawHazards(in: text).isEmpty, "\(format) has raw controls")
    }
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
    #expect(html.contains("⟨U+001B⟩[2J") && html.contains("⟨U+202E⟩gnp.exe"))
    #expect(markdown.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(markdown.contains(#"a \| b \` c<br>d"#))
    // Every table row keeps its header's column count, whatever pipes the names hold.
    var columns: Int?
    for line in markdown.components(separatedBy: "\n") {
      guard line.hasPrefix("|") else {
        columns = nil
        continue
      }
      let pipes = line.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\|", with: "")
        .filter { $0 == "|" }.count
      #expect(pipes == (columns ?? pipes), "row \(line) breaks its table")
      columns = columns ?? pipes
    }
    #if canImport(FoundationXML)
      let document = try XMLDocument(xmlString: junit, options: [])
      let names = try document.nodes(forXPath: "//testcase").compactMap {
        ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue
      }
      #expect(names.contains(RenderFixtures.hostileID), "the id does not survive a round trip")
      #expect(names.contains("esc") && names.contains("pipes"))
    #endif
    let sarif = ReachSARIFRenderer().render([report])
    #expect(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) is [String: Any])
  }
}

/// Validates JSON reports against `docs/report-schema.json` with Python's `jsonschema`.
@Suite("Report schema") struct ReportSchemaTests {
  /// Checks the schema, then prints `VALID path` or `INVALID path: pointer: message` per file.
  static let validator = #"""
    import json, sys
    try:
        import jsonschema
    except ImportError as error:
        sys.exit(f"Python's jsonschema is not importable ({error}); install it with 'pip install jsonschema'")
    with open(sys.argv[1], encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as file:
            errors = list(validator.iter_errors(json.load(file)))
        if not errors:
            print(f"VALID {path}")
        for error in errors[:5]:
            pointer = "/" + "/".join(str(part) for part in error.absolute_path)
            print(f"INVALID {path}: {pointer}: {error.message}")
    """#

  /// Writes each document to a file and returns the validator's verdict lines, by file name.
  func validate(_ documents: [String: JSONOutput]) throws -> [String: [String]] {
    let directory = try RenderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var paths: [String: String] = [:]
    for (name, document) in documents {
      let url = directory.appendingPathComponent(name)
      try document.rendered(pretty: true).write(to: url, atomically: true, encoding: .utf8)
      paths[url.path] = name
    }
    let output = try runTool(
      "python3", ["-c", Self.validator, packagePath("docs/report-schema.json")] + paths.keys.sorted(), timeout: 120)
    guard output.status == 0 else {
      Issue.record("The schema check could not run (exit \(output.status)): \(output.standardError)")
      return [:]
    }
    var verdicts: [String: [String]] = [:]
    for line in output.standardOutput.split(separator: "\n").map(String.init) {
      let path = paths.keys.first { line == "VALID \($0)" || line.hasPrefix("INVALID \($0): ") }
      guard let path, let name = paths[path] else { continue }
      verdicts[name, default: []].append(line.replacingOccurrences(of: path, with: name))
    }
    return verdicts
  }

  @Test("the JSON report of every bundled scene validates against the schema")
  func everySceneValidates() throws {
    let scenes = try FileManager.default.contentsOfDirectory(atPath: packagePath("Scenes"))
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(scenes.count >= 10)
    var documents: [String: JSONOutput] = [:]
    for scene in scenes {
      documents[scene] = ReachJSONRenderer().document([try RenderFixtures.report("Scenes/\(scene)")])
    }
    let reports = try RenderFixtures.goldenScenes.map { try RenderFixtures.report("Scenes/\($0).json") }
    documents["several-scenes.json"] = ReachJSONRenderer().document(reports)
    documents["hostile.json"] = ReachJSONRenderer().document([try RenderFixtures.hostileReport()])
    let verdicts = try validate(documents)
    for name in documents.keys.sorted() {
      #expect(verdicts[name] == ["VALID \(name)"], "\(verdicts[name]?.joined(separator: "\n") ?? "no verdict")")
    }
  }

  @Test("a report missing findings, or with an unannounced key, fails validation")
  func changedShapesFail() throws {
    guard case .object(var missing) = ReachJSONRenderer().document([try RenderFixtures.report("Scenes/mail-list.json")])
    else {
      Issue.record("the JSON report is not an object")
      return
    }
    var extra = missing
    missing["findings"] = nil
    guard case .array(var targets) = extra["targets"], case .object(var first)? = targets.first else {
      Issue.record("the JSON report has no targets")
      return
    }
    first["unannounced"] = .bool(true)
    targets[0] = .object(first)
    extra["targets"] = .array(targets)
    let verdicts = try validate(["missing.json": .object(missing), "extra.json": .object(extra)])
    let missingVerdict = verdicts["missing.json"]?.joined(separator: "\n") ?? ""
    #expect(missingVerdict.contains("INVALID") && missingVerdict.contains("'findings' is a required property"))
    let extraVerdict = verdicts["extra.json"]?.joined(separator: "\n") ?? ""
    #expect(extraVerdict.contains("INVALID extra.json: /targets/0") && extraVerdict.contains("unannounced"))
  }
}
