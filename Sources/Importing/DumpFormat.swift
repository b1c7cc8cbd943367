import AXModel

/// A file format the tools read a scene from: the scene format itself, or a dump of a running
/// app's accessibility tree.
public enum DumpFormat: String, CaseIterable, Hashable, Sendable {
  /// The scene format, `axscene/1`.
  case scene
  /// `idb ui describe-all --json`, flat or `--nested`.
  case idb
  /// Appium XCUITest (WebDriverAgent) page source XML: `XCUIElementType*` elements.
  case webDriverAgentXML = "wda-xml"
  /// Legacy WebDriverAgent `/source` JSON: `{"value": {"tree": ...}}` with `UIA*` types.
  case webDriverAgentJSON = "wda-json"
  /// XCUITest's `debugDescription` text of an element.
  case xcuitest
  /// Android `uiautomator dump` XML or Appium UiAutomator2 page source.
  case uiautomator

  /// The names `--from` accepts.
  public static let names: [String] = allCases.map(\.rawValue)

  /// Decides a file's format from its first bytes and, for XML and JSON, its root.
  ///
  /// JSON that is neither idb's nor legacy WebDriverAgent's is taken for a scene, so a broken
  /// scene still gets the scene loader's errors. Text that is neither JSON nor XML is taken
  /// for XCUITest's description when a line looks like one.
  public static func detect(_ bytes: [UInt8]) -> DumpFormat {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return .scene }
    switch bytes[index] {
    case UInt8(ascii: "["):
      return .idb
    case UInt8(ascii: "{"):
      return detectJSONObject(bytes[index...])
    case UInt8(ascii: "<"):
      return detectXML(bytes[index...])
    default:
      return DebugDescriptionReader.looksLikeDescription(bytes) ? .xcuitest : .scene
    }
  }

  /// Looks at an object's first keys: a scene starts with `format` (or has it near the top),
  /// legacy WebDriverAgent wraps its tree in `value`, idb's nested root carries `AX` keys.
  private static func detectJSONObject(_ bytes: ArraySlice<UInt8>) -> DumpFormat {
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    if head.contains("\"axscene/") { return .scene }
    if head.contains("\"tree\"") && head.contains("\"value\"") { return .webDriverAgentJSON }
    if head.contains("\"AXLabel\"") || head.contains("\"AXFrame\"") || head.contains("\"AXUniqueId\"") {
      return .idb
    }
    return .scene
  }

  /// Looks at the root element's name, past the XML declaration and comments.
  private static func detectXML(_ bytes: ArraySlice<UInt8>) -> DumpFormat {
    let head = String(decoding: bytes.prefix(8192), as: UTF8.self)
    var rest = Substring(head)
    while let open = rest.firstIndex(of: "<") {
      let tag = rest[rest.index(after: open)...]
      if tag.hasPrefix("?") || tag.hasPrefix("!") {
        guard let close = tag.firstIndex(of: ">") else { break }
        rest = tag[tag.index(after: close)...]
        continue
      }
      let name = tag.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
      if name == "hierarchy" || name.contains(".") || name == "node" { return .uiautomator }
      return .webDriverAgentXML
    }
    return .webDriverAgentXML
  }
}
