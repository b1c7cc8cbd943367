import AXModel
import AXTestSupport
import Foundation
import Testing

/// Every scene error is one located line: cycles closed by a subview, files over the size
/// limit, number variables out of range, and a sweep of damaged scenes.
@Suite("Scene error locations")
struct SceneErrorLocationTests {
  /// A cycle case: the scene's children with a 1️⃣ marker, and the exact error line after the
  /// `Scenes/t.json:LINE:COL: error: ` prefix.
  struct CycleCase: CustomTestStringConvertible, Sendable {
    var name: String
    var children: String
    var line: String
    var testDescription: String { name }
  }

  static let cycles: [CycleCase] = [
    CycleCase(
      name: "a child lists its parent",
      children: #"{"id": "p", "children": [{"id": "c", "elements": [1️⃣"p"]}]}"#,
      line: "elements form a cycle: c -> p -> c at windows[0].root.children[0].children[0].elements[0]"),
    CycleCase(
      name: "a grandchild lists the root",
      children: #"{"id": "a", "children": [{"id": "b", "elements": [1️⃣"root"]}]}"#,
      line: "elements form a cycle: b -> root -> a -> b at windows[0].root.children[0].children[0].elements[0]"),
    CycleCase(
      name: "a list reaches a descendant that lists the list's owner",
      children: #"{"id": "a", "elements": ["b"]}, {"id": "b", "children": [{"id": "c", "elements": [1️⃣"a"]}]}"#,
      line: "elements form a cycle: a -> b -> c -> a at windows[0].root.children[1].children[0].elements[0]"),
    CycleCase(
      name: "a second entry closes the cycle through an ancestor",
      children: #"{"id": "p", "children": [{"id": "c", "elements": ["x", 1️⃣"p"]}]}, {"id": "x"}"#,
      line: "elements form a cycle: c -> p -> c at windows[0].root.children[0].children[0].elements[1]"),
  ]

  @Test("an elements cycle closed by a subview edge is located at its elements entry", arguments: cycles)
  func cycle(_ cycle: CycleCase) throws {
    let (text, line, column) = unmarked(LoaderErrorCase.scene(cycle.children))
    let error = #expect(throws: SceneError.self) { try SceneLoader().load(text: text, path: "Scenes/t.json") }
    #expect(error?.code == .cycle)
    #expect(error?.description == "Scenes/t.json:\(line):\(column): error: \(cycle.line)")
  }

  @Test("a file over the size limit is reported at 1:1, from bytes and from a file")
  func oversized() throws {
    let text = LoaderErrorCase.scene((0..<20).map { #"{"id": "v\#($0)"}"# }.joined(separator: ","))
    let loader = SceneLoader(limits: SceneLimits(maximumFileSize: 100))
    let size = text.utf8.count
    let expected = "error: file is \(size) bytes, larger than the limit of 100 bytes"
    let fromBytes = #expect(throws: SceneError.self) { try loader.load(text: text, path: "Scenes/t.json") }
    #expect(fromBytes?.code == .limitExceeded)
    #expect(fromBytes?.description == "Scenes/t.json:1:1: \(expected)")
    let path = NSTemporaryDirectory() + "axinput-oversized-\(UUID().uuidString).json"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fromFile = #expect(throws: SceneError.self) { try loader.load(path: path) }
    #expect(fromFile?.description == "\(path):1:1: \(expected)")
  }

  static let outOfRange: [(String, String, String)] = [
    (#""vars": {"n": 1️⃣1e16}"#, "1e+16", "vars.n"),
    (#""vars": {"n": 1️⃣-1e300}"#, "-1e+300", "vars.n"),
    (#""vars": {"n": {"value": 0, "max": 1️⃣2e15}}"#, "2e+15", "vars.n.max"),
    (#""vars": {"n": {"value": 0, "min": 1️⃣-1e16}}"#, "-1e+16", "vars.n.min"),
    (#""vars": {"n": {"value": 0, "step": 1️⃣1e200}}"#, "1e+200", "vars.n.step"),
  ]

  @Test("a number variable literal beyond ±1e15 is a located load error", arguments: outOfRange)
  func variableLiteral(_ vars: String, _ number: String, _ keyPath: String) throws {
    let (text, line, column) = unmarked(LoaderErrorCase.scene(#"{"id": "a"}"#, extra: ", " + vars))
    let error = #expect(throws: SceneError.self) { try SceneLoader().load(text: text, path: "Scenes/t.json") }
    #expect(error?.code == .limitExceeded)
    #expect(
      error?.description
        == "Scenes/t.json:\(line):\(column): error: \(number) is out of range, expected a number from -1e+15 to 1e+15 at \(keyPath)")
  }

  @Test("an effect's amount or assigned number beyond ±1e15 is a located load error", arguments: [
    #"{"add": "n", "by": 1️⃣1e16}"#, #"{"set": "n", "to": 1️⃣-2e15}"#,
  ])
  func effectLiteral(_ effect: String) throws {
    let view = #"{"id": "a", "on": {"activate": [\#(effect)]}}"#
    let (text, line, column) = unmarked(LoaderErrorCase.scene(view, extra: #", "vars": {"n": 0}"#))
    let error = #expect(throws: SceneError.self) { try SceneLoader().load(text: text, path: "Scenes/t.json") }
    #expect(error?.code == .limitExceeded)
    #expect(error?.line == line)
    #expect(error?.column == column)
  }

  @Test("repeated increments stop at 1e15 and never print inf", arguments: [1e14, 9.9e14, 1e15])
  func saturation(_ amount: Double) throws {
    let children = """
      {"id": "counter", "type": "stepper", "label": "Counter", "value": "{n}", "frame": [0, 0, 200, 40],
       "on": {"increment": [{"add": "n", "by": \(amount)}, {"announce": "{n}"}],
              "decrement": [{"add": "n", "by": -\(amount)}, {"announce": "{n}"}]}}
      """
    var session = SceneSession(scene: try makeScene(children, vars: #"{"n": 999999999999999}"#))
    var printed = ""
    for _ in 0..<30 { printed += ActionResultRenderer().text(session.increment("counter")) }
    #expect(session.state.values["n"] == .number(Variable.numberLimit))
    #expect(session.tree.element(id: "counter")?.value == "1e+15")
    for _ in 0..<60 { printed += ActionResultRenderer().text(session.decrement("counter")) }
    #expect(session.state.values["n"] == .number(-Variable.numberLimit))
    #expect(!printed.contains("inf"))
    #expect(!printed.contains("nan"))
  }

  /// Every byte of a small scene deleted, and every byte replaced by a quote, a brace, a digit
  /// or an invalid UTF-8 byte: whatever fails to load fails with a located, one-line error.
  @Test("damaged scenes fail with one located line")
  func damaged() throws {
    let original = Array(try String(contentsOfFile: packagePath("Scenes/coffee-dispenser.json"), encoding: .utf8).utf8)
    var failures = 0
    for index in original.indices {
      var variants = [original]
      variants[0].remove(at: index)
      for byte: UInt8 in [0x22, 0x7D, 0x39, 0xFF, 0x0A] {
        var changed = original
        changed[index] = byte
        variants.append(changed)
      }
      for bytes in variants {
        do {
          _ = try SceneLoader().load(bytes: bytes, path: "Scenes/c.json")
        } catch {
          failures += 1
          #expect(error.line >= 1 && error.column >= 1, "\(error)")
          #expect(!error.description.contains("\n"), "\(error)")
          #expect(error.description.hasPrefix("Scenes/c.json:\(error.line):\(error.column): error: "))
        }
      }
    }
    #expect(failures > original.count)
  }
}
