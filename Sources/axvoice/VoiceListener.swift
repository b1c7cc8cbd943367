import AXModel
import CommandLineSupport
import Foundation
import SpeechRecognition
import SpokenCommands
import VoiceControl

/// The loop of `axvoice listen`: recognize an utterance, dispatch it through the voice session,
/// report it, and reload the grammar when the screen changed.
///
/// This is the only place where speech meets the voice layer: `VoiceControl` compiles the
/// grammar text and handles recognized text, `SpeechRecognition` turns audio into text, and
/// neither imports the other.
struct VoiceListener {
  /// The voice session commands are dispatched to.
  private(set) var session: VoiceSession
  let source: AudioSource
  let transcript: ListenTranscript
  let isVerbose: Bool
  let log: ListenEventLog?
  /// The speaker profile's file (`--speaker`), and the profile read from it (`nil` for a new
  /// speaker).
  var speaker: (path: String, profile: SpeakerProfile?)?
  /// The frames of the profile last written or adopted, so that the end of a session writes it
  /// only if it grew (see VoiceListener+Speaker.swift).
  var profileFrames: Int?

  /// The grammar text loaded in the recognizer.
  private var loadedGrammar: String?
  /// The overlay last printed.
  private var shownOverlay: OverlaySnapshot?
  private var accepted = 0
  private var rejected = 0

  init(
    session: VoiceSession, source: AudioSource, format: ListenTranscript.Format, isVerbose: Bool,
    log: ListenEventLog?
  ) {
    self.session = session
    self.source = source
    self.transcript = ListenTranscript(format: format)
    self.isVerbose = isVerbose
    self.log = log
  }

  /// Listens until the source ends or `cancellation` is cancelled.
  ///
  /// It returns when the session ended normally (end of audio, SIGINT or SIGTERM).
  ///
  /// - Throws: A ``CommandFailure`` whose message is already written (see
  ///   ``written(_:to:)``): 66 when the microphone or file could not be opened; 65 for audio
  ///   that can't be read or a speaker profile made with another model; 1 for a decoder
  ///   failure, or a speaker profile that could not be written.
  mutating func run(
    configuration: RecognizerConfiguration, cancellation: ListeningCancellation,
    signalName: () -> String? = { nil },
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) throws(CommandFailure) {
    let recognizer: SpeechRecognizer
    do {
      recognizer = try SpeechRecognizer(configuration: configuration)
      try reloadGrammar(recognizer, reason: "start", errors: &errors)
    } catch {
      log?.record("error", ["message": .string(error.description)])
      throw written(
        CommandFailure("error: \(TerminalText.escapingHazards(error.description))", status: .failure),
        to: &errors)
    }
    try adoptSpeakerProfile(into: recognizer, errors: &errors)
    let stream = recognizer.utterances(from: source, cancellation: cancellation)
    do {
      try stream.prepare()
    } catch {
      throw written(failure(opening: error), to: &errors)
    }
    log?.record(
      "start",
      [
        "scene": .string(session.sceneSession.scene.name), "source": .string(sourceDescription),
        "language": .string(session.vocabulary.language),
        "cpuSeconds": .number(ListenEventLog.rounded(ListenEventLog.processorSeconds())),
      ])
    errors.write("listening to \(TerminalText.escaped(sourceDescription)); say \"show numbers\" or a name; Ctrl-C ends\n")

    // A failure while listening is written when it happens, and thrown after the summary.
    var failure: CommandFailure?
    while !cancellation.isCancelled {
      let result: RecognitionResult?
      do {
        result = try stream.next()
      } catch {
        errors.write("error: \(TerminalText.escapingHazards(error.description))\n")
        log?.record("error", ["message": .string(error.description)])
        let isUnreadable = error.code == .unsupportedAudio || error.code == .unreadableAudio
        failure = CommandFailure(nil, status: isUnreadable ? .dataError : .failure)
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
        "rejected": .number(Double(rejected)), "audioSeconds": .number(ListenEventLog.rounded(stream.elapsed)),
        "cpuSeconds": .number(ListenEventLog.rounded(ListenEventLog.processorSeconds())),
      ])
    errors.write("stopped (\(reason)): \(accepted) commands, \(rejected) rejected\n")
    if !saveSpeakerProfile(of: recognizer, errors: &errors), failure == nil {
      failure = CommandFailure(nil, status: .failure)
    }
    if let failure { throw failure }
  }

  /// Handles one utterance: the session dispatches what was heard (or finds it ambiguous),
  /// then it is logged with its timings and printed, and the grammar follows the screen.
  private mutating func handle(
    _ result: RecognitionResult, recognizer: SpeechRecognizer,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) {
    let detected = ContinuousClock.now
    let timing = ListenEventLog.timing(of: result)
    // `handle(_:margin:)` is nil exactly when the recognizer rejected the utterance, which is
    // what `reportRejection` reports.
    guard let text = result.text,
      let heard = session.handle(result, margin: recognizer.configuration.rejection.competingIntentMargin)
    else {
      reportRejection(of: result, logged: timing, output: &output, errors: &errors)
      return
    }
    let performed: (text: String, outcome: VoiceOutcome)
    // A chooser between sound-alike words leaves what was said, and what to adapt to, unknown.
    var knowsWords = true
    switch heard {
    case .ambiguous(let competitor):
      report(result, heard: text, ambiguousWith: competitor, logged: timing, output: &output)
      return
    case .doubtfulTap:
      report(result, heard: text, doubtfulTapLogged: timing, output: &output)
      return
    case .handled(let outcome):
      performed = (text, outcome)
    case .soundsAlike(let chooser):
      performed = (text, chooser)
      knowsWords = false
    case .whole(let whole, let outcome):
      // A bare name after rejected speech: the whole command found in the two instead.
      performed = (whole, outcome)
    }
    let outcome = performed.outcome
    var logged = timing
    logged["dispatchMs"] = .number(ListenEventLog.rounded((ContinuousClock.now - detected) / .milliseconds(1), places: 2))
    report(result, heard: performed.text, outcome: outcome, logged: logged, output: &output)
    do {
      try reloadGrammar(recognizer, reason: outcome.intent?.rawValue ?? "utterance", errors: &errors)
    } catch {
      report(error, errors: &errors)
    }
    // What the speaker said is now known: the model adapts to how it sounded (to this
    // utterance's own words, after a whole command too).
    do {
      if outcome.didSomething, knowsWords, try recognizer.adapt(to: result) {
        log?.record("adapted", ["frames": .number(Double(recognizer.adaptedFrames))])
        // Written at each new transform too, so that a session killed outright keeps it.
        saveSpeakerProfile(of: recognizer, errors: &errors)
      }
    } catch {
      report(error, errors: &errors)
    }
  }

  /// Writes and logs a recognizer failure that doesn't end the session.
  private func report(_ error: RecognizerError, errors: inout some TextOutputStream) {
    errors.write("error: \(TerminalText.escapingHazards(error.description))\n")
    log?.record("error", ["message": .string(error.description)])
  }

  /// Counts, logs and prints an utterance the session handled, and the overlay if it changed.
  private mutating func report(
    _ result: RecognitionResult, heard text: String, outcome: VoiceOutcome,
    logged: [String: JSONOutput], output: inout some TextOutputStream
  ) {
    accepted += 1
    // The log's `outcome` and a JSON transcript's line are one object, built once.
    let object = log.map { _ in transcript.object(outcome, heard: text) }
    if let log, let object {
      var fields = logged
      fields["outcome"] = .object(object)
      log.record("utterance", fields)
    }
    output.write(transcript.handled(outcome, object: object, heard: text, start: result.start, end: result.end))
    printOverlayIfChanged(output: &output)
  }

  /// Counts, logs and prints an utterance nothing was done for because `competitor` came too
  /// close to it.
  private mutating func report(
    _ result: RecognitionResult, heard text: String, ambiguousWith competitor: HeardAlternative,
    logged: [String: JSONOutput], output: inout some TextOutputStream
  ) {
    rejected += 1
    log?.record(
      "rejected",
      logged.merging([
        "reason": .string("ambiguous"), "competitor": .string(competitor.text),
        "margin": .number(Double(competitor.margin)),
      ]) { $1 })
    output.write(
      transcript.rejected(
        reason: "ambiguous",
        detail: ": \(TerminalText.quoted(text)) or \(TerminalText.quoted(competitor.text))",
        message: "Nothing done: it sounded almost as much like \"\(competitor.text)\" as \"\(text)\".",
        start: result.start, end: result.end))
  }

  /// Counts, logs and prints a bare name or number nothing was done for, because the
  /// recognizer accepted it only on a second opinion, or right after speech it rejected
  /// (``HeardOutcome/doubtfulTap``).
  private mutating func report(
    _ result: RecognitionResult, heard text: String, doubtfulTapLogged logged: [String: JSONOutput],
    output: inout some TextOutputStream
  ) {
    rejected += 1
    log?.record("rejected", logged.merging(["reason": .string("only a name"), "heard": .string(text)]) { $1 })
    output.write(
      transcript.rejected(
        reason: "only a name", detail: ": \(TerminalText.quoted(text)), heard in doubt",
        message: "Nothing done: only \"\(text)\" was heard, and the command before it may have been lost.",
        start: result.start, end: result.end))
  }

  /// Counts, logs and prints an utterance the recognizer rejected; an empty one (silence or
  /// noise with no words) is only logged, unless verbose.
  private mutating func reportRejection(
    of result: RecognitionResult, logged: [String: JSONOutput],
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) {
    guard case .rejected(let reason) = result.outcome else { return }
    let fields = logged.merging(["reason": .string("\(reason)")]) { $1 }
    if reason == .noSpeech && !isVerbose && result.hypothesis.words.isEmpty {
      log?.record("rejected", fields)
      return
    }
    rejected += 1
    log?.record("rejected", fields)
    // An utterance cut at the maximum length says why it ended there.
    let cut = String(format: ": no pause in %.0f s of speech, cut there", result.end - result.start)
    output.write(
      transcript.rejected(
        reason: "\(reason)", detail: result.ending == .maximumLength ? cut : "",
        message: "Nothing done: the speech was not a command.", start: result.start, end: result.end))
    if isVerbose { errors.write("  rejected hypothesis: \(TerminalText.escaped(result.hypothesis.text))\n") }
  }

  /// Prints the overlay when it differs from the one printed last.
  private mutating func printOverlayIfChanged(output: inout some TextOutputStream) {
    let snapshot = session.overlaySnapshot()
    guard snapshot != shownOverlay else { return }
    output.write(transcript.overlay(snapshot))
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
    let loadMs = ListenEventLog.rounded((ContinuousClock.now - started) / .milliseconds(1), places: 1)
    log?.record(
      "grammar",
      [
        "reason": .string(reason), "words": .number(Double(grammar.words.count)),
        "added": .array(report.addedWords.map { .string($0.word) }),
        "unpronounceable": .array(report.unpronounceableWords.map(JSONOutput.string)),
        "unspeakable": .array(grammar.unspeakable.map(JSONOutput.string)),
        "loadMs": .number(loadMs), "reused": .bool(report.isReused),
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
          + "\(grammar.words.count) words, \(report.addedWords.count) added, "
          + "\(report.isReused ? "compiled before" : "compiled"), \(loadMs) ms\n")
    }
  }

  /// Writes a failure's message now and returns the failure with only its status, for the
  /// tool's exit path.
  ///
  /// With `--verbose` PocketSphinx logs to the same standard error, and freeing the decoder
  /// logs its totals: a message left to the exit path would come after them, away from the
  /// lines that led to it. Written here, the recognizer and the stream are still alive.
  func written(
    _ failure: CommandFailure, to errors: inout some TextOutputStream
  ) -> CommandFailure {
    if let message = failure.message { errors.write(message + "\n") }
    return CommandFailure(nil, status: failure.status)
  }

  /// The failure for a source that could not be opened, naming the alternatives for a
  /// microphone.
  private func failure(opening error: RecognizerError) -> CommandFailure {
    log?.record("error", ["message": .string(error.description)])
    switch source {
    case .microphone(let device):
      return CommandFailure(
        "error: no microphone: cannot record from PulseAudio source '\(TerminalText.escaped(device ?? "default"))' "
          + "(\(TerminalText.escapingHazards(error.log ?? "is a PulseAudio server running?")))\n"
          + "  To listen to a recording instead, use '--audio FILE' (WAV) or '--stdin' "
          + "(raw 16 kHz mono s16le PCM).",
        status: .noInput)
    case .wavFile(let path):
      return CommandFailure(
        "\(TerminalText.escaped(path)): error: \(TerminalText.escapingHazards(error.description))",
        status: error.code == .unreadableAudio ? .noInput : .dataError)
    default:
      return CommandFailure("error: \(TerminalText.escapingHazards(error.description))", status: .failure)
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
}
