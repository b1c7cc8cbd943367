import AXModel
import AXTestSupport
import Foundation
@testable import SwitchControl
import Testing

@Suite struct HitIndexTests {
  /// Points over the whole screen and just off it, and the corners and edges of every frame.
  func probePoints(_ tree: AccessibilityTree) -> [Point] {
    var points: [Point] = []
    let width = tree.screen.width
    let height = tree.screen.height
    var y = -3.0
    while y < height + 3 {
      var x = -3.0
      while x < width + 3 {
        points.append(Point(x: x, y: y))
        x += 6.7
      }
      y += 6.7
    }
    for element in tree.elements {
      let frame = element.frame
      for x in [frame.minX, frame.maxX, frame.maxX.nextDown, frame.center.x] {
        for y in [frame.minY, frame.maxY, frame.maxY.nextDown, frame.center.y] {
          points.append(Point(x: x, y: y))
        }
      }
    }
    points.append(Point(x: .nan, y: 10))
    points.append(Point(x: width, y: height))
    return points
  }

  func expectSameHits(_ tree: AccessibilityTree, _ label: String) throws {
    let index = try #require(HitTestIndex(tree: tree, minimumCount: 1), "\(label)")
    for point in probePoints(tree) {
      #expect(index.hitTest(point, in: tree)?.id == tree.hitTest(point)?.id, "\(label) \(point)")
    }
  }

  @Test("the grid hit-tests every library scene as the tree does", arguments: librarySceneNames)
  func libraryScenes(scene name: String) throws {
    try expectSameHits(SceneSession(scene: try libraryScene(name)).tree, name)
  }

  @Test("the grid hit-tests overlapping frames, nested elements and a second window as the tree does", arguments: [7, 8, 9] as [UInt64])
  func overlaps(seed: UInt64) throws {
    let scene = try SceneLoader().load(text: overlappingScene(count: 300, seed: seed))
    let tree = SceneSession(scene: scene).tree
    #expect(tree.elements.count > 300)
    #expect(HitTestIndex(tree: tree) != nil)
    try expectSameHits(tree, "seed \(seed)")
  }

  @Test("point paths over overlapping frames are the same with and without the grid", arguments: [TapBehavior.default, .always])
  func pointPaths(tap: TapBehavior) throws {
    var settings = SwitchSettings()
    settings.mode = .point
    settings.tapBehavior = tap
    let scene = try SceneLoader().load(text: overlappingScene(count: 120, seed: 3))
    let start = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    #expect(start.hitIndex != nil)
    var linear = start
    linear.hitIndex = nil
    let finder = SwitchPathFinder(settings: settings)
    var found = 0
    for id in start.layout.stops {
      let grid = finder.plannedPath(to: id, from: start)
      let tree = finder.path(to: id, from: linear)
      #expect((try? grid.get().keys) == (try? tree.get().keys), "\(id)")
      #expect((try? grid.get().milliseconds) == (try? tree.get().milliseconds), "\(id)")
      if case .failure(let gridFailure) = grid, case .failure(let treeFailure) = tree {
        #expect(gridFailure == treeFailure)
      }
      if case .success = grid { found += 1 }
    }
    #expect(found > 20)
  }

  @Test("after an action changes the tree, point mode hit-tests the new tree")
  func rebuiltAfterDispatch() throws {
    var settings = SwitchSettings()
    settings.mode = .point
    settings.tapBehavior = .always
    let scene = try SceneLoader().load(text: overlappingScene(count: 120, seed: 3))
    let start = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
    let path = try SwitchPathFinder(settings: settings).path(to: "over", from: start).get()
    var scanner = start
    _ = scanner.run(path.keys)
    let tree = scanner.session.tree
    #expect(tree.element(id: "over") == nil)
    // The grid of the old tree is gone; the new tree is hit-tested directly.
    #expect(start.hitIndex != nil)
    #expect(scanner.hitIndex == nil)
    for point in probePoints(tree) {
      #expect(scanner.hitTest(point)?.id == tree.hitTest(point)?.id, "\(point)")
    }
  }
}
