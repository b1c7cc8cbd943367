import AXTestSupport
import Foundation
import Testing

/// `axvoice listen` end to end: spoken commands (espeak-ng) from a WAV file, standard input and
/// a real PulseAudio capture, dispatched to a scene; the event log; signals; errors.
@Suite("axvoice listen", .serialized)
struct ListenCLITests {
  /// What the coffee dispenser clips say, and what each must do, in order.
  static let script: [(text: String, outcome: String, target: String?)] = [
    ("increment coffee dispenser", "done", "coffee"),
    ("tap brew", "done", "brew"),
    ("the weather is nice today", "rejected", nil),
    ("show numbers", "done", nil),
  ]

  @Test("a WAV file: each command is recognized and performed in turn; speech that is no command does nothing")
  func audioFile() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("session.wav").path
    try ListenFixtures.speak(Self.script.map(\.text), to: wav, in: folder)
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json", "--audio", wav, "--format", "json", "--log", log])
    let result = run.finish(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    try Self.expectScript(result.standardOutput)

    let events = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
    let kinds = events.compactMap { $0["event"] as? String }
    #expect(kinds.first == "grammar")
    #expect(kinds.last == "end")
    #expect(kinds.filter { $0 == "utterance" }.count == 3)
    #expect(kinds.contains("rejected"))
    // No command changes a name, so the grammar is loaded again only after "show numbers",
    // which makes the numbers sayable.
    #expect(kinds.filter { $0 == "grammar" }.count == 2, "events: \(kinds)")
    #expect(events.last?["reason"] as? String == "end of audio")
    // The first utterance calibrates the recognizer to the channel after it ends; later ones
    // are decoded again, if at all, while still spoken (`--decode-once` never: see
    // ListenDecodeOnceTests), so no result waits for a second decode.
    let decoded = events.filter { ["utterance", "rejected"].contains($0["event"] as? String) }
    #expect(decoded.first?["newMean"] as? String == "afterEnd")
    #expect(decoded.dropFirst().allSatisfy { $0["newMean"] as? String != "afterEnd" }, "\(decoded)")
    // "tap brew" is a whole command that nothing continues, so it ends at the pause after it; the
    // first utterance waits for the detector (it calibrates), and so does "show numbers", which
    // "show numbers continuously" continues.
    let endings = events.filter { $0["event"] as? String == "utterance" }.map { $0["endedBy"] as? String }
    #expect(endings == ["silence", "completeCommand", "silence"])
  }

  @Test("raw PCM on standard input gives the same session, printed as a text transcript; --wait-for-pause waits")
  func standardInput() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("session.wav").path
    try ListenFixtures.speak(Self.script.map(\.text), to: wav, in: folder)
    let raw = folder.appendingPathComponent("session.raw").path
    try ListenFixtures.tool("sox", [wav, "-t", "raw", "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", raw])
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json", "--stdin", "--wait-for-pause", "--log", log],
      input: try Data(contentsOf: URL(fileURLWithPath: raw)))
    let result = run.finish(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let text = result.standardOutput
    #expect(text.contains("heard \"increment coffee dispenser\"\n  done [increment]"))
    #expect(text.contains("announce: \"Brewing 1 ounces\""))
    #expect(text.contains("(rejected: out of grammar)"))
    #expect(text.contains("overlay: numbers, Coffee dispenser"))
    #expect(result.standardError.contains("stopped (end of audio): 3 commands, 1 rejected"))
    // Even "tap brew", which ends early without the flag, waits for the detector's pause.
    let events = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
    let endings = events.filter { $0["event"] as? String == "utterance" }.map { $0["endedBy"] as? String }
    #expect(endings == ["silence", "silence", "silence"])
  }

  @Test("speech on standard input that never pauses is cut every 12 s and rejected, never buffered whole")
  func endlessSpeech() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // About 45 s of words with no punctuation, so no pause the detector would end an utterance at.
    let words = Array(repeating: "tap brew and increment coffee dispenser then show numbers and tap two", count: 12)
    let wav = folder.appendingPathComponent("endless.wav").path
    try ListenFixtures.tool("espeak-ng", ["-v", "en-us", "-s", "200", "-w", wav, "--", words.joined(separator: " ")])
    // espeak-ng still leaves gaps between some words; the same speech 0.19 s and 0.37 s later
    // over it fills them, as two more talkers would. (With one copy a 50 ms gap was left, and
    // where the words so far made a command the utterance ended there, before the cut.)
    let late = folder.appendingPathComponent("late.wav").path
    let later = folder.appendingPathComponent("later.wav").path
    try ListenFixtures.tool("sox", [wav, late, "pad", "0.19"])
    try ListenFixtures.tool("sox", [wav, later, "pad", "0.37"])
    let raw = folder.appendingPathComponent("endless.raw").path
    try ListenFixtures.tool(
      "sox", ["-m", wav, late, later, "-t", "raw", "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", raw])
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json", "--stdin", "--log", log],
      input: try Data(contentsOf: URL(fileURLWithPath: raw)))
    let result = run.finish(timeout: 120)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let cutLines = result.standardOutput.split(separator: "\n").filter {
      $0.contains("(rejected: too long: no pause in 12 s of speech, cut there)")
    }
    #expect(cutLines.count >= 3, "transcript: \(result.standardOutput)")
    let events = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
    let cut = events.filter { $0["endedBy"] as? String == "maximumLength" }
    #expect(cut.count == cutLines.count)
    #expect(cut.allSatisfy { $0["event"] as? String == "rejected" && $0["reason"] as? String == "too long" })
    // No utterance, cut or not, is longer than the maximum.
    for event in events where event["start"] != nil {
      let length = ((event["end"] as? Double) ?? 0) - ((event["start"] as? Double) ?? 0)
      #expect(length <= 12.05, "event: \(event)")
    }
    let end = try #require(events.last)
    #expect(end["event"] as? String == "end")
    #expect(((end["audioSeconds"] as? Double) ?? 0) > 40)
  }

  @Test("SIGTERM ends a session waiting for audio cleanly: status 0, final log event")
  func terminationSignal() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("events.jsonl").path
    // Standard input stays open and silent: only the signal can end the session.
    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json", "--stdin", "--log", log], keepsInputOpen: true)
    #expect(run.waitForStandardError(containing: "listening to standard input", timeout: 30))
    run.send(SIGTERM)
    let result = run.finish(timeout: 10)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("stopped (SIGTERM)"))
    let events = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
    #expect(events.last?["event"] as? String == "end")
    #expect(events.last?["reason"] as? String == "SIGTERM")
  }

  @Test("without a microphone it says so and names --audio and --stdin")
  func noMicrophone() throws {
    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json"],
      environment: ["PULSE_SERVER": "unix:/nonexistent/axinput/native"])
    let result = run.finish(timeout: 30)
    #expect(result.status == 66)
    #expect(result.standardError.contains("error: no microphone: cannot record from PulseAudio source 'default'"))
    #expect(result.standardError.contains("'--audio FILE'"))
    #expect(result.standardError.contains("'--stdin'"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test("a device name is escaped in the error, like every untrusted string")
  func hostileDevice() throws {
    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json", "--device", "x\u{1b}[2Jy"],
      environment: ["PULSE_SERVER": "unix:/nonexistent/axinput/native"])
    let result = run.finish(timeout: 30)
    #expect(result.status == 66)
    #expect(result.standardError.contains(#"PulseAudio source 'x\u{1b}[2Jy'"#), "\(result.standardError)")
    #expect(!result.standardError.contains("\u{1b}"))
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var id: String
    var arguments: [String]
    var status: Int32
    var stderrContains: String
    var scene = "Scenes/coffee-dispenser.json"
    var testDescription: String { id }
  }

  static let usageCases: [UsageCase] = [
    UsageCase(
      id: "two sources", arguments: ["--audio", "x.wav", "--stdin"], status: 64,
      stderrContains: "cannot be used together"),
    UsageCase(id: "missing file", arguments: ["--audio", "nope.wav"], status: 66, stderrContains: "nope.wav: error: no such audio file"),
    UsageCase(
      id: "not a WAV file", arguments: ["--audio", "Package.swift"], status: 65,
      stderrContains: "'Package.swift' is not a WAV file"),
    UsageCase(
      id: "language without a model", arguments: ["--audio", "x.wav", "--language", "zh-CN"], status: 64,
      stderrContains: "US English model only"),
    UsageCase(
      id: "a zh-CN scene is listened to with the en-US commands", arguments: ["--audio", "nope.wav"],
      status: 66, stderrContains: "nope.wav: error: no such audio file", scene: "Scenes/product-page.json"),
  ]

  @Test("usage and input errors", arguments: usageCases)
  func errors(_ usage: UsageCase) throws {
    let result = try runExecutable("axvoice", ["listen", usage.scene] + usage.arguments)
    #expect(result.status == usage.status)
    #expect(result.standardError.contains(usage.stderrContains), "stderr: \(result.standardError)")
  }

  @Test("the microphone for real: clips played into a PulseAudio null sink are performed from its monitor")
  func microphone() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clips = Self.script.filter { $0.outcome == "done" }
    var files: [String] = []
    for (index, clip) in clips.enumerated() {
      let path = folder.appendingPathComponent("clip-\(index).wav").path
      try ListenFixtures.speak([clip.text], to: path, in: folder)
      files.append(path)
    }
    let server = try PulseTestServer(stateFile: folder.appendingPathComponent("pulse.state").path)
    defer { server.stop() }
    try server.run(["check"])

    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json", "--device", "axinput_sink.monitor", "--format", "json"],
      environment: ["PULSE_SERVER": server.address])
    // Capture first, then play: the stream must be live before the first sample is played.
    try server.run(["wait-recording", "20"])
    try server.run(["play"] + files)
    Thread.sleep(forTimeInterval: 1.0)  // the last clip's trailing silence ends its utterance
    run.send(SIGINT)
    let result = run.finish(timeout: 20)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let objects = try jsonLines(result.standardOutput)
    #expect(objects.map { $0["heard"] as? String } == clips.map(\.text), "output: \(result.standardOutput)")
    #expect(objects.map { $0["target"] as? String } == clips.map(\.target))
    #expect(objects.allSatisfy { $0["outcome"] as? String == "done" })
    #expect(result.standardError.contains("stopped (SIGINT)"))
  }

  /// Checks the JSON transcript of ``script``.
  static func expectScript(_ output: String) throws {
    let objects = try jsonLines(output)
    try #require(objects.count == script.count, "output: \(output)")
    for (object, expected) in zip(objects, script) {
      #expect(object["outcome"] as? String == expected.outcome, "\(object)")
      #expect(object["target"] as? String == expected.target)
      if expected.outcome == "rejected" {
        #expect(object["heard"] is NSNull)
      } else {
        #expect(object["heard"] as? String == expected.text)
        #expect(object["utterance"] as? String == expected.text)
      }
    }
    // The increment ran before the tap, in the same scene session.
    #expect((objects[1]["announcements"] as? [String]) == ["Brewing 1 ounces"])
    #expect(objects[3]["overlay"] as? String == "numbers")
  }

  @Test("a command word heard as nothing is looked for again, and the event log says so")
  func recoveredLeadingWords() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("session.wav").path
    // A New York voice's "tap" comes out as silence before "brew" (docs/speech.md, Rejection strategy).
    try ListenFixtures.speak(["increment coffee dispenser", "tap brew"], to: wav, in: folder) { index in
      index == 0 ? ("en-us", 160) : ("en-us-nyc+m4", 150)
    }
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(["listen", "Scenes/coffee-dispenser.json", "--audio", wav, "--format", "json", "--log", log])
    let result = run.finish(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let heard = try jsonLines(result.standardOutput).map { $0["heard"] as? String }
    #expect(heard == ["increment coffee dispenser", "tap brew"], "output: \(result.standardOutput)")
    let utterances = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
      .filter { $0["event"] as? String == "utterance" }
    #expect(utterances.map { $0["recoveredLeadingWords"] as? Bool } == [nil, true], "\(utterances)")
    #expect(utterances.last?["phoneLoopGap"] is Double)
  }

  @Test("a command split at the pause after its word is performed whole, and the event log says so")
  func wholeCommandAfterRejectedSpeech() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // "increment", 0.4 s, "coffee dispenser": the hang-over ends an utterance at the pause, and
    // "increment" alone is rejected (docs/speech.md, Rejection strategy).
    var words: [String] = []
    for (index, text) in ["increment", "coffee dispenser"].enumerated() {
      let raw = folder.appendingPathComponent("raw-\(index).wav").path
      let trimmed = folder.appendingPathComponent("word-\(index).wav").path
      try ListenFixtures.tool("espeak-ng", ["-v", "en-us", "-s", "160", "-w", raw, "--", text])
      try ListenFixtures.tool("sox", [
        "-R", raw, "-r", "16000", "-c", "1", "-b", "16", trimmed,
        "silence", "1", "0.005", "0.1%", "reverse", "silence", "1", "0.005", "0.1%", "reverse",
      ])
      words.append(trimmed)
    }
    let split = folder.appendingPathComponent("split.wav").path
    let pause = folder.appendingPathComponent("pause.wav").path
    try ListenFixtures.tool("sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", pause, "trim", "0", "0.4"])
    try ListenFixtures.tool("sox", ["-R", words[0], pause, words[1], split])
    let first = folder.appendingPathComponent("first.wav").path
    try ListenFixtures.speak(["show names"], to: first, in: folder)
    let wav = folder.appendingPathComponent("session.wav").path
    try ListenFixtures.tool("sox", ["-R", first, split, wav, "pad", "0", "0.8"])
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(["listen", "Scenes/coffee-dispenser.json", "--audio", wav, "--format", "json", "--log", log])
    let result = run.finish(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let lines = try jsonLines(result.standardOutput)
    // "increment" alone was decoded as silence: a rejection the transcript leaves out.
    #expect(lines.map { $0["heard"] as? String } == ["show names", "increment coffee dispenser"], "output: \(result.standardOutput)")
    #expect(lines.last?["intent"] as? String == "increment" && lines.last?["outcome"] as? String == "done")
    let utterances = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
      .filter { $0["event"] as? String == "utterance" }
    #expect(utterances.map { $0["followsRejectedSpeech"] as? Bool } == [nil, true], "\(utterances)")
    #expect(utterances.last?["hypothesis"] as? String == "coffee dispenser")
    #expect(utterances.last?["wholeCommand"] as? String == "increment coffee dispenser")
  }

  @Test("a word found before the name that leaves speech outside the words is not performed")
  func uncoveredLeadingWordsRejected() throws {
    let folder = try ListenFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Alone, first, over digital silence: the decode that must place a word before "brew" puts
    // "tap" late, and the speech before it stays unexplained.
    let raw = folder.appendingPathComponent("raw.wav").path
    let wav = folder.appendingPathComponent("tap-brew.wav").path
    try ListenFixtures.tool("espeak-ng", ["-v", "en-us-nyc+m4", "-s", "150", "-w", raw, "--", "tap brew"])
    try ListenFixtures.tool("sox", [raw, "-r", "16000", "-c", "1", "-b", "16", wav, "pad", "0.8", "0.8"])
    let log = folder.appendingPathComponent("events.jsonl").path
    let run = try ListenProcess(["listen", "Scenes/coffee-dispenser.json", "--audio", wav, "--format", "json", "--log", log])
    let result = run.finish(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(try jsonLines(result.standardOutput).map { $0["outcome"] as? String } == ["rejected"])
    let rejected = try jsonLines(String(contentsOfFile: log, encoding: .utf8))
      .filter { $0["event"] as? String == "rejected" && $0["hypothesis"] as? String == "brew" }
    #expect(rejected.count == 1, "the first decode's bare name, refused")
  }
}
