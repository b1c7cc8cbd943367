import AXModel
import CommandLineSupport
import Foundation
import SpeechRecognition
import VoiceControl

/// The loop of `axvoice listen`: recognize an utterance, dispatch it through the voice session,
/// report it, and reload the grammar when the screen changed.
///
/// This is the only place where speech meets the voice layer: `VoiceControl` compiles the
/// grammar text and handles recognized text, `SpeechRecognition` turns audio into text, and
/// neither imports the other.
struct VoiceListener {
  /// How utterances are printed on standard output.
  enum Format {
    /// The `axvoice run` transcript, with what was heard and when.
    case text
    /// One JSON object per utterance: `axvoice run`'s object plus `heard`.
    case json
  }

  /// The voice session commands are dispatched to.
  private(set) var session: VoiceSession
  let source: AudioSource
  let format: Format
  let isVerbose: Bool
  let log: ListenEventLog?

  /// The grammar text loaded in the recognizer.
  private var loadedGrammar: String?
  /// The overlay last printed.
  private var shownOverlay: OverlaySnapshot?
  private var accepted = 0
  private var rejected = 0

  init(
    session: VoiceSession, source: AudioSource, format: Format, isVerbose: Bool,
    log: ListenEventLog?
  ) {
    self.session = session
    self.source = source
    self.format = format
    self.isVerbose = isVerbose
    self.log = log
  }

  /// Listens until the source ends or `cancellation` is cancelled.
  ///
  /// - Returns: 0 when the session ended normally (end of audio, SIGINT or SIGTERM); 66 when
  ///   the microphone or file could not be opened; 65 for audio that can't be read; 1 for a
  ///   decoder failure.
  mutating func run(
    configuration: RecognizerConfiguration, cancellation: ListeningCancellation,
    signalName: () -> String? = { nil },
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> ExitStatus {
    let recognizer: SpeechRecognizer
    do {
      recognizer = try SpeechRecognizer(configuration: configuration)
      try reloadGrammar(recognizer, reason: "start", errors: &errors)
    } catch {
      errors.write("error: \(error)\n")
      log?.record("error", ["message": .string(error.description)])
      return .failure
    }
    let stream = recognizer.utterances(from: source, cancellation: cancellation)
    do {
      try stream.prepare()
    } catch {
      return report(openingFailure: error, errors: &errors)
    }
    log?.record(
      "start",
      [
        "scene": .string(session.sceneSession.scene.name), "source": .string(sourceDescription),
        "language": .string(session.vocabulary.language),
      ])
    errors.write("listening to \(TerminalText.escaped(sourceDescription)); say \"show numbers\" or a name; Ctrl-C ends\n")

    var status = ExitStatus.success
    while !cancellation.isCancelled {
      let result: RecognitionResult?
      do {
        result = try stream.next()
      } catch {
        errors.write("error: \(error)\n")
        log?.record("error", ["message": .string(error.description)])
        status = error.code == .unsupportedAudio || error.code == .unreadableAudio ? .dataError : .failure
        break
      }
      guard let result else { break }
      handle(result, recognizer: recognizer, output: &output, errors: &errors)
      StandardOutput().flush()  // each utterance reaches a pipe as it happens
    }
    let reason = cancellation.isCancelled ? (signalName() ?? "cancelled") : "end of audio"
    log?.record(
      "end",
      [
        "reason": .string(reason), "accepted": .number(Double(accepted)),
        "rejected": .number(Double(rejected)), "audioSeconds": .number(rounded(stream.elapsed)),
      ])
    errors.write("stopped (\(reason)): \(accepted) commands, \(rejected) rejected\n")
    return status
  }

  /// Dispatches an accepted utterance, or reports a rejected one.
  private mutating func handle(
    _ result: RecognitionResult, recognizer: SpeechRecognizer,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) {
    let detected = ContinuousClock.now
    var timing: [String: JSONOutput] = [
      "start": .number(rounded(result.start)), "end": .number(rounded(result.end)),
      "hypothesis": .string(result.hypothesis.text),
      "finalizationMs": .number(rounded(result.finalizationTime * 1000, places: 1)),
      "endedBy": .string(result.ending.rawValue),
    ]
    if let calibration = result.calibration {
      timing["decodedAgain"] = .string(calibration.rawValue)
    }
    guard let text = result.text else {
      guard case .rejected(let reason) = result.outcome else { return }
      if reason == .noSpeech && !isVerbose && result.hypothesis.words.isEmpty {
        log?.record("rejected", timing.merging(["reason": .string("\(reason)")]) { $1 })
        return
      }
      // An utterance cut at the maximum length says why it ended there.
      let cut = String(format: ": no pause in %.0f s of speech, cut there", result.end - result.start)
      reportRejection(
        result, reason: "\(reason)", detail: result.ending == .maximumLength ? cut : "",
        message: "Nothing done: the speech was not a command.", logged: timing, output: &output)
      if isVerbose { errors.write("  rejected hypothesis: \(result.hypothesis.text)\n") }
      return
    }

    let margin = recognizer.configuration.rejection.competingIntentMargin
    if let competitor = ambiguity(of: result, text: text, margin: margin) {
      let logged = timing.merging(
        ["competitor": .string(competitor.text), "margin": .number(Double(competitor.margin))]) { $1 }
      reportRejection(
        result, reason: "ambiguous", detail: ": \"\(text)\" or \"\(competitor.text)\"",
        message: "Nothing done: it sounded almost as much like \"\(competitor.text)\" as \"\(text)\".",
        logged: logged, output: &output)
      return
    }
    let outcome = session.handle(utterance: text)
    let dispatched = ContinuousClock.now
    accepted += 1
    let renderer = VoiceOutcomeRenderer()
    var object = renderer.json(outcome)
    if case .object(var fields) = object {
      fields["heard"] = .string(text)
      object = .object(fields)
    }
    let dispatchMs = rounded((dispatched - detected) / .milliseconds(1), places: 2)
    var logged = timing
    logged["outcome"] = object
    logged["dispatchMs"] = .number(dispatchMs)
    log?.record("utterance", logged)
    switch format {
    case .json:
      output.write(object.rendered() + "\n")
    case .text:
      var lines = renderer.text(outcome).split(separator: "\n", omittingEmptySubsequences: false)
      if !lines.isEmpty { lines[0] = "\(span(result)) heard \"\(text)\"" }
      output.write(lines.joined(separator: "\n"))
      printOverlayIfChanged(output: &output)
    }
    do {
      try reloadGrammar(recognizer, reason: outcome.intent?.rawValue ?? "utterance", errors: &errors)
    } catch {
      errors.write("error: \(error)\n")
      log?.record("error", ["message": .string(error.description)])
    }
  }

  /// Counts, logs and prints a rejected utterance.
  private mutating func reportRejection(
    _ result: RecognitionResult, reason: String, detail: String, message: String,
    logged: [String: JSONOutput], output: inout some TextOutputStream
  ) {
    rejected += 1
    log?.record("rejected", logged.merging(["reason": .string(reason)]) { $1 })
    switch format {
    case .json:
      let object: JSONOutput = .object([
        "heard": .null, "outcome": .string("rejected"), "reason": .string(reason),
        "message": .string(message),
      ])
      output.write(object.rendered() + "\n")
    case .text:
      output.write("\(span(result)) (rejected: \(reason)\(detail))\n")
    }
  }

  /// The closest alternative of `text` that would perform a different command (intent or
  /// target) and is within `margin` of it, or `nil` when `text` is clear enough to perform.
  /// The session is copied, so nothing is performed to find out.
  private func ambiguity(
    of result: RecognitionResult, text: String, margin: Int
  ) -> RecognitionResult.Alternative? {
    // Without alternatives there is nothing to compare: don't run the utterance twice.
    guard margin > 0, !result.alternatives.isEmpty else { return nil }
    var probe = session
    let best = probe.handle(utterance: text)
    let competitor = result.closestCompetitor { alternative in
      var other = session
      let outcome = other.handle(utterance: alternative)
      return outcome.didSomething && (outcome.intent != best.intent || outcome.target != best.target)
    }
    return competitor.flatMap { $0.margin < margin ? $0 : nil }
  }

  /// Prints the overlay when it differs from the one printed last.
  private mutating func printOverlayIfChanged(output: inout some TextOutputStream) {
    let snapshot = session.overlaySnapshot()
    guard snapshot != shownOverlay else { return }
    if let snapshot {
      // The badge list; the ASCII layout (`axvoice overlay`) is too tall for a live transcript.
      let lines = OverlayRenderer().text(snapshot).split(separator: "\n")
        .prefix { !$0.hasPrefix("layout:") }
      output.write(lines.joined(separator: "\n") + "\n")
    } else {
      output.write("overlay: hidden\n")
    }
    shownOverlay = snapshot
  }

  /// Compiles the grammar for the current screen and loads it if it changed.
  private mutating func reloadGrammar(
    _ recognizer: SpeechRecognizer, reason: String, errors: inout some TextOutputStream
  ) throws(RecognizerError) {
    let started = ContinuousClock.now
    let grammar = session.grammar()
    guard grammar.text != loadedGrammar else { return }
    let report = try recognizer.loadGrammar(jsgf: grammar.text, name: "axvoice")
    loadedGrammar = grammar.text
    let loadMs = rounded((ContinuousClock.now - started) / .milliseconds(1), places: 1)
    log?.record(
      "grammar",
      [
        "reason": .string(reason), "words": .number(Double(grammar.words.count)),
        "added": .array(report.addedWords.map { .string($0.word) }),
        "unpronounceable": .array(report.unpronounceableWords.map(JSONOutput.string)),
        "unspeakable": .array(grammar.unspeakable.map(JSONOutput.string)),
        "loadMs": .number(loadMs),
      ])
    if reason == "start" {
      if !grammar.unspeakable.isEmpty {
        errors.write("note: no speakable name, reachable by number only: \(grammar.unspeakable.map(TerminalText.escaped).joined(separator: ", "))\n")
      }
      if !report.unpronounceableWords.isEmpty {
        errors.write("note: no pronunciation, can't be said: \(report.unpronounceableWords.map(TerminalText.escaped).joined(separator: ", "))\n")
      }
    }
    if isVerbose {
      errors.write(
        "grammar \(reason == "start" ? "loaded" : "reloaded after \(reason)"): "
          + "\(grammar.words.count) words, \(report.addedWords.count) added, \(loadMs) ms\n")
    }
  }

  /// Reports a source that could not be opened, naming the alternatives for a microphone.
  private func report(
    openingFailure error: RecognizerError, errors: inout some TextOutputStream
  ) -> ExitStatus {
    log?.record("error", ["message": .string(error.description)])
    switch source {
    case .microphone(let device):
      errors.write(
        "error: no microphone: cannot record from PulseAudio source '\(device ?? "default")' "
          + "(\(error.log ?? "is a PulseAudio server running?"))\n"
          + "  To listen to a recording instead, use '--audio FILE' (WAV) or '--stdin' "
          + "(raw 16 kHz mono s16le PCM).\n")
      return .noInput
    case .wavFile(let path):
      errors.write("\(TerminalText.escaped(path)): error: \(TerminalText.escapingHazards(error.description))\n")
      return error.code == .unreadableAudio ? .noInput : .dataError
    default:
      errors.write("error: \(error)\n")
      return .failure
    }
  }

  /// Where the audio comes from, for messages.
  private var sourceDescription: String {
    switch source {
    case .microphone(let device): "PulseAudio source '\(device ?? "default")'"
    case .wavFile(let path): "'\(path)'"
    case .standardInput: "standard input"
    case .samples: "samples"
    }
  }

  /// The utterance's place in the audio, such as `[1.20-2.05 s]`.
  private func span(_ result: RecognitionResult) -> String {
    String(format: "[%.2f-%.2f s]", result.start, result.end)
  }
}
