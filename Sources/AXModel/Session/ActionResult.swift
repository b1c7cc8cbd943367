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
  /// An edit of the text field being edited (typing, deleting, Return); a step that enters a
  /// text into a field not yet edited makes it the first responder first.
  case edit(TextEdit)
  /// `accessibilityScroll(_:)` on a scroll view: a page in the direction, or all the way to
  /// that edge (Voice Control's "scroll to bottom").
  case scroll(ScrollDirection, toEdge: Bool)

  public var description: String {
    switch self {
    case .activate: return "activate"
    case .increment: return "increment"
    case .decrement: return "decrement"
    case .custom(let name): return "action '\(name)'"
    case .gesture(let kind): return "gesture \(kind.rawValue)"
    case .escape: return "escape"
    case .magicTap: return "magicTap"
    case .edit(let edit): return edit.description
    case .scroll(let direction, let toEdge):
      return toEdge ? "scroll to \(direction.edgeName)" : "scroll \(direction.rawValue)"
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
    case .edit: return "edit"
    case .scroll: return "scroll"
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
  /// A text field became the first responder (the keyboard came up), or `nil`: editing ended.
  case editing(element: String?)
  /// A scroll view's content offset changed.
  case scrolled(container: String, from: Point, to: Point)
  /// An element in the tree came on screen (scrolled into view).
  case cameOnScreen(element: String)
  /// An element in the tree went off screen (scrolled out of view); VoiceOver still reaches it.
  case wentOffScreen(element: String)

  /// The change as transcripts print it (``ActionText/change(_:)``), the scene's text escaped.
  public var description: String { ActionText.change(self) }
}

/// Whether an action took place.
public enum ActionOutcome: Hashable, Sendable {
  /// The action ran (it may have changed nothing).
  case done
  /// The action was refused, with the reason a user would be told.
  case refused(String)
  /// The action reached its handler, which returned `false` (`accessibilityActivate()`, a
  /// custom action's handler): nothing changed. VoiceOver plays its failure sound; Voice Control
  /// and Switch Control show nothing.
  case failed
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
  /// The layout notification the action posted, if any: `screenChanged` after `present`,
  /// `dismiss` and `navigate` or a `screenChanged` effect, `layoutChanged` after a `focus` or
  /// `layoutChanged` effect on the same screen.
  public var notification: LayoutNotification? = nil
  /// The elements with `updatesFrequently` whose value changed, in tree order: VoiceOver reads
  /// their values by polling them while focused, so the change needs no notification and no
  /// announcement, and reports list these ids instead of announcing each value.
  public var polled: [String] = []

  /// Whether the action took place.
  public var isDone: Bool { outcome == .done }

  /// Whether the action reached a handler that returned `false`.
  public var isFailed: Bool { outcome == .failed }
}

extension ActionOutcome {
  /// The outcome's name in JSON output: `done`, `refused` or `failed`.
  public var name: String {
    switch self {
    case .done: return "done"
    case .refused: return "refused"
    case .failed: return "failed"
    }
  }

  /// The reason given with a refusal or a failure, for JSON's `reason`; `nil` when done.
  public var reason: String? {
    switch self {
    case .done: return nil
    case .refused(let reason): return reason
    case .failed: return ActionText.failureReason
    }
  }
}
