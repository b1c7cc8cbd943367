/// The kind of a view in a scene, after the UIKit class it stands for.
///
/// The type decides UIKit's defaults: whether the view is an accessibility element, its traits,
/// where its label and value come from, and whether it scrolls.
public enum ViewType: String, CaseIterable, Hashable, Sendable {
  case view, label, button, image, textField, `switch`, slider, stepper, segment, cell, table
  case stack, scroll, tabBar, navigationBar, element, custom

  /// Whether UIKit makes a view of this type an accessibility element by default.
  ///
  /// UILabel, UIButton, UISwitch, UISlider, UITextField and UITableViewCell are elements; plain
  /// views, image views, stacks, scroll views and custom-drawn views are not. A
  /// `UIAccessibilityElement` exists only to be an element.
  public var isElementByDefault: Bool {
    switch self {
    case .label, .button, .textField, .switch, .slider, .stepper, .segment, .cell, .element:
      return true
    case .view, .image, .table, .stack, .scroll, .tabBar, .navigationBar, .custom:
      return false
    }
  }

  /// The traits UIKit gives a view of this type.
  public var defaultTraits: AXTraits {
    switch self {
    case .label: return .staticText
    case .button, .segment: return .button
    case .image: return .image
    case .switch: return [.button, .toggleButton]
    case .slider, .stepper: return .adjustable
    case .tabBar: return .tabBar
    case .textField, .view, .cell, .table, .stack, .scroll, .navigationBar, .element, .custom:
      return []
    }
  }

  /// Whether UIKit delivers touches to a view of this type by default
  /// (`isUserInteractionEnabled`).
  ///
  /// UILabel and UIImageView turn it off, so a tap gesture added to one never fires until the
  /// app turns it back on; every other view takes touches.
  public var isUserInteractionEnabledByDefault: Bool {
    self != .label && self != .image
  }

  /// Whether the view's visible text is its default accessibility label.
  public var textIsLabel: Bool {
    switch self {
    case .label, .button, .segment: return true
    default: return false
    }
  }

  /// Whether the view's visible text is its default accessibility value (a text field's
  /// contents).
  public var textIsValue: Bool { self == .textField }

  /// Whether the view scrolls its content, which switch and voice scroll commands use.
  public var scrolls: Bool { self == .scroll || self == .table }

  /// The container type UIKit reports for this view type when the scene sets none.
  public var defaultContainerType: ContainerType? {
    switch self {
    case .table: return .list
    case .tabBar: return .semanticGroup
    default: return nil
    }
  }
}

/// SwiftUI's `accessibilityElement(children:)` behaviour.
public enum ChildBehavior: String, CaseIterable, Hashable, Sendable {
  /// The view becomes one element whose label joins its children's labels.
  case combine
  /// The view becomes one element and its children are ignored.
  case ignore
  /// The view is a container and its children stay separate elements.
  case contain
}

/// UIKit's `UIAccessibilityContainerType`.
public enum ContainerType: String, CaseIterable, Hashable, Sendable {
  case none, dataTable, list, landmark, semanticGroup
}
