import AXTestSupport
import Foundation
import Testing

@Suite("axreach report end to end", .serialized)
struct ReportCLITests {
  func temporaryDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("axreach-report-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test("the product page report matches its golden file and exits 1 for its errors")
  func productPage() throws {
    let result = try runExecutable("axreach", ["report", "Scenes/product-page.json"])
    #expect(result.status == 1)
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    expectGolden(result.standardOutput, named: "axreach-report-product-page.txt")
  }

  @Test("--fail-on sets the severity that fails the run", arguments: [
    ("Scenes/coffee-dispenser.json", "error", Int32(1)),
    ("Scenes/login-form.json", "never", 0),
    ("Scenes/product-page.json", "never", 0),
  ])
  func failOn(scene: String, severity: String, status: Int32) throws {
    let result = try runExecutable("axreach", ["report", scene, "--fail-on", severity])
    #expect(result.status == status, "\(result.standardError)")
  }

  @Test("a clean scene exits 0 at --fail-on error and 1 at --fail-on warning or note")
  func cleanScene() throws {
    let directory = try temporaryDirectory("clean")
    let file = directory.appendingPathComponent("clean.json")
    try """
      {"format": "axscene/1", "name": "clean", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
         {"id": "play", "type": "button", "frame": [20, 100, 200, 60], "label": "Play"},
         {"id": "tiny", "type": "button", "frame": [20, 300, 20, 20], "label": "Stop"}]}}]}
      """.write(to: file, atomically: true, encoding: .utf8)
    #expect(try runExecutable("axreach", ["report", file.path]).status == 0)
    #expect(try runExecutable("axreach", ["report", file.path, "--fail-on", "warning"]).status == 1)
  }

  @Test("-o writes the report to a file, --format json parses, and a baseline of it leaves no findings")
  func outputAndBaseline() throws {
    let directory = try temporaryDirectory("baseline")
    let report = directory.appendingPathComponent("report.json")
    let first = try runExecutable(
      "axreach", ["report", "Scenes/product-page.json", "--format", "json", "-o", report.path, "--fail-on", "never"])
    #expect(first.status == 0)
    #expect(first.standardOutput.isEmpty)
    let data = try Data(contentsOf: report)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["format"] as? String == "axreach-report/1")
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(!findings.isEmpty)
    #expect(findings.allSatisfy { ($0["rule"] as? String) != nil && ($0["severity"] as? String) != nil })
    let again = try runExecutable(
      "axreach", ["report", "Scenes/product-page.json", "--format", "json", "--baseline", report.path])
    #expect(again.status == 0, "\(again.standardError)")
    let rerun = try #require(try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any])
    #expect((rerun["findings"] as? [Any])?.isEmpty == true)
    #expect((rerun["targets"] as? [Any])?.count == (object["targets"] as? [Any])?.count)
  }

  @Test("a folder is every scene in it, in name order")
  func folder() throws {
    let result = try runExecutable("axreach", ["report", "Scenes", "--fail-on", "never", "--format", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let scenes = try #require(object["scenes"] as? [[String: Any]])
    let names = try FileManager.default.contentsOfDirectory(atPath: packagePath("Scenes")).filter { $0.hasSuffix(".json") }
    #expect(scenes.count == names.count)
    #expect(scenes.compactMap { $0["path"] as? String } == names.sorted().map { "Scenes/\($0)" })
  }

  @Test("bad input gets one line and the documented status", arguments: [
    (["report"], Int32(64), "Error: Missing expected argument"),
    (["report", "Scenes/product-page.json", "--format", "pdf"], 64, "Error: The value 'pdf' is invalid for '--format"),
    (["report", "Scenes/product-page.json", "--max-presses", "-3"], 64, "Error: The value '-3' is invalid for '--max-presses"),
    (["report", "/nonexistent/scene.json"], 66, "/nonexistent/scene.json: error: no such file"),
    (["report", "Scenes/product-page.json", "--baseline", "/nonexistent/report.json"], 66, "/nonexistent/report.json: error: no such file"),
  ])
  func badInput(arguments: [String], status: Int32, message: String) throws {
    let result = try runExecutable("axreach", arguments)
    #expect(result.status == status)
    #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
  }

  @Test("an explicit --language without a grammar is missing input, not a quiet fallback")
  func missingLanguage() throws {
    let result = try runExecutable("axreach", ["report", "Scenes/coffee-dispenser.json", "--language", "xx-XX"])
    #expect(result.status == 66)
    #expect(result.standardError.contains("xx-XX.json"))
    #expect(result.standardError.filter { $0 == "\n" }.count == 1)
  }

  @Test("a baseline that is not a report is one located line and exit 65")
  func badBaseline() throws {
    let directory = try temporaryDirectory("bad-baseline")
    let file = directory.appendingPathComponent("old.json")
    try "{\"format\": \"axreach-report/1\",\n \"findings\": [{\"rule\": \"no-name\"}]}".write(to: file, atomically: true, encoding: .utf8)
    let result = try runExecutable("axreach", ["report", "Scenes/coffee-dispenser.json", "--baseline", file.path])
    #expect(result.status == 65)
    #expect(result.standardError == "\(file.path):2:15: error: expected a string at findings[0].fingerprint\n")
    try "{\"format\": 1".write(to: file, atomically: true, encoding: .utf8)
    let broken = try runExecutable("axreach", ["report", "Scenes/coffee-dispenser.json", "--baseline", file.path])
    #expect(broken.status == 65)
    #expect(broken.standardError.hasPrefix("\(file.path):1:"))
    #expect(broken.standardError.filter { $0 == "\n" }.count == 1)
  }

  @Test("a hostile label reaches the terminal escaped")
  func hostileLabel() throws {
    let directory = try temporaryDirectory("hostile")
    let file = directory.appendingPathComponent("hostile.json")
    try """
      {"format": "axscene/1", "name": "evil\\u001b]0;owned\\u0007", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
         {"id": "x\\u001b[2J", "type": "button", "frame": [20, 100, 200, 60], "label": "Pay\\u202e\\u009b now"}]}}]}
      """.write(to: file, atomically: true, encoding: .utf8)
    for format in ["text", "markdown", "junit", "html"] {
      let result = try runExecutable("axreach", ["report", file.path, "--format", format, "--fail-on", "never"])
      #expect(result.status == 0, "\(format): \(result.standardError)")
      let scalars = result.standardOutput.unicodeScalars
      #expect(!scalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E }, "\(format)")
    }
  }
}
