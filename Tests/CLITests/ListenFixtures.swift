import AXTestSupport
import Foundation

/// Spoken clips and process helpers for the `axvoice listen` tests.
enum ListenFixtures {
  /// A fresh temporary folder.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("axinput-listen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `sentences` spoken by espeak-ng, one after the other, as a 16 kHz mono WAV file.
  ///
  /// Each sentence gets 0.5 s of silence before and 0.8 s after (more than the recognizer's
  /// 0.3 s end-of-utterance hang-over), and the whole file a low pink-noise floor at about
  /// -50 dBFS: pure digital silence hurts the decoder. `sox -R` makes the noise repeatable.
  ///
  /// `voice` gives the espeak-ng voice and rate of each sentence, by its index.
  static func speak(
    _ sentences: [String], to path: String, in folder: URL,
    voice: (Int) -> (name: String, rate: Int) = { _ in ("en-us", 160) }
  ) throws {
    var parts: [String] = []
    for (index, sentence) in sentences.enumerated() {
      let raw = folder.appendingPathComponent("raw-\(UUID().uuidString).wav").path
      let padded = folder.appendingPathComponent("part-\(index)-\(UUID().uuidString).wav").path
      let (name, rate) = voice(index)
      try tool("espeak-ng", ["-v", name, "-s", String(rate), "-w", raw, "--", sentence])
      try tool("sox", ["-R", raw, "-r", "16000", "-c", "1", "-b", "16", padded, "pad", "0.5", "0.8"])
      parts.append(padded)
    }
    let speech = folder.appendingPathComponent("speech-\(UUID().uuidString).wav").path
    if parts.count == 1 {
      try FileManager.default.copyItem(atPath: parts[0], toPath: speech)
    } else {
      try tool("sox", ["-R"] + parts + [speech])
    }
    let duration = try tool("soxi", ["-D", speech]).trimmingCharacters(in: .whitespacesAndNewlines)
    let floor = folder.appendingPathComponent("floor-\(UUID().uuidString).wav").path
    try tool(
      "sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", floor, "synth", duration, "pinknoise", "gain", "-36"])
    try tool("sox", ["-R", "-m", "-v", "1", speech, "-v", "1", floor, "-b", "16", path])
  }

  /// Runs a tool found in `PATH`, returns its standard output, and throws if it fails.
  @discardableResult
  static func tool(
    _ name: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> String {
    try runTool(name, arguments, directory: packageRoot(), environment: environment)
      .checkedOutput(of: [name] + arguments)
  }
}

/// A failure to prepare a fixture.
struct ListenFixtureError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A running `axvoice` that can be signalled, with its output collected as it arrives.
final class ListenProcess: @unchecked Sendable {
  private let process = Process()
  private let lock = NSLock()
  private var output = Data()
  private var errors = Data()
  private let inputPipe = Pipe()
  private let group = DispatchGroup()
  /// The input's writer, which `finish` waits for before it closes the input itself: a
  /// FileHandle closed from two threads at once could close a descriptor already reused.
  private let writing = DispatchGroup()

  /// Starts `axvoice` with `arguments` in the package root.
  ///
  /// - Parameters:
  ///   - input: Written to standard input, which is then closed unless `keepsInputOpen`.
  ///   - environment: Added to this process's environment.
  init(
    _ arguments: [String], input: Data? = nil, keepsInputOpen: Bool = false,
    environment: [String: String] = [:]
  ) throws {
    process.executableURL = builtExecutable("axvoice")
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot()
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = inputPipe
    try process.run()
    collect(outputPipe) { self.output.append($0) }
    collect(errorPipe) { self.errors.append($0) }
    let writer = inputPipe.fileHandleForWriting
    // A child that exits before reading all its input must not take the tests down with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    DispatchQueue.global().async(group: writing) {
      if let input { try? writer.write(contentsOf: input) }
      if !keepsInputOpen { try? writer.close() }
    }
  }

  private func collect(_ pipe: Pipe, _ append: @escaping @Sendable (Data) -> Void) {
    let handle = pipe.fileHandleForReading
    group.enter()
    DispatchQueue.global().async {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        self.lock.withLock { append(chunk) }
      }
      // Foundation leaves a Pipe's handles open after a run (see runProcess).
      try? handle.close()
      self.group.leave()
    }
  }

  /// Waits until standard error contains `text`; `false` after `timeout` seconds.
  func waitForStandardError(containing text: String, timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let current = lock.withLock { String(decoding: errors, as: UTF8.self) }
      if current.contains(text) { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }

  /// Sends a signal to the process.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits for the process to exit (killing it after `timeout` seconds) and returns its output.
  func finish(timeout: TimeInterval) -> ListenResult {
    if group.wait(timeout: .now() + timeout) == .timedOut {
      send(SIGKILL)
      _ = group.wait(timeout: .now() + 5)
    }
    let status = exitStatus(of: process, timeout: 5)
    // The child has gone, so a write still under way fails now rather than blocks.
    if writing.wait(timeout: .now() + 5) == .success { try? inputPipe.fileHandleForWriting.close() }
    return lock.withLock {
      ListenResult(
        status: status, standardOutput: String(decoding: output, as: UTF8.self),
        standardError: String(decoding: errors, as: UTF8.self))
    }
  }
}

/// What a finished `axvoice listen` printed and returned.
struct ListenResult {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// A private PulseAudio server with a null sink, run through `Tests/Scripts/pulse-test-server.sh`.
struct PulseTestServer {
  /// The server's address for `PULSE_SERVER`.
  let address: String
  private let environment: [String: String]
  private let script = packagePath("Tests/Scripts/pulse-test-server.sh")

  /// Starts a server whose state lives in `stateFile`.
  init(stateFile: String) throws {
    environment = ["AXINPUT_PULSE_STATE": stateFile]
    let exports = try ListenFixtures.tool(script, ["start"], environment: environment)
    let prefix = "export PULSE_SERVER="
    guard let line = exports.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else {
      throw ListenFixtureError("no PULSE_SERVER in: \(exports)")
    }
    address = String(line.dropFirst(prefix.count))
  }

  /// Runs a subcommand of the script (`check`, `wait-recording`, `play FILE...`).
  func run(_ arguments: [String]) throws {
    try ListenFixtures.tool(script, arguments, environment: environment)
  }

  /// Stops the server.
  func stop() {
    _ = try? ListenFixtures.tool(script, ["stop"], environment: environment)
  }
}
