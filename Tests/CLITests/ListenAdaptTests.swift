import AXTestSupport
import Foundation
import Testing

/// `axvoice listen` adapts the model to the speaker after the commands performed, and says so
/// in the event log; with `--no-adapt`, nothing adapts.
@Suite("axvoice listen adapts to the speaker", .serialized)
struct ListenAdaptTests {
  @Test("commands performed past 400 frames of phones log 'adapted', the frames growing; with --no-adapt, none")
  func adaptedEvents() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("session.wav").path
    let commands = [
      "increment coffee dispenser", "tap brew", "show numbers", "hide numbers", "decrement coffee dispenser",
      "show names", "hide names",
    ]
    try ListenFixtures.speak(commands, to: wav, in: folder)
    for adapts in [true, false] {
      let log = folder.appendingPathComponent("events-\(adapts).jsonl").path
      let run = try ListenProcess(
        ["listen", "Scenes/coffee-dispenser.json", "--audio", wav, "--format", "json", "--log", log]
          + (adapts ? [] : ["--no-adapt"]))
      let result = run.finish(timeout: 60)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      let heard = try jsonLines(result.standardOutput).map { $0["heard"] as? String }
      #expect(heard == commands, "output: \(result.standardOutput)")
      let events = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
      let frames = events.filter { $0["event"] as? String == "adapted" }.compactMap { $0["frames"] as? Double }
      if adapts {
        // The first three or four commands are under the minimum; every one after it adds frames.
        #expect(frames.count >= 2 && frames.count <= commands.count - 2, "\(events)")
        #expect(frames.first.map { $0 >= 400 } == true && frames == frames.sorted() && Set(frames).count == frames.count)
      } else {
        #expect(frames.isEmpty)
      }
    }
  }
}
