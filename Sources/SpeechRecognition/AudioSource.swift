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
  func makeReader(sampleRate: Int) throws(RecognizerError) -> any AudioReader {
    switch self {
    case .samples(let samples):
      return BufferReader(samples)
    case .wavFile(let path):
      return BufferReader(try WAVFile.samples(atPath: path, sampleRate: sampleRate))
    case .standardInput:
      return FileDescriptorReader(descriptor: STDIN_FILENO, name: "standard input")
    case .microphone(let device):
      return try MicrophoneReader(device: device, sampleRate: sampleRate)
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
final class FileDescriptorReader: AudioReader {
  private let descriptor: Int32
  private let name: String
  private var pendingByte: UInt8?

  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
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

  /// Opens and starts recording. The corresponding C functions are `ad_open_dev` and
  /// `ad_start_rec`.
  init(device: String?, sampleRate: Int) throws(RecognizerError) {
    name = device ?? "default"
    let log = PocketSphinxLog.shared
    log.clearLastError()
    let opened = device.map { ad_open_dev($0, Int32(sampleRate)) } ?? ad_open_sps(Int32(sampleRate))
    guard let opened else {
      throw RecognizerError(
        .audioDeviceUnavailable,
        "device '\(name)' (is a PulseAudio server running, and does it have this source?)",
        function: "ad_open_dev", log: log.lastError)
    }
    self.device = opened
    guard ad_start_rec(opened) >= 0 else {
      ad_close(opened)
      throw RecognizerError(
        .audioDeviceUnavailable, "device '\(name)'", function: "ad_start_rec", log: log.lastError)
    }
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
      usleep(5_000)  // nothing buffered yet; a microphone never ends by itself
    }
  }
}
