import AXModel

extension UIAutomatorReader {
  /// The role of an Android widget class, from its simple name.
  ///
  /// Only the simple name counts (`com.google.android.material.chip.Chip` is a `Chip`), since
  /// apps subclass and repackage the framework's widgets. An inner class is tried whole
  /// (`TabLayout$TabView`) and then by its own name (`TabView`). The AppCompat and Material
  /// prefixes are dropped (`AppCompatEditText`, `MaterialSwitch`), and then, in order, the
  /// exact names and the name endings below decide; anything else is a layout (`.other`).
  /// A dialog's panel, `android:id/parentPanel`, is an alert whatever its class: the
  /// framework's `AlertDialog` builds it from a plain `LinearLayout`.
  static func role(ofClass className: String, resourceID: String?) -> DumpRole {
    if resourceID == "android:id/parentPanel" { return .alert }
    let simple = className.split(separator: ".").last.map(String.init) ?? className
    if let role = role(ofSimpleName: simple) { return role }
    if let inner = simple.split(separator: "$").last, inner.count < simple.count,
      let role = role(ofSimpleName: String(inner))
    {
      return role
    }
    return .other
  }

  private static func role(ofSimpleName name: String) -> DumpRole? {
    var name = Substring(name)
    for prefix in ["AppCompat", "Material"]
    where name.hasPrefix(prefix) && name.count > prefix.count {
      name = name.dropFirst(prefix.count)
      break
    }
    if let role = rolesByName[String(name)] { return role }
    if let ending = rolesByEnding.first(where: { name.hasSuffix($0.ending) }) { return ending.role }
    // `DialogTitle` and friends are caught above; what is left holds a dialog's content.
    if name.contains("Dialog") { return .alert }
    return nil
  }

  /// Whole simple names, after the AppCompat or Material prefix is dropped.
  private static let rolesByName: [String: DumpRole] = [
    "Button": .button, "ImageButton": .button, "FloatingActionButton": .button,
    "ExtendedFloatingActionButton": .button, "Chip": .button, "Spinner": .button,
    "TextView": .staticText, "DialogTitle": .staticText, "ImageView": .image,
    "EditText": .textField, "AutoCompleteTextView": .textField,
    "MultiAutoCompleteTextView": .textField, "SearchAutoComplete": .searchField,
    "Switch": .toggle, "SwitchCompat": .toggle, "SwitchMaterial": .toggle,
    "ToggleButton": .toggle, "CheckBox": .checkBox, "CheckedTextView": .checkBox,
    "RadioButton": .radioButton, "SeekBar": .slider, "RatingBar": .slider, "Slider": .slider,
    "RangeSlider": .slider, "ProgressBar": .progressIndicator,
    "RecyclerView": .table, "ListView": .table, "GridView": .table,
    "ExpandableListView": .table, "ScrollView": .scrollView,
    "HorizontalScrollView": .scrollView, "NestedScrollView": .scrollView,
    "ViewPager": .scrollView, "ViewPager2": .scrollView, "WebView": .webView,
    "Toolbar": .navigationBar, "ActionBar": .navigationBar, "ActionBarView": .navigationBar,
    "TabLayout": .tabBar, "BottomNavigationView": .tabBar, "NavigationBarView": .tabBar,
    "TabWidget": .tabBar, "TabView": .tab, "BottomNavigationItemView": .tab,
    "NavigationBarItemView": .tab, "ActionMenuItemView": .button,
  ]

  /// Name endings for subclasses (`TextInputEditText`, `LinearProgressIndicator`), longest
  /// first where one ends another (`CheckedTextView` before `TextView`).
  private static let rolesByEnding: [(ending: String, role: DumpRole)] = [
    ("AutoCompleteTextView", .textField), ("CheckedTextView", .checkBox),
    ("EditText", .textField), ("TextView", .staticText), ("ImageView", .image),
    ("RadioButton", .radioButton), ("ToggleButton", .toggle), ("Button", .button),
    ("CheckBox", .checkBox), ("Switch", .toggle), ("SeekBar", .slider),
    ("ProgressBar", .progressIndicator), ("ProgressIndicator", .progressIndicator),
    ("RecyclerView", .table), ("ListView", .table), ("ScrollView", .scrollView),
    ("WebView", .webView), ("Toolbar", .navigationBar),
  ]

  /// Whether the role is a plain layout, which takes part in the element rule as a possible
  /// cell, unlike a list, a bar or a dialog, whose `clickable` says nothing about an element.
  static func isLayout(_ role: DumpRole) -> Bool {
    role == .other || role == .group
  }

  /// Whether the role's text is its value rather than its label: a text field's contents, and
  /// a range's current value, which UiAutomator2 writes as the text of sliders and progress
  /// bars.
  static func textIsValue(_ role: DumpRole) -> Bool {
    switch role {
    case .textField, .secureTextField, .searchField, .slider, .progressIndicator: return true
    default: return false
    }
  }
}
