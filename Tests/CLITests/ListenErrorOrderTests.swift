import AXTestSupport
import Foundation
import Testing

/// Where `axvoice listen` writes an error about its audio source: right after the lines that
/// led to it, before the decoder's shutdown log, as it always did.
///
/// With `--verbose` PocketSphinx logs to the same standard error, and freeing the decoder logs
/// its totals; an error written only once the failure has reached the tool's exit path would
/// come after them, away from the "grammar loaded" line it follows.
@Suite("axvoice listen error order", .serialized)
struct ListenErrorOrderTests {
  /// The line of standard error after the last "grammar loaded" one, which `--verbose` writes
  /// once the recognizer is ready.
  static func lineAfterGrammar(_ standardError: String) -> String? {
    let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let loaded = lines.lastIndex(where: { $0.hasPrefix("grammar loaded:") }),
      loaded + 1 < lines.count
    else { return nil }
    return lines[loaded + 1]
  }

  @Test("a file that is not a WAV: the error follows the grammar, ahead of the decoder's log")
  func notAWAVFile() throws {
    let result = try runExecutable(
      "axvoice", ["listen", "Scenes/coffee-dispenser.json", "--audio", "Package.swift", "--verbose"])
    #expect(result.status == 65)
    #expect(
      Self.lineAfterGrammar(result.standardError)
        == "Package.swift: error: 'Package.swift' is not a WAV file (no RIFF/WAVE header)",
      "\(result.standardError)")
    // Written once: the exit path adds nothing.
    #expect(result.standardError.components(separatedBy: "error:").count == 2)
  }

  @Test("no microphone: the error and its advice follow the grammar, ahead of the decoder's log")
  func noMicrophone() throws {
    let run = try ListenProcess(
      ["listen", "Scenes/coffee-dispenser.json", "--verbose"],
      environment: ["PULSE_SERVER": "unix:/nonexistent/axinput/native"])
    let result = run.finish(timeout: 30)
    #expect(result.status == 66)
    let after = Self.lineAfterGrammar(result.standardError)
    #expect(
      after?.hasPrefix("error: no microphone: cannot record from PulseAudio source 'default'") == true,
      "\(result.standardError)")
    #expect(result.standardError.components(separatedBy: "error: no microphone").count == 2)
    #expect(result.standardError.contains("\n  To listen to a recording instead, use '--audio FILE'"))
  }
}
