import Testing

/// What the hostile-output tests of every target share: the hostile scene, and a check for
/// terminal hazards written independently of the code under test (`TerminalText`), so a
/// hazard that rule forgets still fails here.
public enum HostileOutput {
  /// The hostile scene, relative to the package root: every string in it (name, ids, labels,
  /// values, hints, input labels, custom action names, announcements, screen, task and
  /// variable names and values) holds ``payload``.
  public static let scenePath = "Tests/Fixtures/hostile/hostile-scene.json"

  /// What every string of the hostile scene holds: a retitle (`ESC ] 0;pwned BEL`), a screen
  /// wipe (`ESC [2J`), LF, CR, NEL (U+0085), CSI (U+009B), RIGHT-TO-LEFT OVERRIDE (U+202E) and
  /// LINE SEPARATOR (U+2028).
  public static let payload = "\u{1B}]0;pwned\u{07}\u{1B}[2J\n\r\u{85}\u{9B}\u{202E}\u{2028}"

  /// How the escaping rule shows ``payload``.
  public static let escapedPayload = #"\u{1b}]0;pwned\u{7}\u{1b}[2J\n\r\u{85}\u{9b}\u{202e}\u{2028}"#

  /// Whether a scalar may not reach a terminal raw: a C0 control other than the line feed
  /// (and the tab, when `allowingTab`), DEL, a C1 control, a bidirectional control, a line or
  /// paragraph separator, or an invisible format character.
  public static func isHazard(_ scalar: Unicode.Scalar, allowingTab: Bool = false) -> Bool {
    switch scalar.value {
    case 0x0A: return false
    case 0x09: return !allowingTab
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0xFEFF: return true
    case 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// The lines of `text` that hold a hazard, each with the hazards' code points, for a
  /// failure message; empty when the text is clean.
  public static func hazardousLines(_ text: String, allowingTab: Bool = false) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
      let found = line.unicodeScalars.filter { isHazard($0, allowingTab: allowingTab) }
      guard !found.isEmpty else { return nil }
      let points = found.map { "U+" + String($0.value, radix: 16, uppercase: true) }
      return "line \(number + 1) (\(points.joined(separator: " "))): \(line.debugDescription)"
    }
  }

  /// Records an issue for every line of `text` that holds a hazard.
  public static func expectClean(
    _ text: String, _ what: String, allowingTab: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = hazardousLines(text, allowingTab: allowingTab)
    #expect(lines.isEmpty, "\(what) passes hazards through: \(lines.prefix(5))", sourceLocation: sourceLocation)
  }
}
