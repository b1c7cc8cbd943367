import AXModel

/// The numbered grid Voice Control shows when a target has no name or number: `columns` ×
/// `rows` cells numbered row by row, zoomed into a cell each time a number is said.
public struct GridOverlay: Hashable, Sendable {
  /// The most levels a grid zooms to, the first level included.
  public static let maximumLevels = 5
  /// The default size of `show grid`: a phone keypad's 3 × 3.
  public static let defaultSize = 3
  /// The largest number of columns or rows accepted.
  public static let maximumSize = 20

  /// Columns per level.
  public var columns: Int
  /// Rows per level.
  public var rows: Int
  /// Whether the grid stays after an action.
  public var isContinuous: Bool
  /// The cells zoomed into so far, outermost first.
  public var path: [Int]
  /// The screen the first level covers.
  public var screen: Rect

  /// Creates a grid over a screen.
  public init(columns: Int, rows: Int, isContinuous: Bool, screen: Rect) {
    self.columns = columns
    self.rows = rows
    self.isContinuous = isContinuous
    self.path = []
    self.screen = screen
  }

  /// The current level, 1 for the whole screen.
  public var level: Int { path.count + 1 }

  /// Whether another zoom is possible.
  public var canZoom: Bool { level < GridOverlay.maximumLevels }

  /// The number of cells.
  public var cellCount: Int { columns * rows }

  /// The region the current level divides.
  public var frame: Rect {
    var region = screen
    for cell in path { region = GridOverlay.cell(cell, of: region, columns: columns, rows: rows) }
    return region
  }

  /// The frame of cell `number` (1-based, row by row) at the current level.
  public func cellFrame(_ number: Int) -> Rect? {
    guard (1...cellCount).contains(number) else { return nil }
    return GridOverlay.cell(number, of: frame, columns: columns, rows: rows)
  }

  /// Every cell of the current level with its number.
  public var cells: [(number: Int, frame: Rect)] {
    (1...cellCount).map { ($0, GridOverlay.cell($0, of: frame, columns: columns, rows: rows)) }
  }

  static func cell(_ number: Int, of region: Rect, columns: Int, rows: Int) -> Rect {
    let index = number - 1
    let width = region.width / Double(columns)
    let height = region.height / Double(rows)
    return Rect(
      x: region.x + Double(index % columns) * width, y: region.y + Double(index / columns) * height,
      width: width, height: height)
  }
}

/// What a chooser does with the item picked: the command that found several.
public struct PendingCommand: Hashable, Sendable {
  /// The command's intent.
  public var intent: VoiceIntent
  /// Its direction, for swipes and scrolls.
  public var direction: VoiceDirection?
  /// Its repeat count.
  public var count: Int
  /// The custom action's name on each candidate, for `customAction`.
  public var actionNames: [String: String]
}

/// The numbered list Voice Control shows when a name fits several elements.
public struct Chooser: Hashable, Sendable {
  /// The candidates' ids, numbered from 1 in this order.
  public var candidates: [String]
  /// The name that was said.
  public var spokenName: String
  /// The command to finish on the chosen candidate.
  public var pending: PendingCommand
  /// The overlay to return to afterwards, when it is continuous.
  public var previous: Overlay?
}

/// The overlay drawn over the screen.
public indirect enum Overlay: Hashable, Sendable {
  /// Names on the targets.
  case names(isContinuous: Bool)
  /// Numbers on the targets, in accessibility order.
  case numbers(isContinuous: Bool)
  /// The numbered grid.
  case grid(GridOverlay)
  /// Numbers on the candidates of an ambiguous name.
  case chooser(Chooser)

  /// The overlay's kind as reports name it.
  public var kindName: String {
    switch self {
    case .names: return "names"
    case .numbers: return "numbers"
    case .grid: return "grid"
    case .chooser: return "chooser"
    }
  }

  /// Whether it stays after an action.
  public var isContinuous: Bool {
    switch self {
    case .names(let continuous), .numbers(let continuous): return continuous
    case .grid(let grid): return grid.isContinuous
    case .chooser: return false
    }
  }
}
