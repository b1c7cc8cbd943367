import Foundation
import SpeechRecognition
import Testing

/// The microphone path for real: a private PulseAudio server with a null sink, WAVs played into
/// it with paplay, and sphinxad recording its monitor.
@Suite("PulseAudio microphone capture", .serialized, .tags(.decoder, .pulseAudio))
struct MicrophoneTests {
  static let script = SpeechFixtures.packageRoot.appendingPathComponent("Tests/Scripts/pulse-test-server.sh").path

  @Test("without a server, opening the microphone fails naming ad_open_dev")
  func noServer() throws {
    let saved = ProcessInfo.processInfo.environment["PULSE_SERVER"]
    setenv("PULSE_SERVER", "unix:/nonexistent/axinput/native", 1)
    defer {
      if let saved { setenv("PULSE_SERVER", saved, 1) } else { unsetenv("PULSE_SERVER") }
    }
    let recognizer = try SpeechFixtures.makeRecognizer()
    try recognizer.loadGrammar(jsgf: SpeechFixtures.commandGrammar)
    let stream = recognizer.utterances(from: .microphone(device: "axinput_sink.monitor"))
    let error = #expect(throws: RecognizerError.self) { try stream.next() }
    #expect(error?.code == .audioDeviceUnavailable)
    #expect(error?.function == "ad_open_dev")
    #expect(error?.description.contains("device 'axinput_sink.monitor'") == true)
  }

  @Test("commands played into a PulseAudio null sink are recognized from its monitor")
  func endToEnd() throws {
    let folder = try SpeechFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String] = []
    for (index, text) in ["tap seven", "show numbers"].enumerated() {
      let path = folder.appendingPathComponent("\(index).wav").path
      try SpeechFixtures.writeWAV(SpeechFixtures.speech(text), to: path)
      files.append(path)
    }
    let state = folder.appendingPathComponent("pulse.state").path
    let environment = ["AXINPUT_PULSE_STATE": state]
    let exports = try SpeechFixtures.run(Self.script, ["start"], environment: environment)
    defer { _ = try? SpeechFixtures.run(Self.script, ["stop"], environment: environment) }
    guard let server = exports.split(separator: "\n")
      .first(where: { $0.hasPrefix("export PULSE_SERVER=") })?
      .dropFirst("export PULSE_SERVER=".count)
    else {
      Issue.record("no PULSE_SERVER in: \(exports)")
      return
    }
    setenv("PULSE_SERVER", String(server), 1)
    defer { unsetenv("PULSE_SERVER") }

    let recognizer = try SpeechFixtures.makeRecognizer()
    try recognizer.loadGrammar(jsgf: SpeechFixtures.commandGrammar)
    let cancellation = ListeningCancellation()
    let stream = recognizer.utterances(
      from: .microphone(device: "axinput_sink.monitor"), cancellation: cancellation)
    // Open the device before playing, so that nothing is missed.
    let wavs = files
    // Capture first: play only once the recording stream is live, paced (see the script).
    let player = Thread {
      _ = try? SpeechFixtures.run(Self.script, ["wait-recording", "10"], environment: environment)
      _ = try? SpeechFixtures.run(Self.script, ["play"] + wavs, environment: environment)
      Thread.sleep(forTimeInterval: 1.5)
      cancellation.cancel()
    }
    var heard: [String] = []
    var results: [RecognitionResult] = []
    var started = false
    while let result = try nextResult(stream, startPlayer: { if !started { started = true; player.start() } }) {
      results.append(result)
      if let text = result.text { heard.append(text) }
    }
    #expect(heard == ["tap seven", "show numbers"], "results: \(results.map { $0.hypothesis.text })")
  }

  /// The first call opens the device; the player starts right after it.
  private func nextResult(
    _ stream: UtteranceStream, startPlayer: () -> Void
  ) throws -> RecognitionResult? {
    try stream.prepare()
    startPlayer()
    return try stream.next()
  }
}
