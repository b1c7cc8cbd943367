import AXTestSupport
import Foundation
import SpeechRecognition
import Testing

extension Tag {
  /// Tests that load the en-us model and decode audio.
  @Tag static var decoder: Self
  /// Tests that need a PulseAudio server (started by Tests/Scripts/pulse-test-server.sh).
  @Tag static var pulseAudio: Self
}

/// Spoken test audio made with espeak-ng, and other audio helpers.
enum SpeechFixtures {
  /// The small grammar of the decoding tests.
  static let commandGrammar = """
    #JSGF V1.0;
    grammar command;
    public <command> = tap add to cart | show numbers | tap seven | hide numbers;
    """

  /// The package root, found from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A fresh temporary folder.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("axinput-speech-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A recognizer for the installed en-us model.
  static func makeRecognizer(
    _ adjust: (inout RecognizerConfiguration) -> Void = { _ in }
  ) throws -> SpeechRecognizer {
    var configuration = try RecognizerConfiguration.installed()
    adjust(&configuration)
    return try SpeechRecognizer(configuration: configuration)
  }

  /// A recognizer for the installed en-us model with `grammar` loaded.
  static func makeRecognizer(
    grammar: String, _ adjust: (inout RecognizerConfiguration) -> Void = { _ in }
  ) throws -> SpeechRecognizer {
    let recognizer = try makeRecognizer(adjust)
    try recognizer.loadGrammar(jsgf: grammar)
    return recognizer
  }

  /// Every result of `stream`, read to its end.
  static func results(of stream: UtteranceStream) throws -> [RecognitionResult] {
    var results: [RecognitionResult] = []
    while let result = try stream.next() {
      results.append(result)
    }
    return results
  }

  /// `text` spoken by espeak-ng at 16 kHz, with 0.5 s before and 0.8 s after, over a low noise
  /// floor (about -50 dBFS; pure digital silence makes PocketSphinx worse).
  static func speech(_ text: String, voice: String = "en-us", rate: Int = 160) throws -> [Int16] {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("speech.wav").path
    try run("espeak-ng", ["-v", voice, "-s", String(rate), "-w", wav, "--", text])
    let spoken = try WAVFile.samples(atPath: wav)
    return withNoiseFloor(silence(0.5) + spoken + silence(0.8))
  }

  /// `seconds` of digital silence.
  static func silence(_ seconds: Double) -> [Int16] {
    [Int16](repeating: 0, count: Int(seconds * 16_000))
  }

  /// `samples` plus deterministic white noise of RMS `level` (100 is about -50 dBFS).
  static func withNoiseFloor(_ samples: [Int16], level: Double = 100, seed: UInt64 = 42) -> [Int16] {
    var state = seed
    return samples.map { sample in
      // Sum of uniforms: roughly Gaussian, RMS 1 for 3 uniforms in -1...1.
      var noise = 0.0
      for _ in 0..<3 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        noise += Double(Int64(bitPattern: state >> 11) % 2_000_001 - 1_000_000) / 1_000_000
      }
      return Int16(clamping: Int(sample) + Int(noise * level))
    }
  }

  /// Writes 16-bit mono PCM samples as a WAV file.
  static func writeWAV(_ samples: [Int16], to path: String, sampleRate: Int = 16_000) throws {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + samples.count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(1))
    append(UInt32(sampleRate))
    append(UInt32(sampleRate * 2))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(samples.count * 2))
    for sample in samples {
      append(sample)
    }
    try data.write(to: URL(fileURLWithPath: path))
  }

  /// Runs a tool found in PATH and waits for it; throws if it fails.
  @discardableResult
  static func run(
    _ tool: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> String {
    try runTool(tool, arguments, environment: environment ?? [:]).checkedOutput(of: [tool] + arguments)
  }
}
