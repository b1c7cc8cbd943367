import AXModel
import AXTestSupport
import SwitchControl
import Testing

@Suite struct ScanLayoutTests {
  func layout(_ text: String, groups: Bool = true) throws -> ScanLayout {
    let scene = try SceneLoader().load(text: text)
    return ScanLayout(tree: SceneSession(scene: scene).tree, groupsItems: groups)
  }

  @Test("stops are the interactive, visible, on-screen elements in accessibility order")
  func stops() throws {
    let layout = try layout(rulesScene)
    #expect(layout.stops == ["bold", "italic", "only", "card", "tab-1", "tab-2"])
    #expect(!layout.stops.contains("hidden-button"))
  }

  @Test(
    "elements that are not stops are reported with the reason",
    arguments: [
      ("heading", StopExclusion.notInteractive), ("deco", .notInteractive), ("zero", .zeroSize),
      ("offscreen", .offScreen),
    ])
  func exclusions(id: String, reason: StopExclusion) throws {
    let layout = try layout(rulesScene)
    #expect(layout.exclusions.first { $0.id == id }?.reason == reason)
    #expect(!layout.stops.contains(id))
  }

  @Test("off-screen interactive elements are listed as off screen")
  func offScreen() throws {
    #expect(try layout(rulesScene).offScreen == ["offscreen"])
  }

  @Test("a container with one stop is not a group; a combine container is one stop")
  func singleStops() throws {
    let items = try layout(rulesScene).items
    #expect(items.map(\.id) == ["toolbar", "only", "card", "tabs"])
    #expect(items[1] == .element("only"))
    #expect(items[2] == .element("card"))
  }

  @Test("grouping off scans every stop at the top level")
  func groupingOff() throws {
    let layout = try layout(rulesScene, groups: false)
    #expect(layout.items == layout.stops.map(ScanNode.element))
  }

  static let containers: [(String, GroupReason?)] = [
    (#""type": "stack", "groupsChildren": true"#, .groupsChildren),
    (#""type": "view", "containerType": "semanticGroup""#, .semanticGroup),
    (#""type": "view", "containerType": "list""#, .list),
    (#""type": "view", "containerType": "dataTable""#, .dataTable),
    (#""type": "table""#, .table),
    (#""type": "tabBar""#, .tabBar),
    (#""type": "navigationBar""#, .toolbar),
    (#""type": "stack""#, nil),
    (#""type": "view", "containerType": "landmark""#, nil),
  ]

  @Test("which containers with two stops become group stops", arguments: containers)
  func groupRule(container: String, reason: GroupReason?) throws {
    let text = """
      {"format": "axscene/1", "name": "G", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
         {"id": "box", \(container), "frame": [0, 100, 390, 44], "children": [
           {"id": "a", "type": "button", "frame": [0, 100, 100, 44], "text": "A"},
           {"id": "b", "type": "button", "frame": [100, 100, 100, 44], "text": "B"}]},
         {"id": "c", "type": "button", "frame": [0, 200, 100, 44], "text": "C"}]}}]}
      """
    let items = try layout(text).items
    if let reason {
      #expect(items == [.group(ScanGroup(id: "box", label: nil, reason: reason, items: [.element("a"), .element("b")])), .element("c")])
    } else {
      #expect(items == [.element("a"), .element("b"), .element("c")])
    }
  }

  @Test("groups nest, and a group holding only one inner group collapses into it")
  func nesting() throws {
    let text = """
      {"format": "axscene/1", "name": "N", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
         {"id": "outer", "type": "view", "containerType": "semanticGroup", "frame": [0, 0, 390, 300], "children": [
           {"id": "x", "type": "button", "frame": [0, 0, 100, 44], "text": "X"},
           {"id": "inner", "type": "stack", "groupsChildren": true, "frame": [0, 100, 390, 44], "children": [
             {"id": "y", "type": "button", "frame": [0, 100, 100, 44], "text": "Y"},
             {"id": "z", "type": "button", "frame": [100, 100, 100, 44], "text": "Z"}]}]},
         {"id": "solo", "type": "view", "containerType": "semanticGroup", "frame": [0, 400, 390, 100], "children": [
           {"id": "wrap", "type": "stack", "groupsChildren": true, "frame": [0, 400, 390, 44], "children": [
             {"id": "p", "type": "button", "frame": [0, 400, 100, 44], "text": "P"},
             {"id": "q", "type": "button", "frame": [100, 400, 100, 44], "text": "Q"}]}]}]}}]}
      """
    let layout = try layout(text)
    #expect(layout.items.map(\.id) == ["outer", "wrap"])
    #expect(layout.location(of: "z")?.groups == [0, 1])
    #expect(layout.groups(along: [0, 1])?.map(\.id) == ["outer", "inner"])
    #expect(layout.indexPath(of: "z") == [0, 1, 1])
    #expect(layout.location(of: "q")?.groups == [1])
  }

  @Test("product page: the navigation bar is a group, the sizes a row group, the rest single stops")
  func productPage() throws {
    let tree = SceneSession(scene: try libraryScene("product-page")).tree
    let layout = ScanLayout(tree: tree, groupsItems: true)
    #expect(layout.items.map(\.id) == [
      "nav", "carousel-image", "size-guide-link", "screen/row 4", "add-to-cart",
    ])
    #expect(layout.level([3]) == [.element("spec-s"), .element("spec-m"), .element("spec-l")])
    #expect(layout.stops.count == 9)
    #expect(layout.exclusions.contains { $0.id == "price" && $0.reason == .notInteractive })
  }

  @Test("mail list: the table of rows is a group")
  func mailList() throws {
    let layout = ScanLayout(tree: SceneSession(scene: try libraryScene("mail-list")).tree, groupsItems: true)
    guard case .group(let group)? = layout.items.first(where: { $0.elementIDs.contains("mail-1") }) else {
      Issue.record("mail rows are not grouped")
      return
    }
    #expect(group.elementIDs == ["mail-1", "mail-2", "mail-3", "mail-4", "mail-5"])
  }

  @Test("a shown modal confines the stops to itself")
  func modal() throws {
    var session = SceneSession(scene: try libraryScene("bottom-sheet"))
    _ = session.activate("filter")
    let layout = ScanLayout(tree: session.tree, groupsItems: true)
    #expect(layout.stops == ["sheet-close", "open-now", "delivery", "apply"])
  }
}
