import AXModel
import AXTestSupport
import Foundation
import SwitchControl
import Testing

/// The key-script fuzz corpus (`Tests/Fuzz/Corpus/key-script/`) and the scene loader's, replayed
/// through what `FuzzKeyScript` and the scanning half of `FuzzSceneLoader` run, so a crash
/// `make fuzz` found once stays fixed in the ordinary `swift test`.
@Suite struct FuzzRegressionTests {
  @Test(
    "every key-script corpus input parses or fails with an error, and replays without a crash",
    arguments: fuzzCorpus("key-script"))
  func keyScript(_ name: String) throws {
    let text = String(decoding: try fuzzInput("key-script", name), as: UTF8.self)
    let inputs: [SwitchInput]
    do {
      inputs = try KeyScript.parse(text)
    } catch {
      _ = error.description
      return
    }
    // What was parsed prints back as a script that parses to the same keys.
    #expect(try KeyScript.parse(KeyScript.text(inputs)) == inputs)
    let session = SceneSession(scene: try SceneLoader().load(path: packagePath("Scenes/coffee-dispenser.json")))
    for scanning in [ScanningStyle.manual, .auto] {
      var settings = SwitchSettings()
      settings.scanning = scanning
      let start = SwitchScanner(session: session, settings: settings)
      var scanner = start
      _ = TranscriptRenderer().text(scanner.run(inputs), scanner: start)
    }
  }

  @Test(
    "every scene-loader corpus scene that loads scans in item and point mode without a crash",
    arguments: fuzzCorpus("scene-loader"))
  func scanning(_ name: String) throws {
    guard let scene = try? SceneLoader().load(bytes: try fuzzInput("scene-loader", name), path: name)
    else { return }
    let keys: [SwitchInput] = [
      .press(.select), .press(.next), .press(.select), .wait(milliseconds: 3_000), .press(.select),
      .press(.escape),
    ]
    for mode in [ScanMode.item, .point] {
      var settings = SwitchSettings()
      settings.mode = mode
      var scanner = SwitchScanner(session: SceneSession(scene: scene), settings: settings)
      _ = scanner.run(keys)
    }
  }
}
