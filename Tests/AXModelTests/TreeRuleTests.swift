import AXModel
import Testing

/// Builds a one-window scene whose root holds the given children (JSON text).
func makeScene(
  _ children: String, direction: String = "leftToRight", windows extraWindows: String = "",
  screens: String = "", vars: String = "{}"
) throws -> Scene {
  let text = """
    {"format": "axscene/1", "name": "t", "screen": {"width": 400, "height": 800},
     "layoutDirection": "\(direction)", "vars": \(vars),
     "windows": [{"level": 0, "root": {"id": "root", "frame": [0, 0, 400, 800], "children": [\(children)]}}\(extraWindows)]
     \(screens.isEmpty ? "" : ", \"screens\": \(screens)")}
    """
  return try SceneLoader().load(text: text, path: "test.json")
}

/// The ids of the tree's elements in traversal order.
func order(_ scene: Scene, state: SceneState? = nil) -> [String] {
  let builder = TreeBuilder(scene: scene)
  return builder.build(state ?? SceneState(scene: scene)).elements.map(\.id)
}

/// A label element at a frame.
func label(_ id: String, _ x: Int, _ y: Int, _ w: Int = 50, _ h: Int = 20, extra: String = "")
  -> String
{
  #"{"id": "\#(id)", "type": "label", "text": "\#(id)", "frame": [\#(x), \#(y), \#(w), \#(h)]\#(extra)}"#
}

@Suite("Accessibility tree rules")
struct TreeRuleTests {
  @Test("windows are visited from the highest level down")
  func windowLevels() throws {
    let scene = try makeScene(
      label("low", 0, 0),
      windows: #", {"level": 2000, "root": {"id": "alert", "frame": [0, 0, 400, 800], "children": [\#(label("high", 0, 700))]}}"#)
    #expect(order(scene) == ["high", "low"])
  }

  @Test(
    "hidden, transparent and elementsHidden subtrees are gone",
    arguments: [#", "hidden": true"#, #", "alpha": 0"#, #", "elementsHidden": true"#])
  func hiddenSubtrees(property: String) throws {
    let scene = try makeScene(
      label("a", 0, 0) + #", {"id": "box", "frame": [0, 100, 400, 100]\#(property), "children": [\#(label("b", 0, 100))]}"#)
    #expect(order(scene) == ["a"])
    let visible = try makeScene(
      label("a", 0, 0) + #", {"id": "box", "frame": [0, 100, 400, 100], "children": [\#(label("b", 0, 100))]}"#)
    #expect(order(visible) == ["a", "b"])
  }

  @Test("a modal view hides its siblings but not its own subviews")
  func modalSiblings() throws {
    let scene = try makeScene(
      label("page", 0, 0) + ","
        + #"{"id": "sheet", "viewIsModal": true, "frame": [0, 400, 400, 400], "children": [\#(label("sheet-title", 0, 400))]}"#
        + "," + label("after", 0, 300))
    #expect(order(scene) == ["sheet-title"])
  }

  @Test("a modal window root hides the windows behind it")
  func modalWindow() throws {
    let scene = try makeScene(
      label("page", 0, 0),
      windows: #", {"level": 1, "root": {"id": "alert", "viewIsModal": true, "frame": [0, 0, 400, 800], "children": [\#(label("ok", 0, 500))]}}"#)
    #expect(order(scene) == ["ok"])
    let nonModal = try makeScene(
      label("page", 0, 0),
      windows: #", {"level": 1, "root": {"id": "alert", "frame": [0, 0, 400, 800], "children": [\#(label("ok", 0, 500))]}}"#)
    #expect(order(nonModal) == ["ok", "page"])
  }

  @Test("elements replaces subview traversal and keeps its order")
  func explicitElements() throws {
    let cell = #"{"id": "cell", "frame": [0, 0, 400, 100], "elements": ["time", "name"], "children": ["#
      + label("name", 0, 0) + "," + label("time", 300, 0) + "," + label("extra", 0, 50) + "]}"
    let scene = try makeScene(cell)
    #expect(order(scene) == ["time", "name"])
  }

  @Test("an element is a leaf that hides its subviews")
  func elementIsLeaf() throws {
    let scene = try makeScene(
      #"{"id": "price", "isAccessibilityElement": true, "label": "Price 129.99", "frame": [0, 0, 200, 40], "children": [\#(label("yuan", 0, 0)), \#(label("amount", 20, 0))]}"#)
    #expect(order(scene) == ["price"])
  }

  @Test("containers recurse into nested subviews")
  func containersRecurse() throws {
    let scene = try makeScene(
      #"{"id": "outer", "children": [{"id": "inner", "children": [\#(label("deep", 0, 0))]}]}"#)
    #expect(order(scene) == ["deep"])
  }

  @Test("geometry sort: rows top to bottom, then left to right")
  func geometryRows() throws {
    // Subview order is deliberately scrambled.
    let scene = try makeScene(
      [label("c", 0, 100), label("b", 200, 0), label("a", 0, 0), label("d", 200, 105)].joined(
        separator: ","))
    #expect(order(scene) == ["a", "b", "c", "d"])
  }

  @Test("right to left mirrors the order within a row")
  func rightToLeft() throws {
    let children = [label("left", 0, 0), label("right", 300, 0), label("next", 0, 100)]
      .joined(separator: ",")
    #expect(order(try makeScene(children, direction: "rightToLeft")) == ["right", "left", "next"])
    #expect(order(try makeScene(children)) == ["left", "right", "next"])
  }

  @Test("equal frames keep traversal order")
  func stable() throws {
    let scene = try makeScene([label("first", 0, 0), label("second", 0, 0)].joined(separator: ","))
    #expect(order(scene) == ["first", "second"])
  }

  @Test("a groupsChildren container sorts as one unit in subview order")
  func grouping() throws {
    // Two columns whose rows overlap vertically: ungrouped, the sort interleaves them.
    func column(_ id: String, x: Int, _ ids: [String], grouped: Bool) -> String {
      let items = ids.enumerated().map { label($0.element, x, $0.offset * 30 + (x > 0 ? 10 : 0), 50, 30) }
      return #"{"id": "\#(id)", "groupsChildren": \#(grouped), "frame": [\#(x), 0, 100, 100], "children": [\#(items.joined(separator: ","))]}"#
    }
    let grouped = try makeScene(
      column("left", x: 0, ["a", "b", "c"], grouped: true) + ","
        + column("right", x: 200, ["d", "e", "f"], grouped: true))
    #expect(order(grouped) == ["a", "b", "c", "d", "e", "f"])
    let ungrouped = try makeScene(
      column("left", x: 0, ["a", "b", "c"], grouped: false) + ","
        + column("right", x: 200, ["d", "e", "f"], grouped: false))
    #expect(order(ungrouped) == ["a", "b", "d", "c", "e", "f"])
  }

  @Test("inside a group, subview order wins over geometry")
  func groupInnerOrder() throws {
    let scene = try makeScene(
      #"{"id": "stack", "groupsChildren": true, "children": [\#(label("bottom", 0, 100)), \#(label("top", 0, 0))]}"#)
    #expect(order(scene) == ["bottom", "top"])
  }

  @Test("SwiftUI combine joins the labels of its children")
  func combine() throws {
    let scene = try makeScene(
      #"{"id": "row", "childBehavior": "combine", "frame": [0, 0, 400, 50], "children": [\#(label("name", 0, 0)), \#(label("price", 200, 0))]}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.elements.map(\.id) == ["row"])
    #expect(tree.elements.first?.label == "name, price")
  }

  @Test("containers are the views that hold elements, not decorations")
  func containers() throws {
    let scene = try makeScene(
      #"{"id": "list", "type": "table", "children": [\#(label("row", 0, 0))]}, {"id": "divider", "frame": [0, 50, 400, 1]}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.containers.keys.sorted() == ["list", "root"])
    #expect(tree.containers["list"]?.containerType == .list)
    #expect(tree.containers["list"]?.parent == "root")
    #expect(tree.elements.first?.ancestors == ["root", "list"])
  }

  @Test("a chain of elements lists past the depth limit is reported, not silently dropped")
  func tooDeep() throws {
    let views = (0..<450).map { #"{"id": "v\#($0)", "elements": ["v\#($0 + 1)"]}"# }
    let scene = try makeScene(views.joined(separator: ",") + "," + label("v450", 0, 0))
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.diagnostics.first { $0.kind == .tooDeep }?.id == "v400")
  }

  @Test("a container that is also an element is reported")
  func containerIsElement() throws {
    let scene = try makeScene(
      #"{"id": "card", "isAccessibilityElement": true, "elements": ["t"], "frame": [0, 0, 400, 50], "children": [\#(label("t", 0, 0))]}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.diagnostics.map(\.kind) == [.containerIsElement])
    #expect(tree.elements.map(\.id) == ["t"])
  }

  @Test("a consistent staircase follows the comparator, not a row clustering")
  func staircase() throws {
    // tall spans both rows at the far left; a is above b, so a precedes b even though b is
    // further left.
    let scene = try makeScene(
      [label("b", 100, 60, 50, 20), label("tall", 0, 0, 50, 100), label("a", 200, 0, 50, 20)]
        .joined(separator: ","))
    #expect(order(scene) == ["tall", "a", "b"])
  }

  @Test("a cyclic comparator still gives one fixed order")
  func cyclicComparator() throws {
    // tall < b (x), b's row: a above b; tall vs a: same row, a further right... a cycle arises
    // with b left of tall: b < tall < a < b.
    let children = [label("a", 100, 0, 50, 20), label("tall", 50, 0, 20, 100), label("b", 0, 60, 20, 20)]
    let first = order(try makeScene(children.joined(separator: ",")))
    let again = order(try makeScene(children.joined(separator: ",")))
    #expect(first == again)
    #expect(Set(first) == ["a", "tall", "b"])
  }
}
