import AXModel
import Foundation
import SpeechRecognition

/// One clip of the corpus and what it must give.
struct Clip {
  var path: String
  /// The expected text, or `nil` when nothing may be accepted.
  var expected: String?
  var condition: String
}

/// What happened to one clip.
struct Outcome {
  var clip: Clip
  var accepted: [String]
  var heard: [String]
  var audioSeconds: Double
  var processingSeconds: Double
  var cpuSeconds: Double
  var finalizationSeconds: [Double]
  var endings: [RecognitionResult.Ending]

  var isCorrect: Bool {
    guard let expected = clip.expected else { return accepted.isEmpty }
    return accepted == [expected]
  }
}

/// Runs the benchmark and prints its report.
struct Benchmark {
  var options: BenchmarkOptions

  func run() throws {
    let clock = ContinuousClock()
    let initStart = clock.now
    let recognizer = try SpeechRecognizer(configuration: options.configuration)
    let initTime = (clock.now - initStart) / .seconds(1)
    let grammarText = try String(contentsOfFile: options.grammar, encoding: .utf8)
    let loadStart = clock.now
    let report = try recognizer.loadGrammar(jsgf: grammarText, name: "bench")
    let firstLoad = (clock.now - loadStart) / .seconds(1)
    let reloadStart = clock.now
    try recognizer.loadGrammar(jsgf: grammarText, name: "bench")
    let reload = (clock.now - reloadStart) / .seconds(1)

    let c = options.configuration
    print("# speech benchmark")
    print(
      "config: beam \(c.beam) wbeam \(c.wordBeam) pbeam \(c.phoneBeam) lw \(c.languageWeight)"
        + " garbage \(c.rejection.usesGarbageModel ? "\(c.rejection.garbageProbability)/\(c.rejection.phoneProbability)" : "off")"
        + " postspeech \(c.voiceActivity.postSpeechFrames) command-end \(c.voiceActivity.commandEndFrames)/\(c.voiceActivity.commandEndFramesInNoise)"
        + " vad \(c.voiceActivity.threshold)"
        + (c.additionalOptions.isEmpty ? "" : " \(c.additionalOptions)")
        + (options.wholeUtterance ? " whole-utterance" : " streaming"))
    print(String(format: "init %.3f s; grammar load %.1f ms (first, %d OOV words via %@), reload %.1f ms",
      initTime, firstLoad * 1000, report.addedWords.count,
      report.addedWords.map { "\($0.word)=\($0.source)" }.joined(separator: " "), reload * 1000))

    var outcomes: [Outcome] = []
    // One session per condition, as in the scene benchmark: the manifest interleaves the
    // conditions of each command, which no microphone does.
    let clips = try corpusClips().enumerated().filter { $0.offset % options.every == 0 }
      .sorted { ($0.element.condition, $0.offset) < ($1.element.condition, $1.offset) }.map(\.element)
    var lastCondition = ""
    for clip in clips.prefix(options.limit) {
      if clip.condition != lastCondition { recognizer.forgetChannel() }
      lastCondition = clip.condition
      outcomes.append(try decode(clip, with: recognizer))
    }
    summarize(outcomes)

    if options.includesTestData {
      print("\n## pocketsphinx-testdata (human recordings)")
      try runTestData()
    }
    print(String(format: "\npeak RSS %.1f MB", peakResidentMegabytes()))
  }

  /// The clips of the manifest, filtered by condition.
  func corpusClips() throws -> [Clip] {
    let manifest = try String(contentsOfFile: options.corpus + "/manifest.tsv", encoding: .utf8)
    return manifest.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 3 else { return nil }
      let condition = fields[2].hasPrefix("resampled") ? "resampled" : fields[2]
      guard options.conditions.isEmpty || options.conditions.contains(condition) else { return nil }
      return Clip(
        path: options.corpus + "/" + fields[0], expected: fields[1].isEmpty ? nil : fields[1],
        condition: condition)
    }
  }

  /// Decodes one clip.
  func decode(_ clip: Clip, with recognizer: SpeechRecognizer) throws -> Outcome {
    let samples = try clip.path.hasSuffix(".raw")
      ? Self.rawSamples(atPath: clip.path) : WAVFile.samples(atPath: clip.path)
    let clock = ContinuousClock()
    let start = clock.now
    let cpuStart = cpuSeconds()
    var results: [RecognitionResult] = []
    if options.wholeUtterance {
      results.append(try recognizer.recognize(samples: samples))
    } else {
      if options.isCold { recognizer.forgetChannel() }
      let stream = recognizer.utterances(from: .samples(samples))
      while let result = try stream.next() {
        results.append(result)
      }
    }
    let outcome = Outcome(
      clip: clip, accepted: results.compactMap(\.text),
      heard: results.map { $0.text ?? "(\($0.outcome)) \($0.hypothesis.text)" },
      audioSeconds: Double(samples.count) / 16_000,
      processingSeconds: (clock.now - start) / .seconds(1),
      cpuSeconds: cpuSeconds() - cpuStart,
      finalizationSeconds: results.map(\.finalizationTime), endings: results.map(\.ending))
    if options.isVerbose {
      let mark = outcome.isCorrect ? "ok  " : "FAIL"
      let file = clip.path.split(separator: "/").last ?? ""
      printLine("\(mark) \(clip.condition) \(file) expected '\(clip.expected ?? "(reject)")' heard \(outcome.heard)")
      for result in results {
        if let line = Self.gapLine(of: result, context: "\(clip.condition) \(file)", spoken: clip.expected ?? "-") {
          printLine(line)
        }
      }
    }
    return outcome
  }

  /// Prints accuracy per condition, false accepts, speed and latency.
  func summarize(_ outcomes: [Outcome]) {
    let conditions = Array(Set(outcomes.map(\.clip.condition))).sorted()
    print("\n| condition | commands correct | commands rejected | off-grammar accepted | noise accepted |")
    print("|---|---|---|---|---|")
    for condition in conditions {
      let group = outcomes.filter { $0.clip.condition == condition }
      let commands = group.filter { $0.clip.expected != nil }
      let offGrammar = group.filter { $0.clip.expected == nil && $0.clip.path.contains("/off-") }
      let noise = group.filter { $0.clip.expected == nil && !$0.clip.path.contains("/off-") }
      print("| \(condition) | \(ratio(commands.filter(\.isCorrect).count, commands.count))"
        + " | \(ratio(commands.filter { $0.accepted.isEmpty }.count, commands.count))"
        + " | \(ratio(offGrammar.filter { !$0.accepted.isEmpty }.count, offGrammar.count))"
        + " | \(ratio(noise.filter { !$0.accepted.isEmpty }.count, noise.count)) |")
    }
    let audio = outcomes.map(\.audioSeconds).reduce(0, +)
    let processing = outcomes.map(\.processingSeconds).reduce(0, +)
    let finals = outcomes.flatMap(\.finalizationSeconds).sorted()
    let hangOver = Double(options.configuration.voiceActivity.postSpeechFrames) / 100
    let cpu = outcomes.map(\.cpuSeconds).reduce(0, +)
    print(String(format: "\naudio %.1f s; decoding CPU %.2f s, RTF %.4f (CPU time); wall %.2f s, RTF %.4f (wall, shared machine)",
      audio, cpu, cpu / max(audio, 1e-9), processing, processing / max(audio, 1e-9)))
    if !finals.isEmpty {
      let endings = outcomes.flatMap(\.endings)
      let early = endings.filter { $0 == .completeCommand }.count
      print(String(format: "finalization after end detected: mean %.1f ms, p95 %.1f ms, max %.1f ms; "
        + "%d of %d utterances ended %.0f ms (silent) or %.0f ms (background) into the pause after a "
        + "complete command, the rest after the VAD hang-over of %.0f ms (+ chunk ≤ 32 ms)",
        finals.reduce(0, +) / Double(finals.count) * 1000,
        finals[min(finals.count - 1, Int(Double(finals.count) * 0.95))] * 1000,
        (finals.last ?? 0) * 1000, early, endings.count,
        Double(options.configuration.voiceActivity.commandEndFrames) * 10,
        Double(options.configuration.voiceActivity.commandEndFramesInNoise) * 10, hangOver * 1000))
    }
  }

  /// What pocketsphinx-testdata's numbers.raw says. The package has no transcript for it: this
  /// is what the general en-us language model hears too (with "or" for "oh").
  static let numbersTranscript = "thirty three four oh six ninety two"

  /// Headerless 16 kHz mono 16-bit little-endian PCM, as pocketsphinx-testdata's .raw files are.
  static func rawSamples(atPath path: String) throws -> [Int16] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return stride(from: 0, to: data.count - 1, by: 2).map {
      Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
    }
  }

  /// Decodes the cards recordings against cards.gram, the digit strings against a grammar of
  /// number sequences, and the librivox sentences against the benchmark grammar (nothing may
  /// be accepted).
  func runTestData() throws {
    let data = options.testData
    guard FileManager.default.fileExists(atPath: data + "/cards/cards.gram") else {
      print("not installed (apt-get install pocketsphinx-testdata)")
      return
    }
    let cards = try SpeechRecognizer(configuration: options.configuration)
    try cards.loadGrammar(
      jsgf: try String(contentsOfFile: data + "/cards/cards.gram", encoding: .utf8), name: "cards")
    let transcripts = try String(contentsOfFile: data + "/cards/cards.transcription", encoding: .utf8)
    for line in transcripts.split(separator: "\n") {
      guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else { continue }
      let id = String(line[line.index(after: open)..<close])
      let expected = line[..<open].replacingOccurrences(of: "<s>", with: "")
        .replacingOccurrences(of: "</s>", with: "").split(separator: " ").joined(separator: " ")
      let outcome = try decode(
        Clip(path: "\(data)/cards/\(id).wav", expected: expected, condition: "cards"), with: cards)
      printLine("cards \(id): expected '\(expected)' heard \(outcome.heard) \(outcome.isCorrect ? "ok" : "FAIL")")
    }
    // The digit strings, each spoken in one breath, against a grammar of number sequences.
    let digits = try SpeechRecognizer(configuration: options.configuration)
    try digits.loadGrammar(
      jsgf: try String(contentsOfFile: "Benchmarks/speech/digits.gram", encoding: .utf8), name: "digits")
    for (file, expected) in [
      ("tidigits/dhd.2934z.raw", "two nine three four zero"), ("numbers.raw", Self.numbersTranscript),
    ] where FileManager.default.fileExists(atPath: "\(data)/\(file)") {
      digits.forgetChannel()
      let outcome = try decode(
        Clip(path: "\(data)/\(file)", expected: expected, condition: "digits"), with: digits)
      printLine("digits \(file): expected '\(expected)' heard \(outcome.heard) \(outcome.isCorrect ? "ok" : "FAIL")")
    }
    let grammarText = try String(contentsOfFile: options.grammar, encoding: .utf8)
    let commands = try SpeechRecognizer(configuration: options.configuration)
    try commands.loadGrammar(jsgf: grammarText, name: "bench")
    let librivox = try FileManager.default.contentsOfDirectory(atPath: data + "/librivox")
      .filter { $0.hasSuffix(".wav") }.sorted()
    var accepted = 0
    for file in librivox {
      let outcome = try decode(
        Clip(path: "\(data)/librivox/\(file)", expected: nil, condition: "librivox"), with: commands)
      accepted += outcome.accepted.isEmpty ? 0 : 1
      printLine("librivox \(file): heard \(outcome.heard) \(outcome.isCorrect ? "ok (nothing accepted)" : "FALSE ACCEPT")")
    }
    print("librivox false accepts: \(accepted)/\(librivox.count) files")
  }

  private func ratio(_ count: Int, _ total: Int) -> String {
    total == 0 ? "-" : String(format: "%d/%d (%.1f%%)", count, total, Double(count) * 100 / Double(total))
  }

  /// CPU time of this process, in seconds.
  private func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// VmHWM from /proc/self/status, in megabytes.
  private func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
      return kilobytes / 1024
    }
    return 0
  }
}

/// Prints one line of the report that holds text from the corpus or the recognizer (commands,
/// what was heard, voices, paths): a scene's labels become grammar words, so a hazard in one
/// (an escape sequence, a line break) is escaped rather than sent to the terminal.
func printLine(_ line: String) {
  print(TerminalText.escapingHazards(line))
}

extension Benchmark {
  /// The `--verbose` line of a result a second opinion was taken for (`phoneLoopGap`), `nil`
  /// for any other: `gap G phones N speech S words W[ lead| variant] CONTEXT spoken '…' heard
  /// '…'`, with S the seconds of speech decoded and W those from the first word's start to the
  /// last one's end.
  static func gapLine(of result: RecognitionResult, context: String, spoken: String) -> String? {
    guard let gap = result.phoneLoopGap else { return nil }
    let words = result.hypothesis.segments.filter { !$0.isFiller }
    let span = words.first.flatMap { first in words.last.map { $0.end - first.start } } ?? 0
    let how = result.recoveredLeadingWords ? " lead" : result.hypothesis.usesAccentVariant ? " variant" : ""
    return String(
      format: "gap %.1f phones %d speech %.2f words %.2f%@ %@ spoken '%@' heard '%@'", gap,
      result.secondOpinionPhones ?? 0, result.speechDuration, span, how, context, spoken,
      result.text ?? "(rejected)")
  }
}
