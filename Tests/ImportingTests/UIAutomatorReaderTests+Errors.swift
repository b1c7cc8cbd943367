import AXModel
import Testing

@testable import Importing

/// Broken and hostile Android dumps: each fails with one located line, and none crashes.
extension UIAutomatorReaderTests {
  /// The error line importing the bytes gives, or `nil` when it imports.
  static func failure(
    _ bytes: [UInt8], path: String, density: Double? = nil, limits: SceneLimits = .standard
  ) -> SceneError? {
    let importer = SceneImporter(
      format: .uiautomator, options: ImportOptions(density: density, limits: limits))
    do {
      _ = try importer.load(bytes: bytes, path: path)
      return nil
    } catch {
      return error
    }
  }

  @Test("malformed fixtures fail with the exact line", arguments: [
    (
      "truncated.xml", SceneError.Code.malformedDump,
      "truncated.xml:1:795: error: unterminated value of attribute 'package'"
    ),
    (
      "bad-bounds.xml", .typeMismatch,
      "bad-bounds.xml:4:5: error: expected '[left,top][right,bottom]' for attribute 'bounds', "
        + "found \"[42,630][1038]\""
    ),
    (
      "wrong-root.xml", .unsupportedFormat,
      "wrong-root.xml:3:1: error: expected a <hierarchy> root (uiautomator dump or UiAutomator2 "
        + "page source), found the element \"AppiumAUT\""
    ),
  ])
  func malformedFixture(name: String, code: SceneError.Code, line: String) throws {
    let error = Self.failure(try Self.fixture(name), path: name)
    #expect(error?.code == code)
    #expect(error?.description == line)
  }

  /// A one-window document around the given nodes.
  static func document(_ nodes: String, hierarchy: String = "rotation=\"0\"") -> [UInt8] {
    Array(
      ("<hierarchy \(hierarchy)>\n<node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2340]\">\n"
        + nodes + "\n</node>\n</hierarchy>\n").utf8)
  }

  @Test("bad values fail at their node, naming the attribute, with the text quoted", arguments: [
    (
      "<node bounds=\"[100,0][50,10]\"/>", SceneError.Code.invalidValue,
      "t.xml:3:1: error: attribute 'bounds' \"[100,0][50,10]\" has its right edge left of its left edge"
    ),
    (
      "<node bounds=\"[0,10][50,0]\"/>", .invalidValue,
      "t.xml:3:1: error: attribute 'bounds' \"[0,10][50,0]\" has its bottom edge above its top edge"
    ),
    (
      "<node bounds=\"[0,0][1e3,10]\"/>", .typeMismatch,
      "t.xml:3:1: error: expected '[left,top][right,bottom]' for attribute 'bounds', found \"[0,0][1e3,10]\""
    ),
    (
      "<node bounds=\"[0,0][9999999999,10]\"/>", .invalidValue,
      "t.xml:3:1: error: width 3809523809.14 is out of range, expected at most 1000000 points"
    ),
    (
      "<node clickable=\"yes\u{1B}[31m\"/>", .typeMismatch,
      "t.xml:3:1: error: expected true or false for attribute 'clickable', found \"yes\\u{1b}[31m\""
    ),
    (
      "<node text=\"a\"", .malformedDump, "t.xml:4:1: error: expected attribute name"
    ),
  ])
  func badValue(nodes: String, code: SceneError.Code, line: String) {
    let error = Self.failure(Self.document(nodes), path: "t.xml")
    #expect(error?.code == code)
    #expect(error?.description == line)
  }

  @Test("a hierarchy size that is not a number fails at the hierarchy")
  func badScreenSize() {
    let error = Self.failure(
      Self.document("", hierarchy: "width=\"wide\" height=\"2340\""), path: "t.xml")
    #expect(error?.description == "t.xml:1:1: error: expected a number for attribute 'width', found \"wide\"")
  }

  @Test("an empty hierarchy is an error, not an empty scene")
  func emptyHierarchy() {
    let error = Self.failure(Array("<hierarchy rotation=\"0\"/>".utf8), path: "t.xml")
    #expect(error?.description == "t.xml:1:1: error: <hierarchy> holds no window (was the screen off or locked?)")
  }

  @Test("a density that is not positive is refused", arguments: [0.0, -2, .nan, .infinity])
  func badDensity(density: Double) {
    let error = Self.failure(Self.document(""), path: "t.xml", density: density)
    #expect(error?.code == .invalidValue)
    #expect(error?.line == 0)
    #expect(error?.message.hasPrefix("the density must be a positive number of pixels per point") == true)
  }

  @Test("the view depth and count limits hold while reading")
  func limits() {
    func nested(_ count: Int) -> String {
      String(repeating: "<node>", count: count) + String(repeating: "</node>", count: count)
    }
    // The hierarchy is level 1 and the window's node level 2, so the ninth node is level 11.
    let depth = Self.failure(
      Self.document(nested(9)), path: "t.xml", limits: SceneLimits(maximumViewDepth: 10))
    #expect(depth?.code == .limitExceeded)
    #expect(depth?.description == "t.xml:3:49: error: views nested deeper than 10 levels")
    // Far deeper, the XML reader stops first, before building the whole tree.
    let deeper = Self.failure(
      Self.document(nested(40)), path: "t.xml", limits: SceneLimits(maximumViewDepth: 10))
    #expect(deeper?.description == "t.xml:3:61: error: elements nested deeper than 12 levels")
    let many = String(repeating: "<node/>", count: 20)
    let count = Self.failure(
      Self.document(many), path: "t.xml", limits: SceneLimits(maximumViewCount: 10))
    #expect(count?.code == .limitExceeded)
    // The window and its node count, so the ninth empty node is the eleventh view.
    #expect(count?.description == "t.xml:3:57: error: more than 10 views")
  }
}
