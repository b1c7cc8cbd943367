import AXModel
import AXTestSupport
import Foundation
@testable import SwitchControl
import Testing

@Suite struct LocationIndexTests {
  /// Where a stop sits, by searching every level as the layout once did.
  func searched(_ layout: ScanLayout, _ id: String) -> [Int]? {
    func search(_ level: [ScanNode], _ path: [Int]) -> [Int]? {
      for (index, node) in level.enumerated() {
        switch node {
        case .element(let element) where element == id: return path + [index]
        case .group(let group):
          if let found = search(group.items, path + [index]) { return found }
        default: continue
        }
      }
      return nil
    }
    return search(layout.items, [])
  }

  @Test("every stop's indexed location is the one a search of the levels finds", arguments: librarySceneNames)
  func sameAsSearch(scene name: String) throws {
    let tree = SceneSession(scene: try libraryScene(name)).tree
    for groups in [true, false] {
      let layout = ScanLayout(tree: tree, groupsItems: groups)
      for id in layout.stops + ["no-such-stop"] + layout.exclusions.map(\.id) {
        #expect(layout.indexPath(of: id) == searched(layout, id), "\(name) \(id)")
      }
    }
  }

  @Test("changing the items moves the locations with them")
  func itemsChanged() throws {
    var layout = ScanLayout(tree: SceneSession(scene: try libraryScene("product-page")).tree, groupsItems: true)
    let copy = layout
    layout.items = [.element("late"), .group(ScanGroup(id: "g", label: nil, reason: .list, items: [.element("back")]))]
    #expect(layout.indexPath(of: "late") == [0])
    #expect(layout.indexPath(of: "back") == [1, 0])
    #expect(layout.indexPath(of: "cart") == nil)
    #expect(layout != copy)
    #expect(copy.indexPath(of: "cart") == searched(copy, "cart"))
    // An id met twice is found where a search from the top meets it first.
    layout.items = [
      .group(ScanGroup(id: "g", label: nil, reason: .list, items: [.element("x"), .element("twice")])),
      .element("twice"),
    ]
    #expect(layout.indexPath(of: "twice") == [0, 1])
    #expect(layout.indexPath(of: "twice") == searched(layout, "twice"))
  }
}
