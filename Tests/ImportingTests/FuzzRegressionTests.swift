import AXModel
import AXTestSupport
import Foundation
import Importing
import Testing

/// The importer fuzz corpus (`Tests/Fuzz/Corpus/importer/`: the example dumps, the importers'
/// fixtures, and every input `make fuzz` found a crash with) replayed through what
/// `FuzzImporter` runs, so a crash found once stays fixed in the ordinary `swift test`.
@Suite struct FuzzRegressionTests {
  @Test(
    "every importer corpus input, detected and forced to each format, imports or fails with an error",
    arguments: fuzzCorpus("importer"))
  func importer(_ name: String) throws {
    let bytes = try fuzzInput("importer", name)
    _ = DumpFormat.detect(bytes)
    let importers = [SceneImporter()] + DumpFormat.allCases.map { SceneImporter(format: $0) }
    for importer in importers {
      guard let scene = try? importer.load(bytes: bytes, path: name) else { continue }
      let session = SceneSession(scene: scene)
      _ = TreeRenderer().text(session.tree, scene: scene, state: session.state)
      _ = SceneEncoder().text(scene)
    }
  }
}
