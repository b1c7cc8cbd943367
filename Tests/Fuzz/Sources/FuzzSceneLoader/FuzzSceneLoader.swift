import AXModel
import FuzzSupport
import SwitchControl

/// Keys that open the scanner menu, move through it, act and wait, in every mode: enough to
/// lay out stops and groups, build the menu and run point mode's sweeps on a loaded scene.
let keys: [SwitchInput] = [
  .press(.select), .press(.next), .press(.select), .wait(milliseconds: 3_000), .press(.select),
  .press(.escape),
]

/// libFuzzer entry: a scene file's bytes through `SceneLoader`, and, when they load, through
/// what every tool does next: the tree, its text and JSON, hit-testing (directly and through
/// the grid index), a switch scan in item and point mode, and one action per element.
///
/// A thrown `SceneError` is the loader working; only a trap (a broken promise checked here
/// too), a sanitizer report, a timeout or running out of memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = FuzzSupport.bytes(data, size)
  guard let scene = try? SceneLoader().load(bytes: bytes, path: "fuzz.json") else { return 0 }
  var session = SceneSession(scene: scene)
  let renderer = TreeRenderer()
  _ = renderer.text(session.tree, scene: scene, state: session.state)
  _ = renderer.json(session.tree, scene: scene, state: session.state).rendered()
  // The grid index is built for 64 elements and more; a fuzzed scene rarely has them.
  let grid = HitTestIndex(tree: session.tree, minimumCount: 1)
  for element in session.tree.elements.prefix(8) {
    // The index promises the tree's own answer, so a difference is a finding too.
    let direct = session.tree.hitTest(element.activationPoint)?.id
    if let grid {
      precondition(grid.hitTest(element.activationPoint, in: session.tree)?.id == direct)
    }
  }
  for mode in [ScanMode.item, .point] {
    var settings = SwitchSettings()
    settings.mode = mode
    var scanner = SwitchScanner(session: session, settings: settings)
    _ = scanner.run(keys)
  }
  // Effects (set, add, present, navigate, ...) only run on actions; a few are enough to reach
  // them, and more would make each run slow without new coverage.
  for element in session.tree.elements.prefix(8) {
    for result in [session.activate(element.id), session.increment(element.id)] {
      _ = ActionResultRenderer().text(result)
    }
  }
  return 0
}

/// The program's entry point (SwiftPM aliases `main` to it): libFuzzer's driver on `fuzz`.
@_cdecl("FuzzSceneLoader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzSupport.run(argc, argv, fuzz)
}
