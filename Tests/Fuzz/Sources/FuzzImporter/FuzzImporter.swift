import AXModel
import FuzzSupport
import Importing

/// Every way a file reaches an importer: detected from its content, and forced to each
/// format (`--from`), since a user can force a format the content does not look like.
let importers: [SceneImporter] =
  [SceneImporter()] + DumpFormat.allCases.map { SceneImporter(format: $0) }

/// libFuzzer entry: the bytes as a dump through `SceneImporter.load(bytes:path:)` with
/// detection and with each `DumpFormat` forced; an imported scene is then converted back to
/// the scene format (`axreach convert`) and its tree built and rendered.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = FuzzSupport.bytes(data, size)
  _ = DumpFormat.detect(bytes)
  for importer in importers {
    guard let scene = try? importer.load(bytes: bytes, path: "fuzz.dump") else { continue }
    let session = SceneSession(scene: scene)
    _ = TreeRenderer().text(session.tree, scene: scene, state: session.state)
    _ = SceneEncoder().text(scene)
  }
  return 0
}

/// The program's entry point (SwiftPM aliases `main` to it): libFuzzer's driver on `fuzz`.
///
/// The fixed inputs are loaded first, outside any run (see ``FuzzSupport/fixed(_:)``).
@_cdecl("FuzzImporter_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  _ = FuzzSupport.fixed { importers }
  return FuzzSupport.run(argc, argv, fuzz)
}
