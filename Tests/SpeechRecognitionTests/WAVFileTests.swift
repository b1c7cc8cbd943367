import Foundation
import SpeechRecognition
import Testing

@Suite("WAV reading and conversion")
struct WAVFileTests {
  /// A WAV file with the given format fields and raw sample bytes.
  static func wav(
    format: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 16_000, bits: UInt16 = 16,
    samples: [UInt8], includeData: Bool = true
  ) -> Data {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + samples.count))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(format)
    append(channels)
    append(rate)
    append(rate * UInt32(channels) * UInt32(bits / 8))
    append(channels * bits / 8)
    append(bits)
    data.append(contentsOf: Array("LIST".utf8))  // an extra chunk to skip
    append(UInt32(3))
    data.append(contentsOf: [1, 2, 3, 0])  // odd size, padded
    if includeData {
      data.append(contentsOf: Array("data".utf8))
      append(UInt32(samples.count))
      data.append(contentsOf: samples)
    }
    return data
  }

  func write(_ data: Data) throws -> String {
    let path = try SpeechFixtures.temporaryDirectory().appendingPathComponent("test.wav").path
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("a missing file names the path and the failing call")
  func missingFile() {
    let error = #expect(throws: RecognizerError.self) {
      try WAVFile.samples(atPath: "/nonexistent/command.wav")
    }
    #expect(error?.code == .unreadableAudio)
    #expect(error?.description.hasPrefix("open failed for '/nonexistent/command.wav'") == true)
  }

  @Test(
    "unsupported files are rejected with the reason",
    arguments: [
      (Data("ID3 not a wav file at all".utf8), "is not a WAV file (no RIFF/WAVE header)"),
      (wav(format: 0x55, samples: [0, 0]), "uses WAV format code 85 (MPEG layer 3); only PCM and IEEE float are supported"),
      (wav(bits: 12, samples: [0, 0]), "has 12-bit integer samples"),
      (wav(samples: [], includeData: false), "has no 'data' chunk"),
      (wav(rate: 1_000, samples: [0, 0]), "has an unsupported sample rate of 1000 Hz"),
    ])
  func unsupported(data: Data, reason: String) throws {
    let path = try write(data)
    let error = #expect(throws: RecognizerError.self) { try WAVFile.samples(atPath: path) }
    #expect(error?.code == .unsupportedAudio)
    #expect(error?.description == "'\(path)' \(reason)")
  }

  @Test("16 kHz mono 16-bit is read unchanged")
  func identity() throws {
    let samples: [Int16] = [0, 1000, -1000, 32767, -32768, 5]
    let bytes = samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    let path = try write(Self.wav(samples: bytes))
    #expect(try WAVFile.samples(atPath: path) == [0, 1000, -1000, 32767, -32768, 5])
  }

  @Test("8-bit unsigned, 24-bit stereo and float input are converted")
  func conversions() throws {
    // 8-bit unsigned: 128 is zero, 255 is almost full scale.
    let eight = try WAVFile.samples(atPath: write(Self.wav(bits: 8, samples: [128, 255, 0])))
    #expect(eight == [0, 32512, -32768])
    // 24-bit stereo: the channels are averaged.
    let left: [UInt8] = [0x00, 0x00, 0x40]  // 0.5
    let right: [UInt8] = [0x00, 0x00, 0x00]  // 0
    let stereo = try WAVFile.samples(
      atPath: write(Self.wav(channels: 2, bits: 24, samples: left + right)))
    #expect(stereo == [8192])
    // 32-bit float.
    let value = Float(-0.25).bitPattern
    let float = try WAVFile.samples(
      atPath: write(Self.wav(format: 3, bits: 32, samples: withUnsafeBytes(of: value.littleEndian) { Array($0) })))
    #expect(float == [-8192])
  }

  @Test("44.1 kHz is resampled to 16 kHz keeping a 440 Hz tone")
  func resampling() throws {
    let rate = 44_100
    let tone = (0..<rate).map { Int16(16_000 * sin(2 * Double.pi * 440 * Double($0) / Double(rate))) }
    let bytes = tone.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    let samples = try WAVFile.samples(atPath: write(Self.wav(rate: UInt32(rate), samples: bytes)))
    #expect(abs(samples.count - 16_000) <= 1)
    // Compare with the ideal 16 kHz tone away from the edges.
    var error = 0.0
    for index in 1_000..<15_000 {
      let ideal = 16_000 * sin(2 * Double.pi * 440 * Double(index) / 16_000)
      error = max(error, abs(Double(samples[index]) - ideal))
    }
    #expect(error < 160, "largest deviation \(error)")
  }
}
