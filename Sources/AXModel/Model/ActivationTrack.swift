/// An activation point that follows a number variable, as seed 004's coffee dispenser sets
/// `accessibilityActivationPoint` from its fill level.
///
/// The point moves in a straight line from ``from`` (the variable at its minimum) to ``to`` (at
/// its maximum), so a passthrough drag always starts where the value is and has room either way.
public struct ActivationTrack: Hashable, Sendable {
  /// The number variable the point follows.
  public var variable: String
  /// The point when the variable is at ``minimum``.
  public var from: Point
  /// The point when the variable is at ``maximum``.
  public var to: Point
  /// The variable's value at ``from``: its `min`.
  public var minimum: Double
  /// The variable's value at ``to``: its `max`.
  public var maximum: Double

  /// Creates a track.
  public init(variable: String, from: Point, to: Point, minimum: Double, maximum: Double) {
    self.variable = variable
    self.from = from
    self.to = to
    self.minimum = minimum
    self.maximum = maximum
  }

  /// The point for a value: interpolated between the ends, clamped to them.
  public func point(at value: Double) -> Point {
    let span = maximum - minimum
    let fraction = span > 0 ? min(1, max(0, (value - minimum) / span)) : 0
    return Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
  }
}

extension ViewNode {
  /// The activation point in a state's variables: the track's point when the view has one,
  /// else the fixed point, else the frame's centre.
  public func activationPoint(with values: [String: SceneValue]) -> Point {
    if let track = activationTrack, case .number(let value)? = values[track.variable] {
      return track.point(at: value)
    }
    return activationPoint ?? frame.center
  }
}
