import AXModel
import Foundation
import Testing

@testable import Importing

/// XCUITest's `debugDescription` text: what each line and each fixture becomes.
@Suite("Reading XCUITest debugDescription text")
struct DebugDescriptionReaderTests {
  /// The fixture's bytes, found beside this file so the test runs from any directory.
  static func fixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/xcuitest/\(name)")
    return [UInt8](try Data(contentsOf: url))
  }

  /// Reads text with the reader alone; errors name `test.txt`.
  static func read(_ text: String, options: ImportOptions = ImportOptions()) throws(SceneError)
    -> Dump
  {
    try DebugDescriptionReader.read(Array(text.utf8), path: "test.txt", options: options)
  }

  /// One line per node, indented by depth, with everything the reader fills in: a whole tree
  /// compares at once, and a mismatch shows which node differs.
  static func outline(_ dump: Dump) -> [String] {
    var lines: [String] = []
    var stack = dump.roots.reversed().map { (node: $0, depth: 0) }
    while let (node, depth) = stack.popLast() {
      var line = String(repeating: " ", count: depth) + "\(node.role.rawValue) \(node.typeName)"
      if let identifier = node.identifier { line += " id=\(identifier)" }
      if let label = node.label { line += " label=\(label)" }
      if let value = node.value { line += " value=\(value)" }
      if let placeholder = node.placeholder { line += " placeholder=\(placeholder)" }
      if let f = node.frame { line += " frame=\(f.x),\(f.y),\(f.width),\(f.height)" }
      if node.isSelected { line += " selected" }
      if !node.isEnabled { line += " disabled" }
      lines.append(line)
      stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
    }
    return lines
  }

  static let settingsOutline = [
    "application Application label=Settings",
    " window Window frame=0.0,0.0,390.0,844.0",
    "  other Other frame=0.0,0.0,390.0,844.0",
    "   navigationBar NavigationBar id=Settings frame=0.0,47.0,390.0,96.3",
    "    staticText StaticText label=Settings frame=16.0,91.0,127.0,41.0",
    "   searchField SearchField id=search placeholder=Search frame=16.0,143.3,358.0,36.0",
    "   table Table frame=0.0,190.0,390.0,654.0",
    "    cell Cell id=airplane label=Airplane Mode frame=0.0,190.0,390.0,52.0",
    "     toggle Switch label=Airplane Mode value=0 frame=322.0,200.5,51.0,31.0",
    "    cell Cell id=com.apple.settings.wifi label=Wi‑Fi 设置 value=Home, Sweet Home"
      + " frame=0.0,242.0,390.0,52.0",
    "    cell Cell id=bluetooth label=Bluetooth frame=0.0,294.0,390.0,52.0",
    "     toggle Switch label=Bluetooth value=1 frame=322.0,304.5,51.0,31.0",
    "    button Button id=login label=Log In frame=16.0,356.0,358.0,44.0 selected",
    "    button Button label=Don't, \"really\", stop frame=16.0,410.0,358.0,44.0 disabled",
    "    textField TextField value=some text that was cut off… placeholder=Name"
      + " frame=16.0,464.0,358.0,44.0",
    "    staticText StaticText label=Version 17.4 (21E213) frame=16.0,518.0,358.0,20.0",
    "  keyboard Keyboard frame=0.0,553.0,390.0,291.0",
    "   key Key label=q frame=3.0,563.0,35.0,42.0",
    "   key Key label=shift frame=3.0,671.0,45.0,42.0 selected",
  ]

  @Test("settings.txt: every node, its fields and the tree, headers and comments skipped")
  func settings() throws {
    let bytes = try Self.fixture("settings.txt")
    let dump = try DebugDescriptionReader.read(bytes, path: "settings.txt", options: .init())
    #expect(dump.format == .xcuitest)
    #expect(dump.roots.count == 1)
    #expect(Self.outline(dump) == Self.settingsOutline)
  }

  @Test("positions are the type name's line and column, the → marker counted as one column")
  func positions() throws {
    let bytes = try Self.fixture("settings.txt")
    let dump = try DebugDescriptionReader.read(bytes, path: "settings.txt", options: .init())
    let application = try #require(dump.roots.first)
    #expect(application.position == SourcePosition(line: 5, column: 3))
    let window = try #require(application.children.first)
    #expect(window.position == SourcePosition(line: 6, column: 5))
    let keyboard = try #require(window.children.last)
    #expect(keyboard.position == SourcePosition(line: 21, column: 7))
    #expect(keyboard.children.map(\.position.line) == [22, 23])
  }

  @Test("CRLF line endings and a byte order mark read as plain LF text")
  func lineEndings() throws {
    let text = String(decoding: try Self.fixture("settings.txt"), as: UTF8.self)
    let bytes = [0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    let dump = try DebugDescriptionReader.read(bytes, path: "crlf.txt", options: .init())
    #expect(Self.outline(dump) == Self.settingsOutline)
    #expect(dump.roots.first?.position == SourcePosition(line: 5, column: 3))
    let error = #expect(throws: SceneError.self) {
      _ = try DebugDescriptionReader.read(
        [0xEF, 0xBB, 0xBF] + Array("Button, {{0, 0}, {1}}\r\n".utf8), path: "bom.txt",
        options: .init())
    }
    #expect(error?.description.hasPrefix("bom.txt:1:9: error: expected a frame") == true)
  }

  @Test("the format is detected and the scene's tree lists the screen in reading order")
  func scene() throws {
    let bytes = try Self.fixture("settings.txt")
    #expect(DumpFormat.detect(bytes) == .xcuitest)
    let scene = try SceneImporter(format: nil).load(bytes: bytes, path: "settings.txt")
    #expect(scene.name == "Settings")
    #expect(scene.screen == Size(width: 390, height: 844))
    let tree = SceneSession(scene: scene).tree
    let summary = tree.elements.map { "\($0.type.rawValue) \($0.label ?? "-") \($0.value ?? "-")" }
    #expect(
      summary == [
        "label Settings -", "textField Search -", "cell Airplane Mode off",
        "cell Wi‑Fi 设置 Home, Sweet Home", "cell Bluetooth on",
        "button Log In -", "button Don't, \"really\", stop -",
        "textField Name some text that was cut off…", "label Version 17.4 (21E213) -",
        "button q -", "button shift -",
      ])
    let login = try #require(tree.element(id: "login"))
    #expect(login.traits.contains(.selected))
    #expect(tree.elements.first { $0.label == "Don't, \"really\", stop" }?.isEnabled == false)
    #expect(tree.elements.first { $0.label == "q" }?.traits.contains(.keyboardKey) == true)
  }

  @Test(
    "detection looks for the header or an element line in the first bytes",
    arguments: [
      ("Element subtree:\n →Application, pid: 1", true),
      ("# comment\n →Application, 0x600000c4c000, pid: 4242", true),
      ("\u{FEFF}Window (Main), {{0.0, 0.0}, {390.0, 844.0}}", true),
      ("  Other (some description), 0x1, {{0, 0}, {1, 1}}", true),
      ("hello, world", false),
      ("Button 0x1", false),
      ("", false),
      ("# only a comment, 0x1", false),
    ])
  func detection(text: String, expected: Bool) {
    #expect(DebugDescriptionReader.looksLikeDescription(Array(text.utf8)) == expected)
  }

  @Test("5,000 generated lines read into 5,000 nodes")
  func largeDump() throws {
    var lines = [
      "Element subtree:", " →Application, 0x600000c4c000, pid: 4242, label: 'Big'",
      "    Window (Main), 0x600000c4c0e0, {{0.0, 0.0}, {390.0, 844.0}}",
    ]
    for row in 0..<2_499 {
      let y = Double(row) * 10
      lines.append(
        "      Cell, 0x6000\(row), {{0.0, \(y)}, {390.0, 10.0}}, identifier: 'row-\(row)', "
          + "label: 'Row \(row), \"quoted\"', value: \(row), of, many")
      lines.append(
        "        StaticText, {{16.0, \(y)}, {100.0, 10.0}}, label: 'Row \(row)', Selected")
    }
    #expect(lines.count == 5_001)
    let dump = try Self.read(lines.joined(separator: "\n"))
    var count = 0
    var stack = dump.roots
    while let node = stack.popLast() {
      count += 1
      stack.append(contentsOf: node.children)
    }
    #expect(count == 5_000)
    let window = try #require(dump.roots.first?.children.first)
    #expect(window.children.count == 2_499)
    let last = try #require(window.children.last)
    #expect(last.label == "Row 2498, \"quoted\"")
    #expect(last.value == "2498, of, many")
    #expect(last.children.first?.position == SourcePosition(line: 5_001, column: 9))
  }
}
