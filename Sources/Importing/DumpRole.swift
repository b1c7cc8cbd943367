import AXModel

/// The kind of a dumped element, normalised across producers.
///
/// XCUITest's `XCUIElementType`, idb's `type`, UIAutomation's `UIA*` classes and Android's
/// widget classes all map to one of these, and each maps to one scene view type with its
/// traits.
public enum DumpRole: String, CaseIterable, Hashable, Sendable {
  case application, window, other, group
  case button, link, staticText, image, icon
  case textField, secureTextField, searchField, textView
  case toggle, checkBox, radioButton, slider, stepper, pageIndicator, picker, pickerWheel
  case segmentedControl, tab, menuItem, key, keyboard
  case cell, table, collectionView, scrollView, webView
  case navigationBar, tabBar, toolbar, statusBar
  case alert, sheet, dialog, popover
  case progressIndicator, activityIndicator

  /// The role of an XCUITest element type, given with or without its prefix
  /// (`XCUIElementTypeButton`, `Button`), a UIAutomation class (`UIAButton`) or an idb
  /// `AX` role (`AXButton`); unknown types are `other`.
  public init(elementType name: String) {
    var short = Substring(name)
    for prefix in ["XCUIElementType", "UIA", "AX"] where short.hasPrefix(prefix) {
      short = short.dropFirst(prefix.count)
      break
    }
    self = DumpRole.byTypeName[String(short).lowercased()] ?? .other
  }

  // Lower-cased XCUIElementType names, their UIAutomation ancestors and idb's role names.
  private static let byTypeName: [String: DumpRole] = {
    var table: [String: DumpRole] = [
      "application": .application, "window": .window, "other": .other, "any": .other,
      "element": .other, "group": .group, "layoutarea": .group, "layoutitem": .group,
      "splitgroup": .group, "radiogroup": .group, "tabgroup": .group, "matte": .group,
      "button": .button, "toolbarbutton": .button, "menubutton": .button,
      "popupbutton": .button, "disclosuretriangle": .button, "incrementarrow": .button,
      "decrementarrow": .button, "dockitem": .button, "statusitem": .button,
      "link": .link, "statictext": .staticText, "image": .image, "icon": .icon,
      "textfield": .textField, "securetextfield": .secureTextField,
      "searchfield": .searchField, "searchbar": .searchField, "textview": .textView,
      "switch": .toggle, "toggle": .toggle, "checkbox": .checkBox,
      "radiobutton": .radioButton, "slider": .slider, "stepper": .stepper,
      "pageindicator": .pageIndicator, "picker": .picker, "datepicker": .picker,
      "pickerwheel": .pickerWheel, "segmentedcontrol": .segmentedControl, "tab": .tab,
      "menuitem": .menuItem, "menubaritem": .menuItem, "key": .key, "keyboard": .keyboard,
      "cell": .cell, "tablecell": .cell, "tablerow": .cell, "outlinerow": .cell,
      "collectioncell": .cell, "table": .table, "tableview": .table, "outline": .table,
      "collectionview": .collectionView, "scrollview": .scrollView, "scrollarea": .scrollView,
      "webview": .webView, "map": .other, "mapview": .other, "navigationbar": .navigationBar,
      "tabbar": .tabBar, "toolbar": .toolbar, "statusbar": .statusBar, "alert": .alert,
      "actionsheet": .sheet, "sheet": .sheet, "dialog": .dialog, "popover": .popover,
      "progressindicator": .progressIndicator, "activityindicator": .activityIndicator,
      "levelindicator": .progressIndicator, "ratingindicator": .slider,
      "valueindicator": .staticText, "heading": .staticText,
    ]
    table["tabbarbutton"] = .tab
    return table
  }()

  /// Whether a node of this role is an accessibility element when the producer does not say.
  ///
  /// Containers (applications, windows, groups, bars, tables, alerts) are not; controls,
  /// text, cells and images are, as XCUITest lists them.
  public var isElementByDefault: Bool {
    switch self {
    case .application, .window, .other, .group, .keyboard, .table, .collectionView,
      .scrollView, .webView, .navigationBar, .tabBar, .toolbar, .statusBar, .alert, .sheet,
      .dialog, .popover, .picker, .segmentedControl:
      return false
    default:
      return true
    }
  }

  /// Whether the role covers what is behind it as a modal view does: an alert, an action
  /// sheet, a dialog or a popover takes the accessibility tree to itself.
  public var isModal: Bool {
    switch self {
    case .alert, .sheet, .dialog, .popover: return true
    default: return false
    }
  }

  /// The scene view type the role maps to.
  public var viewType: ViewType {
    switch self {
    case .button, .icon, .menuItem, .key, .tab, .radioButton, .checkBox: return .button
    case .staticText: return .label
    case .image: return .image
    case .textField, .secureTextField, .searchField, .textView: return .textField
    case .toggle: return .switch
    case .slider: return .slider
    case .stepper: return .stepper
    case .cell: return .cell
    case .table, .collectionView: return .table
    case .scrollView: return .scroll
    case .navigationBar: return .navigationBar
    case .tabBar: return .tabBar
    case .link, .pageIndicator, .pickerWheel, .progressIndicator, .activityIndicator:
      return .element
    case .application, .window, .other, .group, .keyboard, .webView, .toolbar, .statusBar,
      .alert, .sheet, .dialog, .popover, .picker, .segmentedControl:
      return .view
    }
  }

  /// The traits UIKit gives an element of this role, beyond its view type's defaults.
  public var extraTraits: AXTraits {
    switch self {
    case .link: return .link
    case .searchField: return .searchField
    case .key: return [.keyboardKey]
    case .pageIndicator, .pickerWheel: return .adjustable
    case .activityIndicator: return .updatesFrequently
    case .checkBox: return .toggleButton
    case .tab: return []
    default: return []
    }
  }

  /// The traits to take away from the view type's defaults (a key is a keyboard key, not a
  /// plain button).
  public var removedTraits: AXTraits {
    self == .key ? .button : []
  }
}
