/// The one rule for showing untrusted text (labels, values, names, ids, announcements, file
/// paths, keys) in a terminal or a line-oriented transcript.
///
/// A scene is input from anyone: a label holding `ESC ] 0; … BEL` retitles the user's
/// terminal, `ESC [2J` wipes it, a `\n` forges a line of a transcript or splits an error line,
/// and U+202E reverses what follows. So every scalar that can redraw, reorder, break or hide
/// text, a *hazard*, is printed as a visible escape instead:
///
/// - `\n`, `\r` and `\t` as those two characters;
/// - every other hazard as `\u{hex}`, the hex digits in lower case: `ESC` is `\u{1b}`,
///   U+202E is `\u{202e}`.
///
/// The hazards are the C0 controls, DEL, the C1 controls (U+0080–U+009F, with U+0085 NEL and
/// U+009B CSI), the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069), the line and paragraph separators (U+2028, U+2029), the invisible format
/// characters that can hide text or glue words (U+180E, U+200B, U+2060–U+2064,
/// U+206A–U+206F, U+FEFF, U+FFF9–U+FFFB) and the noncharacters. The zero-width non-joiner and
/// joiner (U+200C, U+200D) are not hazards: Persian and Indic labels and emoji sequences need
/// them, and they can't move or redraw anything.
///
/// Formats with their own escapes (HTML, XML, Markdown, JSON) keep them, but decide what to
/// escape with ``isHazard(_:)`` too.
public enum TerminalText {
  /// Whether a scalar is a hazard: a control, a bidirectional control, a line or paragraph
  /// separator, an invisible format character or a noncharacter.
  public static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Printable ASCII and most letters are decided by the first two comparisons.
    if value < 0x20 { return true }
    if value < 0x7F { return false }
    switch value {
    case 0x7F...0x9F: return true
    case 0x061C, 0x180E: return true
    case 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F: return true
    case 0xFDD0...0xFDEF, 0xFEFF, 0xFFF9...0xFFFB: return true
    default: return value & 0xFFFE == 0xFFFE
    }
  }

  /// Whether any scalar of the text is a hazard.
  public static func containsHazard(_ text: some StringProtocol) -> Bool {
    // Scanning bytes first: a string of ASCII letters is answered without decoding a scalar.
    text.utf8.contains { $0 < 0x20 || $0 >= 0x7F } && text.unicodeScalars.contains(where: isHazard)
  }

  /// The visible escape of a scalar: `\n`, `\r`, `\t`, else `\u{hex}`.
  public static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default: return "\\u{\(String(scalar.value, radix: 16))}"
    }
  }

  /// An untrusted string for a line of text output: every hazard escaped and every backslash
  /// doubled, so that a label which spells out `\u{1b}` can't pass for an escaped ESC.
  ///
  ///     TerminalText.escaped("a\u{1B}[2Jb\\c")  // a\u{1b}[2Jb\\c
  public static func escaped(_ text: String) -> String {
    escaping(text) { $0 == "\\" }
  }

  /// An untrusted string in double quotes, with hazards, backslashes and double quotes
  /// escaped, or `-` for none: the way transcripts show labels, values and announcements.
  ///
  ///     TerminalText.quoted("say \"hi\"\n")  // "say \"hi\"\n"
  public static func quoted(_ text: String?) -> String {
    guard let text else { return "-" }
    return "\"" + escaping(text) { $0 == "\\" || $0 == "\"" } + "\""
  }

  /// A message built from untrusted parts, some of which may already be escaped or quoted
  /// (an error that quotes a label): hazards escaped, backslashes left as they are.
  ///
  /// An error line and a refusal go through this; doubling their backslashes would escape
  /// twice the parts that ``quoted(_:)`` has already escaped.
  public static func escapingHazards(_ text: String) -> String {
    escaping(text) { _ in false }
  }

  /// The text with hazards escaped and a backslash put before each scalar `prefixed` accepts.
  private static func escaping(_ text: String, prefixed: (Unicode.Scalar) -> Bool) -> String {
    // Most text holds nothing to escape and is returned as it is, without a copy: printable
    // ASCII with no backslash or quote is told by its bytes, the rest by its scalars.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C && $0 != 0x22 }) { return text }
    guard text.unicodeScalars.contains(where: { isHazard($0) || prefixed($0) }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isHazard(scalar) {
        result.append(contentsOf: escape(scalar).unicodeScalars)
      } else {
        if prefixed(scalar) { result.append("\\") }
        result.append(scalar)
      }
    }
    return String(result)
  }
}
