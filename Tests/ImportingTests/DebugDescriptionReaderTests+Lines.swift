import AXModel
import Testing

@testable import Importing

/// Single lines, indentation and every error, each with its exact message.
extension DebugDescriptionReaderTests {
  @Test(
    "a line's type, frame, pairs and flags",
    arguments: [
      ("Other", "other Other"),
      ("XCUIElementTypeButton, 0x1", "button XCUIElementTypeButton"),
      ("Window (Main), 0x1, {{0, 0}, {390, 844}}", "window Window frame=0.0,0.0,390.0,844.0"),
      ("Other (some (nested) text), {{1.5, -2}, {3e1, 4}}", "other Other frame=1.5,-2.0,30.0,4.0"),
      (
        "Button, traits: 8589934593, {{0, 0}, {1, 1}}, label: 'OK'",
        "button Button label=OK frame=0.0,0.0,1.0,1.0"
      ),
      ("Button, label: 'It's', Selected", "button Button label=It's selected"),
      ("Button, label: 'a', b', Disabled", "button Button label=a', b disabled"),
      ("Button, label: 'x', Not Hittable, Keyboard Focused, Focused", "button Button label=x"),
      ("Button, label: '', title: 'T'", "button Button label="),
      ("Window, title: 'Main', identifier: 'w'", "window Window id=w label=Main"),
      (
        "Other, identifier: 'a, b', label: 'c', Selected, Disabled",
        "other Other id=a, b label=c selected disabled"
      ),
      ("Slider, value: 50%, 2, Disabled", "slider Slider value=50%, 2 disabled"),
      (
        "TextField, value: a, b, placeholderValue: 'P'",
        "textField TextField value=a, b placeholder=P"
      ),
      ("StaticText, value: , label: 'x'", "staticText StaticText label=x value="),
      ("Other, elementType: 9, label: 'x'", "other Other label=x"),
      ("Other, label: 'x', Some Future Flag", "other Other label=x"),
      ("Image, label: '→ 设置 ‘curly’'", "image Image label=→ 设置 ‘curly’"),
      ("Key, label: 'delete', value:", "key Key label=delete value="),
    ])
  func line(text: String, expected: String) throws {
    #expect(Self.outline(try Self.read(text)) == [expected])
  }

  @Test(
    "indentation is the tree: any deeper line is a child, several top-level nodes, tabs and →",
    arguments: [
      ("A\n  B\n    C\n  D\nE", ["other A", " other B", "  other C", " other D", "other E"]),
      ("  A\n        B\n   C\n  D", ["other A", " other B", " other C", "other D"]),
      (" →A\n\t\t\tB\n\n# note\n   C", ["other A", " other B", " other C"]),
      (
        "Attributes: x\nElement subtree:\nA\nPath to element:\n →A\nQuery chain:\n →F",
        ["other A"]
      ),
      ("# comment\nA\n Query chain:\n ?? ??", ["other A"]),
    ])
  func tree(text: String, expected: [String]) throws {
    #expect(Self.outline(try Self.read(text)) == expected)
  }

  @Test(
    "each malformed fixture fails with its line, column and what was expected",
    arguments: [
      (
        "bad-frame.txt",
        "bad-frame.txt:5:31: error: expected a frame '{{x, y}, {w, h}}' after the address, "
          + "found \"{{16.0, 356.0}, {358.0}}\""
      ),
      (
        "missing-type.txt",
        "missing-type.txt:4:7: error: expected an element type name such as 'Button', found "
          + "\", 0x600000c4ca80, {{16.0, 356.0}, {358.0, 44.0}}, label: 'Lo\"..."
      ),
      (
        "truncated-label.txt",
        "truncated-label.txt:4:91: error: expected a closing quote for 'label' before the end of "
          + "the line (is the line cut short?)"
      ),
      (
        "truncated-frame.txt",
        "truncated-frame.txt:4:31: error: expected a frame '{{x, y}, {w, h}}' after the address, "
          + "found \"{{16.0, 35\""
      ),
      (
        "garbage.txt",
        "garbage.txt:4:7: error: expected an element type name such as 'Button', found "
          + "\"\\u{1b}[31mFAILED\\u{1b}[0m simulator not booted\""
      ),
      (
        "missing-comma.txt",
        "missing-comma.txt:4:68: error: expected ',' after the frame, found \" label: 'Wi‑Fi'\""
      ),
      (
        "shallow.txt",
        "shallow.txt:4:3: error: element line indented by 2 columns, less than the first element "
          + "line's 4"
      ),
      (
        "no-elements.txt",
        "no-elements.txt:3:1: error: no element lines: expected lines such as \"Button, "
          + "0x600000c4c1c0, {{16.0, 293.0}, {370.0, 52.0}}, label: 'Log In'\" after 'Element "
          + "subtree:'"
      ),
    ])
  func malformedFixture(name: String, expected: String) throws {
    let bytes = try Self.fixture(name)
    let error = #expect(throws: SceneError.self) {
      _ = try DebugDescriptionReader.read(bytes, path: name, options: .init())
    }
    #expect(error?.code == .malformedDump)
    #expect(error?.description == expected)
  }

  @Test(
    "a bad line fails where the problem starts",
    arguments: [
      ("", "test.txt: error: no element lines"),
      ("Button, 0x1,", "test.txt:1:12: error: expected an attribute after the last ','"),
      ("Button (Main, 0x1", "test.txt:1:8: error: expected ')' to close the '('"),
      ("Button, {{0, 0}, {1, 1}}, {{0, 0}, {1, 1}}", "test.txt:1:27: error: a second frame"),
      ("Button, {{0, 0}, {1, 1}}, %%", "test.txt:1:27: error: expected 'key: value' or a flag"),
      ("Button, label: 'x', %%", "test.txt:1:16: error: expected a closing quote for 'label'"),
      ("Button, {{0, 0}, {1, x}}", "test.txt:1:9: error: expected a frame"),
      ("  Cell, label: 'Wi‑Fi 设置', {{0, 0}, {1}}", "test.txt:1:16: error: expected a closing quote"),
      ("Button, {{0, 0}, {-1, 1}}", "test.txt:1:9: error: frame size is negative"),
      ("Button, {{0, 0}, {1e9, 1}}", "test.txt:1:9: error: width 1000000000 is out of range"),
      ("Button, {{nan, 0}, {1, 1}}", "test.txt:1:9: error: x nan is out of range"),
    ])
  func badLine(text: String, expectedStart: String) {
    let error = #expect(throws: SceneError.self) { _ = try Self.read(text) }
    let description = error?.description ?? ""
    #expect(description.hasPrefix(expectedStart), "\(description)")
    #expect(!description.contains("\n"))
  }

  @Test("depth and count limits stop the reader at the offending line")
  func limits() {
    var options = ImportOptions()
    options.limits.maximumViewDepth = 3
    let deep = #expect(throws: SceneError.self) {
      _ = try Self.read("A\n B\n  C\n   D", options: options)
    }
    #expect(deep?.code == .limitExceeded)
    #expect(deep?.description == "test.txt:4:4: error: elements nested deeper than 3 levels")
    #expect(throws: Never.self) { _ = try Self.read("A\n B\n  C\n  D\n B", options: options) }

    options.limits.maximumViewCount = 4
    let many = #expect(throws: SceneError.self) {
      _ = try Self.read("A\n B\n C\n D\n E", options: options)
    }
    #expect(many?.code == .limitExceeded)
    #expect(many?.description == "test.txt:5:2: error: more than 4 elements")
  }
}
