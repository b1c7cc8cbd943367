import AXModel
import Foundation
import Testing

@testable import Importing

/// Android `uiautomator dump` and UiAutomator2 page source: what each fixture becomes, as a
/// dump and as the accessibility tree of the scene it imports to.
@Suite("Reading uiautomator and UiAutomator2 XML")
struct UIAutomatorReaderTests {
  /// The fixture's bytes, found beside this file so the test runs from any directory.
  static func fixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/android/\(name)")
    return [UInt8](try Data(contentsOf: url))
  }

  static func read(_ bytes: [UInt8], density: Double? = nil, limits: SceneLimits = .standard)
    throws(SceneError) -> Dump
  {
    try UIAutomatorReader.read(
      bytes, path: "test.xml", options: ImportOptions(density: density, limits: limits))
  }

  /// One line per node, indented by depth, with what the reader decided: a whole tree compares
  /// at once, and a mismatch shows which node differs.
  static func outline(_ dump: Dump) -> [String] {
    var lines: [String] = []
    var stack = dump.roots.reversed().map { (node: $0, depth: 0) }
    while let (node, depth) = stack.popLast() {
      var line = String(repeating: " ", count: depth) + node.role.rawValue
      line += " " + (node.typeName.split(separator: ".").last.map(String.init) ?? "")
      if let identifier = node.identifier {
        line += " #" + (identifier.split(separator: "/").last.map(String.init) ?? "")
      }
      if let label = node.label { line += " '\(label)'" }
      if let value = node.value { line += " value=\(value)" }
      if let placeholder = node.placeholder { line += " placeholder=\(placeholder)" }
      if let f = node.frame {
        line += " " + [f.x, f.y, f.width, f.height].map(formatNumber).joined(separator: ",")
      }
      if let accessible = node.isAccessible { line += accessible ? " element" : " -" }
      if node.isClickable == true { line += " clickable" }
      if node.isLongClickable { line += " long" }
      if node.isScrollable { line += " scrolls" }
      if let checked = node.checked { line += checked ? " checked" : " unchecked" }
      if node.isSelected { line += " selected" }
      if !node.isEnabled { line += " disabled" }
      if node.isVisible == false { line += " hidden" }
      lines.append(line)
      stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
    }
    return lines
  }

  /// The settings screen at 3 pixels per point, the same from both producers but for
  /// UiAutomator2's `displayed="false"` on the row below the screen.
  static let settingsOutline = [
    "application application 'com.android.settings' 0,0,360,780",
    " window window 0,0,360,780",
    "  other FrameLayout 0,0,360,780 -",
    "   other LinearLayout 0,21,360,759 -",
    "    navigationBar Toolbar #action_bar 0,21,360,49 -",
    "     button ImageButton 'Navigate up' 0,21,49,49 element clickable",
    "     staticText TextView 'Network & internet' 63,35,196,21 element",
    "     button ImageButton #search 'Search' 311,21,49,49 element clickable",
    "    other LinearLayout #search_bar 14,77,332,49 -",
    "     image ImageView #search_icon 21,91,21,21 -",
    "     textField EditText #search_src_text placeholder=Search settings 49,84,290,35 element clickable long",
    "    table RecyclerView #recycler_view 0,133,360,647 - scrolls",
    "     cell LinearLayout 0,133,360,63 element clickable",
    "      staticText TextView #title 'Wi\u{2011}Fi' 56,147,42,21 element",
    "      staticText TextView #summary 'Connected to Home' 56,168,244,14 element",
    "     cell LinearLayout 0,196,360,63 element clickable checked",
    "      staticText TextView #title 'Mobile data' 56,210,105,21 element",
    "      staticText TextView #summary 'Vodafone' 56,231,244,14 element",
    "      toggle Switch #switch_widget 301,217,45,21 - checked",
    "     cell LinearLayout 0,259,360,63 element clickable unchecked",
    "      staticText TextView #title 'Airplane mode' 56,273,126,21 element",
    "      staticText TextView #summary 'Pause all wireless connections' 56,294,244,14 element",
    "      toggle Switch #switch_widget 301,280,45,21 - unchecked",
    "     cell LinearLayout 0,322,360,63 element clickable disabled",
    "      staticText TextView #title 'Data Saver' 56,336,105,21 element disabled",
    "      staticText TextView #summary 'Turned off by your admin' 56,357,244,14 element disabled",
    "     cell LinearLayout 0,385,360,63 element clickable",
    "      staticText TextView #title 'Réseau privé (VPN)' 56,399,189,21 element",
    "      staticText TextView #summary 'Aucun · 未连接' 56,420,244,14 element",
    "     cell LinearLayout 0,798,360,63 element clickable",
    "      staticText TextView #title 'Advanced' 56,812,84,21 element",
    "      staticText TextView #summary 'Private DNS, network preferences' 56,833,244,14 element",
  ]

  @Test("uiautomator dump: roles, labels, frames, flags and structure", arguments: [3.0])
  func uiautomatorDump(density: Double) throws {
    let dump = try Self.read(Self.fixture("settings-uiautomator.xml"), density: density)
    #expect(dump.format == .uiautomator)
    #expect(dump.screen == Size(width: 360, height: 780))
    #expect(Self.outline(dump) == Self.settingsOutline)
  }

  @Test("UiAutomator2 page source: the same screen, and its hidden row below the screen")
  func uiautomator2Dump() throws {
    let dump = try Self.read(Self.fixture("settings-uiautomator2.xml"), density: 3)
    var expected = Self.settingsOutline
    for index in expected.indices.suffix(3) { expected[index] += " hidden" }
    #expect(dump.screen == Size(width: 360, height: 780))
    #expect(Self.outline(dump) == expected)
  }

  @Test("without --density, 1080 pixels wide is 2.625 pixels per point (411 dp)", arguments: [
    "settings-uiautomator.xml", "settings-uiautomator2.xml",
  ])
  func inferredDensity(fixture: String) throws {
    let dump = try Self.read(Self.fixture(fixture))
    #expect(dump.screen == Size(width: 1080 / 2.625, height: 2340 / 2.625))
    let toolbar = dump.roots.first?.children.first?.children.first?.children.first?.children.first
    #expect(toolbar?.role == .navigationBar)
    // 63 and 147 pixels are 24 and 56 dp, the status bar and the toolbar.
    #expect(toolbar?.frame == Rect(x: 0, y: 24, width: 1080 / 2.625, height: 56))
  }

  @Test("the standard density that makes the shorter side 411 dp, else 360 dp, else 2", arguments: [
    (1080.0, 2.625), (1440, 3.5), (720, 2), (540, 1.5), (1280, 2), (1200, 2), (1600, 2),
    (480, 1.5), (320, 1),
  ])
  func densityRule(pixels: Double, density: Double) {
    #expect(UIAutomatorReader.inferredDensity(forShorterSide: pixels) == density)
  }

  @Test("both formats are detected as uiautomator", arguments: [
    "settings-uiautomator.xml", "settings-uiautomator2.xml", "dialog-uiautomator.xml",
  ])
  func detection(fixture: String) throws {
    #expect(DumpFormat.detect(try Self.fixture(fixture)) == .uiautomator)
  }
}
