import AXModel

/// Why a target can't be reached by any front, or `nil` in ``TargetReport/problem`` when it can.
public enum Unreachability: Hashable, Sendable, CustomStringConvertible {
  /// A modal view or presented screen hides it.
  case behindModal
  /// The view or a superview is hidden (or fully transparent).
  case hidden
  /// It responds to touches but is not exposed to assistive technologies.
  case notInTree
  /// Its frame lies outside the screen.
  case offScreen
  /// Its frame has no area.
  case zeroSize
  /// Another target is in front of it at its activation point.
  case covered(by: String)

  /// The stable key reports use.
  public var key: String {
    switch self {
    case .behindModal: return "behindModal"
    case .hidden: return "hidden"
    case .notInTree: return "notInTree"
    case .offScreen: return "offScreen"
    case .zeroSize: return "zeroSize"
    case .covered: return "covered"
    }
  }

  public var description: String {
    switch self {
    case .behindModal: return "behind a modal view"
    case .hidden: return "hidden"
    case .notInTree: return "not in the accessibility tree"
    case .offScreen: return "off screen"
    case .zeroSize: return "zero size"
    case .covered(let id): return "covered by '\(id)'"
    }
  }
}

/// One interactive target of a screen and what reaching it costs through every front.
public struct TargetReport: Hashable, Sendable {
  /// The view or element id.
  public var id: String
  /// The view type.
  public var type: ViewType
  /// The accessibility label, if any.
  public var label: String?
  /// The accessibility value, if any.
  public var value: String?
  /// The visible text of the view, if the scene gives one.
  public var text: String?
  /// The trait names.
  public var traits: [String]
  /// The frame in screen points.
  public var frame: Rect
  /// The activation point.
  public var activationPoint: Point
  /// The screen the target is reported on.
  public var screen: String
  /// The ids from the window's root down to the target.
  public var treePath: [String]
  /// Whether the target is an element of the accessibility tree.
  public var isInTree: Bool
  /// Why no front can reach it, or `nil` when some can.
  public var problem: Unreachability?
  /// The actions the target offers, in menu order.
  public var actions: [SceneAction]
  /// Where the view is written in the scene file.
  public var location: FileLocation?
  /// Voice Control.
  public var voice: VoiceReach
  /// Switch Control.
  public var switchControl: SwitchReach
  /// VoiceOver, when the target is in the tree.
  public var voiceOver: VoiceOverReach?
  /// Full Keyboard Access.
  public var keyboard: KeyboardReach
}

/// How a target is reached by voice, and the cheapest utterances for each of its actions.
public struct VoiceReach: Hashable, Sendable {
  /// How a target can be named.
  public enum Access: String, Hashable, Sendable {
    /// By a name that finds it alone.
    case name
    /// By a name shared with others, then a number from the chooser.
    case chooser
    /// Only by its number ("show numbers", then the number).
    case number
    /// Not at all (not on screen, hidden, covered).
    case none
  }

  /// Every name it can be called by (input labels, else the label), speakable or not.
  public var names: [String]
  /// The name "show names" draws, if any.
  public var shownName: String?
  /// Why no name can be spoken, or `nil` when one can.
  public var unspeakable: String?
  /// The number "show numbers" gives it, if it is a Voice Control target.
  public var number: Int?
  /// The cheapest way to name it.
  public var access: Access
  /// One route per action.
  public var routes: [Route]

  /// The cheapest utterances that perform one action, or why there are none.
  public struct Route: Hashable, Sendable {
    /// The action.
    public var action: SceneAction
    /// The utterances in order, empty when there is no route.
    public var utterances: [String]
    /// Why there is no route, or `nil`.
    public var failure: String?
  }
}

/// How a target is reached with a switch, in item and point mode.
public struct SwitchReach: Hashable, Sendable {
  /// The groups entered on the way in item mode, outermost first (container ids).
  public var groupPath: [String]
  /// Whether the target is an item-mode scan stop, or why not.
  public var stopProblem: String?
  /// One entry per action and scanning style, in item mode.
  public var item: [Cost]
  /// One entry per action, in point mode.
  public var point: [Cost]

  /// The cost of activating the target in an item-mode scanning style, when it can be done.
  public func activateCost(style: String) -> Cost? {
    item.first { $0.action == .activate && $0.style == style && $0.failure == nil }
  }

  /// The cost of one action under one style.
  public struct Cost: Hashable, Sendable {
    /// The action.
    public var action: SceneAction
    /// `auto`, `manual` or `step` in item mode; `point` in point mode.
    public var style: String
    /// The scanner menu entries chosen, top level first (`[]` when the action needs no menu).
    public var menuPath: [String]
    /// The keys, replayable with `axswitch scan --keys`, or `nil` when unreachable.
    public var keys: String?
    /// Switch presses.
    public var presses: Int
    /// Virtual seconds.
    public var seconds: Double
    /// In point mode, where the tap lands.
    public var point: Point?
    /// In point mode, whether the hit-test at `point` lands on the target.
    public var hits: Bool?
    /// Why it can't be done, or `nil`.
    public var failure: String?
  }
}

/// How VoiceOver reaches a target and what it speaks.
public struct VoiceOverReach: Hashable, Sendable {
  /// The 1-based position in the swipe order.
  public var position: Int
  /// Swipes from the first element.
  public var swipes: Int
  /// What VoiceOver speaks on focus: label, value, traits, hint, in that order.
  public var spoken: String
  /// The 1-based position in the headings rotor, for a heading.
  public var headingPosition: Int?
}

/// How Full Keyboard Access reaches a target.
public struct KeyboardReach: Hashable, Sendable {
  /// Tab presses to reach the target's focus group.
  public var tabs: Int?
  /// Arrow presses inside the group.
  public var arrows: Int?
  /// Per action: whether the keyboard performs it, and with which keys.
  public var actions: [Action]
  /// Why the keyboard can't focus it, or `nil`.
  public var failure: String?

  /// One action by keyboard.
  public struct Action: Hashable, Sendable {
    /// The action.
    public var action: SceneAction
    /// The keys after focusing, or `nil` when the keyboard can't perform it.
    public var keys: String?
  }
}
