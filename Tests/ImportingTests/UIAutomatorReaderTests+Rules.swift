import AXModel
import Testing

@testable import Importing

/// The class table and the element rule, one case at a time.
extension UIAutomatorReaderTests {
  @Test("roles come from the class's simple name", arguments: [
    ("android.widget.Button", DumpRole.button), ("android.widget.ImageButton", .button),
    ("com.google.android.material.floatingactionbutton.FloatingActionButton", .button),
    ("com.google.android.material.button.MaterialButton", .button),
    ("com.google.android.material.chip.Chip", .button), ("android.widget.Spinner", .button),
    ("androidx.appcompat.widget.AppCompatSpinner", .button),
    ("android.widget.TextView", .staticText),
    ("com.android.internal.widget.DialogTitle", .staticText), ("android.widget.ImageView", .image),
    ("com.google.android.material.imageview.ShapeableImageView", .image),
    ("android.widget.EditText", .textField),
    ("com.google.android.material.textfield.TextInputEditText", .textField),
    ("android.widget.AutoCompleteTextView", .textField),
    ("android.widget.SearchView$SearchAutoComplete", .searchField),
    ("android.widget.Switch", .toggle), ("androidx.appcompat.widget.SwitchCompat", .toggle),
    ("com.google.android.material.switchmaterial.SwitchMaterial", .toggle),
    ("com.google.android.material.materialswitch.MaterialSwitch", .toggle),
    ("android.widget.ToggleButton", .toggle), ("android.widget.CheckBox", .checkBox),
    ("android.widget.CheckedTextView", .checkBox), ("android.widget.RadioButton", .radioButton),
    ("android.widget.SeekBar", .slider), ("android.widget.RatingBar", .slider),
    ("android.widget.ProgressBar", .progressIndicator),
    ("com.google.android.material.progressindicator.LinearProgressIndicator", .progressIndicator),
    ("androidx.recyclerview.widget.RecyclerView", .table), ("android.widget.ListView", .table),
    ("android.widget.GridView", .table), ("android.widget.ScrollView", .scrollView),
    ("android.widget.HorizontalScrollView", .scrollView),
    ("androidx.core.widget.NestedScrollView", .scrollView),
    ("androidx.viewpager.widget.ViewPager", .scrollView), ("android.webkit.WebView", .webView),
    ("android.widget.Toolbar", .navigationBar),
    ("androidx.appcompat.widget.Toolbar", .navigationBar),
    ("com.google.android.material.appbar.MaterialToolbar", .navigationBar),
    ("com.android.internal.widget.ActionBarView", .navigationBar),
    ("com.google.android.material.tabs.TabLayout", .tabBar),
    ("com.google.android.material.bottomnavigation.BottomNavigationView", .tabBar),
    ("com.google.android.material.tabs.TabLayout$TabView", .tab), ("TabView", .tab),
    ("androidx.appcompat.app.AlertDialogLayout", .alert), ("com.example.ConfirmDialogView", .alert),
    ("android.widget.FrameLayout", .other), ("android.widget.LinearLayout", .other),
    ("android.view.ViewGroup", .other), ("android.view.View", .other),
    ("androidx.constraintlayout.widget.ConstraintLayout", .other),
    ("androidx.cardview.widget.CardView", .other),
    ("com.google.android.material.card.MaterialCardView", .other),
    ("android.widget.ImageSwitcher", .other), ("", .other), ("Outer$", .other),
  ])
  func classRole(className: String, role: DumpRole) {
    #expect(UIAutomatorReader.role(ofClass: className, resourceID: nil) == role)
  }

  @Test("a dialog's parent panel is an alert whatever its class")
  func parentPanel() {
    let role = UIAutomatorReader.role(
      ofClass: "android.widget.LinearLayout", resourceID: "android:id/parentPanel")
    #expect(role == .alert)
  }

  /// The outline of a one-window document's content, below the window's own node.
  static func content(_ nodes: String) throws -> [String] {
    let dump = try Self.read(Self.document(nodes), density: 3)
    return Array(Self.outline(dump).dropFirst(3)).map { String($0.dropFirst(3)) }
  }

  /// A `node` element of a class (in `android.widget` unless qualified), attributes and
  /// subnodes.
  static func node(_ className: String, _ attributes: String = "", _ children: String...) -> String {
    let qualified = className.contains(".") ? className : "android.widget." + className
    let head = "<node class=\"\(qualified)\" \(attributes)"
    return children.isEmpty ? head + "/>" : head + ">" + children.joined() + "</node>"
  }

  @Test("the element rule", arguments: [
    // A button inside a clickable row is stopped on apart, so it moves out to follow the row.
    (
      node(
        "LinearLayout", #"clickable="true" bounds="[0,0][900,90]""#,
        node("TextView", #"text="Wallpaper" bounds="[0,0][600,90]""#),
        node("ImageButton", #"content-desc="More" clickable="true" bounds="[600,0][900,90]""#)),
      [
        "cell LinearLayout 0,0,300,30 element clickable",
        " staticText TextView 'Wallpaper' 0,0,200,30 element",
        "button ImageButton 'More' 200,0,100,30 element clickable",
      ]
    ),
    // A focusable control is an element even unlabelled; a focusable list or layout is not.
    (
      node(
        "ListView", #"focusable="true" bounds="[0,0][900,90]""#,
        node(
          "FrameLayout", #"focusable="true" bounds="[0,0][900,90]""#,
          node("ImageView", #"focusable="true" bounds="[0,0][90,90]""#))),
      [
        "table ListView 0,0,300,30 -", " other FrameLayout 0,0,300,30 -",
        "  image ImageView 0,0,30,30 element",
      ]
    ),
    // A clickable layout with a description keeps it; one with nothing to say is unlabelled.
    (
      node("android.view.ViewGroup", #"content-desc="Profile" clickable="true""#, node("TextView", #"text="Ada""#))
        + node("android.view.View", #"long-clickable="true""#),
      [
        "other ViewGroup 'Profile' element clickable", " staticText TextView 'Ada' element",
        "other View element long",
      ]
    ),
    // Text outside any element is static text; a described layout with subviews is a container.
    (
      node("android.view.View", #"content-desc="Chart: sales up 5%""#)
        + node("LinearLayout", #"content-desc="Header""#, node("TextView", #"text="Today""#), node("TextView")),
      [
        "staticText View 'Chart: sales up 5%' element", "other LinearLayout 'Header' -",
        " staticText TextView 'Today' element", " staticText TextView -",
      ]
    ),
    // A spinner and a tab read the text inside them; a checkable switch alone is an element.
    (
      node("Spinner", #"clickable="true""#, node("TextView", #"text="Daily""#))
        + node(
          "com.google.android.material.tabs.TabLayout$TabView", #"clickable="true" selected="true""#,
          node("ImageView"), node("TextView", #"text="Songs""#))
        + node("Switch", #"text="Wi-Fi" checkable="true" checked="true""#),
      [
        "button Spinner 'Daily' element clickable", " staticText TextView 'Daily' element",
        "tab TabLayout$TabView 'Songs' element clickable selected", " image ImageView -",
        " staticText TextView 'Songs' element", "toggle Switch 'Wi-Fi' element checked",
      ]
    ),
    // A field's text is its value unless it shows its hint; a range's text is its value.
    (
      node("EditText", #"text="ada@example.com" hint="Email" content-desc="Email address" clickable="true""#)
        + node("EditText", #"text="Name" clickable="true""#)
        + node("EditText", #"text="••••" password="true" showing-hint="false" clickable="true""#)
        + node("SeekBar", #"text="40.0" content-desc="Volume" focusable="true" scrollable="true""#),
      [
        "textField EditText 'Email address' value=ada@example.com placeholder=Email element clickable",
        "textField EditText value=Name element clickable",
        "secureTextField EditText value=•••• element clickable",
        "slider SeekBar 'Volume' value=40.0 element scrolls",
      ]
    ),
  ])
  func elementRule(nodes: String, outline: [String]) throws {
    let content = try Self.content(nodes)
    #expect(content == outline)
  }

  @Test("a lone node root is one window; its package names the scene")
  func loneNode() throws {
    let xml = Self.node(
      "FrameLayout", #"package="org.example.notes" bounds="[0,0][720,1280]""#,
      Self.node("TextView", #"text="Notes" bounds="[0,0][720,112]""#))
    let dump = try Self.read(Array(xml.utf8))
    #expect(dump.screen == Size(width: 360, height: 640))
    #expect(dump.roots.first?.children.first?.role == .window)
    let scene = try SceneImporter().load(bytes: Array(xml.utf8), path: "notes.xml")
    #expect(scene.name == "org.example.notes")
  }

  @Test("in landscape the density comes from the shorter side and the size is used as given")
  func landscape() throws {
    let dump = try Self.read(
      Self.document("", hierarchy: "rotation=\"1\" width=\"2340\" height=\"1080\""))
    #expect(dump.screen == Size(width: 2340 / 2.625, height: 1080 / 2.625))
  }
}
