import AXModel
import Foundation

/// The cost of activating every scan stop of a scene under one set of settings, with the
/// textbook estimates beside the measured means.
public struct CostReport: Sendable {
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
  /// A row keeps only what the table prints of its path, not the steps (see ``Row``).
  public init(session: SceneSession, settings: SwitchSettings) {
    self.settings = settings
    let finder = SwitchPathFinder(settings: settings)
    let start = SwitchScanner(session: session, settings: settings)
    // The rows scrolled out of view share their Scroll steps.
    let scrolls = SwitchScrollStates(start: start)
    func row(_ id: String) -> Row {
      switch finder.costPath(to: id, goal: .activate, sharing: scrolls) {
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
    mean(rows.compactMap { $0.cost.map { Double($0.presses) } })
  }

  /// The mean seconds over reachable stops.
  public var meanSeconds: Double {
    mean(rows.compactMap { $0.cost.map { Double($0.milliseconds) / 1000 } })
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
}
