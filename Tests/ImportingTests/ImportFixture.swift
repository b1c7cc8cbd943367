import AXModel
import AXTestSupport
import Foundation
import Importing

/// The hand-written dumps under `Fixtures/`, loaded under a short path so that error lines and
/// goldens don't depend on where the package is checked out.
enum ImportFixture {
  /// The fixture's bytes.
  static func bytes(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: packagePath("Tests/ImportingTests/Fixtures/\(name)"))
    return [UInt8](try Data(contentsOf: url))
  }

  /// The fixture's scene, its format detected; errors name `Fixtures/<name>`.
  static func scene(_ name: String, importer: SceneImporter = SceneImporter()) throws -> Scene {
    try importer.load(bytes: bytes(name), path: "Fixtures/\(name)")
  }

  /// The error line the fixture fails with, or `nil` when it loads.
  static func error(_ name: String, importer: SceneImporter = SceneImporter()) throws -> String? {
    let bytes = try bytes(name)
    do {
      _ = try importer.load(bytes: bytes, path: "Fixtures/\(name)")
      return nil
    } catch {
      return error.description
    }
  }

  /// The accessibility tree's text, as `axreach tree` prints it.
  static func tree(_ scene: Scene) -> String {
    let session = SceneSession(scene: scene)
    return TreeRenderer().text(session.tree, scene: scene, state: session.state)
  }
}
