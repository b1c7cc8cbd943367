import AXTestSupport
import Foundation
import Testing

/// What `axvoice listen` costs beyond a bare decode: each utterance decoded once, a grammar
/// compiled once per text, and the peer inputs that let a bare PocketSphinx decoder
/// (Benchmarks/listen) decode the same way.
@Suite("axvoice listen decodes once", .serialized)
struct ListenDecodeOnceTests {
  @Test("numbers shown, hidden and shown again: one decode each, the third grammar not compiled again")
  func decodeOnceCompileOnce() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("session.wav").path
    let commands = ["tap brew", "show numbers", "hide numbers", "show numbers"]
    try ListenFixtures.speak(commands, to: wav, in: folder)
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(
      // `--decode-once`: the default checks later utterances during speech (issue #16).
      ["listen", "Scenes/coffee-dispenser.json", "--audio", wav, "--format", "json", "--log", log, "--decode-once"])
    let result = run.finish(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let heard = try jsonLines(result.standardOutput).map { $0["heard"] as? String }
    #expect(heard == commands, "output: \(result.standardOutput)")

    let events = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
    let utterances = events.filter { $0["event"] as? String == "utterance" }
    // The first calibrates (listened to, then decoded once after its end); no later one is
    // decoded a second time.
    #expect(utterances.first?["newMean"] as? String == "afterEnd")
    #expect(utterances.dropFirst().allSatisfy { $0["newMean"] == nil }, "\(utterances)")
    // Loaded at the start and after each overlay change; the grammar with the numbers hidden
    // is the start's, and the numbers shown again are the second's: both reused.
    let grammars = events.filter { $0["event"] as? String == "grammar" }
    #expect(grammars.map { $0["reason"] as? String } == ["start", "showNumbers", "hideNumbers", "showNumbers"])
    #expect(grammars.map { $0["reused"] as? Bool } == [false, false, true, true])
    // The session's processor time, for the benchmark's ratio.
    let start = try #require(events.first { $0["event"] as? String == "start" }?["cpuSeconds"] as? Double)
    let end = try #require(events.last?["cpuSeconds"] as? Double)
    #expect(start > 0 && end > start)
  }

  @Test("the peer's inputs: the compiled grammar, the words added and the decoder options")
  func peerInputs() throws {
    let scene = "Scenes/coffee-dispenser.json"
    let compiled = try runExecutable("axvoice", ["grammar", scene, "--format", "compiled"])
    #expect(compiled.status == 0, "stderr: \(compiled.standardError)")
    let session = try runExecutable("axvoice", ["grammar", scene])
    // The session's grammar, wrapped with the phone loop that rejects speech outside it.
    #expect(compiled.standardOutput.hasPrefix("#JSGF V1.0"))
    #expect(compiled.standardOutput.contains("<__garbage> ="))
    #expect(compiled.standardOutput != session.standardOutput)
    // Rules that can't match are written with an unspeakable word instead of <VOID>.
    let rules = session.standardOutput.split(separator: "\n").filter {
      $0.hasPrefix("<") && $0.contains("=") && !$0.contains("<VOID>")
    }
    #expect(rules.count > 10)
    for line in rules {
      #expect(compiled.standardOutput.contains(line), "missing: \(line)")
    }

    let dictionary = try runExecutable("axvoice", ["grammar", scene, "--format", "dictionary"])
    #expect(dictionary.status == 0)
    let entries = dictionary.standardOutput.split(separator: "\n").map { $0.split(separator: " ") }
    #expect(entries.allSatisfy { $0.count >= 2 && $0.dropFirst().allSatisfy { $0.allSatisfy(\.isUppercase) } })
    let words = entries.compactMap { $0.first.map(String.init) }
    #expect(words == words.sorted())
    #expect(entries.contains { $0.first == "__aa" && $0.dropFirst() == ["AA"] })

    let options = try runExecutable("axvoice", ["grammar", scene, "--format", "options"])
    #expect(options.status == 0)
    let pairs = options.standardOutput.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1) }
    #expect(pairs.allSatisfy { $0.count == 2 && $0[0].hasPrefix("-") })
    let names = pairs.map { String($0[0]) }
    #expect(["-hmm", "-dict", "-beam", "-wbeam", "-pbeam", "-lw", "-vad_postspeech"].allSatisfy(names.contains))
    #expect(pairs.first { $0[0] == "-beam" }?[1] == "1e-60")
  }
}
