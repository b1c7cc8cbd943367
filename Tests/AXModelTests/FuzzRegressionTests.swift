import AXModel
import AXTestSupport
import Foundation
import Testing

/// The scene loader's fuzz corpus (`Tests/Fuzz/Corpus/scene-loader/`: the library scenes,
/// hostile numbers, and every input `make fuzz` found a crash with) replayed through what the
/// `FuzzSceneLoader` target runs, minus switch scanning (SwitchControlTests replays that), so
/// a crash found once stays fixed in the ordinary `swift test`.
@Suite struct FuzzRegressionTests {
  static let corpus = fuzzCorpus("scene-loader")

  @Test("every scene-loader corpus input loads or fails with an error, without a crash", arguments: corpus)
  func sceneLoader(_ name: String) throws {
    let bytes = try fuzzInput("scene-loader", name)
    // A refusal is the loader working; only a crash fails this test.
    guard let scene = try? SceneLoader().load(bytes: bytes, path: name) else { return }
    var session = SceneSession(scene: scene)
    let renderer = TreeRenderer()
    _ = renderer.text(session.tree, scene: scene, state: session.state)
    _ = renderer.json(session.tree, scene: scene, state: session.state).rendered()
    // The grid index promises the tree's own answer.
    let grid = HitTestIndex(tree: session.tree, minimumCount: 1)
    for element in session.tree.elements.prefix(8) {
      let direct = session.tree.hitTest(element.activationPoint)?.id
      if let grid { #expect(grid.hitTest(element.activationPoint, in: session.tree)?.id == direct) }
    }
    for element in session.tree.elements.prefix(8) {
      _ = ActionResultRenderer().text(session.activate(element.id))
      _ = ActionResultRenderer().text(session.increment(element.id))
    }
  }
}
