/// What a switch does when pressed: the actions iOS lets a switch be assigned.
public enum SwitchAction: String, CaseIterable, Hashable, Sendable {
  /// Select Item: picks the highlighted item (and starts a stopped scan).
  case select
  /// Move to Next Item.
  case next
  /// Move to Previous Item.
  case previous
  /// Escape: closes the menu, leaves a group, or performs the scene's escape.
  case escape
  /// The Select switch held for the Long Press time: opens the scanner menu.
  case hold
}

/// One step of a scripted run: a switch press, or time passing without one.
public enum SwitchInput: Hashable, Sendable, CustomStringConvertible {
  /// A switch press.
  case press(SwitchAction)
  /// Waiting one scan interval (`wait`).
  case waitInterval
  /// Waiting the given number of milliseconds (`wait:SECONDS`).
  case wait(milliseconds: Int)

  /// The token as a script writes it.
  public var description: String {
    switch self {
    case .press(let action): return action.rawValue
    case .waitInterval: return "wait"
    case .wait(let milliseconds): return "wait:\(SwitchClock.seconds(milliseconds))"
    }
  }

  /// Whether the step is a switch press (waits are not).
  public var isPress: Bool {
    if case .press = self { return true }
    return false
  }
}
