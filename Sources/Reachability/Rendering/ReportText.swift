import AXModel

/// Escaping shared by the renderers: how the scalars that never reach a report raw
/// (``TerminalText/isHazard(_:)``, the one rule for every output) are shown instead.
enum ReportText {
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
      case _ where TerminalText.isHazard(scalar): escaped += visible(scalar)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
