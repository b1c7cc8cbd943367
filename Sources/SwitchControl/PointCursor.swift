import AXModel

/// The gliding cursor of point mode: bands and lines that sweep the screen on the virtual
/// clock, one axis after the other.
///
/// Apple's two-stage style sweeps a broad band across x, then a fine line inside the chosen
/// band; then the same down y (four presses). Android's one-stage style sweeps one line down y,
/// then one across x (two presses). A sweep restarts from its edge when it reaches the far end;
/// after ``SwitchSettings/loops`` sweeps without a press, scanning stops.
public struct PointCursor: Hashable, Sendable {
  /// Whether a band or a line is sweeping.
  public enum Phase: String, Hashable, Sendable {
    case band, line
  }

  /// The axes in the order they are fixed.
  public let axes: [Axis]
  /// The position in ``axes`` of the axis sweeping now.
  public internal(set) var axisIndex = 0
  /// What is sweeping.
  public internal(set) var phase: Phase
  /// The start of the current sweep range on the axis.
  public internal(set) var lower: Double
  /// The end of the current sweep range on the axis.
  public internal(set) var upper: Double
  /// When the current sweep began, in milliseconds.
  public internal(set) var start: Int
  /// The coordinates fixed so far.
  public internal(set) var chosen: [Axis: Double] = [:]
  /// Whether the cursor is sweeping (it stops after the loops run out).
  public internal(set) var isActive = true

  let settings: SwitchSettings
  let screen: Size
  let refinePoint: Point?

  /// Starts a cursor at `start`; with `refining`, fine lines sweep a band around that point.
  public init(settings: SwitchSettings, screen: Size, start: Int, refining: Point? = nil) {
    self.settings = settings
    self.screen = screen
    self.start = start
    self.refinePoint = refining
    axes = settings.pointStyle == .twoStage ? [.x, .y] : [.y, .x]
    phase = .line
    lower = 0
    upper = 0
    beginAxis()
  }

  /// The axis sweeping now.
  public var axis: Axis { axes[min(axisIndex, axes.count - 1)] }

  func extent(_ axis: Axis) -> Double { axis == .x ? screen.width : screen.height }

  /// The broad band's width on an axis.
  public func bandWidth(_ axis: Axis) -> Double { extent(axis) * settings.bandFraction }

  /// The current sweeper's width: the band's, or 0 for a line.
  var width: Double { phase == .band ? bandWidth(axis) : 0 }

  /// How fast the current sweeper moves, in points per second.
  var speed: Double { phase == .band ? settings.bandSpeed : settings.sweepSpeed }

  /// The distance the leading edge travels in one sweep.
  var travel: Double { max(upper - lower - width, 1) }

  /// How long one sweep takes, in milliseconds (saturating at ``SwitchClock/longestDuration``
  /// for a sweep across an enormous screen).
  public var sweepMilliseconds: Int {
    max(1, SwitchClock.milliseconds(travel / speed * 1000, rule: .up))
  }

  /// When the loops run out, if the cursor is sweeping; saturating, so no loop count or sweep
  /// length overflows.
  var stopTime: Int? {
    guard isActive else { return nil }
    return SwitchClock.adding(start, SwitchClock.multiplying(settings.loops, sweepMilliseconds))
  }

  mutating func beginAxis() {
    let axis = self.axis
    if let refinePoint {
      let center = axis == .x ? refinePoint.x : refinePoint.y
      let half = bandWidth(axis) / 2
      lower = max(0, min(center - half, extent(axis) - 2 * half))
      upper = min(extent(axis), lower + 2 * half)
      phase = .line
    } else {
      lower = 0
      upper = extent(axis)
      phase = settings.pointStyle == .twoStage ? .band : .line
    }
  }

  /// The leading edge of the band, or the line, at a time.
  public func position(at time: Int) -> Double {
    let elapsed = time > start ? Double(time) - Double(start) : 0
    let distance = speed * elapsed / 1000
    guard distance.isFinite else { return lower }
    return lower + distance.truncatingRemainder(dividingBy: travel)
  }

  /// What the cursor highlights at a time.
  public func highlight(at time: Int) -> Highlight {
    guard isActive else { return .none }
    let edge = position(at: time)
    return phase == .band
      ? .band(axis: axis, from: edge, to: edge + width) : .line(axis: axis, at: edge)
  }

  /// Delays the sweep (while a switch is held).
  mutating func shift(by milliseconds: Int) {
    start = SwitchClock.adding(start, milliseconds)
  }

  /// Fixes the band or line at `time`; returns the point once every axis is fixed.
  mutating func select(at time: Int) -> Point? {
    let edge = position(at: time)
    switch phase {
    case .band:
      lower = edge
      upper = edge + width
      phase = .line
      start = time
      return nil
    case .line:
      chosen[axis] = edge
      axisIndex += 1
      start = time
      if axisIndex >= axes.count {
        isActive = false
        return Point(x: chosen[.x] ?? 0, y: chosen[.y] ?? 0)
      }
      beginAxis()
      return nil
    }
  }

  /// How long after the sweep's start the current band covers, or line reaches, a coordinate;
  /// `nil` when the sweep never gets there.
  public func millisecondsToReach(_ coordinate: Double) -> Int? {
    guard coordinate >= lower, coordinate < upper else { return nil }
    let edge: Double
    if phase == .band {
      edge = min(max(coordinate - width / 2, lower), lower + travel - 0.5)
    } else {
      edge = coordinate
    }
    let milliseconds = SwitchClock.milliseconds((edge - lower) / speed * 1000, rule: .down)
    let reached = position(at: SwitchClock.adding(start, milliseconds))
    let covers =
      phase == .band ? reached <= coordinate && coordinate < reached + width : abs(reached - coordinate) < 1
    return covers ? milliseconds : nil
  }
}

extension SwitchScanner {
  /// Select in point mode: starts a stopped cursor, or fixes the band or line; once the point
  /// is complete it is hit-tested and handled as a selected element, or as a view a touch there
  /// reaches (or reported as a miss). On the keyboard, while a field is edited, it taps the key
  /// there or misses; it never reaches the app behind.
  mutating func selectPoint(opensMenu: Bool = false) {
    guard var current = cursor, current.isActive else {
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: now)
      note("point scanning started")
      return
    }
    let fixed = current.highlight(at: now)
    // Let go of the stored cursor first, so that fixing the axis changes `current` in place
    // instead of copying what it shares with it.
    cursor = nil
    guard let point = current.select(at: now) else {
      cursor = current
      note("fixed \(fixed)")
      return
    }
    // The keyboard is in front of every window: a point on it selects a key or nothing.
    if session.isOnKeyboard(point) {
      selectKey(at: point)
      return
    }
    // Where no element is, a touch still reaches a view that handles it (a tap gesture on a
    // photo that is not an accessibility element): iOS's point mode delivers real touches.
    guard let id = hitTestID(point) ?? touchResponder(at: point) else {
      note("missed: no element at \(point)")
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: now)
      return
    }
    note("point \(point) on \(id)")
    if opensMenu {
      openMenu(forTap: id, point: point)
    } else {
      selectElement(id, point: point)
    }
    if menu == nil, pendingTap == nil, mode == .point, cursor == nil {
      cursor = PointCursor(settings: settings, screen: session.tree.screen, start: now)
    }
  }
}
