import AXModel

/// Draws the scanning screen as text for the interactive front: the stops with the highlight,
/// the groups, the gliding cursor, the menu and the latest announcements.
public struct ScanScreenRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The screen, one line per stop, ending with the menu and the recent messages.
  ///
  /// The screen goes to a terminal raw, so every string from the scene (its name, labels,
  /// ids, menu titles) is escaped with ``TerminalText``; so are the hazards of `messages` and
  /// `keyHelp`, whatever their caller escaped already.
  ///
  /// - Parameters:
  ///   - scanner: The scanner to draw.
  ///   - messages: Recent results and announcements, oldest first.
  ///   - keyHelp: The key bindings line.
  public func text(_ scanner: SwitchScanner, messages: [String], keyHelp: String) -> String {
    let settings = scanner.settings
    let escaped = TerminalText.escaped
    var lines: [String] = []
    lines.append(
      "axswitch  \(escaped(scanner.session.scene.name))  \(scanner.mode.rawValue) mode, "
        + "\(settings.scanning.rawValue) scanning, tap \(settings.tapBehavior.rawValue)  "
        + "t=\(SwitchClock.seconds(scanner.now - scanner.now % 100))s")
    lines.append(TerminalText.escapingHazards(keyHelp))
    lines.append("")
    let highlight = scanner.menu == nil ? scanner.highlight : .none
    let tree = scanner.session.tree
    func name(_ id: String) -> String {
      tree.element(id: id).map { "\(escaped($0.displayName)) (\(escaped(id)))" } ?? escaped(id)
    }
    // Groups are matched by position: one container can give two group stops at a level.
    func draw(_ items: [ScanNode], path: [Int], depth: Int) {
      let indent = String(repeating: "  ", count: depth)
      let isCurrentLevel = path == scanner.groupPath
      for (position, node) in items.enumerated() {
        switch node {
        case .element(let id):
          let mark = highlight == .element(id) ? ">>" : "  "
          let menuMark = scanner.menu?.target == id ? "  [menu]" : ""
          lines.append("\(mark)\(indent)\(name(id))\(menuMark)")
        case .group(let group):
          let isHighlighted =
            isCurrentLevel && scanner.index == position && highlight == .group(group.id)
          let mark = isHighlighted ? ">>" : "  "
          let title = group.label.map { "\(escaped($0)) (\(escaped(group.id)))" } ?? escaped(group.id)
          lines.append("\(mark)\(indent)[group \(title), \(group.reason.rawValue)]")
          draw(group.items, path: path + [position], depth: depth + 1)
          if scanner.groupPath == path + [position] {
            let exitMark = highlight == .exit(group.id) ? ">>" : "  "
            lines.append("\(exitMark)\(indent)  - - exit group - -")
          }
        }
      }
    }
    draw(scanner.layout.items, path: [], depth: 0)
    if scanner.layout.items.isEmpty { lines.append("  (no scan stops)") }
    let offScreen = scanner.layout.offScreen
    if !offScreen.isEmpty { lines.append("off screen, not scanned: " + offScreen.map(escaped).joined(separator: ", ")) }
    if scanner.mode == .point {
      lines.append("")
      switch scanner.highlight {
      case .band(let axis, let from, let to):
        lines.append("cursor: \(axis == .x ? "vertical" : "horizontal") band \(axis.rawValue) \(formatNumber(from))-\(formatNumber(to))")
      case .line(let axis, let at):
        lines.append("cursor: \(axis == .x ? "vertical" : "horizontal") line \(axis.rawValue) = \(formatNumber(at))")
      default:
        lines.append("cursor: stopped (press Select to start)")
      }
      if let cursor = scanner.cursor {
        let fixed = cursor.chosen.sorted { $0.key.rawValue < $1.key.rawValue }
          .map { "\($0.key.rawValue)=\(formatNumber($0.value))" }
        if !fixed.isEmpty { lines.append("fixed: " + fixed.joined(separator: ", ")) }
      }
    } else if scanner.highlight == .none, scanner.menu == nil {
      lines.append("")
      lines.append("scanning stopped: press Select to start")
    }
    if let menu = scanner.menu {
      lines.append("")
      let current = menu.highlighted
      lines.append(
        "menu on \(name(menu.target)): "
          + menu.items.map { $0 == current ? "[\(escaped($0.title))]" : escaped($0.title) }
          .joined(separator: "  "))
    }
    if !messages.isEmpty {
      lines.append("")
      lines += messages.map(TerminalText.escapingHazards)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
