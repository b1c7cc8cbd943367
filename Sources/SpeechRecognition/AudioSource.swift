import CPocketSphinx
import Foundation

/// Where the recognizer's audio comes from.
public enum AudioSource: Sendable, Equatable {
  /// 16 kHz mono samples in memory.
  case samples([Int16])
  /// A WAV file, converted to 16 kHz mono (see ``WAVFile``).
  case wavFile(String)
  /// Raw signed 16-bit little-endian 16 kHz mono PCM read from standard input until its end,
  /// as `sox in.wav -t raw -r 16000 -c 1 -b 16 -e signed - | axvoice listen --stdin` produces.
  case standardInput
  /// A PulseAudio source through sphinxad, or the default source when `device` is `nil`.
  case microphone(device: String?)

  /// Opens the source for reading 16 kHz mono samples.
  ///
  /// Readers that can wait (standard input, the microphone) check `cancellation` while they
  /// wait, so that cancelling ends a stream within about 100 ms even when no audio arrives.
  func makeReader(
    sampleRate: Int, cancellation: ListeningCancellation? = nil
  ) throws(RecognizerError) -> any AudioReader {
    switch self {
    case .samples(let samples):
      return BufferReader(samples)
    case .wavFile(let path):
      return BufferReader(try WAVFile.samples(atPath: path, sampleRate: sampleRate))
    case .standardInput:
      return FileDescriptorReader(
        descriptor: STDIN_FILENO, name: "standard input", cancellation: cancellation)
    case .microphone(let device):
      return try MicrophoneReader(device: device, sampleRate: sampleRate, cancellation: cancellation)
    }
  }
}

/// A source of 16 kHz mono samples, read in chunks.
protocol AudioReader: AnyObject {
  /// Fills the start of `buffer` and returns the number of samples read, 0 at the end.
  func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws(RecognizerError) -> Int
}

/// Reads samples from memory.
final class BufferReader: AudioReader {
  private let samples: [Int16]
  private var position = 0

  init(_ samples: [Int16]) {
    self.samples = samples
  }

  func read(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
    let count = min(buffer.count, samples.count - position)
    for index in 0..<count {
      buffer[index] = samples[position + index]
    }
    position += count
    return count
  }
}

/// Reads raw little-endian 16-bit samples from a file descriptor.
///
/// It waits for data with `poll` in 100 ms slices, so a cancelled stream ends even while the
/// writer is silent; cancellation then reads as the end of the input.
final class FileDescriptorReader: AudioReader {
  private let descriptor: Int32
  private let name: String
  private let cancellation: ListeningCancellation?
  private var pendingByte: UInt8?

  init(descriptor: Int32, name: String, cancellation: ListeningCancellation? = nil) {
    self.descriptor = descriptor
    self.name = name
    self.cancellation = cancellation
  }

  /// Waits until the descriptor is readable; `false` if listening was cancelled first.
  private func waitForData() -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      if cancellation?.isCancelled == true { return false }
      let ready = poll(&request, 1, 100)
      if ready > 0 || (ready < 0 && errno != EINTR) { return true }
    }
  }

  func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws(RecognizerError) -> Int {
    var bytes = [UInt8](repeating: 0, count: buffer.count * 2)
    var filled = 0
    if let pending = pendingByte {
      bytes[0] = pending
      filled = 1
      pendingByte = nil
    }
    while filled < 2 {
      guard waitForData() else { break }
      let count = bytes.withUnsafeMutableBytes { raw in
        Glibc.read(descriptor, raw.baseAddress.map { $0 + filled }, raw.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw RecognizerError(
          .unreadableAudio, name, function: "read", log: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      filled += count
    }
    let samples = filled / 2
    if filled % 2 == 1 {
      pendingByte = bytes[filled - 1]
    }
    for index in 0..<samples {
      buffer[index] = Int16(bitPattern: UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8)
    }
    return samples
  }
}

/// Records from PulseAudio through sphinxad.
final class MicrophoneReader: AudioReader {
  /// The `ad_rec_t`.
  private let device: OpaquePointer
  private let name: String
  private let cancellation: ListeningCancellation?

  /// The capture latency asked of PulseAudio, in milliseconds, unless `PULSE_LATENCY_MSEC` is
  /// set already. sphinxad opens its stream without buffer attributes, and the server's
  /// default fragment is about two seconds: audio would arrive in two-second bursts, which
  /// adds up to two seconds between the end of speech and the result.
  static let captureLatencyMilliseconds = 30

  /// Opens and starts recording. The corresponding C functions are `ad_open_dev` and
  /// `ad_start_rec`.
  init(
    device: String?, sampleRate: Int, cancellation: ListeningCancellation? = nil
  ) throws(RecognizerError) {
    name = device ?? "default"
    self.cancellation = cancellation
    // libpulse reads this when a stream is connected without buffer attributes.
    setenv("PULSE_LATENCY_MSEC", String(Self.captureLatencyMilliseconds), 0)
    let log = PocketSphinxLog.shared
    log.clearLastError()
    // sphinxad prints why opening failed straight to standard error ("Error opening audio
    // device (null) for capture: Connection refused"); it is captured for the error instead.
    let (opened, printed) = Self.capturingStandardError {
      device.map { ad_open_dev($0, Int32(sampleRate)) } ?? ad_open_sps(Int32(sampleRate))
    }
    guard let opened else {
      let reason = printed.split(separator: ":").last.map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      throw RecognizerError(
        .audioDeviceUnavailable,
        "device '\(name)' (is a PulseAudio server running, and does it have this source?)",
        function: "ad_open_dev", log: reason.flatMap { $0.isEmpty ? nil : $0 } ?? log.lastError)
    }
    self.device = opened
    guard ad_start_rec(opened) >= 0 else {
      ad_close(opened)
      throw RecognizerError(
        .audioDeviceUnavailable, "device '\(name)'", function: "ad_start_rec", log: log.lastError)
    }
  }

  /// Runs `body` with file descriptor 2 sent to a temporary file, and returns what was written.
  private static func capturingStandardError<Result>(
    _ body: () -> Result
  ) -> (Result, String) {
    let path = NSTemporaryDirectory() + "axinput-ad-\(getpid()).log"
    let saved = dup(STDERR_FILENO)
    let file = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
    guard saved >= 0, file >= 0 else {
      if saved >= 0 { close(saved) }
      if file >= 0 { close(file) }
      return (body(), "")
    }
    dup2(file, STDERR_FILENO)
    close(file)
    let result = body()
    dup2(saved, STDERR_FILENO)
    close(saved)
    let printed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    unlink(path)
    return (result, printed)
  }

  deinit {
    ad_stop_rec(device)
    ad_close(device)
  }

  /// Reads what the device has. The corresponding C function is `ad_read`.
  func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws(RecognizerError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    while true {
      let count = ad_read(device, base, Int32(buffer.count))
      if count < 0 {
        throw RecognizerError(
          .audioDeviceUnavailable, "device '\(name)'", function: "ad_read",
          log: PocketSphinxLog.shared.lastError)
      }
      if count > 0 {
        return Int(count)
      }
      if cancellation?.isCancelled == true { return 0 }
      usleep(5_000)  // nothing buffered yet; a microphone never ends by itself
    }
  }
}
