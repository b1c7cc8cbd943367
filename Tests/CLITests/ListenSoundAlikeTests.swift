import AXTestSupport
import Foundation
import Testing

/// `axvoice listen` on words that sound alike: with the photo grid's numbers up, "tap three"
/// (Share Album's number) and "tap free" (the storage row named Free) differ in one phone the
/// acoustic model can't tell apart, so the session asks which was meant instead of guessing.
@Suite("axvoice listen asks between sound-alike words", .serialized)
struct ListenSoundAlikeTests {
  @Test("'tap three' over the numbers opens a chooser of Share Album and Free; 'two' taps the second")
  func chooserBetweenSoundAlikes() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("session.wav").path
    try ListenFixtures.speak(["show numbers", "tap three", "two"], to: wav, in: folder)
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(["listen", "Scenes/photo-grid.json", "--audio", wav, "--format", "json", "--log", log])
    let result = run.finish(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let lines = try jsonLines(result.standardOutput)
    try #require(lines.count == 3, "output: \(result.standardOutput)")
    #expect(lines[0]["intent"] as? String == "showNumbers")

    // Whichever of the two the decoder heard, the same two candidates, the heard one first.
    let heard = try #require(lines[1]["heard"] as? String)
    #expect(["tap three", "tap free"].contains(heard))
    #expect(lines[1]["outcome"] as? String == "ambiguous" && lines[1]["overlay"] as? String == "chooser")
    let choices = try #require(lines[1]["choices"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    #expect(choices == (heard == "tap three" ? ["share", "storage-free"] : ["storage-free", "share"]))
    let other = heard == "tap three" ? "tap free" : "tap three"
    #expect(lines[1]["message"] as? String == "which one? '\(heard)' sounds like '\(other)': say 1 or 2")

    #expect(lines[2]["heard"] as? String == "two")
    #expect(lines[2]["intent"] as? String == "tap" && lines[2]["outcome"] as? String == "done")
    #expect(lines[2]["target"] as? String == choices.last)

    // The event log says which sentences sounded like it.
    let utterances = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
      .filter { $0["event"] as? String == "utterance" }
    #expect(utterances.map { $0["soundAlikes"] as? [String] } == [nil, [other], nil], "\(utterances)")
  }

  @Test("with --no-sound-alikes the words heard are acted on: 'tap three' or 'tap free' is a tap")
  func guessWithoutSoundAlikes() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("session.wav").path
    try ListenFixtures.speak(["show numbers", "tap three"], to: wav, in: folder)
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(
      ["listen", "Scenes/photo-grid.json", "--audio", wav, "--format", "json", "--log", log, "--no-sound-alikes"])
    let result = run.finish(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let lines = try jsonLines(result.standardOutput)
    try #require(lines.count == 2, "output: \(result.standardOutput)")
    let heard = try #require(lines[1]["heard"] as? String)
    #expect(lines[1]["outcome"] as? String == "done" && lines[1]["choices"] == nil)
    #expect(lines[1]["target"] as? String == (heard == "tap three" ? "share" : "storage-free"), "heard \(heard)")
    let utterances = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
      .filter { $0["event"] as? String == "utterance" }
    #expect(utterances.allSatisfy { $0["soundAlikes"] == nil }, "\(utterances)")
  }
}
