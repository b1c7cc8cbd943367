import AXModel
import Foundation
import SpeechRecognition
import SpokenCommands
import VoiceControl

/// The scene benchmark: spoken commands of every scene decoded against the grammar compiled
/// from the scene's voice session, and dispatched through it.
///
/// A command clip is correct when exactly one utterance is accepted and its outcome has the
/// intent and target that typing the command's text gives (the typed front is the oracle).
/// Off-grammar clips (espeak-ng sentences, librivox) are played against every scene: a false
/// dispatch is an accepted utterance that did something. With `baseline`, the same clips are
/// decoded with the general en-us language model and the text is matched through the session.
///
/// The clips of a condition (or a sample rate, for the resampled ones) form one session: the
/// recognizer keeps the channel it calibrated on from clip to clip (each human or librivox
/// recording is a channel of its own). With `--cold` every clip is the first utterance of a
/// session.
struct SceneBenchmark {
  var options: BenchmarkOptions

  struct Clip {
    var path: String
    var expected: String?
    var condition: String
    var scene: String
    var prelude: [String]
    /// The espeak-ng voice, or "human".
    var voice: String

    /// The audio channel the clip shares with others of its session: its condition, with the
    /// 44.1 kHz and 8 kHz takes of the resampled condition apart.
    var channel: String {
      guard condition == "resampled" else { return condition }
      return path.hasSuffix("-8k.wav") ? "resampled-8k" : "resampled-44k"
    }
  }

  func run() throws {
    let manifest = try String(contentsOfFile: options.sceneCorpus + "/manifest.tsv", encoding: .utf8)
    var clips: [Clip] = manifest.split(separator: "\n").dropFirst().compactMap { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard f.count >= 6 else { return nil }
      let condition = f[2].hasPrefix("resampled") ? "resampled" : f[2]
      guard options.conditions.isEmpty || options.conditions.contains(condition) else { return nil }
      return Clip(
        path: f[0].hasPrefix("/") ? f[0] : options.sceneCorpus + "/" + f[0], expected: f[1].isEmpty ? nil : f[1], condition: condition,
        scene: f[4], prelude: f[5].split(separator: ";").map(String.init), voice: f[3])
    }
    clips = clips.enumerated().filter { $0.offset % options.every == 0 }.map(\.element)
    // One session per channel: a recognizer adapts to its channel, and the manifest interleaves
    // clean, noisy and resampled takes of each command, which no microphone does.
    clips = clips.enumerated().sorted { ($0.element.channel, $0.offset) < ($1.element.channel, $1.offset) }
      .map(\.element)
    var lastChannel = ""
    var configuration = options.configuration
    if options.baseline { configuration.languageModel = configuration.installedLanguageModel }
    let recognizer = try SpeechRecognizer(configuration: configuration)
    var loaded: String?
    var sessions: [String: VoiceSession] = [:]
    // The profiles of `--profiles`, each voice's read once.
    var profiles: [String: SpeakerProfile] = [:]
    var rows: [String: (correct: Int, total: Int, rejected: Int, falseDispatch: Int, offTotal: Int)] = [:]
    var failures: [String] = []
    var humanReport: [String] = []
    var audio = 0.0
    var cpu = 0.0
    var finals: [Double] = []
    /// Finalization times of the utterances that calibrated the recognizer (first of a session).
    var calibratingFinals: [Double] = []
    var decodedAgainDuringSpeech = 0
    var utterances = 0
    var cpuByCondition: [String: (cpu: Double, audio: Double)] = [:]
    /// End of speech to dispatch of the accepted commands after the first of a session.
    var latencies: [(condition: String, ending: RecognitionResult.Ending, seconds: Double)] = []
    var calibratingLatencies: [Double] = []
    let started = ContinuousClock.now
    for clip in clips.prefix(options.limit) {
      if sessions[clip.scene] == nil { sessions[clip.scene] = try SceneCommands.session(scene: clip.scene) }
      guard var session = sessions[clip.scene] else { continue }
      for utterance in clip.prelude { _ = session.handle(utterance: utterance) }
      var oracle = session
      let grammar = session.grammar().text
      if !options.baseline, grammar != loaded {
        try recognizer.loadGrammar(jsgf: grammar, name: "scene")
        loaded = grammar
      }
      let samples = try WAVFile.samples(atPath: clip.path)
      let cpuStart = cpuSeconds()
      var dispatched: [VoiceOutcome] = []
      var heard: [String] = []
      // Each human or librivox recording is a channel of its own.
      let ownChannel = clip.condition.hasPrefix("human") || clip.condition == "librivox"
      if options.isCold || ownChannel || clip.channel != lastChannel { recognizer.forgetChannel() }
      lastChannel = clip.channel
      // A returning speaker: the clip's voice starts from its profile (what the session
      // benchmark's --keep-profiles left), in place of the channel's adaptation so far.
      if let folder = options.profiles {
        let path = "\(folder)/\(clip.voice).json"
        if profiles[clip.voice] == nil, FileManager.default.fileExists(atPath: path) {
          profiles[clip.voice] = try SpeakerProfile(contentsOfFile: path)
        }
        if let profile = profiles[clip.voice] { try recognizer.adopt(profile) }
      }
      let speechEnd = try Self.speechEnd(of: clip, samples: samples)
      let stream = recognizer.utterances(from: .samples(samples))
      while let result = try stream.next() {
        let decided = stream.elapsed
        utterances += 1
        switch result.calibration {
        case .afterEnd: calibratingFinals.append(result.finalizationTime)
        case .duringSpeech:
          decodedAgainDuringSpeech += 1
          finals.append(result.finalizationTime)
        case nil: finals.append(result.finalizationTime)
        }
        if options.isVerbose,
          let line = Benchmark.gapLine(of: result, context: "scene \(clip.condition) \(clip.path)", spoken: clip.expected ?? "-")
        {
          printLine(line)
        }
        guard let text = result.text else { continue }
        // As `axvoice listen` decides: a close alternative performing another command, or a
        // bare name accepted on a second opinion, is refused.
        let dispatchStart = ContinuousClock.now
        let outcome: VoiceOutcome
        switch session.handle(result, margin: options.configuration.rejection.competingIntentMargin) {
        case .handled(let handled), .whole(_, let handled): outcome = handled
        case .ambiguous, .doubtfulTap, .soundsAlike, nil: continue
        }
        if outcome.didSomething { try recognizer.adapt(to: result) }
        heard.append(text)
        dispatched.append(outcome)
        let dispatch = (ContinuousClock.now - dispatchStart) / .seconds(1)
        if clip.expected != nil, let speechEnd {
          // The audio comes in real time, so the result is ready when the end was detected in
          // the audio, plus the work after it.
          let latency = decided - speechEnd + result.finalizationTime + dispatch
          if result.calibration == .afterEnd {
            calibratingLatencies.append(latency)
          } else {
            latencies.append((clip.condition, result.ending, latency))
          }
        }
      }
      let clipCPU = cpuSeconds() - cpuStart
      let clipAudio = Double(samples.count) / 16_000
      cpu += clipCPU
      audio += clipAudio
      let used = cpuByCondition[clip.condition] ?? (0, 0)
      cpuByCondition[clip.condition] = (used.cpu + clipCPU, used.audio + clipAudio)
      let key = clip.condition
      var row = rows[key] ?? (0, 0, 0, 0, 0)
      if clip.condition.hasPrefix("human") {
        let did = dispatched.filter(\.reachedScreen).map(\.dispatchDescription)
        humanReport.append("\(clip.condition) \(clip.path.split(separator: "/").last ?? ""): said '\(clip.expected ?? "")' heard \(heard) dispatched \(did)")
      }
      if clip.condition == "human-multi" {
        // Several cards or digits in one breath: no single command; reported only.
      } else if let expected = clip.expected {
        let wanted = oracle.handle(utterance: expected)
        let did = dispatched.filter(\.reachedScreen)
        let ok = did.count == 1 && did[0].doesSame(as: wanted)
        row.total += 1
        row.correct += ok ? 1 : 0
        row.rejected += heard.isEmpty ? 1 : 0
        if !ok { failures.append("\(clip.condition) \(clip.path.split(separator: "/").last ?? "") expected '\(expected)' heard \(heard)") }
      } else {
        row.offTotal += 1
        let did = dispatched.filter(\.reachedScreen)
        row.falseDispatch += did.isEmpty ? 0 : 1
        if !did.isEmpty { failures.append("\(clip.condition) FALSE DISPATCH \(clip.path.split(separator: "/").last ?? "") in \(clip.scene): \(heard)") }
      }
      rows[key] = row
    }
    let wall = (ContinuousClock.now - started) / .seconds(1)
    print("# scene benchmark\(options.baseline ? " (baseline: en-us.lm.bin + text matching)" : "")")
    print("| condition | commands correct (intent and target) | commands with nothing accepted | off-grammar clips that dispatched |")
    print("|---|---|---|---|")
    for (condition, row) in rows.sorted(by: { $0.key < $1.key }) {
      printLine("| \(condition) | \(ratio(row.correct, row.total)) | \(ratio(row.rejected, row.total)) | \(ratio(row.falseDispatch, row.offTotal)) |")
    }
    print(String(format: "audio %.1f s; CPU %.2f s, RTF %.4f; wall RTF %.4f", audio, cpu, cpu / max(audio, 1e-9), wall / max(audio, 1e-9)))
    printLine("RTF by condition: " + cpuByCondition.sorted { $0.key < $1.key }
      .map { String(format: "%@ %.4f", $0.key, $0.value.cpu / max($0.value.audio, 1e-9)) }.joined(separator: ", "))
    print(Self.timing("finalization after end detected, later utterances", finals))
    print(Self.timing("finalization after end detected, first of a session (decoded again after it ends)", calibratingFinals))
    for (ending, group) in Dictionary(grouping: latencies, by: \.ending).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      print(Self.timing("end of speech to dispatch, later commands ended by \(ending.rawValue)", group.map(\.seconds)))
    }
    print(Self.timing("end of speech to dispatch, all later commands", latencies.map(\.seconds)))
    for (condition, group) in Dictionary(grouping: latencies, by: \.condition).sorted(by: { $0.key < $1.key }) {
      printLine(Self.timing("  \(condition), all", group.map(\.seconds)))
      printLine(Self.timing("  \(condition), ended at a complete command", group.filter { $0.ending == .completeCommand }.map(\.seconds)))
    }
    print(Self.timing("end of speech to dispatch, first of a session", calibratingLatencies))
    print("utterances \(utterances): \(calibratingFinals.count) first of a session, \(decodedAgainDuringSpeech) decoded with a new mean during speech")
    humanReport.forEach { printLine($0) }
    if options.isVerbose { failures.forEach { printLine("  \($0)") } }
    print(String(format: "peak RSS %.1f MB", peakResidentMegabytes()))
  }

  /// "label: mean, median, p95 and max" of durations in seconds, in milliseconds.
  static func timing(_ label: String, _ seconds: [Double]) -> String {
    guard !seconds.isEmpty else { return "\(label): none" }
    let sorted = seconds.sorted()
    let mean = sorted.reduce(0, +) / Double(sorted.count)
    let median = sorted[sorted.count / 2]
    let p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    return String(
      format: "%@: %d, mean %.1f ms, median %.1f ms, p95 %.1f ms, max %.1f ms", label, sorted.count,
      mean * 1000, median * 1000, p95 * 1000, (sorted.last ?? 0) * 1000)
  }

  /// The end of the speech in a command clip, in seconds: the end of its last 10 ms frame at least
  /// 20 dB above the floor of its first 0.3 s. Noisy takes are measured on their clean take,
  /// which has the same timing.
  static func speechEnd(of clip: Clip, samples: [Int16]) throws -> Double? {
    guard clip.expected != nil else { return nil }
    var reference = samples
    for noisy in ["/snr10/", "/snr20/"] where clip.path.contains(noisy) {
      reference = try WAVFile.samples(atPath: clip.path.replacingOccurrences(of: noisy, with: "/clean/"))
    }
    let frame = 160
    let energies = stride(from: 0, to: reference.count - frame + 1, by: frame).map { start in
      reference[start..<start + frame].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame)
    }
    let lead = energies.prefix(30).sorted()
    guard !lead.isEmpty else { return nil }
    let threshold = max(lead[lead.count / 2], 1) * 100
    guard let last = energies.lastIndex(where: { $0 > threshold }) else { return nil }
    return Double(last + 1) * Double(frame) / 16_000
  }

  private func ratio(_ count: Int, _ total: Int) -> String {
    total == 0 ? "-" : String(format: "%d/%d (%.1f%%)", count, total, Double(count) * 100 / Double(total))
  }
}

/// CPU time of this process, in seconds.
func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// VmHWM from /proc/self/status, in megabytes.
func peakResidentMegabytes() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    return (line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0) / 1024
  }
  return 0
}
