import AXModel
import Foundation
import SpeechRecognition
import SpokenCommands
import VoiceControl

/// The held-out session benchmark: scripted sessions of 8 commands in one recording
/// (`make-session-corpus.sh`), spoken by voices split into those tuning may use and those it
/// never sees, in digital quiet, over a room floor and at 10 dB SNR.
///
/// Every session is a new microphone: the recognizer forgets its channel first, as a user
/// starting `axvoice listen` would. Each accepted utterance is dispatched through the scene's
/// voice session, and belongs to the command whose spoken span it overlaps most. A command is
/// performed when exactly one of its utterances did something, with the intent and target that
/// typing the script in order gives; it is a wrong dispatch when one did something else, and
/// an utterance that overlaps no command and did something is a wrong dispatch too.
/// With `single`, every command is cut out of its recording (0.6 s either side) and decoded as
/// a clip of its own, the recognizer still keeping the session's channel.
struct SessionBenchmark {
  var options: BenchmarkOptions

  struct Session {
    var path, split, voice, rate, condition, scene: String
    var commands: [String]
    var spans: [(start: Double, end: Double)]
  }

  /// One command's result.
  struct Score {
    var session: Session
    var command: String
    /// The command's place in its session, from 0.
    var position: Int
    /// What was heard, when the command was not performed.
    var detail: String
    var performed: Bool
    var wrong: [String]
  }

  func run() throws {
    let manifest = try String(contentsOfFile: options.sessionCorpus + "/sessions.tsv", encoding: .utf8)
    let sessions: [Session] = manifest.split(separator: "\n").dropFirst().compactMap { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard f.count >= 8 else { return nil }
      let spans: [(start: Double, end: Double)] = f[7].split(separator: ";").compactMap { span in
        let ends = span.split(separator: "-").compactMap { Double($0) }
        return ends.count == 2 ? (ends[0], ends[1]) : nil
      }
      let session = Session(
        path: options.sessionCorpus + "/" + f[0], split: f[1], voice: f[2], rate: f[3],
        condition: f[4], scene: f[5], commands: f[6].split(separator: ";").map(String.init),
        spans: spans)
      guard options.conditions.isEmpty || options.conditions.contains(session.condition),
        options.splits.isEmpty || options.splits.contains(session.split)
      else { return nil }
      return session
    }
    let recognizer = try SpeechRecognizer(configuration: options.configuration)
    var scores: [Score] = []
    var margins: [(correct: Bool, margin: Int, texts: String)] = []
    var extraWrong: [(Session, String)] = []
    var audio = 0.0
    // Each voice's profile goes through a file, as from one `axvoice listen --speaker` to the next.
    let profiles = FileManager.default.temporaryDirectory.appendingPathComponent("speech-benchmark-\(getpid())").path
    if options.carriesSpeakerProfiles { try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true) }
    defer { if options.carriesSpeakerProfiles { try? FileManager.default.removeItem(atPath: profiles) } }
    defer {
      if let kept = options.keptProfiles, options.carriesSpeakerProfiles {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: profiles)) ?? [] {
          try? FileManager.default.removeItem(atPath: "\(kept)/\(file)")
          try? FileManager.default.copyItem(atPath: "\(profiles)/\(file)", toPath: "\(kept)/\(file)")
        }
      }
    }
    let cpuStart = cpuSeconds()
    for session in sessions.prefix(options.limit) {
      let samples = try WAVFile.samples(atPath: session.path)
      audio += Double(samples.count) / 16_000
      let profile = options.carriesSpeakerProfiles ? "\(profiles)/\(session.voice).json" : nil
      let (own, extra) = try decode(session, samples: samples, with: recognizer, profile: profile, margins: &margins)
      if let profile { try recognizer.speakerProfile?.write(toFile: profile) }
      scores += own
      extraWrong += extra.map { (session, $0) }
    }
    let cpu = cpuSeconds() - cpuStart
    if options.isVerbose {
      for entry in margins.sorted(by: { $0.margin < $1.margin }) {
        printLine("margin \(entry.margin) \(entry.correct ? "right" : "WRONG") \(entry.texts)")
      }
    }
    print("# session benchmark (\(options.singleClips ? "single clips cut from the sessions" : "continuous sessions, 8 commands, 1.2 s pauses"))")
    SessionReport(scores: scores, extraWrong: extraWrong).print(verbose: options.isVerbose)
    print(String(format: "audio %.1f s; CPU %.2f s, RTF %.4f; peak RSS %.1f MB", audio, cpu, cpu / max(audio, 1e-9), peakResidentMegabytes()))
  }

  /// Decodes one session and scores its commands; also returns what was dispatched outside them.
  private func decode(
    _ session: Session, samples: [Int16], with recognizer: SpeechRecognizer, profile: String?,
    margins: inout [(correct: Bool, margin: Int, texts: String)]
  ) throws -> ([Score], [String]) {
    var voice = try SceneCommands.session(scene: session.scene)
    var oracle = voice
    let expected = session.commands.map { oracle.handle(utterance: $0) }
    for (command, outcome) in zip(session.commands, expected) where !outcome.didSomething {
      throw BenchmarkError("script command '\(command)' does nothing on \(session.scene)")
    }
    recognizer.forgetChannel()
    if let profile, FileManager.default.fileExists(atPath: profile) {
      try recognizer.adopt(SpeakerProfile(contentsOfFile: profile))
    }
    var loaded: String?
    var done: [[VoiceOutcome]] = Array(repeating: [], count: session.commands.count)
    var heard: [[String]] = Array(repeating: [], count: session.commands.count)
    var extra: [String] = []
    func hear(_ source: [Int16], offset: Double, only index: Int?) throws {
      let stream = recognizer.utterances(from: .samples(source))
      while true {
        let grammar = voice.grammar().text
        if grammar != loaded {
          try recognizer.loadGrammar(jsgf: grammar, name: "session")
          loaded = grammar
        }
        guard let result = try stream.next() else { break }
        let owner = index ?? Self.owner(of: (result.start + offset, result.end + offset), in: session.spans)
        let label = result.text ?? "(rejected: \(result.outcome) \(result.hypothesis.text))"
        if let owner { heard[owner].append(label) }
        if options.isVerbose,
          let line = Benchmark.gapLine(
            of: result, context: "\(session.split) \(session.condition) \(session.voice)",
            spoken: owner.map { session.commands[$0] } ?? "-")
        {
          printLine(line)
        }
        guard let text = result.text else { continue }
        if options.isVerbose, let competitor = voice.competitor(of: text, among: result.heardAlternatives) {
          let spoken = owner.map { session.commands[$0] } ?? "-"
          margins.append((spoken == text, competitor.margin, "\(text) vs \(competitor.text)"))
        }
        // As `axvoice listen` decides (`VoiceListener`): one implementation.
        let outcome: VoiceOutcome
        let before = voice
        switch voice.handle(result, margin: options.configuration.rejection.competingIntentMargin) {
        case .soundsAlike:
          // The chooser asks the speaker to pick: nothing is done yet, right or wrong. The
          // speaker's answer is not in the script, so the chooser is closed as if never opened.
          voice = before
          if let owner { heard[owner].append("(asked to choose: \(text))") }
          continue
        case .handled(let handled), .whole(_, let handled):
          outcome = handled
          // As `axvoice listen` does: what performed a command adapts the model.
          if handled.didSomething { try recognizer.adapt(to: result) }
        case .ambiguous(let competitor):
          if let owner { heard[owner].append("(ambiguous: \(text) / \(competitor.text) \(competitor.margin))") }
          continue
        case .doubtfulTap:
          if let owner { heard[owner].append("(only a name: \(text))") }
          continue
        case nil:
          continue
        }
        if let owner {
          done[owner].append(outcome)
        } else if outcome.reachedScreen {
          extra.append("'\(text)' at \(String(format: "%.2f", result.start + offset)) s")
        }
      }
    }
    if options.singleClips {
      for (index, span) in session.spans.enumerated() {
        let from = max(0, Int((span.start - 0.6) * 16_000))
        let to = min(samples.count, Int((span.end + 0.6) * 16_000))
        guard from < to else { continue }
        try hear(Array(samples[from..<to]), offset: Double(from) / 16_000, only: index)
      }
    } else {
      try hear(samples, offset: 0, only: nil)
    }
    let scores = session.commands.indices.map { index in
      let want = expected[index]
      let did = done[index].filter(\.reachedScreen)
      let wrong = did.filter { !$0.doesSame(as: want) }.map(\.dispatchDescription)
      let ok = did.count == 1 && wrong.isEmpty
      return Score(
        session: session, command: session.commands[index], position: index, detail: ok ? "" : "heard \(heard[index])",
        performed: ok, wrong: wrong)
    }
    return (scores, extra)
  }

  /// The command whose span overlaps `utterance` most, or `nil` if it overlaps none.
  static func owner(of utterance: (Double, Double), in spans: [(start: Double, end: Double)]) -> Int? {
    var best: (index: Int, overlap: Double)?
    for (index, span) in spans.enumerated() {
      let overlap = min(utterance.1, span.end) - max(utterance.0, span.start)
      if overlap > 0, overlap > (best?.overlap ?? 0) { best = (index, overlap) }
    }
    return best?.index
  }
}
