import CommandLineSupport
import Testing

@Suite("Diagnostics")
struct DiagnosticTests {
  @Test(
    "Diagnostics render as path:line:column: severity: message",
    arguments: [
      (
        Diagnostic(path: "shop.json", line: 12, column: 5, message: "unknown role 'buton'"),
        "shop.json:12:5: error: unknown role 'buton'"
      ),
      (
        Diagnostic(path: "shop.json", line: 12, severity: .warning, message: "duplicate id"),
        "shop.json:12: warning: duplicate id"
      ),
      (
        Diagnostic(path: "shop.json", severity: .note, message: "first declared here"),
        "shop.json: note: first declared here"
      ),
      (
        Diagnostic(path: "shop.json", column: 3, message: "empty file"),
        "shop.json: error: empty file"
      ),
      (Diagnostic(path: "", message: "no scene given"), "error: no scene given"),
    ])
  func rendering(diagnostic: Diagnostic, expected: String) {
    #expect(diagnostic.description == expected)
    var stream = ""
    diagnostic.write(to: &stream)
    #expect(stream == expected + "\n")
  }

  @Test("The location omits what is unknown")
  func location() {
    #expect(Diagnostic(path: "a.json", line: 1, column: 2, message: "").location == "a.json:1:2")
    #expect(Diagnostic(path: "a.json", line: 1, message: "").location == "a.json:1")
    #expect(Diagnostic(path: "a.json", message: "").location == "a.json")
  }

  @Test(
    "Only errors count as errors",
    arguments: [
      ([], false), ([.note, .warning], false), ([.warning, .error], true), ([.error], true),
    ] as [([Diagnostic.Severity], Bool)])
  func containsErrors(severities: [Diagnostic.Severity], expected: Bool) {
    let diagnostics = severities.map { Diagnostic(path: "a", severity: $0, message: "m") }
    #expect(diagnostics.containsErrors == expected)
  }
}
