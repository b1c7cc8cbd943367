import AXModel
import AXTestSupport
import Testing

@testable import Importing

/// idb, WebDriverAgent XML, legacy WebDriverAgent JSON and XCUITest's description: what each
/// fixture becomes.
@Suite("Importing idb and WebDriverAgent dumps")
struct AppleDumpTests {
  @Test("each format is detected from its content", arguments: [
    ("idb/coffee-flat.json", DumpFormat.idb),
    ("idb/coffee-nested.json", .idb),
    ("wda-xml/settings.xml", .webDriverAgentXML),
    ("wda-xml/alert.xml", .webDriverAgentXML),
    ("wda-json/springboard.json", .webDriverAgentJSON),
  ])
  func detection(name: String, format: DumpFormat) throws {
    #expect(DumpFormat.detect(try ImportFixture.bytes(name)) == format)
  }

  @Test("a scene file is still a scene", arguments: ["{\"format\": \"axscene/1\"}", "  {\"name\": 1}", "", "{"])
  func sceneDetection(text: String) {
    #expect(DumpFormat.detect(Array(text.utf8)) == .scene)
  }

  @Test("each fixture's accessibility tree matches its golden file", arguments: [
    "idb/coffee-flat.json", "idb/coffee-nested.json", "wda-xml/settings.xml", "wda-xml/alert.xml",
    "wda-json/springboard.json", "xcuitest/settings.txt", "android/settings-uiautomator.xml",
    "android/dialog-uiautomator.xml",
  ])
  func tree(name: String) throws {
    let scene = try ImportFixture.scene(name)
    let stem = name.replacingOccurrences(of: "/", with: "-")
    expectGolden(ImportFixture.tree(scene), named: "\(stem).tree.txt")
  }

  @Test("idb: types, roles, labels, values, traits and custom actions map as UIKit has them")
  func idbMapping() throws {
    let scene = try ImportFixture.scene("idb/coffee-flat.json")
    let tree = SceneSession(scene: scene).tree
    let byLabel = Dictionary(tree.elements.map { ($0.label ?? "-", $0) }, uniquingKeysWith: { first, _ in first })
    #expect(scene.name == "Coffee")
    #expect(scene.screen == Size(width: 390, height: 844))
    #expect(byLabel["Order"]?.traits == [.header, .staticText])
    #expect(byLabel["Back"]?.id == "back")
    #expect(byLabel["Back"]?.traits == .button)
    #expect(byLabel["Strength"]?.traits == .adjustable)
    #expect(byLabel["Strength"]?.value == "50%")
    #expect(byLabel["Strength"]?.hint == "Swipe up or down to adjust")
    #expect(byLabel["Oat milk"]?.value == "on")
    #expect(byLabel["Oat milk"]?.traits == [.button, .toggleButton])
    #expect(byLabel["Name on the cup"]?.value == "Zoë")
    #expect(byLabel["Name on the cup"]?.frame == Rect(x: 16, y: 230, width: 358, height: 44))
    #expect(byLabel["Pay with card"]?.traits == [.button, .notEnabled])
    #expect(byLabel["咖啡 ☕"] != nil)
    #expect(byLabel["Total"]?.value == "$4.50")
    #expect(byLabel["Help"]?.isOnScreen == false)
    // The shared identifier is nobody's id; both keep it as their identifier.
    let orders = tree.elements.filter { $0.label == "Order 1 latte" }
    #expect(orders.count == 2)
    #expect(!orders.contains { $0.id == "order" })
    #expect(orders.last?.traits == [.button, .selected])
    let view = try #require(scene.windows.first?.root.children.first { $0.id == orders.first?.id })
    #expect(view.customActions.map(\.name) == ["Add a shot", "Make it decaf"])
    #expect(view.identifier == "order")
    // The unlabelled image is decoration; the all-null node is a plain view.
    #expect(!tree.elements.contains { $0.traits.contains(.image) })
  }

  @Test("idb nested: the window and groups are kept, traits may be one comma string")
  func idbNested() throws {
    let scene = try ImportFixture.scene("idb/coffee-nested.json")
    #expect(scene.windows.count == 1)
    let tree = SceneSession(scene: scene).tree
    #expect(tree.elements.map(\.label) == ["Back", "Order", "Order 1 latte"])
    #expect(tree.elements[1].traits == [.header, .staticText])
  }

  @Test("WebDriverAgent XML: name is the identifier only when it differs from the label")
  func webDriverAgentMapping() throws {
    let scene = try ImportFixture.scene("wda-xml/settings.xml")
    let tree = SceneSession(scene: scene).tree
    let byLabel = Dictionary(tree.elements.map { ($0.label ?? "-", $0) }, uniquingKeysWith: { first, _ in first })
    #expect(scene.name == "Settings")
    #expect(byLabel["Back"]?.id == "BackButton")
    #expect(byLabel["Settings"]?.traits == [.header, .staticText])
    #expect(byLabel["Search"]?.traits == .searchField)
    #expect(byLabel["Search"]?.value == nil, "the placeholder is not a value")
    #expect(byLabel["Wi‑Fi 设置"]?.id == "com.apple.settings.wifi")
    #expect(byLabel["Wi‑Fi 设置"]?.value == "Home & Office")
    #expect(byLabel["Airplane Mode"]?.value == "off")
    #expect(byLabel["Airplane Mode"]?.id == "airplane")
    #expect(byLabel["Screen Time"]?.traits == .notEnabled)
    #expect(byLabel["Say \"Hey\", then\nwait"] != nil)
    #expect(byLabel["Developer"]?.isOnScreen == false, "an off-screen row is reported, not dropped")
    #expect(byLabel["Brightness"]?.value == "40%")
    #expect(byLabel["Sync status"]?.value == "Up to date", "a labelled Other leaf is a custom element")
    #expect(byLabel["Sign Out"]?.frame == Rect(x: 0, y: 780, width: 160, height: 50), "clipped to the screen")
    #expect(byLabel["chevron"] == nil, "a cell's content is not in the tree")
    #expect(!tree.elements.contains { $0.id.hasPrefix("image") })
    let bluetooth = try #require(findView(in: scene, id: byLabel["Bluetooth"]?.id ?? ""))
    #expect(bluetooth.customActions.map(\.name) == ["Forget devices", "Pair new device"])
  }

  @Test("a cell whose accessory is a switch speaks and acts as the switch")
  func cellWithSwitch() throws {
    let scene = try ImportFixture.scene("xcuitest/settings.txt")
    var session = SceneSession(scene: scene)
    let cell = try #require(session.tree.element(id: "airplane"))
    #expect(cell.value == "off")
    #expect(cell.traits == [.button, .toggleButton])
    #expect(session.perform(.activate, on: "airplane").isDone)
    #expect(session.tree.element(id: "airplane")?.value == "on")
  }

  @Test("an adjustable value steps its number: 40% by 10, clamped to 0...100")
  func adjustableSteps() throws {
    var session = SceneSession(scene: try ImportFixture.scene("wda-xml/settings.xml"))
    let slider = try #require(session.tree.elements.first { $0.label == "Brightness" })
    #expect(session.perform(.increment, on: slider.id).isDone)
    #expect(session.tree.element(id: slider.id)?.value == "50%")
    for _ in 0..<8 { _ = session.perform(.increment, on: slider.id) }
    #expect(session.tree.element(id: slider.id)?.value == "100%")
    #expect(session.perform(.decrement, on: slider.id).isDone)
    #expect(session.tree.element(id: slider.id)?.value == "90%")
  }

  @Test("numbers in adjustable values", arguments: [
    ("50%", "", 50.0, "%", nil as Double?), ("Page 1 of 3", "Page ", 1, " of 3", 3),
    ("-2.5 dB", "", -2.5, " dB", nil), ("Volume 05", nil, 0, "", nil), ("Monday", nil, 0, "", nil),
  ])
  func numberParts(value: String, prefix: String?, number: Double, suffix: String, total: Double?) {
    let parts = SceneAssembler.numberParts(of: value)
    #expect(parts?.prefix == prefix)
    if let prefix {
      #expect(parts?.number == number && parts?.suffix == suffix && parts?.total == total, "\(prefix)")
    }
  }

  @Test("an alert in its own window takes the tree: what is behind it leaves")
  func alertIsModal() throws {
    let tree = SceneSession(scene: try ImportFixture.scene("wda-xml/alert.xml")).tree
    #expect(tree.elements.map(\.label) == ["Delete message?", "Cancel", "Delete"])
  }

  @Test("legacy WebDriverAgent: UIA types, name and label, hint, visibility and frames")
  func legacyMapping() throws {
    let scene = try ImportFixture.scene("wda-json/springboard.json")
    let tree = SceneSession(scene: scene).tree
    let byLabel = Dictionary(tree.elements.map { ($0.label ?? "-", $0) }, uniquingKeysWith: { first, _ in first })
    #expect(scene.name == "SpringBoard")
    #expect(byLabel["Calendar"]?.hint == "Double tap to open")
    #expect(byLabel["Extras folder"]?.id == "Extras")
    #expect(byLabel["Extras folder"]?.frame == Rect(x: 112, y: 22, width: 64, height: 85.5))
    #expect(byLabel["Watch"]?.isOnScreen == false)
    #expect(byLabel["Wi-Fi"]?.value == "on")
    #expect(byLabel["Safari"]?.id == "safari-icon")
    #expect(byLabel["Safari"]?.traits == [.button, .notEnabled])
    #expect(byLabel["8:28 AM"] != nil)
    #expect(tree.elements.contains { $0.value == "Page 1 of 2" && $0.traits == .adjustable })
    // Marked not visible on screen, with the hint for a name: covered, so out of the tree.
    #expect(!tree.elements.contains { $0.frame.minX == 0 && $0.frame.minY == 5 })
  }

  @Test("malformed dumps fail with one located line", arguments: [
    ("idb/empty-application.json", "Fixtures/idb/empty-application.json:1:2: error: the dump is one empty Application and no elements (idb's answer when it can't read the app: is the app in front and the simulator unlocked?)"),
    ("idb/bad-frame.json", "Fixtures/idb/bad-frame.json:4:39: error: expected a number for frame.width, found \"wide\""),
    ("idb/truncated.json", "Fixtures/idb/truncated.json:3:33: error: unterminated string"),
    ("idb/wrong-kind.json", "Fixtures/idb/wrong-kind.json:3:59: error: expected an array of strings, found an object at [1].custom_actions"),
    ("wda-xml/truncated.xml", "Fixtures/wda-xml/truncated.xml:12:99: error: unexpected end of file in the start tag <XCUIElementTypeSearchField> opened at line 12, column 9"),
    ("wda-xml/cut-value.xml", "Fixtures/wda-xml/cut-value.xml:3:34: error: unterminated value of attribute 'label'"),
    ("wda-xml/mismatched.xml", "Fixtures/wda-xml/mismatched.xml:4:3: error: end tag </XCUIElementTypeApplication> does not match <XCUIElementTypeButton> opened at line 3, column 5"),
    ("wda-xml/bad-number.xml", "Fixtures/wda-xml/bad-number.xml:3:5: error: expected a number for attribute 'y', found \"zero\""),
    ("wda-xml/wrong-root.xml", "Fixtures/wda-xml/wrong-root.xml:2:1: error: expected <AppiumAUT> or an <XCUIElementType...> root, found <\"html\">"),
    ("wda-json/missing-tree.json", "Fixtures/wda-json/missing-tree.json:1:78: error: expected an element object, found null at value.tree"),
    ("wda-json/bad-rect.json", "Fixtures/wda-json/bad-rect.json:2:61: error: frame size is negative (-64 x 40)"),
  ])
  func malformed(name: String, message: String) throws {
    #expect(try ImportFixture.error(name) == message)
  }

  @Test("--from forces a format: a WebDriverAgent page read as idb is a located error")
  func forcedFormat() throws {
    let message = try ImportFixture.error("wda-xml/alert.xml", importer: SceneImporter(format: .idb))
    #expect(message?.hasPrefix("Fixtures/wda-xml/alert.xml:1:1: error: ") == true)
  }

  @Test("5,000-node dumps of each format import whole", arguments: ["idb", "wda-xml", "wda-json"])
  func large(format: String) throws {
    let rows = (0..<2_500).map { index in (label: "Row \(index)", y: 100 + index * 44) }
    var text: String
    switch format {
    case "idb":
      text = "[{\"type\": \"Application\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 390, \"height\": 844}}"
      for row in rows {
        text += ",\n{\"type\": \"Button\", \"AXLabel\": \"\(row.label)\", \"frame\": {\"x\": 0, \"y\": \(row.y), \"width\": 390, \"height\": 44}}"
        text += ",\n{\"type\": \"Image\", \"frame\": {\"x\": 0, \"y\": \(row.y), \"width\": 20, \"height\": 20}}"
      }
      text += "]"
    case "wda-xml":
      text = "<AppiumAUT><XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"390\" height=\"844\">"
      for row in rows {
        text += "<XCUIElementTypeCell label=\"\(row.label)\" x=\"0\" y=\"\(row.y)\" width=\"390\" height=\"44\">"
        text += "<XCUIElementTypeStaticText label=\"\(row.label)\" x=\"16\" y=\"\(row.y)\" width=\"200\" height=\"22\"/></XCUIElementTypeCell>\n"
      }
      text += "</XCUIElementTypeApplication></AppiumAUT>"
    default:
      let cells = rows.map { row in
        "{\"type\": \"UIATableCell\", \"label\": \"\(row.label)\", \"rect\": {\"x\": 0, \"y\": \(row.y), \"width\": 390, \"height\": 44}, \"children\": [{\"type\": \"UIAStaticText\", \"label\": \"\(row.label)\"}]}"
      }
      text = "{\"value\": {\"tree\": {\"type\": \"UIAApplication\", \"rect\": {\"x\": 0, \"y\": 0, \"width\": 390, \"height\": 844}, \"children\": [\(cells.joined(separator: ",\n"))]}}}"
    }
    let scene = try SceneImporter().load(bytes: Array(text.utf8), path: "large.\(format)")
    var count = 0
    var stack = scene.windows.map(\.root)
    while let view = stack.popLast() {
      count += 1
      stack.append(contentsOf: view.children)
    }
    #expect(count == 5_001, "every node and the window that holds them")
    let tree = SceneSession(scene: scene).tree
    #expect(tree.elements.count == 2_500)
    #expect(tree.elements.last?.label == "Row 2499")
    #expect(tree.elements.filter(\.isOnScreen).count == 17)
  }

  @Test("an identifier with control or format characters is kept but never an id", arguments: [
    "a\u{1B}[2Jb", "line\nbreak", "rtl\u{202E}x", "c1\u{9B}x",
  ])
  func hostileIdentifier(identifier: String) throws {
    let escaped = identifier.unicodeScalars.map { $0.value < 0x80 && $0.value >= 0x20 ? String($0) : String(format: "\\u%04x", $0.value) }.joined()
    let text = "[{\"type\": \"Application\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 390, \"height\": 844}},"
      + "{\"type\": \"Button\", \"AXLabel\": \"Go\", \"AXUniqueId\": \"\(escaped)\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 90, \"height\": 44}}]"
    let scene = try SceneImporter().load(bytes: Array(text.utf8), path: "hostile.json")
    let button = try #require(scene.windows.first?.root.children.first)
    #expect(button.identifier == identifier)
    #expect(button.id == "button-2")
  }

  @Test("a dump's path names the scene when the app has no name, even a name of dots", arguments: [
    ("dumps/home.json", "home"), ("...", "..."), (".", "."), ("dumps/", "dumps"),
  ])
  func nameFromPath(path: String, name: String) throws {
    let text = #"[{"type": "Application", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}}, "#
      + #"{"type": "Button", "AXLabel": "Go", "frame": {"x": 0, "y": 0, "width": 90, "height": 44}}]"#
    #expect(try SceneImporter().load(bytes: Array(text.utf8), path: path).name == name)
  }

  func findView(in scene: Scene, id: String) -> ViewNode? {
    var stack = scene.windows.map(\.root)
    while let view = stack.popLast() {
      if view.id == id { return view }
      stack.append(contentsOf: view.children)
    }
    return nil
  }
}
