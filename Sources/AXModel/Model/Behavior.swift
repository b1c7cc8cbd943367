/// A value a scene variable holds: a number, a Boolean or a string.
public enum SceneValue: Hashable, Sendable, CustomStringConvertible {
  case number(Double)
  case bool(Bool)
  case string(String)

  /// The text a template inserts for the value: numbers without needless decimals, Booleans as
  /// "on" and "off" (what VoiceOver says for a switch).
  public var description: String {
    switch self {
    case .number(let number): return formatNumber(number)
    case .bool(let flag): return flag ? "on" : "off"
    case .string(let text): return text
    }
  }

  /// The name of the value's kind, for error messages.
  public var kindName: String {
    switch self {
    case .number: return "a number"
    case .bool: return "a Boolean"
    case .string: return "a string"
    }
  }
}

/// A declared scene variable with its start value and, for numbers, its range and step.
public struct Variable: Hashable, Sendable {
  /// The variable's name, used in templates (`{coffee}`) and effects.
  public var name: String
  /// The value the scene starts with.
  public var initial: SceneValue
  /// The smallest value `add` clamps to.
  public var minimum: Double?
  /// The largest value `add` clamps to.
  public var maximum: Double?
  /// The default amount `add` changes the variable by.
  public var step: Double

  /// Creates a variable.
  public init(
    name: String, initial: SceneValue, minimum: Double? = nil, maximum: Double? = nil,
    step: Double = 1
  ) {
    self.name = name
    self.initial = initial
    self.minimum = minimum
    self.maximum = maximum
    self.step = step
  }

  /// Clamps a number to the variable's range.
  public func clamped(_ value: Double) -> Double {
    var result = value
    if let minimum { result = max(minimum, result) }
    if let maximum { result = min(maximum, result) }
    return result
  }
}

/// A string with `{name}` placeholders filled from scene variables.
public struct Template: Hashable, Sendable, CustomStringConvertible {
  /// A literal run or a variable reference.
  public enum Part: Hashable, Sendable {
    case literal(String)
    case variable(String)
  }

  /// The parts in order.
  public var parts: [Part]

  /// Creates a template of literal text only.
  public init(literal: String) {
    parts = literal.isEmpty ? [] : [.literal(literal)]
  }

  /// Creates a template from parts.
  public init(parts: [Part]) {
    self.parts = parts
  }

  /// The names of the variables the template reads.
  public var variableNames: [String] {
    parts.compactMap { if case .variable(let name) = $0 { name } else { nil } }
  }

  /// The text with every placeholder replaced by the variable's value.
  public func rendered(with values: [String: SceneValue]) -> String {
    var text = ""
    for part in parts {
      switch part {
      case .literal(let literal): text += literal
      case .variable(let name): text += values[name]?.description ?? ""
      }
    }
    return text
  }

  /// The source form, with placeholders in braces.
  public var description: String {
    parts.map {
      switch $0 {
      case .literal(let literal):
        literal.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
      case .variable(let name): "{\(name)}"
      }
    }.joined()
  }
}

/// A moment at which a view runs effects: the accessibility actions UIKit defines.
public enum EventKind: String, CaseIterable, Hashable, Sendable {
  /// `accessibilityActivate()`: a tap, a double tap in VoiceOver, "Tap" in Switch Control.
  case activate
  /// `accessibilityIncrement()` on an adjustable element.
  case increment
  /// `accessibilityDecrement()` on an adjustable element.
  case decrement
  /// `accessibilityPerformEscape()`: the two-finger Z, Escape in Switch Control.
  case escape
  /// `accessibilityPerformMagicTap()`: the two-finger double tap.
  case magicTap
  /// The Return key on a text field being edited (`textFieldShouldReturn(_:)`), which a login
  /// form's password field uses to log in.
  case `return`
}

/// A gesture-only interaction: something a finger can do that no accessibility action offers
/// unless the scene also declares one.
public enum GestureKind: String, CaseIterable, Hashable, Sendable {
  case tap, doubleTap, longPress, swipeLeft, swipeRight, swipeUp, swipeDown
  case pinch, spread, rotate, drag, twoFingerTap, pan
}

/// A gesture a view responds to, with the effects it has.
public struct Gesture: Hashable, Sendable {
  /// The gesture.
  public var kind: GestureKind
  /// What the gesture does.
  public var effects: [Effect]

  /// Creates a gesture.
  public init(kind: GestureKind, effects: [Effect]) {
    self.kind = kind
    self.effects = effects
  }
}

/// A named custom action, UIKit's `UIAccessibilityCustomAction`.
public struct CustomAction: Hashable, Sendable {
  /// The name assistive technologies show and speak.
  public var name: String
  /// What the action does.
  public var effects: [Effect]
  /// When the handler returns `true`; `nil` means always. A failing action runs no effects.
  public var succeedsWhen: Condition?

  /// Creates a custom action.
  public init(name: String, effects: [Effect], succeedsWhen: Condition? = nil) {
    self.name = name
    self.effects = effects
    self.succeedsWhen = succeedsWhen
  }
}

/// The options of SwiftUI's `accessibilityDirectTouch(_:)`.
public struct DirectTouchOptions: Hashable, Sendable {
  /// Whether the user must activate the element before touches pass through.
  public var requiresActivation: Bool
  /// Whether VoiceOver stays silent while the element is touched.
  public var silentOnTouch: Bool

  /// Creates direct-touch options.
  public init(requiresActivation: Bool = false, silentOnTouch: Bool = false) {
    self.requiresActivation = requiresActivation
    self.silentOnTouch = silentOnTouch
  }
}
