import AXModel

/// Renders an overlay as text (a list and an ASCII layout of the frames), SVG or JSON.
///
/// Output is deterministic: badges in overlay order, numbers in the package's fixed format,
/// JSON keys sorted.
public struct OverlayRenderer: Sendable {
  /// Points per column of the ASCII layout.
  public var pointsPerColumn: Double = 10
  /// Points per row of the ASCII layout (characters are about twice as high as wide).
  public var pointsPerRow: Double = 20

  /// Creates a renderer.
  public init() {}

  /// The list of badges, then the ASCII layout.
  public func text(_ snapshot: OverlaySnapshot) -> String {
    var lines = [
      "overlay: \(snapshot.kind), \(snapshot.sceneName) (\(formatNumber(snapshot.screen.width)) x "
        + "\(formatNumber(snapshot.screen.height)) pt), \(snapshot.badges.count) badges"
    ]
    if let grid = snapshot.grid {
      lines.append(
        "grid: \(grid.columns) x \(grid.rows), level \(grid.level) of \(GridOverlay.maximumLevels), \(grid.frame)")
    }
    let width = String(snapshot.badges.count).count
    for (row, badge) in snapshot.badges.enumerated() {
      let key = badge.number.map(String.init) ?? String(row + 1)
      let padded = String(repeating: " ", count: max(0, width - key.count)) + key
      var parts = ["  \(padded)"]
      if let id = badge.id {
        parts.append(id)
        parts.append(badge.frame.description)
        // Names are untrusted labels: quoted and escaped, so one never breaks the list.
        parts.append(badge.name.map(TreeRenderer.quoted) ?? "(no usable name)")
      } else {
        parts.append("cell \(badge.frame)")
        parts.append("hits \(badge.hit ?? "nothing")")
      }
      lines.append(parts.joined(separator: "  "))
    }
    if !snapshot.unnamed.isEmpty {
      lines.append(
        "no usable name (reachable only by number or grid): \(snapshot.unnamed.joined(separator: ", "))")
    }
    lines.append(
      "layout: 1 column = \(formatNumber(pointsPerColumn)) pt, 1 row = \(formatNumber(pointsPerRow)) pt")
    lines += layout(snapshot)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The ASCII layout: a box per badge's frame with the badge text in it, inside the screen's
  /// border. Names that are not plain ASCII are written as their list key (`#3`).
  func layout(_ snapshot: OverlaySnapshot) -> [String] {
    let columns = max(1, Int((snapshot.screen.width / pointsPerColumn).rounded(.up)))
    let rows = max(1, Int((snapshot.screen.height / pointsPerRow).rounded(.up)))
    var canvas = [[Character]](repeating: [Character](repeating: " ", count: columns), count: rows)
    func span(_ low: Double, _ high: Double, _ scale: Double, _ limit: Int) -> (Int, Int) {
      let start = min(limit - 1, max(0, Int((low / scale).rounded())))
      let end = min(limit - 1, max(start, Int((high / scale).rounded()) - 1))
      return (start, end)
    }
    var labels: [(row: Int, column: Int, text: String)] = []
    for (row, badge) in snapshot.badges.enumerated() {
      let (left, right) = span(badge.frame.minX, badge.frame.maxX, pointsPerColumn, columns)
      let (top, bottom) = span(badge.frame.minY, badge.frame.maxY, pointsPerRow, rows)
      if right > left && bottom > top {
        for x in left...right {
          canvas[top][x] = x == left || x == right ? "+" : "-"
          canvas[bottom][x] = x == left || x == right ? "+" : "-"
        }
        for y in (top + 1)..<bottom {
          canvas[y][left] = "|"
          canvas[y][right] = "|"
        }
      }
      let isASCII = badge.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
      let text = isASCII ? badge.text : "#\(row + 1)"
      if snapshot.grid != nil {
        labels.append(((top + bottom) / 2, max(left, (left + right) / 2 - text.count / 2), text))
      } else {
        let inner = right > left ? left + 1 : left
        labels.append((top, inner, String(text.prefix(max(1, right - inner)))))
      }
    }
    for label in labels {
      for (offset, character) in label.text.enumerated() where label.column + offset < columns {
        canvas[label.row][label.column + offset] = character
      }
    }
    let border = "+" + String(repeating: "-", count: columns) + "+"
    return [border] + canvas.map { "|" + String($0) + "|" } + [border]
  }

  /// The overlay as JSON: the screen, the badges with their frames, the grid and the
  /// targets without a usable name.
  public func json(_ snapshot: OverlaySnapshot) -> JSONOutput {
    func rect(_ frame: Rect) -> JSONOutput {
      .array([.number(frame.x), .number(frame.y), .number(frame.width), .number(frame.height)])
    }
    var object: [String: JSONOutput] = [
      "overlay": .string(snapshot.kind),
      "scene": .string(snapshot.sceneName),
      "screen": ["width": .number(snapshot.screen.width), "height": .number(snapshot.screen.height)],
      "badges": .array(
        snapshot.badges.map { badge in
          [
            "text": .string(badge.text), "number": badge.number.map { .number(Double($0)) } ?? .null,
            "id": badge.id.map(JSONOutput.string) ?? .null,
            "name": badge.name.map(JSONOutput.string) ?? .null,
            "frame": rect(badge.frame), "badge": rect(badge.badgeFrame),
            "hit": badge.hit.map(JSONOutput.string) ?? .null,
          ]
        }),
      "unnamed": .array(snapshot.unnamed.map(JSONOutput.string)),
    ]
    if let grid = snapshot.grid {
      object["grid"] = [
        "columns": .number(Double(grid.columns)), "rows": .number(Double(grid.rows)),
        "level": .number(Double(grid.level)), "frame": rect(grid.frame),
        "path": .array(grid.path.map { .number(Double($0)) }),
      ]
    }
    return .object(object)
  }
}
