import AXModel
import FuzzSupport
import SwitchControl

/// The coffee dispenser's session, built once: a script that parses is replayed on it, as
/// `axswitch scan --keys` does.
let session = SceneSession(
  scene: FuzzSupport.require(
    try? SceneLoader().load(path: FuzzSupport.path("Scenes/coffee-dispenser.json")),
    "Scenes/coffee-dispenser.json"))

/// libFuzzer entry: the bytes as a key script (`--keys` or `--script` text) through
/// `KeyScript.parse`, then, when it parses, through a scanner and the transcript renderer.
///
/// The parser takes a `String`, so invalid UTF-8 becomes U+FFFD first; rejecting it is
/// the file reader's job, not the parser's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: FuzzSupport.bytes(data, size), as: UTF8.self)
  let inputs: [SwitchInput]
  do {
    inputs = try KeyScript.parse(text)
  } catch {
    _ = error.description
    return 0
  }
  // `axswitch path` prints keys that `scan --keys` must read back as the same keys.
  let printed = KeyScript.text(inputs)
  precondition((try? KeyScript.parse(printed)) == inputs, "'\(printed)' does not parse back")
  // Manual scanning answers every key; auto scanning also runs the clock through each wait.
  for scanning in [ScanningStyle.manual, .auto] {
    var settings = SwitchSettings()
    settings.scanning = scanning
    let start = SwitchScanner(session: session, settings: settings)
    var scanner = start
    let steps = scanner.run(inputs)
    _ = TranscriptRenderer().text(steps, scanner: start)
  }
  return 0
}

/// The program's entry point (SwiftPM aliases `main` to it): libFuzzer's driver on `fuzz`.
///
/// The fixed inputs are loaded first, outside any run (see ``FuzzSupport/fixed(_:)``).
@_cdecl("FuzzKeyScript_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  _ = FuzzSupport.fixed { session }
  return FuzzSupport.run(argc, argv, fuzz)
}
