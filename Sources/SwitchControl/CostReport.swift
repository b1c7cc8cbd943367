import AXModel
import Foundation

/// The cost of activating every scan stop of a scene under one set of settings, with the
/// textbook estimates beside the measured means.
public struct CostReport: Sendable {
  /// One stop's cost, or why it can't be reached.
  public struct Row: Sendable {
    /// The element.
    public var id: String
    /// The path, when one exists.
    public var path: SwitchPath?
    /// Why none exists.
    public var failure: SwitchPathFailure?
  }

  /// The settings measured.
  public let settings: SwitchSettings
  /// One row per stop, in scan order.
  public let rows: [Row]
  /// One row per off-screen element that scrolling brings into view (a row below the fold),
  /// in tree order: reachable, at the cost of the Scroll steps. Not stops, so not in N or the
  /// means.
  public let scrolledRows: [Row]
  /// The number of stops, N.
  public var stopCount: Int { rows.count }

  /// Measures every stop of the session's start state.
  ///
  /// One start scanner serves every stop, and each path is planned rather than driven to its
  /// action (which would rebuild the tree per stop), so the report takes time about linear in
  /// the stops. A stop whose action the scene may refuse is driven, for the scene's reason.
  /// A planned row's path has no transcript of its final step, whose action was not run.
  public init(session: SceneSession, settings: SwitchSettings) {
    self.settings = settings
    let finder = SwitchPathFinder(settings: settings)
    let start = SwitchScanner(session: session, settings: settings)
    func row(_ id: String) -> Row {
      switch finder.costPath(to: id, goal: .activate, from: start) {
      case .success(let path): return Row(id: id, path: path, failure: nil)
      case .failure(let failure): return Row(id: id, path: nil, failure: failure)
      }
    }
    rows = start.layout.stops.map(row)
    let tree = session.tree
    scrolledRows = start.layout.offScreen
      .filter { tree.element(id: $0)?.clipFrame != nil }
      .map(row)
  }

  /// The mean presses over reachable stops.
  public var meanPresses: Double {
    mean(rows.compactMap { $0.path.map { Double($0.presses) } })
  }

  /// The mean seconds over reachable stops.
  public var meanSeconds: Double {
    mean(rows.compactMap { $0.path.map { Double($0.milliseconds) / 1000 } })
  }

  /// The textbook mean moves for linear scanning, (N-1)/2.
  public var linearEstimate: Double { Double(max(stopCount - 1, 0)) / 2 }

  /// The textbook mean moves for two-level groups of about sqrt(N), sqrt(N)-1.
  public var groupedEstimate: Double { max(Double(stopCount).squareRoot() - 1, 0) }

  func mean(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
  }

  /// A short name of the settings: mode, scanning, tap behaviour and grouping.
  public var settingsName: String {
    var name = "\(settings.mode.rawValue) \(settings.scanning.rawValue)"
    if settings.mode == .point { name += " \(settings.pointStyle.rawValue)" }
    name += ", tap \(settings.tapBehavior.rawValue)"
    if settings.mode == .item { name += settings.groupsItems ? ", groups on" : ", groups off" }
    return name
  }

  /// The report as text: one line per stop, then the means and the estimates. Ids and
  /// reasons are escaped with ``TerminalText``.
  public func text() -> String {
    var lines = ["settings: \(settingsName)", "stops: \(stopCount)"]
    let ids = rows.map { TerminalText.escaped($0.id) }
    let width = ids.map(\.count).max() ?? 0
    for (row, id) in zip(rows, ids) {
      lines.append(Self.line(row, id + String(repeating: " ", count: width - id.count)))
    }
    if !scrolledRows.isEmpty {
      lines.append("below the fold, through Scroll: \(scrolledRows.count)")
      let scrolledIDs = scrolledRows.map { TerminalText.escaped($0.id) }
      let scrolledWidth = scrolledIDs.map(\.count).max() ?? 0
      for (row, id) in zip(scrolledRows, scrolledIDs) {
        lines.append(Self.line(row, id + String(repeating: " ", count: scrolledWidth - id.count)))
      }
    }
    lines.append(
      "mean: presses \(formatNumber(meanPresses)), seconds \(formatNumber(meanSeconds))")
    lines.append(
      "estimates (moves): linear (N-1)/2 = \(formatNumber(linearEstimate)), grouped sqrt(N)-1 = \(formatNumber(groupedEstimate)), point 4 presses")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One row's line: its cost and keys, or why it is unreachable; `id` is escaped and padded.
  static func line(_ row: Row, _ id: String) -> String {
    if let path = row.path {
      return "  \(id)  presses \(path.presses)  seconds \(SwitchClock.seconds(path.milliseconds))  keys \(KeyScript.text(path.keys))"
    }
    return "  \(id)  unreachable: \(TerminalText.escaped(row.failure?.reason ?? "no path"))"
  }

  /// One row as a JSON object.
  static func json(_ row: Row) -> JSONOutput {
    var object: [String: JSONOutput] = ["id": .string(row.id)]
    if let path = row.path {
      object["presses"] = .number(Double(path.presses))
      object["seconds"] = .number(Double(path.milliseconds) / 1000)
      object["keys"] = .array(path.keys.map { .string($0.description) })
    }
    if let failure = row.failure { object["reason"] = .string(failure.reason) }
    return .object(object)
  }

  /// The report as JSON; `scrolledRows` only when some row is reached by scrolling.
  public func json() -> JSONOutput {
    var object: [String: JSONOutput] = [
      "settings": .string(settingsName),
      "stops": .number(Double(stopCount)),
      "meanPresses": .number(meanPresses),
      "meanSeconds": .number(meanSeconds),
      "linearEstimate": .number(linearEstimate),
      "groupedEstimate": .number(groupedEstimate),
      "rows": .array(rows.map(Self.json)),
    ]
    if !scrolledRows.isEmpty { object["scrolledRows"] = .array(scrolledRows.map(Self.json)) }
    return .object(object)
  }
}
