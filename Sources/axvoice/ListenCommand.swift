import AXModel
import CommandLineSupport
import Foundation
import SpeechRecognition
import VoiceControl

/// `axvoice listen`: a live speech session over a scene, utterance by utterance.
struct ListenCommand: VoiceSubcommand {
  static let spec = CommandSpec(
    "listen", abstract: "Listen to speech and perform the spoken commands on a scene.",
    discussion: """
      Audio comes from a PulseAudio source (the default one, or --device), a WAV file \
      (--audio) or raw 16 kHz mono signed 16-bit little-endian PCM on standard input \
      (--stdin). Voice activity detection splits it into utterances. Each utterance is \
      recognized against a grammar compiled from the scene's current names, numbers, grid \
      cells and actions; speech that is not a command is rejected and does nothing. The \
      grammar is rebuilt whenever a command changes the scene or the overlay. The session ends \
      at the end of the audio, or on Ctrl-C (SIGINT) or SIGTERM, with status 0.
      """,
    arguments: [VoiceCommandLine.sceneArgument],
    options: [
      OptionSpec("device", valueName: "name", help: "A PulseAudio source, such as 'alsa_input.pci-0000_00_1b.0.analog-stereo'."),
      OptionSpec("audio", valueName: "file", help: "A WAV file to listen to instead of a microphone."),
      OptionSpec(
        "speaker", valueName: "file",
        help: "Start adapted to the speaker profile in this file, and keep in it what the session learns of the speaker (created if missing; with --no-adapt it is read, never written)."),
      OptionSpec(
        "log", valueName: "file",
        help: "Append a JSON Lines event log to this file, flushed after every event."),
      VoiceCommandLine.transcriptFormatOption,
      VoiceCommandLine.languageOption,
      VoiceCommandLine.grammarOption,
    ] + SceneFile.inputOptions,
    flags: [
      FlagSpec("stdin", help: "Read raw 16 kHz mono s16le PCM from standard input."),
      FlagSpec(
        "wait-for-pause",
        help: "End every utterance after the \(VoiceActivitySettings().postSpeechFrames * 10) ms pause, even a whole command (for speakers who pause inside commands)."),
      FlagSpec(
        "decode-once",
        help: "Decode every later utterance from its first frame with the mean of the channel before it, not after checking its own (off-grammar speech dispatches more often; about the same CPU)."),
      FlagSpec(
        "no-adapt",
        help: "Keep the acoustic model as it is, rather than adapting it to the speaker after the commands performed (for a microphone several people share)."),
      FlagSpec(
        "alternatives",
        help: "Refuse a command as ambiguous when the decoder nearly heard one that does something else (about 90 ms more per utterance)."),
      FlagSpec(
        "no-sound-alikes",
        help: "Act on the words heard even when the screen offers others that sound alike ('tap three' and a button named Free), rather than asking which one."),
      FlagSpec(
        "verbose",
        help: "Report grammar reloads, rejected hypotheses and timings, and PocketSphinx's log, on standard error."),
    ])

  /// Where the audio comes from: which of `--device`, `--audio` and `--stdin` was given (none
  /// is the default microphone).
  enum Source {
    case device, audio, standardInput
  }

  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    let sourceOption = try arguments.exclusiveChoice(
      among: [("device", Source.device), ("audio", .audio), ("stdin", .standardInput)])
    // The recognizer has a US English model only, so a zh-CN scene is listened to with the
    // English commands unless `--language` says otherwise.
    let session = try VoiceCommandLine.session(
      arguments, importer: try SceneFile.importer(arguments), fixedLanguage: "en-US")
    guard session.vocabulary.language.lowercased().hasPrefix("en") else {
      throw arguments.usageError(
        "the speech recognizer has a US English model only, and this scene's commands are "
          + "'\(session.vocabulary.language)'; pass '--language en-US'")
    }
    let source: AudioSource
    switch sourceOption {
    case .audio?:
      let path = arguments.value("audio") ?? ""
      guard FileManager.default.isReadableFile(atPath: path) else {
        throw CommandFailure("\(TerminalText.escaped(path)): error: no such audio file", status: .noInput)
      }
      source = .wavFile(path)
    case .standardInput?: source = .standardInput
    case .device?, nil: source = .microphone(device: arguments.value("device"))
    }
    let isVerbose = arguments.flag("verbose")
    var configuration: RecognizerConfiguration
    do {
      configuration = try RecognizerConfiguration.installed()
    } catch {
      throw CommandFailure("error: \(TerminalText.escapingHazards(error.description))", status: .noInput)
    }
    if isVerbose { configuration.log = .standardError }
    if arguments.flag("wait-for-pause") { configuration.voiceActivity.alwaysWaitForHangOver() }
    if arguments.flag("alternatives") { configuration.rejection.listsAlternatives = true }
    if arguments.flag("no-sound-alikes") { configuration.rejection.listsSoundAlikes = false }
    if arguments.flag("decode-once") { configuration.meanCheckFrames = 0 }
    if arguments.flag("no-adapt") { configuration.speakerAdaptation.isEnabled = false }

    var speaker: (path: String, profile: SpeakerProfile?)?
    if let path = arguments.value("speaker") {
      speaker = (path, try Self.speakerProfile(at: path))
    }
    var log: ListenEventLog?
    if let path = arguments.value("log") {
      do {
        log = try ListenEventLog(path: path)
      } catch {
        throw CommandFailure(
          "\(TerminalText.escaped(path)): error: cannot open the log for writing (\(TerminalText.escapingHazards(error.localizedDescription)))",
          status: .noInput)
      }
    }
    let signals = SignalCancellation()
    var listener = VoiceListener(
      session: session, source: source,
      format: try arguments.outputFormat() == .json ? .json : .text, isVerbose: isVerbose, log: log)
    listener.speaker = speaker
    try listener.run(
      configuration: configuration, cancellation: signals.cancellation,
      signalName: { signals.signalName }, output: &output, errors: &errors)
    return .success
  }

  /// The profile in `path`, or `nil` for a new speaker (no file there yet).
  ///
  /// - Throws: A ``CommandFailure`` naming the file: 65 when it is not a profile, 66 when it
  ///   can't be read.
  static func speakerProfile(at path: String) throws(CommandFailure) -> SpeakerProfile? {
    guard FileManager.default.fileExists(atPath: path) else {
      // A new speaker's file is written during the session: a folder it can't be written in
      // is said now, not after the session.
      let folder = (path as NSString).deletingLastPathComponent
      guard FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
        throw CommandFailure(
          "\(TerminalText.escaped(path)): error: can't create the speaker profile (expected a folder that exists and can be written to)",
          status: .noInput)
      }
      return nil
    }
    do {
      return try SpeakerProfile(contentsOfFile: path)
    } catch {
      throw CommandFailure(
        VoiceListener.speakerErrorLine(path: path, error),
        status: error.code == .invalidSpeakerProfile ? .dataError : .noInput)
    }
  }
}
