import AXTestSupport
import Foundation
import Reachability
import Testing

/// Opens HTML reports in headless Chromium and reads back the DOM it built.
///
/// Parsing is the browser's, not ours, so these tests catch markup that a string check
/// would pass: an attribute that a quote closes early, an element that escaping let through.
@Suite("HTML report in a browser") struct HTMLReportBrowserTests {
  /// Where Debian installs Chromium, then the names to look for in `PATH`.
  static let chromiumCandidates = ["/usr/bin/chromium", "chromium", "chromium-browser"]

  /// The Chromium executable, or `nil` when none is installed.
  static func chromium() -> URL? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for candidate in chromiumCandidates {
      let paths = candidate.hasPrefix("/") ? [candidate] : directories.map { "\($0)/\(candidate)" }
      if let path = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
        return URL(fileURLWithPath: path)
      }
    }
    return nil
  }

  /// The DOM Chromium builds from a page, serialized, or `nil` after recording why not.
  func renderedDOM(of html: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    guard let chromium = Self.chromium() else {
      let looked = Self.chromiumCandidates.joined(separator: ", ")
      Issue.record(
        "Chromium is not installed (looked for \(looked)); install Debian's 'chromium' package",
        sourceLocation: sourceLocation)
      return nil
    }
    let directory = try RenderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("report.html")
    try html.write(to: page, atomically: true, encoding: .utf8)
    // A profile of its own keeps this run from handing the page to another Chromium that
    // holds the default profile, which would leave this one with nothing to print.
    let arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--dump-dom", page.absoluteString,
    ]
    let output = try runProcess(chromium, arguments, timeout: 90)
    guard output.status == 0, output.standardOutput.contains("</html>") else {
      Issue.record(
        "Chromium exited with \(output.status) and printed no page: \(output.standardError.suffix(2000))",
        sourceLocation: sourceLocation)
      return nil
    }
    return output.standardOutput
  }

  @Test("the product page's report shows every target and its findings")
  func productPage() throws {
    let report = try RenderFixtures.report("Scenes/product-page.json")
    guard let dom = try renderedDOM(of: ReachHTMLRenderer().render([report])) else { return }
    for target in report.screens.flatMap(\.targets) {
      #expect(dom.contains("<code>\(target.id)</code>"), "target \(target.id) is missing")
    }
    #expect(dom.components(separatedBy: "<section class=\"findings\">").count - 1 == report.screens.count)
    for finding in report.findings {
      #expect(dom.contains(finding.rule.rawValue))
    }
    #expect(dom.components(separatedBy: "<svg ").count - 1 == report.screens.count)
    #expect(dom.contains("<section class=\"tasks\">"))
    #expect(!dom.contains("<script"))
  }

  @Test("a hostile report builds no script or image element; its names are text")
  func hostileReport() throws {
    let report = try RenderFixtures.hostileReport()
    guard let dom = try renderedDOM(of: ReachHTMLRenderer().render([report])) else { return }
    #expect(!dom.contains("<script"), "a <script> element was built")
    #expect(!dom.contains("<img"), "an <img> element was built")
    #expect(!dom.contains("onerror=\""), "an onerror attribute was built")
    #expect(!dom.contains("onload=\""), "an onload attribute was built")
    // The serializer escapes text, so a label that stayed text reads back escaped.
    #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(dom.contains("x\"&gt;&lt;img src=x onerror=alert(1)&gt;"))
    #expect(RenderFixtures.rawHazards(in: dom).isEmpty)
  }
}
