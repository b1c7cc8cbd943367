import AXModel

/// Renders an overlay as text (a list and an ASCII layout of the frames), SVG or JSON.
///
/// Output is deterministic: badges in overlay order, numbers in the package's fixed format,
/// JSON keys sorted. The scene's text (its name, ids, names) is escaped with ``TerminalText``.
public struct OverlayRenderer: Sendable {
  /// Points per column of the ASCII layout.
  public var pointsPerColumn: Double = 10
  /// Points per row of the ASCII layout (characters are about twice as high as wide).
  public var pointsPerRow: Double = 20
  /// The most columns of the ASCII layout: a wider screen is drawn at a coarser scale.
  public var maximumColumns = 200
  /// The most rows of the ASCII layout: a taller screen is drawn at a coarser scale.
  public var maximumRows = 100

  /// Creates a renderer.
  public init() {}

  /// The list of badges, then the ASCII layout.
  public func text(_ snapshot: OverlaySnapshot) -> String {
    let scale = layoutScale(snapshot.screen)
    var scaleLine =
      "layout: 1 column = \(formatNumber(pointsPerColumn * scale)) pt, 1 row = \(formatNumber(pointsPerRow * scale)) pt"
    if scale > 1 {
      scaleLine += " (scaled down \(formatNumber(scale)) times to fit \(maximumColumns) columns and \(maximumRows) rows)"
    }
    return list(snapshot) + ([scaleLine] + layout(snapshot)).joined(separator: "\n") + "\n"
  }

  /// The list of badges alone: the overlay's kind and screen, a line per badge, the elements
  /// with no usable name. A live transcript prints it, where the layout would be too tall.
  public func list(_ snapshot: OverlaySnapshot) -> String {
    let escaped = TerminalText.escaped
    var lines = [
      "overlay: \(snapshot.kind), \(escaped(snapshot.sceneName)) (\(formatNumber(snapshot.screen.width)) x "
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
        parts.append(escaped(id))
        parts.append(badge.frame.description)
        parts.append(badge.name.map(TerminalText.quoted) ?? "(no usable name)")
      } else {
        parts.append("cell \(badge.frame)")
        parts.append("hits \(badge.hit.map(escaped) ?? "nothing")")
      }
      lines.append(parts.joined(separator: "  "))
    }
    if !snapshot.unnamed.isEmpty {
      lines.append(
        "no usable name (reachable only by number or grid): \(snapshot.unnamed.map(escaped).joined(separator: ", "))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// How many times coarser than `pointsPerColumn` and `pointsPerRow` the layout is drawn: 1,
  /// or the smallest whole number that fits the screen in `maximumColumns` x `maximumRows`.
  ///
  /// The layout's size would otherwise follow the screen's: a 190-byte scene with a
  /// 100,000 pt square screen drew 50 MB of text.
  func layoutScale(_ screen: Size) -> Double {
    let needed = max(
      screen.width / (pointsPerColumn * Double(max(1, maximumColumns))),
      screen.height / (pointsPerRow * Double(max(1, maximumRows))))
    // NaN (an unchecked size) compares false, and is drawn at the usual scale.
    return needed > 1 ? needed.rounded(.up) : 1
  }

  /// The ASCII layout: a box per badge's frame with the badge text in it, inside the screen's
  /// border. Names that are not plain ASCII are written as their list key (`#3`).
  func layout(_ snapshot: OverlaySnapshot) -> [String] {
    let scale = layoutScale(snapshot.screen)
    let pointsPerColumn = self.pointsPerColumn * scale
    let pointsPerRow = self.pointsPerRow * scale
    // Bounded again, should rounding leave a column or a row over.
    let columns = Self.cells(snapshot.screen.width / pointsPerColumn, atMost: maximumColumns)
    let rows = Self.cells(snapshot.screen.height / pointsPerRow, atMost: maximumRows)
    var canvas = [[Character]](repeating: [Character](repeating: " ", count: columns), count: rows)
    func span(_ low: Double, _ high: Double, _ scale: Double, _ limit: Int) -> (Int, Int) {
      // Clamped as Doubles, so that a frame far off the screen can't trap the conversion.
      func cell(_ value: Double) -> Int {
        let cell = (value / scale).rounded()
        return cell >= 0 ? Int(min(cell, Double(limit))) : 0
      }
      let start = min(limit - 1, cell(low))
      let end = min(limit - 1, max(start, cell(high) - 1))
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

  /// The whole number of cells that covers `extent` cells, from 1 to `limit`.
  static func cells(_ extent: Double, atMost limit: Int) -> Int {
    guard extent > 1 else { return 1 }
    // Compared as a Double first: converting an infinite or huge extent would trap.
    return Int(min(extent.rounded(.up), Double(max(1, limit))))
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
