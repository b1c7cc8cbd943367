import AXModel

/// A screen axis, for point scanning.
public enum Axis: String, Hashable, Sendable {
  /// Horizontal: a vertical band or line sweeps left to right and fixes x.
  case x
  /// Vertical: a horizontal band or line sweeps top to bottom and fixes y.
  case y
}

/// What the scanner highlights.
public enum Highlight: Hashable, Sendable, CustomStringConvertible {
  /// Nothing: scanning stopped, or step scanning awaits its first press.
  case none
  /// An element stop.
  case element(String)
  /// A group stop.
  case group(String)
  /// A group's exit stop (Apple's dashed outline) at the end of its loop.
  case exit(String)
  /// A scanner menu entry.
  case menuItem(String)
  /// Point mode's broad band, covering `from..<to` on the axis.
  case band(axis: Axis, from: Double, to: Double)
  /// Point mode's fine line at a coordinate.
  case line(axis: Axis, at: Double)

  /// The short form transcripts print: an id, `group:id`, `exit:id`, `menu:Title`,
  /// `band:x:from-to` or `line:y:at`.
  public var description: String {
    switch self {
    case .none: return "-"
    case .element(let id): return id
    case .group(let id): return "group:\(id)"
    case .exit(let id): return "exit:\(id)"
    case .menuItem(let title): return "menu:\(title)"
    case .band(let axis, let from, let to):
      return "band:\(axis.rawValue):\(formatNumber(from))-\(formatNumber(to))"
    case .line(let axis, let at): return "line:\(axis.rawValue):\(formatNumber(at))"
    }
  }
}

/// What one scripted input did: the input, the virtual time after it, the highlight, the menu,
/// the actions dispatched and remarks, in order.
public struct SwitchStep: Hashable, Sendable {
  /// The input.
  public var input: SwitchInput
  /// The virtual time after it, in milliseconds since the scan began.
  public var time: Int
  /// The highlight after it.
  public var highlight: Highlight
  /// The menu entries shown after it, if a menu is open.
  public var menu: [String]?
  /// The actions dispatched to the scene session during it.
  public var results: [ActionResult]
  /// What happened, in words (entered a group, menu opened, point missed ...).
  public var notes: [String]
  /// How many times the highlight moved on its own during it.
  public var automaticMoves: Int
}
