import AXModel
import Foundation
import Testing

@testable import Importing

/// What an Android dump becomes once imported: the accessibility tree that Voice Control,
/// Switch Control and the reports work on.
extension UIAutomatorReaderTests {
  /// The tree of a fixture imported through the public path, format detected.
  static func tree(_ fixture: String, density: Double? = nil) throws -> AccessibilityTree {
    let importer = SceneImporter(options: ImportOptions(density: density))
    let scene = try importer.load(bytes: Self.fixture(fixture), path: fixture)
    return SceneSession(scene: scene).tree
  }

  /// One line per element in traversal order: type, label, value, traits, and whether it is
  /// off the screen.
  static func lines(_ tree: AccessibilityTree) -> [String] {
    tree.elements.map { element in
      var line = "\(element.type.rawValue) '\(element.label ?? "-")'"
      if let value = element.value { line += " value=\(value)" }
      line += " [\(element.traits.names.joined(separator: ", "))]"
      if !element.customActionNames.isEmpty {
        line += " actions=\(element.customActionNames.joined(separator: ","))"
      }
      if !element.isOnScreen { line += " off screen" }
      return line
    }
  }

  static let settingsTree = [
    "button 'Navigate up' [button]",
    "label 'Network & internet' [staticText]",
    "button 'Search' [button]",
    "textField 'Search settings' [] actions=Long press",
    "cell 'Wi\u{2011}Fi, Connected to Home' [button]",
    "cell 'Mobile data, Vodafone' value=on [button, toggleButton]",
    "cell 'Airplane mode, Pause all wireless connections' value=off [button, toggleButton]",
    "cell 'Data Saver, Turned off by your admin' [button, notEnabled]",
    "cell 'Réseau privé (VPN), Aucun · 未连接' [button]",
    "cell 'Advanced, Private DNS, network preferences' [button] off screen",
  ]

  @Test("a settings screen: rows are single elements, switches say on or off", arguments: [
    "settings-uiautomator.xml", "settings-uiautomator2.xml",
  ])
  func settingsTree(fixture: String) throws {
    let tree = try Self.tree(fixture)
    #expect(Self.lines(tree) == Self.settingsTree)
    #expect(tree.screen == Size(width: 1080 / 2.625, height: 2340 / 2.625))
    #expect(tree.elements.first { $0.identifier == "com.android.settings:id/search" } != nil)
  }

  @Test("both producers give the same tree, at any density", arguments: [nil, 3.0])
  func sameTree(density: Double?) throws {
    let dump = try Self.tree("settings-uiautomator.xml", density: density)
    let source = try Self.tree("settings-uiautomator2.xml", density: density)
    #expect(dump == source)
  }

  @Test("an AlertDialog's window hides the activity behind it, not the status bar in front")
  func dialog() throws {
    let dump = try Self.read(Self.fixture("dialog-uiautomator.xml"))
    let application = try #require(dump.roots.first)
    #expect(dump.roots.count == 1)
    #expect(application.label == "com.android.settings")
    // Listed topmost first, the windows go back to front.
    #expect(application.children.map { $0.children.first?.children.count } == [2, 1, 1])
    let panel = application.children[1].children.first?.children.first?.children.first
    #expect(panel?.role == .alert)
    #expect(panel?.children.first?.role == .staticText)
    #expect(Self.lines(try Self.tree("dialog-uiautomator.xml")) == [
      "label '12:30 PM' [staticText]",
      "label 'Forget network?' [staticText]",
      "label 'Your phone will stop connecting to “Home”.' [staticText]",
      "button 'Cancel' [button]",
      "button 'Forget' [button]",
    ])
  }

  @Test("a generated 5,000-node document imports")
  func largeDocument() throws {
    let rows = 1_666
    var xml = "<hierarchy rotation=\"0\" width=\"1080\" height=\"2340\">"
    xml += "<node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2340]\">"
    xml += "<node class=\"androidx.recyclerview.widget.RecyclerView\" scrollable=\"true\" bounds=\"[0,0][1080,2340]\">"
    for row in 0..<rows {
      let top = row * 30
      xml += "<node class=\"android.widget.LinearLayout\" clickable=\"true\" bounds=\"[0,\(top)][1080,\(top + 30)]\">"
      xml += "<node class=\"android.widget.TextView\" text=\"Row \(row)\" bounds=\"[0,\(top)][540,\(top + 30)]\"/>"
      xml += "<node class=\"android.widget.TextView\" text=\"Détail \(row)\" bounds=\"[540,\(top)][1080,\(top + 30)]\"/></node>"
    }
    xml += "</node></node></hierarchy>"
    let scene = try SceneImporter().load(bytes: Array(xml.utf8), path: "large.xml")
    let tree = SceneSession(scene: scene).tree
    #expect(tree.elements.count == rows)
    #expect(tree.elements.last?.label == "Row \(rows - 1), Détail \(rows - 1)")
  }
}
