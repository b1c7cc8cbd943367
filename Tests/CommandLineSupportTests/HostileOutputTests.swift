import CommandLineSupport
import Foundation
import Testing

/// A diagnostic quotes input: its path and message must come out as one line with no
/// control, C1 control or bidi control in it.
@Suite("Hostile output: diagnostics")
struct DiagnosticHostileOutputTests {
  @Test("a diagnostic's hazards are escaped, its backslashes kept", arguments: [
    (
      Diagnostic(path: "keys\u{1B}[2J.txt", line: 2, column: 1, message: "unknown key 'a\nb\u{7}'"),
      #"keys\u{1b}[2J.txt:2:1: error: unknown key 'a\nb\u{7}'"#
    ),
    (
      Diagnostic(path: "", severity: .warning, message: "\u{1B}]0;pwned\u{07}\u{85}\u{9B}\u{202E}\u{2028}"),
      #"warning: \u{1b}]0;pwned\u{7}\u{85}\u{9b}\u{202e}\u{2028}"#
    ),
    (
      Diagnostic(path: "a.json", line: 1, message: #"found "yes\u{1b}[31m" (already escaped)"#),
      #"a.json:1: error: found "yes\u{1b}[31m" (already escaped)"#
    ),
  ])
  func escaped(diagnostic: Diagnostic, expected: String) {
    #expect(diagnostic.description == expected)
    var stream = ""
    diagnostic.write(to: &stream)
    #expect(stream.split(separator: "\n", omittingEmptySubsequences: false) == [Substring(expected), ""])
  }

  /// A scalar of each class of hazard: C0, DEL, C1 (NEL and CSI), bidi controls, the line and
  /// paragraph separators and invisible format characters.
  static let hazards: [Unicode.Scalar] = [
    "\u{0}", "\u{7}", "\u{9}", "\u{A}", "\u{D}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{61C}", "\u{200B}",
    "\u{200E}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{FEFF}",
  ]

  @Test("a hazard in the path or the message never reaches the line raw", arguments: hazards)
  func oneLine(hazard: Unicode.Scalar) {
    let text = "a" + String(Character(hazard)) + "b"
    let diagnostic = Diagnostic(path: text, line: 1, column: 2, severity: .note, message: text)
    let line = diagnostic.description
    #expect(!line.unicodeScalars.contains(hazard), "\(line.debugDescription)")
    #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
    // The path and the message show the hazard alike, as a backslash escape.
    let parts = line.components(separatedBy: ":1:2: note: ")
    #expect(parts.count == 2 && parts.first == parts.last, "\(line.debugDescription)")
    #expect(parts[0].hasPrefix("a\\") && parts[0].hasSuffix("b"))
  }
}
