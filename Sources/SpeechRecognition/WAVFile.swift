import Foundation

/// Reads WAV files and converts them to 16 kHz mono 16-bit samples.
///
/// Supported: RIFF/WAVE (and WAVE_FORMAT_EXTENSIBLE) with integer PCM of 8, 16, 24 or 32 bits
/// or IEEE float of 32 or 64 bits, any sample rate from 4 kHz to 384 kHz and up to 16
/// channels. Channels are averaged; the rate is converted with a windowed-sinc filter.
public enum WAVFile {
  /// The samples of the WAV file at `path`, converted to `sampleRate` mono.
  ///
  /// - Throws: ``RecognizerError/Code/unreadableAudio`` if the file can't be read, and
  ///   ``RecognizerError/Code/unsupportedAudio`` naming the problem if it isn't a WAV file this
  ///   reader supports.
  public static func samples(
    atPath path: String, sampleRate: Int = 16_000
  ) throws(RecognizerError) -> [Int16] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
      throw RecognizerError(.unreadableAudio, "'\(path)'", function: "open", log: reason)
    }
    let audio = try decode(data, name: path)
    let mono = Resampler.resample(
      audio.mono, from: audio.sampleRate, to: sampleRate)
    return mono.map { Int16(clamping: Int(($0 * 32768).rounded())) }
  }

  /// Decoded audio: mono samples in -1...1 and their rate.
  struct Audio {
    var mono: [Float]
    var sampleRate: Int
  }

  /// Parses a WAV file's bytes. `name` is used in errors.
  static func decode(_ data: Data, name: String) throws(RecognizerError) -> Audio {
    let bytes = [UInt8](data)
    func unsupported(_ reason: String) -> RecognizerError {
      RecognizerError(.unsupportedAudio, "'\(name)' \(reason)")
    }
    func uint(_ offset: Int, _ size: Int) -> Int {
      var value = 0
      for index in stride(from: size - 1, through: 0, by: -1) {
        value = value << 8 | Int(bytes[offset + index])
      }
      return value
    }
    guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
      String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE"
    else {
      throw unsupported("is not a WAV file (no RIFF/WAVE header)")
    }
    var format: (code: Int, channels: Int, rate: Int, bits: Int)?
    var dataRange: Range<Int>?
    var offset = 12
    while offset + 8 <= bytes.count {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = uint(offset + 4, 4)
      let body = offset + 8
      let end = min(body + size, bytes.count)
      if id == "fmt " {
        guard size >= 16, end - body >= 16 else { throw unsupported("has a truncated 'fmt ' chunk") }
        var code = uint(body, 2)
        if code == 0xFFFE, size >= 26 {
          code = uint(body + 24, 2)  // the sub-format GUID starts with the format code
        }
        format = (code, uint(body + 2, 2), uint(body + 4, 4), uint(body + 14, 2))
      } else if id == "data" {
        dataRange = body..<end
        break
      }
      offset = body + size + (size & 1)
    }
    guard let format else { throw unsupported("has no 'fmt ' chunk") }
    guard let dataRange else { throw unsupported("has no 'data' chunk") }
    let isFloat = format.code == 3
    guard format.code == 1 || isFloat else {
      throw unsupported(
        "uses WAV format code \(format.code)\(formatName(format.code)); only PCM and IEEE float are supported")
    }
    guard (1...16).contains(format.channels) else {
      throw unsupported("has \(format.channels) channels")
    }
    guard (4_000...384_000).contains(format.rate) else {
      throw unsupported("has an unsupported sample rate of \(format.rate) Hz")
    }
    let validBits = isFloat ? [32, 64] : [8, 16, 24, 32]
    guard validBits.contains(format.bits) else {
      throw unsupported("has \(format.bits)-bit \(isFloat ? "float" : "integer") samples")
    }
    let width = format.bits / 8
    let frameWidth = width * format.channels
    let frames = dataRange.count / frameWidth
    var mono = [Float](repeating: 0, count: frames)
    let scale = 1 / Float(format.channels)
    for frame in 0..<frames {
      var sum: Float = 0
      for channel in 0..<format.channels {
        let at = dataRange.lowerBound + frame * frameWidth + channel * width
        sum += sample(bytes, at: at, width: width, isFloat: isFloat)
      }
      mono[frame] = sum * scale
    }
    return Audio(mono: mono, sampleRate: format.rate)
  }

  /// One sample in -1...1.
  private static func sample(_ bytes: [UInt8], at offset: Int, width: Int, isFloat: Bool) -> Float {
    var raw: UInt64 = 0
    for index in stride(from: width - 1, through: 0, by: -1) {
      raw = raw << 8 | UInt64(bytes[offset + index])
    }
    if isFloat {
      return width == 4 ? Float(bitPattern: UInt32(raw)) : Float(Double(bitPattern: raw))
    }
    if width == 1 {
      return (Float(raw) - 128) / 128  // 8-bit WAV is unsigned
    }
    let bits = UInt64(width * 8)
    let signed = Int64(bitPattern: raw << (64 - bits)) >> (64 - bits)
    return Float(signed) / Float(Int64(1) << (bits - 1))
  }

  private static func formatName(_ code: Int) -> String {
    switch code {
    case 2: " (Microsoft ADPCM)"
    case 6: " (A-law)"
    case 7: " (mu-law)"
    case 0x11: " (IMA ADPCM)"
    case 0x55: " (MPEG layer 3)"
    default: ""
    }
  }
}
