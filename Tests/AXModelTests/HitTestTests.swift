import AXModel
import Testing

@Suite("Hit-testing")
struct HitTestTests {
  @Test("the frontmost element whose frame holds the point wins", arguments: [
    (Point(x: 10, y: 10), "front" as String?),
    (Point(x: 150, y: 10), "back"),
    (Point(x: 390, y: 790), nil),
  ])
  func frontmost(point: Point, expected: String?) throws {
    let scene = try makeScene(
      #"{"id": "back", "type": "button", "text": "Back", "frame": [0, 0, 200, 50]}, {"id": "front", "type": "button", "text": "Front", "frame": [0, 0, 100, 50]}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.hitTest(point)?.id == expected)
  }

  @Test("a window in front wins over one behind, and a modal sheet blocks the page")
  func windowsAndModal() throws {
    let scene = try makeScene(
      #"{"id": "page-button", "type": "button", "text": "Buy", "frame": [0, 0, 400, 100]}"#,
      windows: #", {"level": 1, "root": {"id": "sheet", "viewIsModal": true, "frame": [0, 400, 400, 400], "children": [{"id": "close", "type": "button", "text": "Close", "frame": [0, 400, 100, 50]}]}}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.hitTest(Point(x: 10, y: 410))?.id == "close")
    #expect(tree.hitTest(Point(x: 10, y: 10)) == nil)
  }

  @Test("hidden elements are not hit")
  func hidden() throws {
    let scene = try makeScene(
      #"{"id": "under", "type": "button", "text": "Under", "frame": [0, 0, 100, 50]}, {"id": "over", "type": "button", "text": "Over", "hidden": true, "frame": [0, 0, 100, 50]}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.hitTest(Point(x: 10, y: 10))?.id == "under")
  }
}

@Suite("UIKit defaults per view type")
struct ViewDefaultsTests {
  @Test("which types are elements by default", arguments: [
    ("label", true), ("button", true), ("image", false), ("view", false), ("custom", false),
    ("slider", true), ("textField", true), ("switch", true), ("element", true), ("stack", false),
  ])
  func elementDefaults(type: String, isElement: Bool) throws {
    let scene = try makeScene(#"{"id": "v", "type": "\#(type)", "text": "T", "frame": [0, 0, 50, 50]}"#)
    #expect(order(scene) == (isElement ? ["v"] : []))
  }

  @Test("labels, values and traits come from the type")
  func labelsAndTraits() throws {
    let scene = try makeScene(
      #"{"id": "b", "type": "button", "text": "Buy", "frame": [0, 0, 50, 50]}, {"id": "f", "type": "textField", "text": "ancheng", "label": "User name", "frame": [0, 100, 50, 50]}, {"id": "s", "type": "slider", "label": "Volume", "value": "70%", "frame": [0, 200, 50, 50]}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.element(id: "b")?.label == "Buy")
    #expect(tree.element(id: "b")?.traits == .button)
    #expect(tree.element(id: "f")?.value == "ancheng")
    #expect(tree.element(id: "s")?.traits == .adjustable)
  }

  @Test("trait edits insert and remove instead of overwriting")
  func traitEdits() throws {
    let scene = try makeScene(
      #"{"id": "b", "type": "button", "text": "M", "traits": ["+selected", "header", "-button"], "frame": [0, 0, 50, 50]}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.element(id: "b")?.traits == [.selected, .header])
  }

  @Test("an image view becomes an element only when asked")
  func informativeImage() throws {
    let scene = try makeScene(
      #"{"id": "qr", "type": "image", "isAccessibilityElement": true, "label": "QR code", "frame": [0, 0, 50, 50]}"#)
    let tree = TreeBuilder(scene: scene).build(SceneState(scene: scene))
    #expect(tree.element(id: "qr")?.traits == .image)
    #expect(tree.element(id: "qr")?.label == "QR code")
  }
}
