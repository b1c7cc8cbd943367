import AXModel
import AXTestSupport
import Foundation
import Testing

/// A scene-file error case: the text with a 1️⃣ marker where the error must be reported.
struct LoaderErrorCase: CustomTestStringConvertible, Sendable {
  var name: String
  var text: String
  var code: SceneError.Code
  var message: String
  var keyPath: String?
  var hint: String?

  var testDescription: String { name }

  /// Loads the text and expects this error, with its code, message, key path and hint, at the
  /// marker.
  func expectReported(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let (text, line, column) = unmarked(self.text)
    let error = #expect(throws: SceneError.self, sourceLocation: sourceLocation) {
      try SceneLoader().load(text: text, path: "Scenes/t.json")
    }
    #expect(error?.code == code, sourceLocation: sourceLocation)
    #expect(error?.message == message, sourceLocation: sourceLocation)
    #expect(error?.line == line, sourceLocation: sourceLocation)
    #expect(error?.column == column, sourceLocation: sourceLocation)
    #expect(error?.keyPath == keyPath, sourceLocation: sourceLocation)
    #expect(error?.hint == hint, sourceLocation: sourceLocation)
  }

  /// A scene whose start window's root view has the given children.
  static func scene(_ children: String, extra: String = "") -> String {
    """
    {"format": "axscene/1", "name": "t", "screen": {"width": 400, "height": 800}\(extra),
     "windows": [{"root": {"id": "root", "children": [
    \(children)
    ]}}]}
    """
  }
}

@Suite("Scene loader errors")
struct SceneLoaderErrorTests {
  static let cases: [LoaderErrorCase] = [
    .init(
      name: "malformed JSON", text: #"{"format": "axscene/1" 1️⃣"name": "x"}"#, code: .malformedJSON,
      message: "expected ',' or '}' after object member"),
    .init(
      name: "NaN is not JSON", text: LoaderErrorCase.scene(#"{"id": "a", "frame": [0, 0, 1️⃣NaN, 1]}"#),
      code: .malformedJSON, message: "expected a value, found 'N'"),
    .init(
      name: "wrong type", text: LoaderErrorCase.scene(#"{"id": 1️⃣42}"#), code: .typeMismatch,
      message: "expected a string, found a number", keyPath: "windows[0].root.children[0].id"),
    .init(
      name: "unknown view type", text: LoaderErrorCase.scene(#"{"id": "a", "type": 1️⃣"buton"}"#),
      code: .unknownName, message: "unknown view type 'buton'",
      keyPath: "windows[0].root.children[0].type", hint: "did you mean 'button'?"),
    .init(
      name: "unknown trait", text: LoaderErrorCase.scene(#"{"id": "a", "traits": ["+header", 1️⃣"-buton"]}"#),
      code: .unknownName, message: "unknown trait 'buton'",
      keyPath: "windows[0].root.children[0].traits[1]", hint: "did you mean 'button'?"),
    .init(
      name: "unknown key", text: LoaderErrorCase.scene(#"{"id": "a", 1️⃣"lable": "x"}"#),
      code: .unknownKey, message: "unknown key 'lable' in view",
      keyPath: "windows[0].root.children[0]", hint: "did you mean 'label'?"),
    .init(
      name: "missing id", text: LoaderErrorCase.scene(#"1️⃣{"type": "label"}"#), code: .missingKey,
      message: "missing required key 'id'", keyPath: "windows[0].root.children[0]"),
    .init(
      name: "duplicate id", text: LoaderErrorCase.scene(#"{"id": "a"}, {"id": 1️⃣"a"}"#),
      code: .duplicateIdentifier, message: "duplicate view id 'a'",
      keyPath: "windows[0].root.children[1].id", hint: "first defined at line 3, column 8"),
    // Key paths are made only when needed, and a view's once: one made for a sibling's label
    // (and its superview's) must not leak into a deeper view's.
    .init(
      name: "nested key path",
      text: LoaderErrorCase.scene(
        #"{"id": "a", "children": [{"id": "b", "label": "B"}, {"id": "c", "children": [{"id": "d", 1️⃣"lable": "x"}]}]}"#),
      code: .unknownKey, message: "unknown key 'lable' in view",
      keyPath: "windows[0].root.children[0].children[1].children[0]", hint: "did you mean 'label'?"),
    .init(
      name: "nested duplicate id",
      text: LoaderErrorCase.scene(#"{"id": "a", "children": [{"id": "b", "label": "B"}, {"id": 1️⃣"a"}]}"#),
      code: .duplicateIdentifier, message: "duplicate view id 'a'",
      keyPath: "windows[0].root.children[0].children[1].id", hint: "first defined at line 3, column 8"),
    .init(
      name: "negative size", text: LoaderErrorCase.scene(#"{"id": "a", "frame": [0, 0, 1️⃣-5, 1]}"#),
      code: .invalidValue, message: "width is negative (-5)",
      keyPath: "windows[0].root.children[0].frame[2]"),
    .init(
      name: "huge coordinate", text: LoaderErrorCase.scene(#"{"id": "a", "frame": [1️⃣1e308, 0, 5, 5]}"#),
      code: .limitExceeded, message: "1e+308 is out of range, expected at most 1000000 points",
      keyPath: "windows[0].root.children[0].frame[0]"),
    .init(
      name: "huge screen",
      text: #"{"format": "axscene/1", "name": "t", "screen": 1️⃣{"width": 1e9, "height": 800}, "windows": []}"#,
      code: .invalidValue, message: "screen size must be between 1 and 100000 points", keyPath: "screen"),
    .init(
      name: "frame of three numbers", text: LoaderErrorCase.scene(#"{"id": "a", "frame": 1️⃣[0, 0, 5]}"#),
      code: .invalidValue, message: "expected 4 numbers [x, y, width, height], found 3",
      keyPath: "windows[0].root.children[0].frame"),
    .init(
      name: "alpha above 1", text: LoaderErrorCase.scene(#"{"id": "a", "alpha": 1️⃣2}"#),
      code: .invalidValue, message: "alpha must be between 0 and 1, found 2",
      keyPath: "windows[0].root.children[0].alpha"),
    .init(
      name: "elements names a missing id",
      text: LoaderErrorCase.scene(#"{"id": "a", "elements": ["b", 1️⃣"zz"]}, {"id": "b"}"#),
      code: .unresolvedReference, message: "no view id 'zz'",
      keyPath: "windows[0].root.children[0].elements[1]"),
    .init(
      name: "elements cycle",
      text: LoaderErrorCase.scene(#"{"id": "a", "elements": ["b"]}, {"id": "b", "elements": [1️⃣"a"]}"#),
      code: .cycle, message: "elements form a cycle: a -> b -> a",
      keyPath: "windows[0].root.children[1].elements[0]"),
    .init(
      name: "elements lists itself", text: LoaderErrorCase.scene(#"{"id": "a", "elements": [1️⃣"a"]}"#),
      code: .cycle, message: "view 'a' lists itself in its elements",
      keyPath: "windows[0].root.children[0].elements[0]"),
    .init(
      name: "template names an unknown variable",
      text: LoaderErrorCase.scene(#"{"id": "a", "value": 1️⃣"{cofee} oz"}"#, extra: #", "vars": {"coffee": 0}"#),
      code: .unknownName, message: "unknown variable 'cofee'",
      keyPath: "windows[0].root.children[0].value", hint: "did you mean 'coffee'?"),
    .init(
      name: "effect targets a missing view",
      text: LoaderErrorCase.scene(#"{"id": "a", "on": {"activate": [{"hide": 1️⃣"banner"}]}}"#),
      code: .unresolvedReference, message: "no view id 'banner'",
      keyPath: "windows[0].root.children[0].on.activate[0].hide"),
    .init(
      name: "present names a missing screen",
      text: LoaderErrorCase.scene(#"{"id": "a", "on": {"activate": [{"present": 1️⃣"sheet"}]}}"#),
      code: .unresolvedReference, message: "no screen 'sheet'",
      keyPath: "windows[0].root.children[0].on.activate[0].present"),
    .init(
      name: "unknown event", text: LoaderErrorCase.scene(#"{"id": "a", "on": {1️⃣"activte": []}}"#),
      code: .unknownName, message: "unknown event 'activte'",
      keyPath: "windows[0].root.children[0].on.activte", hint: "did you mean 'activate'?"),
    .init(
      name: "add on a string variable",
      text: LoaderErrorCase.scene(#"{"id": "a", "on": {"activate": [{"add": 1️⃣"size"}]}}"#, extra: #", "vars": {"size": "M"}"#),
      code: .typeMismatch, message: "'add' needs a number variable, 'size' is a string",
      keyPath: "windows[0].root.children[0].on.activate[0].add"),
    .init(
      name: "unsupported format", text: #"{"format": 1️⃣"axscene/9", "name": "x"}"#,
      code: .unsupportedFormat, message: "unsupported format 'axscene/9', expected 'axscene/1'",
      keyPath: "format"),
  ]

  @Test("each error names the line, column, key path and what was expected", arguments: cases)
  func located(_ errorCase: LoaderErrorCase) throws {
    errorCase.expectReported()
  }

  @Test("the description is one swift-format style line")
  func description() throws {
    let text = LoaderErrorCase.scene(#"{"id": "a", "type": "buton"}"#)
    let error = #expect(throws: SceneError.self) { try SceneLoader().load(text: text, path: "Scenes/t.json") }
    #expect(
      error?.description
        == "Scenes/t.json:3:21: error: unknown view type 'buton' at windows[0].root.children[0].type; did you mean 'button'?")
  }

  @Test("10,000 levels of nesting fail cleanly", arguments: [10_000, 1_000_000])
  func deepJSON(levels: Int) throws {
    let text = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    let error = #expect(throws: SceneError.self) { try SceneLoader().load(text: text) }
    #expect(error?.code == .malformedJSON)
    #expect(error?.message == "nesting deeper than 512 levels")
  }

  @Test("views nested past the limit fail with the limit named")
  func deepViews() throws {
    var view = #"{"id": "leaf"}"#
    for level in 0..<240 { view = #"{"id": "v\#(level)", "children": [\#(view)]}"# }
    let error = #expect(throws: SceneError.self) {
      try SceneLoader().load(text: LoaderErrorCase.scene(view))
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.message == "views nested deeper than 200 levels")
  }

  @Test("199 nested views load and build without exhausting the stack")
  func deepButLegal() throws {
    var view = #"{"id": "leaf", "type": "button", "text": "Deep", "frame": [0, 0, 10, 10]}"#
    for level in 0..<197 { view = #"{"id": "v\#(level)", "children": [\#(view)]}"# }
    let scene = try SceneLoader().load(text: LoaderErrorCase.scene(view))
    #expect(order(scene) == ["leaf"])
  }

  @Test("file size and view count limits")
  func limits() throws {
    let text = LoaderErrorCase.scene((0..<20).map { #"{"id": "v\#($0)"}"# }.joined(separator: ","))
    let small = SceneLoader(limits: SceneLimits(maximumFileSize: 100))
    #expect(throws: SceneError.self) { try small.load(text: text) }
    let few = SceneLoader(limits: SceneLimits(maximumViewCount: 10))
    let error = #expect(throws: SceneError.self) { try few.load(text: text) }
    #expect(error?.message == "more than 10 views")
  }

  @Test("a missing file is reported as such")
  func missingFile() {
    let error = #expect(throws: SceneError.self) { try SceneLoader().load(path: "/nonexistent/x.json") }
    #expect(error?.code == .fileNotFound)
    #expect(error?.description == "/nonexistent/x.json: error: no such file")
  }
}
