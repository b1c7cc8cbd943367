/// A view in a scene: a UIKit-like view with its accessibility properties and behaviour.
///
/// Optional properties left `nil` take UIKit's default for the view's ``type``; see
/// ``ViewType``. Frames and activation points are in screen points.
public struct ViewNode: Hashable, Sendable {
  /// The identifier, unique in the scene; effects, `elements` and reports use it.
  public var id: String
  /// The UIKit class the view stands for.
  public var type: ViewType
  /// The frame in screen points.
  public var frame: Rect
  /// The visible text (a label's or button's title, a text field's contents).
  public var text: String?
  /// The subviews, back to front.
  public var children: [ViewNode]

  /// `isAccessibilityElement`; `nil` takes the type's default.
  public var isAccessibilityElement: Bool?
  /// `accessibilityLabel`; `nil` takes the visible text where UIKit would.
  public var label: Template?
  /// `accessibilityValue`.
  public var value: Template?
  /// `accessibilityHint`.
  public var hint: Template?
  /// `accessibilityIdentifier`.
  public var identifier: String?
  /// Edits to the type's default traits.
  public var traitEdits: [TraitEdit]
  /// `accessibilityUserInputLabels`: the names Voice Control accepts, first one shown.
  public var userInputLabels: [String]
  /// `accessibilityCustomActions`.
  public var customActions: [CustomAction]
  /// `accessibilityActivationPoint`; `nil` is the frame's centre.
  public var activationPoint: Point?
  /// An activation point that moves with a number variable, overriding ``activationPoint``.
  public var activationTrack: ActivationTrack?
  /// `accessibilityPath`: the element's outline, a polygon in screen points, where its shape is
  /// not its frame (a pie slice); `nil` is the frame.
  public var accessibilityPath: [Point]?
  /// `isUserInteractionEnabled`; `nil` takes the type's default (see
  /// ``ViewType/isUserInteractionEnabledByDefault``). A touch passes through a view with it off.
  public var userInteractionEnabled: Bool?
  /// `accessibilityLanguage`; `nil` inherits the scene's.
  public var language: String?
  /// `accessibilityElementsHidden`.
  public var elementsHidden: Bool
  /// `accessibilityViewIsModal`.
  public var viewIsModal: Bool
  /// `shouldGroupAccessibilityChildren`.
  public var groupsChildren: Bool
  /// `accessibilityElements`: ids in the order assistive technologies visit them.
  public var elements: [String]?
  /// `isHidden`.
  public var hidden: Bool
  /// `alpha`; a view at alpha 0 is gone from the tree.
  public var alpha: Double
  /// SwiftUI's `accessibilityElement(children:)`.
  public var childBehavior: ChildBehavior?
  /// `accessibilityContainerType`; `nil` takes the type's default.
  public var containerType: ContainerType?
  /// `accessibilityRespondsToUserInteraction`; `nil` infers it from traits, actions and
  /// gestures.
  public var respondsToUserInteraction: Bool?
  /// `accessibilityDirectTouch` options, when the view takes direct touches.
  public var directTouch: DirectTouchOptions?
  /// Gesture-only interactions.
  public var gestures: [Gesture]
  /// Effects run by accessibility actions.
  public var handlers: [EventKind: [Effect]]
  /// When each handler's action succeeds (`accessibilityActivate()` and its kin return a
  /// `Bool`); an event not listed always succeeds.
  public var succeedsWhen: [EventKind: Condition]
  /// Where the view is defined, for diagnostics.
  public var location: FileLocation?
  /// A text field's `placeholder`, which is its value while it holds no text.
  public var placeholder: Template? = nil
  /// A text field's `isSecureTextEntry`: its value reads as one bullet per character.
  public var isSecure: Bool = false
  /// A text field's `keyboardType`: which keys its keyboard shows first.
  public var keyboardType: KeyboardType = .default
  /// `contentSize`, for a view that scrolls; `nil` is the union of its frame and its subviews'
  /// frames (see ``ScrollGeometry``).
  public var contentSize: Size?
  /// The `contentOffset` the scene starts at, for a view that scrolls; `nil` is zero.
  public var contentOffset: Point?

  /// Creates a view of the given type with UIKit's defaults.
  public init(id: String, type: ViewType, frame: Rect = .zero, children: [ViewNode] = []) {
    self.id = id
    self.type = type
    self.frame = frame
    self.children = children
    text = nil
    isAccessibilityElement = nil
    label = nil
    value = nil
    hint = nil
    identifier = nil
    traitEdits = []
    userInputLabels = []
    customActions = []
    activationPoint = nil
    accessibilityPath = nil
    userInteractionEnabled = nil
    language = nil
    elementsHidden = false
    viewIsModal = false
    groupsChildren = false
    elements = nil
    hidden = false
    alpha = 1
    childBehavior = nil
    containerType = nil
    respondsToUserInteraction = nil
    directTouch = nil
    gestures = []
    handlers = [:]
    succeedsWhen = [:]
    activationTrack = nil
    location = nil
    contentSize = nil
    contentOffset = nil
  }

  /// The traits before any runtime change: the type's defaults with the scene's edits applied.
  public var baseTraits: AXTraits {
    var traits = TraitEdit.apply(traitEdits, to: type.defaultTraits)
    if directTouch != nil { traits.insert(.allowsDirectInteraction) }
    return traits
  }

  /// Whether the view is an accessibility element, honouring SwiftUI's child behaviour.
  public var isElement: Bool {
    switch childBehavior {
    case .combine?, .ignore?: return true
    case .contain?: return false
    case nil: return isAccessibilityElement ?? type.isElementByDefault
    }
  }

  /// Whether touches reach the view (`isUserInteractionEnabled`, or its type's default).
  public var isUserInteractionEnabled: Bool {
    userInteractionEnabled ?? type.isUserInteractionEnabledByDefault
  }

  /// The container type reported for the view.
  public var effectiveContainerType: ContainerType? {
    containerType ?? type.defaultContainerType
  }
}

/// A window: a view hierarchy at a window level.
public struct Window: Hashable, Sendable {
  /// `windowLevel`; higher levels are in front.
  public var level: Double
  /// The window's root view.
  public var root: ViewNode

  /// Creates a window.
  public init(level: Double = 0, root: ViewNode) {
    self.level = level
    self.root = root
  }
}

/// A named set of windows that effects present or navigate to.
public struct Screen: Hashable, Sendable {
  /// The name effects refer to.
  public var name: String
  /// The windows the screen shows.
  public var windows: [Window]
  /// Whether the screen stands for views the app lays over its own window (a custom sheet, a
  /// popover drawn in place) rather than a view controller UIKit presents: dismissing it
  /// returns the focus nowhere unless the scene moves it.
  public var isOverlay: Bool = false

  /// Creates a screen.
  public init(name: String, windows: [Window]) {
    self.name = name
    self.windows = windows
  }
}

/// Whether the interface reads left to right or right to left.
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
  case leftToRight, rightToLeft
}

/// A whole scene file: the start state, the screens effects can show, the variables and the
/// tasks.
public struct Scene: Hashable, Sendable {
  /// The format tag; ``Scene/currentFormat`` is the only one this version reads.
  public static let currentFormat = "axscene/1"

  /// The scene's display name.
  public var name: String
  /// The screen size in points.
  public var screen: Size
  /// The layout direction, which mirrors the geometry sort.
  public var layoutDirection: LayoutDirection
  /// The BCP 47 language of the scene's text.
  public var language: String
  /// The windows of the start state, under the screen name ``Scene/startScreenName``.
  public var windows: [Window]
  /// Other named screens.
  public var screens: [Screen]
  /// The declared variables.
  public var variables: [Variable]
  /// The common tasks.
  public var tasks: [SceneTask]
  /// The file the scene was loaded from, for diagnostics.
  public var path: String?

  /// The name under which the start state's windows are a screen.
  public static let startScreenName = "start"

  /// Creates a scene.
  public init(
    name: String, screen: Size, layoutDirection: LayoutDirection = .leftToRight,
    language: String = "en-US", windows: [Window], screens: [Screen] = [],
    variables: [Variable] = [], tasks: [SceneTask] = [], path: String? = nil
  ) {
    self.name = name
    self.screen = screen
    self.layoutDirection = layoutDirection
    self.language = language
    self.windows = windows
    self.screens = screens
    self.variables = variables
    self.tasks = tasks
    self.path = path
  }

  /// The screen as a rectangle: at the origin, of the screen's size.
  public var screenFrame: Rect {
    Rect(x: 0, y: 0, width: screen.width, height: screen.height)
  }

  /// The windows of the named screen, the start state included.
  public func windows(ofScreen name: String) -> [Window]? {
    if name == Scene.startScreenName { return windows }
    return screens.first { $0.name == name }?.windows
  }
}
