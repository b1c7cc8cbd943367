/// One change an action makes to the scene state.
///
/// Every effect applies to the view that runs it unless it names a `target`.
public struct Effect: Hashable, Sendable {
  /// What the effect does.
  public enum Kind: Hashable, Sendable {
    /// Sets a variable, or (with a trait name) inserts or removes a trait on the target.
    case set(name: String, value: SceneValue)
    /// Adds to a number variable, clamped to its range; `nil` adds the variable's step.
    case add(variable: String, amount: Double?)
    /// Flips a Boolean variable or a trait on the target.
    case toggle(name: String)
    /// Posts an announcement (`UIAccessibility.Notification.announcement`).
    case announce(Template)
    /// Presents a named screen above the current windows.
    case present(screen: String)
    /// Dismisses the named presented screen, or the topmost one when `nil`.
    case dismiss(screen: String?)
    /// Replaces the base screen, dismissing everything presented.
    case navigate(screen: String)
    /// Removes the target from the scene (a deleted row).
    case remove
    /// Hides the target (`isHidden = true`).
    case hide
    /// Shows the target (`isHidden = false`).
    case show
    /// Moves the accessibility focus to the target (the `screenChanged`/`layoutChanged`
    /// argument).
    case focus
    /// Posts `screenChanged` or `layoutChanged`, with an element to focus or `nil`.
    case post(LayoutNotification, argument: String?)
  }

  /// The verb that names an effect's kind in a scene file: the one key of an effect object
  /// besides its arguments (`{"hide": "banner"}`, `{"set": "count", "to": 2}`).
  ///
  /// Its cases are in the order the format lists them.
  public enum Verb: String, CaseIterable, Hashable, Sendable {
    /// ``Kind/set(name:value:)``.
    case set
    /// ``Kind/add(variable:amount:)``.
    case add
    /// ``Kind/toggle(name:)``.
    case toggle
    /// ``Kind/announce(_:)``.
    case announce
    /// ``Kind/present(screen:)``.
    case present
    /// ``Kind/dismiss(screen:)``.
    case dismiss
    /// ``Kind/navigate(screen:)``.
    case navigate
    /// ``Kind/remove``.
    case remove
    /// ``Kind/hide``.
    case hide
    /// ``Kind/show``.
    case show
    /// ``Kind/focus``.
    case focus
    /// ``Kind/post(_:argument:)`` with ``LayoutNotification/screenChanged``.
    case screenChanged
    /// ``Kind/post(_:argument:)`` with ``LayoutNotification/layoutChanged``.
    case layoutChanged
  }

  /// What the effect does.
  public var kind: Kind
  /// The id of the view the effect applies to; `nil` means the view that runs it.
  public var target: String?

  /// Creates an effect.
  public init(_ kind: Kind, target: String? = nil) {
    self.kind = kind
    self.target = target
  }
}

extension Effect.Kind {
  /// The verb that names this kind of effect in a scene file.
  public var verb: Effect.Verb {
    switch self {
    case .set: .set
    case .add: .add
    case .toggle: .toggle
    case .announce: .announce
    case .present: .present
    case .dismiss: .dismiss
    case .navigate: .navigate
    case .remove: .remove
    case .hide: .hide
    case .show: .show
    case .focus: .focus
    case .post(.screenChanged, _): .screenChanged
    case .post(.layoutChanged, _): .layoutChanged
    }
  }
}

/// The two UIKit notifications that tell assistive technologies the screen changed under them.
///
/// `UIAccessibility.Notification.screenChanged` announces a new screen: VoiceOver moves its
/// focus to the argument, or to the first element when there is none, and Switch Control
/// restarts scanning at the top. `layoutChanged` announces that part of the screen changed:
/// the focus moves to the argument, or stays where it is while the focused element remains, and
/// scanning goes on.
public enum LayoutNotification: String, CaseIterable, Hashable, Sendable {
  /// `UIAccessibility.Notification.screenChanged`.
  case screenChanged
  /// `UIAccessibility.Notification.layoutChanged`.
  case layoutChanged
}
