import AXModel
import Foundation
import SpeechRecognition

/// The JSON Lines event log of a listening session (`axvoice listen --log FILE`).
///
/// Every event is one JSON object on one line, with an `event` key (`start`, `grammar`,
/// `utterance`, `rejected`, `error`, `end`) and `time`, the seconds since the session started.
/// Each line is written with one unbuffered `write` call as soon as it happens (no `fsync`, which
/// would add milliseconds to every command), so the log is complete up to the last event even if
/// the process is killed. The file is appended to, not replaced.
final class ListenEventLog {
  private let handle: FileHandle
  private let started = ContinuousClock.now

  /// Opens `path` for appending, creating it if needed.
  init(path: String) throws {
    if !FileManager.default.fileExists(atPath: path) {
      guard FileManager.default.createFile(atPath: path, contents: nil) else {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
      }
    }
    handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
  }

  deinit {
    try? handle.close()
  }

  /// Writes one event with `fields`, adding `event` and `time`.
  func record(_ event: String, _ fields: [String: JSONOutput] = [:]) {
    var object = fields
    object["event"] = .string(event)
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    object["time"] = .number((seconds * 1000).rounded() / 1000)
    let line = JSONOutput.object(object).rendered() + "\n"
    try? handle.write(contentsOf: Data(line.utf8))
  }
}

extension ListenEventLog {
  /// What every `utterance` and `rejected` event says of how the utterance was heard: where it
  /// is in the audio, the decoder's words, how it ended, the milliseconds from its detected end
  /// to its result, `newMean` when it was decoded with a cepstral mean its own speech moved
  /// (`afterEnd` for the first utterance, `duringSpeech` for a later one), and `phoneLoopGap` with
  /// `phoneLoopGapPhones` (the length that chose its limit) when the phone loop won and a second
  /// opinion was taken, `heardInAccent` when that opinion heard a word in another accent's
  /// pronunciation, `recoveredLeadingWords` when the sentence's first words were found by
  /// decoding it again after they had been heard as nothing, `followsRejectedSpeech` when
  /// rejected speech came just before, `wholeCommand` when decoding the two together found
  /// the command the sentence ends, and `soundAlikes` when sentences of the grammar sound like
  /// it.
  static func timing(of result: RecognitionResult) -> [String: JSONOutput] {
    var timing: [String: JSONOutput] = [
      "start": .number(rounded(result.start)), "end": .number(rounded(result.end)),
      "hypothesis": .string(result.hypothesis.text),
      "finalizationMs": .number(rounded(result.finalizationTime * 1000, places: 1)),
      "endedBy": .string(result.ending.rawValue),
    ]
    if let calibration = result.calibration {
      timing["newMean"] = .string(calibration.rawValue)
    }
    // A second opinion on an utterance the phone loop won decodes it twice more.
    if let gap = result.phoneLoopGap {
      timing["phoneLoopGap"] = .number(rounded(gap, places: 2))
    }
    if let phones = result.secondOpinionPhones {
      timing["phoneLoopGapPhones"] = .number(Double(phones))
    }
    if result.hypothesis.usesAccentVariant {
      timing["heardInAccent"] = .bool(true)
    }
    if result.recoveredLeadingWords {
      timing["recoveredLeadingWords"] = .bool(true)
    }
    if result.followsRejectedSpeech {
      timing["followsRejectedSpeech"] = .bool(true)
    }
    if let whole = result.wholeCommand {
      timing["wholeCommand"] = .string(whole)
    }
    if !result.soundAlikes.isEmpty {
      timing["soundAlikes"] = .array(result.soundAlikes.map(JSONOutput.string))
    }
    return timing
  }

  /// The processor time this process has used so far, user and system, in seconds: the `start`
  /// and `end` events carry it, so the decoding cost of a session is their difference.
  static func processorSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// `value` to `places` decimals, as the event log and transcript print times.
  static func rounded(_ value: Double, places: Int = 3) -> Double {
    let scale = pow(10, Double(places))
    return (value * scale).rounded() / scale
  }
}
