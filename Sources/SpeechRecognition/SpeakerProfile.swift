import Foundation

/// What a recognizer learned of a speaker's voice, kept for the speaker's next session.
///
/// A recognizer adapts its acoustic model to the speaker as commands are performed
/// (``SpeechRecognizer/adapt(to:)``), but only from some four commands on, so every session
/// would start as a stranger. A profile holds the sums the speaker's transform is solved from
/// (see ``SpeechRecognizer/speakerProfile``); a recognizer that adopts it
/// (``SpeechRecognizer/adopt(_:)``) decodes the first command with the speaker's transform, and
/// the session's own commands add to the sums, weighed more than the earlier sessions'
/// (``SpeakerAdaptationSettings/profileWeight``), so that a profile follows the speaker from room
/// to room.
///
/// A profile is a JSON file of some 90 KB, with sorted keys and nothing that changes between two
/// writes of the same sums. It names the acoustic model it was made with (its phones, the shape
/// of its codebooks and a fingerprint of their means), and a recognizer with another model
/// refuses it.
public struct SpeakerProfile: Sendable, Equatable {
  /// The acoustic model a profile was made with.
  struct Model: Sendable, Equatable {
    var phones: [String]
    var densities: Int
    var streamLengths: [Int]
    /// FNV-1a of the bits of every mean, in hexadecimal.
    var fingerprint: String

    init(phones: [String], densities: Int, streamLengths: [Int], fingerprint: String) {
      self.phones = phones
      self.densities = densities
      self.streamLengths = streamLengths
      self.fingerprint = fingerprint
    }

    init(_ codebooks: PhoneCodebooks) {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      // The variances too: every sum is divided by them.
      for stream in codebooks.means + codebooks.variances {
        for value in stream {
          hash = (hash ^ value.bitPattern) &* 0x100_0000_01b3
        }
      }
      self.init(
        phones: codebooks.phones, densities: codebooks.densities, streamLengths: codebooks.streamLengths,
        fingerprint: String(hash, radix: 16))
    }
  }

  /// The value of the file's `format` key.
  static let format = "axinput-speaker-profile"
  /// The version of the file's layout this build reads and writes.
  static let version = 1

  let model: Model
  let sums: AdaptationSums

  /// The speech frames, aligned to the phones of commands performed, that the profile holds
  /// (earlier sessions' weighed by ``SpeakerAdaptationSettings/profileWeight``).
  public var frames: Int { sums.frames }

  init(model: Model, sums: AdaptationSums) {
    self.model = model
    self.sums = sums
  }

  /// Reads a profile from a file ``write(toFile:)`` wrote.
  ///
  /// - Throws: ``RecognizerError/Code/invalidSpeakerProfile`` naming the key path and what was
  ///   expected there when the file is not a profile, and ``RecognizerError/Code/speakerProfileUnavailable``
  ///   when it can't be read.
  public init(contentsOfFile path: String) throws(RecognizerError) {
    // A regular file, read no further than one byte past the largest profile: a FIFO or a huge
    // file must neither block nor fill memory.
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard attributes?[.type] as? FileAttributeType == .typeRegular,
      let handle = FileHandle(forReadingAtPath: path)
    else {
      throw RecognizerError(.speakerProfileUnavailable, "can't read the speaker profile (expected a regular file)")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: Self.maximumSize + 1) ?? Data()
    } catch {
      throw RecognizerError(.speakerProfileUnavailable, "can't read the speaker profile")
    }
    try self.init(json: data)
  }

  /// Reads a profile from its JSON text.
  ///
  /// - Throws: ``RecognizerError/Code/invalidSpeakerProfile`` naming the key path and what was
  ///   expected there.
  public init(json data: Data) throws(RecognizerError) {
    guard data.count <= Self.maximumSize else {
      throw Self.invalid("", "expected a speaker profile of at most \(Self.maximumSize / 1_000_000) MB, found \(data.count) bytes")
    }
    // The format and version first: a newer layout says so rather than failing on its keys.
    let header = try Self.decode(FileHeader.self, from: data)
    guard header.format == Self.format else { throw Self.invalid("format", "expected \"\(Self.format)\"") }
    guard header.version == Self.version else {
      throw Self.invalid("version", "expected \(Self.version), found \(header.version) (not written by this AXInput)")
    }
    let file = try Self.decode(ProfileFile.self, from: data)
    // Bounds far above any Sphinx model's (3 streams of 13, or 1 of 39) keep a hostile file
    // from sizing the sums.
    let lengths = file.model.streamLengths
    guard (1...8).contains(lengths.count) else {
      throw Self.invalid("model.streamLengths", "expected 1 to 8 streams, found \(lengths.count)")
    }
    for (index, length) in lengths.enumerated() where !(1...64).contains(length) {
      throw Self.invalid("model.streamLengths[\(index)]", "expected 1 to 64 coefficients, found \(length)")
    }
    guard file.model.densities >= 1 else { throw Self.invalid("model.densities", "expected at least 1") }
    guard (0...Self.maximumFrames).contains(file.frames) else {
      throw Self.invalid("frames", "expected 0 to \(Self.maximumFrames), found \(file.frames)")
    }
    var sums = AdaptationSums.empty(streamLengths: lengths)
    sums.frames = file.frames
    guard file.streams.count == lengths.count else {
      throw Self.invalid("streams", "expected \(lengths.count) streams (one per model.streamLengths), found \(file.streams.count)")
    }
    for (s, stream) in file.streams.enumerated() {
      let path = "streams[\(s)]"
      guard stream.occupancy >= 0 else { throw Self.invalid(path + ".occupancy", "expected at least 0") }
      guard stream.rows.count == lengths[s] else {
        throw Self.invalid(path + ".rows", "expected \(lengths[s]) rows, found \(stream.rows.count)")
      }
      sums.streams[s].occupancy = stream.occupancy
      for (r, row) in stream.rows.enumerated() {
        let shape = sums.streams[s].rows[r]
        for (key, values, count) in [("gram", row.gram, shape.gram.count), ("target", row.target, shape.target.count)]
        where values.count != count {
          throw Self.invalid("\(path).rows[\(r)].\(key)", "expected \(count) numbers, found \(values.count)")
        }
        guard row.squares >= 0 else { throw Self.invalid("\(path).rows[\(r)].squares", "expected at least 0") }
        // G is a sum of positive weights times ξξᵀ: its diagonal can't be negative, and a
        // value past 1e200 would overflow the prior's trace.
        let gram = AdaptationSums.Row(gram: row.gram, target: row.target, squares: 0).fullGram
        let diagonal = gram.indices.map { gram[$0][$0] }
        guard diagonal.allSatisfy({ $0 >= 0 }) else {
          throw Self.invalid("\(path).rows[\(r)].gram", "expected a diagonal of numbers at least 0")
        }
        for (key, values) in [("gram", row.gram), ("target", row.target), ("squares", [row.squares])]
        where values.contains(where: { abs($0) > 1e200 }) {
          throw Self.invalid("\(path).rows[\(r)].\(key)", "expected numbers of magnitude at most 1e200")
        }
        sums.streams[s].rows[r] = AdaptationSums.Row(gram: row.gram, target: row.target, squares: row.squares)
      }
    }
    model = Model(
      phones: file.model.phones, densities: file.model.densities, streamLengths: lengths,
      fingerprint: file.model.fingerprint)
    self.sums = sums
  }

  /// The most frames a profile may say it holds (some 3,000 hours of speech).
  static let maximumFrames = 1_000_000_000

  /// The largest profile read: the en-us model's is about 90 KB.
  static let maximumSize = 16_000_000

  /// The profile as JSON text: sorted keys, each number as the shortest text that reads back
  /// as the same `Double`.
  public func jsonData() -> Data {
    let file = ProfileFile(
      format: Self.format, version: Self.version,
      model: .init(
        phones: model.phones, densities: model.densities, streamLengths: model.streamLengths,
        fingerprint: model.fingerprint),
      frames: sums.frames,
      streams: sums.streams.map { stream in
        .init(
          occupancy: stream.occupancy,
          rows: stream.rows.map { .init(gram: $0.gram, target: $0.target, squares: $0.squares) })
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Strings, integers and finite numbers only: encoding can't fail.
    return ((try? encoder.encode(file)) ?? Data()) + Data("\n".utf8)
  }

  /// Writes the profile to `path`, replacing what was there only once the whole file is written
  /// (a crash or a full disk leaves the last profile as it was).
  ///
  /// - Throws: ``RecognizerError/Code/speakerProfileUnavailable`` when the file can't be written.
  public func write(toFile path: String) throws(RecognizerError) {
    // A sum that overflowed would not encode; the last whole profile is kept instead.
    let values = sums.streams.flatMap { [$0.occupancy] + $0.rows.flatMap { $0.gram + $0.target + [$0.squares] } }
    guard values.allSatisfy(\.isFinite) else {
      throw RecognizerError(.speakerProfileUnavailable, "can't write the speaker profile (its sums are not finite)")
    }
    do {
      try jsonData().write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw RecognizerError(.speakerProfileUnavailable, "can't write the speaker profile")
    }
  }

  static func invalid(_ keyPath: String, _ expectation: String) -> RecognizerError {
    RecognizerError(.invalidSpeakerProfile, keyPath.isEmpty ? expectation : "\(keyPath): \(expectation)")
  }
}

extension SpeakerProfile {
  /// The first keys of a profile, read before the rest.
  private struct FileHeader: Decodable {
    var format: String
    var version: Int
  }

  /// A profile's JSON, as written.
  private struct ProfileFile: Codable {
    struct Model: Codable {
      var phones: [String]
      var densities: Int
      var streamLengths: [Int]
      var fingerprint: String
    }

    struct Row: Codable {
      var gram: [Double]
      var target: [Double]
      var squares: Double
    }

    struct Stream: Codable {
      var occupancy: Double
      var rows: [Row]
    }

    var format: String
    var version: Int
    var model: Model
    var frames: Int
    var streams: [Stream]
  }

  /// Decodes `type`, an error naming the key path of the first value that is missing or not
  /// what it should be.
  private static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(RecognizerError) -> T {
    func keyPath(_ path: [any CodingKey]) -> String {
      path.reduce("") { text, key in
        key.intValue.map { "\(text)[\($0)]" } ?? (text.isEmpty ? key.stringValue : "\(text).\(key.stringValue)")
      }
    }
    func expected(_ type: Any.Type) -> String {
      switch type {
      case is Int.Type: "an integer"
      case is Double.Type: "a number"
      case is String.Type: "a string"
      case is [Any].Type, is [String].Type, is [Int].Type, is [Double].Type: "an array"
      default: "an object"
      }
    }
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      throw invalid(keyPath(context.codingPath + [key]), "missing")
    } catch let DecodingError.typeMismatch(type, context) {
      let path = keyPath(context.codingPath)
      throw invalid(path, path.isEmpty ? "expected a JSON object" : "expected \(expected(type))")
    } catch let DecodingError.valueNotFound(type, context) {
      throw invalid(keyPath(context.codingPath), "expected \(expected(type)), found null")
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
      throw invalid(keyPath(context.codingPath), "expected a value that fits (\(context.debugDescription))")
    } catch {
      throw invalid("", "expected a JSON object, found text that is not JSON")
    }
  }
}
