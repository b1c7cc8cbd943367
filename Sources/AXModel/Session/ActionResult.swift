/// An accessibility action a user, or an assistive technology on their behalf, performs.
public enum SceneAction: Hashable, Sendable, CustomStringConvertible {
  /// `accessibilityActivate()`.
  case activate
  /// `accessibilityIncrement()`.
  case increment
  /// `accessibilityDecrement()`.
  case decrement
  /// A named custom action.
  case custom(String)
  /// A gesture-only interaction, performed directly on the screen.
  case gesture(GestureKind)
  /// `accessibilityPerformEscape()`.
  case escape
  /// `accessibilityPerformMagicTap()`.
  case magicTap

  public var description: String {
    switch self {
    case .activate: return "activate"
    case .increment: return "increment"
    case .decrement: return "decrement"
    case .custom(let name): return "action '\(name)'"
    case .gesture(let kind): return "gesture \(kind.rawValue)"
    case .escape: return "escape"
    case .magicTap: return "magicTap"
    }
  }

  /// The action's name in JSON output.
  public var name: String {
    switch self {
    case .activate: return "activate"
    case .increment: return "increment"
    case .decrement: return "decrement"
    case .custom: return "custom"
    case .gesture: return "gesture"
    case .escape: return "escape"
    case .magicTap: return "magicTap"
    }
  }
}

/// One observable difference an action made.
public enum SceneChange: Hashable, Sendable, CustomStringConvertible {
  /// A variable changed.
  case variable(name: String, from: SceneValue, to: SceneValue)
  /// An element's value changed.
  case value(element: String, from: String?, to: String?)
  /// An element's label changed.
  case label(element: String, from: String?, to: String?)
  /// An element's traits changed.
  case traits(element: String, added: AXTraits, removed: AXTraits)
  /// An element entered the accessibility tree.
  case appeared(element: String)
  /// An element left the accessibility tree.
  case disappeared(element: String)
  /// A screen was presented.
  case presented(screen: String)
  /// A screen was dismissed.
  case dismissed(screen: String)
  /// The base screen was replaced.
  case navigated(from: String, to: String)

  /// The change as transcripts print it (``ActionText/change(_:)``), the scene's text escaped.
  public var description: String { ActionText.change(self) }
}

/// Whether an action took place.
public enum ActionOutcome: Hashable, Sendable {
  /// The action ran (it may have changed nothing).
  case done
  /// The action was refused, with the reason a user would be told.
  case refused(String)
}

/// What an action did: its outcome, the changes, the announcements and the new focus.
public struct ActionResult: Hashable, Sendable {
  /// The action performed.
  public var action: SceneAction
  /// The element acted on, if any.
  public var target: String?
  /// Whether it took place.
  public var outcome: ActionOutcome
  /// The differences it made, in a fixed order.
  public var changes: [SceneChange]
  /// The announcements posted, in order.
  public var announcements: [String]
  /// The element the focus moved to, if it moved.
  public var focus: String?

  /// Whether the action took place.
  public var isDone: Bool { outcome == .done }
}
