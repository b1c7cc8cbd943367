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

  @Test("--speaker writes what the session learned, starts the next session from it, and refuses a file that is not a profile")
  func speakerProfile() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("session.wav").path
    let commands = ["increment coffee dispenser", "tap brew", "show numbers", "hide numbers", "decrement coffee dispenser"]
    try ListenFixtures.speak(commands, to: wav, in: folder)
    let profile = folder.appendingPathComponent("me.json").path
    func listen(_ extra: [String], log: String) throws -> (status: Int32, heard: [String?], events: [[String: Any]], errors: String) {
      let run = try ListenProcess(
        ["listen", "Scenes/coffee-dispenser.json", "--audio", wav, "--format", "json", "--log", log, "--speaker", profile] + extra)
      let result = run.finish(timeout: 60)
      let events = (try? jsonLines(String(contentsOfFile: log, encoding: .utf8))) ?? []
      let heard = (try? jsonLines(result.standardOutput).map { $0["heard"] as? String }) ?? []
      return (result.status, heard, events, result.standardError)
    }
    // The profile's frames, as its file says.
    func profileFrames() throws -> Int {
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: profile)))
      return try #require((object as? [String: Any])?["frames"] as? Int)
    }
    func frames(_ events: [[String: Any]], _ name: String) -> [Double] {
      events.filter { $0["event"] as? String == name }.compactMap { $0["frames"] as? Double }
    }
    // A new speaker: the file is written with what the session aligned.
    let first = try listen([], log: folder.appendingPathComponent("first.jsonl").path)
    #expect(first.status == 0 && first.heard == commands, "\(first.errors)")
    let written = try profileFrames()
    #expect(written > 400 && frames(first.events, "speakerSaved").last == Double(written))
    #expect(frames(first.events, "speaker").isEmpty)
    // The next session starts from it (weighed by half; adapted at once when that is 400 frames), and
    // writes it grown.
    let second = try listen([], log: folder.appendingPathComponent("second.jsonl").path)
    #expect(second.status == 0 && second.heard == commands, "\(second.errors)")
    #expect(frames(second.events, "speaker") == [Double(written)])
    let grown = try profileFrames()
    #expect(grown > written / 2 + 400 && grown != written)
    // With --no-adapt it is read and never written.
    let before = try Data(contentsOf: URL(fileURLWithPath: profile))
    let fixed = try listen(["--no-adapt"], log: folder.appendingPathComponent("fixed.jsonl").path)
    #expect(fixed.status == 0 && fixed.heard == commands && frames(fixed.events, "speakerSaved").isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: profile)) == before)
    // A file that is not a profile: 65 before listening, the file named and left as it was.
    let bad = Data(
      String(decoding: before, as: UTF8.self)
        .replacingOccurrences(of: "\"frames\":\(grown),", with: "\"frames\":\"many\",").utf8)
    #expect(bad != before)
    try bad.write(to: URL(fileURLWithPath: profile))
    let refused = try listen([], log: folder.appendingPathComponent("refused.jsonl").path)
    #expect(refused.status == 65 && refused.heard.isEmpty)
    #expect(refused.errors == "\(profile): error: frames: expected an integer\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: profile)) == bad)
    // A folder that doesn't exist: 66 before listening.
    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json", "--audio", wav, "--speaker", folder.path + "/missing/me.json"])
    let missing = run.finish(timeout: 60)
    #expect(missing.status == 66 && missing.standardError.contains("missing/me.json: error: can't create the speaker profile"))
  }
}
