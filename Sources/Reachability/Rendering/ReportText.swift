/// Escaping shared by the renderers: which scalars never reach a report raw, and how
/// they are shown instead.
enum ReportText {
  /// Whether a scalar is a control, a line or paragraph separator, a bidirectional formatting
  /// character or a noncharacter:
  /// each can hide, reorder or redraw what a reader sees (an ESC sequence, U+202E).
  static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    case 0xFDD0...0xFDEF: return true
    default: return scalar.value & 0xFFFE == 0xFFFE
    }
  }

  /// A count and its noun, plural unless the count is one: `1 step`, `3 presses`.
  static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(count == 1 ? noun : noun + (noun.hasSuffix("s") ? "es" : "s"))"
  }

  /// The visible stand-in for a hazardous scalar, such as `⟨U+001B⟩`.
  static func visible(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "\u{27E8}U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "\u{27E9}"
  }

  /// Text escaped for HTML: the five markup characters as references, newlines and tabs
  /// kept, every other hazard shown by its code point.
  static func html(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      case _ where isHazard(scalar): escaped += visible(scalar)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
