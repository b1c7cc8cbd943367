import AXModel

extension OverlayRenderer {
  /// The overlay as an SVG document the size of the screen: every element's frame in grey,
  /// the marked frames in blue, and the badges where Voice Control draws them.
  public func svg(_ snapshot: OverlaySnapshot) -> String {
    let width = formatNumber(snapshot.screen.width)
    let height = formatNumber(snapshot.screen.height)
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" "
        + "font-size=\"11\">",
      "  <title>\(escaped("Voice Control \(snapshot.kind): \(snapshot.sceneName)"))</title>",
      "  <rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#f2f2f7\" stroke=\"#3a3a3c\"/>",
      "  <g fill=\"#ffffff\" stroke=\"#c7c7cc\" stroke-width=\"1\">",
    ]
    for frame in snapshot.elementFrames where !frame.isEmpty {
      lines.append("    \(rect(frame))")
    }
    lines.append("  </g>")
    lines.append("  <g fill=\"#8e8e93\" text-anchor=\"middle\">")
    for (frame, text) in zip(snapshot.elementFrames, snapshot.elementTexts)
    where !frame.isEmpty && !text.isEmpty {
      lines.append(
        "    <text x=\"\(formatNumber(frame.center.x))\" y=\"\(formatNumber(frame.center.y + 4))\">"
          + "\(escaped(String(text.prefix(40))))</text>")
    }
    lines.append("  </g>")
    if snapshot.grid != nil {
      lines.append("  <g fill=\"none\" stroke=\"#ff9f0a\" stroke-width=\"1.5\">")
    } else {
      lines.append("  <g fill=\"none\" stroke=\"#0a84ff\" stroke-width=\"1.5\">")
    }
    for badge in snapshot.badges where !badge.frame.isEmpty {
      lines.append("    \(rect(badge.frame))")
    }
    lines.append("  </g>")
    let fill = snapshot.grid != nil ? "#ff9f0a" : "#0a84ff"
    lines.append("  <g>")
    for badge in snapshot.badges {
      let box = badge.badgeFrame
      lines.append(
        "    <rect x=\"\(formatNumber(box.x))\" y=\"\(formatNumber(box.y))\" width=\"\(formatNumber(box.width))\" "
          + "height=\"\(formatNumber(box.height))\" rx=\"4\" fill=\"\(fill)\"/>")
      lines.append(
        "    <text x=\"\(formatNumber(box.center.x))\" y=\"\(formatNumber(box.y + 12))\" "
          + "text-anchor=\"middle\" fill=\"#ffffff\">\(escaped(badge.text))</text>")
    }
    lines.append("  </g>")
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  private func rect(_ frame: Rect) -> String {
    "<rect x=\"\(formatNumber(frame.x))\" y=\"\(formatNumber(frame.y))\" width=\"\(formatNumber(frame.width))\" "
      + "height=\"\(formatNumber(frame.height))\"/>"
  }

  /// Text escaped for XML: labels are untrusted input. The markup characters become
  /// references; every ``TerminalText`` hazard is drawn as its visible escape (`\u{202e}`),
  /// since XML 1.0 can't hold most controls and a bidi control would reorder the drawing.
  func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case _ where TerminalText.isHazard(scalar): result += TerminalText.escape(scalar)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
