import Foundation
import Testing

@testable import SpeechRecognition

/// The sums a speaker's transform is solved from (``AdaptationSums``), and the profile file that
/// keeps them (``SpeakerProfile``), on the hand-made codebooks of ``SpeakerAdaptationTests``.
@Suite("Speaker profiles: the sums and the file")
struct SpeakerProfileTests {
  static let a = [[0.8, 0.1], [-0.2, 1.1]]
  static let b = [0.5, -0.3]

  /// The spread frames of ``SpeakerAdaptationTests/spreadStatistics(a:b:spread:)``.
  static func statistics(spread: Double = 1.2) -> SpeakerAdaptation {
    SpeakerAdaptationTests.spreadStatistics(a: a, b: b, spread: spread)
  }

  static func close(_ x: MLLRTransform, _ y: MLLRTransform, within tolerance: Double = 1e-9) -> Bool {
    zip(x.streams, y.streams).allSatisfy { s, t in
      let mine = Array(s.rotation.joined()) + s.bias + s.varianceScales
      let theirs = Array(t.rotation.joined()) + t.bias + t.varianceScales
      return mine.count == theirs.count && zip(mine, theirs).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($0)) }
    }
  }

  @Test("a transform from sums carried from one session and the next session's frames is the transform of them all")
  func carriedSumsAdd() throws {
    let first = Self.statistics(spread: 0.8)
    let next = (a: [[1.1, 0], [0.1, 0.9]], b: [-0.2, 0.4])
    let second = SpeakerAdaptationTests.spreadStatistics(a: next.a, b: next.b, spread: 1.5)
    // The second session's frames, added to statistics that carry the first's sums, and to the
    // first's own statistics.
    var carried = SpeakerAdaptation(codebooks: SpeakerAdaptationTests.unequalCodebooks, carried: first.sums())
    #expect(carried.frames == 240)
    var both = first
    for (phone, frames) in SpeakerAdaptationTests.spreadFrames(a: next.a, b: next.b, spread: 1.5) {
      carried.add(frames[...], phone: phone)
      both.add(frames[...], phone: phone)
    }
    #expect(carried.frames == 480 && both.frames == 480)
    #expect(carried.sums().frames == 480)
    for prior in [0.0, 120] {
      let fromCarried = carried.transform(priorFrames: prior, scalesVariances: true)
      let fromAll = both.transform(priorFrames: prior, scalesVariances: true)
      #expect(Self.close(fromCarried, fromAll), "\(fromCarried) against \(fromAll)")
    }
    // Sums add as the frames do.
    let added = first.sums().adding(second.sums())
    #expect(Self.close(added.transform(priorFrames: 50, scalesVariances: true), both.transform(priorFrames: 50, scalesVariances: true)))
  }

  @Test("weighing sums down changes nothing without a prior, and lets the prior pull harder with one")
  func scaledSums() throws {
    let sums = Self.statistics().sums()
    let half = sums.scaled(by: 0.5)
    #expect(half.frames == 120 && half.streams[0].occupancy == sums.streams[0].occupancy / 2)
    #expect(half.streams[0].rows[1].gram == sums.streams[0].rows[1].gram.map { $0 / 2 })
    #expect(half.streams[0].rows[0].squares == sums.streams[0].rows[0].squares / 2)
    let full = sums.transform(priorFrames: 0, scalesVariances: true)
    #expect(Self.close(half.transform(priorFrames: 0, scalesVariances: true), full))
    // With a prior, the half-weight sums stay nearer the identity.
    let held = half.transform(priorFrames: 200, scalesVariances: true).streams[0]
    let fuller = sums.transform(priorFrames: 200, scalesVariances: true).streams[0]
    #expect(abs(held.rotation[0][0] - 1) > 0 && abs(held.rotation[0][0] - 1) < abs(fuller.rotation[0][0] - 1))
    #expect(abs(held.varianceScales[0] - 1) < abs(fuller.varianceScales[0] - 1))
  }

  static func profile() -> SpeakerProfile {
    let statistics = Self.statistics()
    return SpeakerProfile(model: SpeakerProfile.Model(statistics.codebooks), sums: statistics.sums())
  }

  @Test("a profile reads back as written, byte for byte the same text each time, keys sorted")
  func roundTrip() throws {
    let profile = Self.profile()
    let text = profile.jsonData()
    let read = try SpeakerProfile(json: text)
    #expect(read == profile)
    #expect(read.jsonData() == text)
    let string = String(decoding: text, as: UTF8.self)
    #expect(string.hasPrefix(#"{"format":"axinput-speaker-profile","frames":240,"model":{"densities":3,"#))
    #expect(string.hasSuffix("\"version\":1}\n"))
    // Through a file, replacing what was there.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    try profile.write(toFile: path)
    #expect(try SpeakerProfile(contentsOfFile: path) == profile)
    #expect(throws: RecognizerError(.speakerProfileUnavailable, "can't read the speaker profile (expected a regular file)")) {
      try SpeakerProfile(contentsOfFile: path + ".missing")
    }
    // A FIFO is refused, not waited on.
    let fifo = path + ".fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: fifo) }
    #expect(throws: RecognizerError(.speakerProfileUnavailable, "can't read the speaker profile (expected a regular file)")) {
      try SpeakerProfile(contentsOfFile: fifo)
    }
  }

  @Test("the model's fingerprint follows its means")
  func fingerprint() {
    let codebooks = SpeakerAdaptationTests.codebooks
    var means = codebooks.means
    means[0][5] += 1e-9
    let moved = PhoneCodebooks(
      phones: codebooks.phones, densities: 3, streamLengths: [2], means: means, variances: codebooks.variances)
    #expect(SpeakerProfile.Model(codebooks) == SpeakerProfile.Model(codebooks))
    #expect(SpeakerProfile.Model(codebooks).fingerprint != SpeakerProfile.Model(moved).fingerprint)
  }

  /// A profile's JSON object, changed by `edit`, as text.
  static func edited(_ edit: (inout [String: Any]) -> Void) throws -> Data {
    var object = try #require(try JSONSerialization.jsonObject(with: profile().jsonData()) as? [String: Any])
    edit(&object)
    return try JSONSerialization.data(withJSONObject: object)
  }

  static func setRow(_ object: inout [String: Any], _ key: String, _ value: Any) {
    var streams = object["streams"] as? [[String: Any]] ?? []
    var rows = streams[0]["rows"] as? [[String: Any]] ?? []
    rows[1][key] = value
    streams[0]["rows"] = rows
    object["streams"] = streams
  }

  @Test(
    "a file that is not a profile is refused with the key path and what was expected",
    arguments: [
      ("not JSON", "expected a JSON object, found text that is not JSON"),
      ("[1, 2]", "expected a JSON object"),
      ("format", "format: expected \"axinput-speaker-profile\""),
      ("version 2", "version: expected 1, found 2 (not written by this AXInput)"),
      ("version text", "version: expected an integer"),
      ("no frames", "frames: missing"),
      ("negative frames", "frames: expected 0 to 1000000000, found -3"),
      ("endless frames", "frames: expected 0 to 1000000000, found 9223372036854775807"),
      ("negative diagonal", "streams[0].rows[1].gram: expected a diagonal of numbers at least 0"),
      ("huge target", "streams[0].rows[1].target: expected numbers of magnitude at most 1e200"),
      ("huge stream", "model.streamLengths[0]: expected 1 to 64 coefficients, found 100000"),
      ("no streams", "model.streamLengths: expected 1 to 8 streams, found 0"),
      ("streams", "streams: expected 1 streams (one per model.streamLengths), found 2"),
      ("rows", "streams[0].rows: expected 2 rows, found 1"),
      ("gram", "streams[0].rows[1].gram: expected 6 numbers, found 5"),
      ("target", "streams[0].rows[1].target[2]: expected a number"),
      ("squares", "streams[0].rows[1].squares: expected at least 0"),
      ("null occupancy", "streams[0].occupancy: expected a number, found null"),
      ("phone", "model.phones[1]: expected a string"),
    ])
  func refused(change: String, message: String) throws {
    let data: Data
    switch change {
    case "not JSON": data = Data("profile\u{1B}[31m".utf8)
    case "[1, 2]": data = Data("[1, 2]".utf8)
    case "format": data = try Self.edited { $0["format"] = "axinput-scene" }
    case "version 2": data = try Self.edited { $0["version"] = 2 }
    case "version text": data = try Self.edited { $0["version"] = "1" }
    case "no frames": data = try Self.edited { $0["frames"] = nil }
    case "negative frames": data = try Self.edited { $0["frames"] = -3 }
    case "endless frames": data = try Self.edited { $0["frames"] = Int.max }
    case "negative diagonal": data = try Self.edited { Self.setRow(&$0, "gram", [-1, 0, 0, 1, 0, 1]) }
    case "huge target": data = try Self.edited { Self.setRow(&$0, "target", [1e300, 0, 0]) }
    case "huge stream": data = try Self.edited { $0["model"] = ["phones": [], "densities": 1, "streamLengths": [100_000], "fingerprint": ""] }
    case "no streams": data = try Self.edited { $0["model"] = ["phones": [], "densities": 1, "streamLengths": [Int](), "fingerprint": ""] }
    case "streams": data = try Self.edited { $0["streams"] = (($0["streams"] as? [Any]) ?? []) + (($0["streams"] as? [Any]) ?? []) }
    case "rows":
      data = try Self.edited {
        var streams = $0["streams"] as? [[String: Any]] ?? []
        streams[0]["rows"] = Array((streams[0]["rows"] as? [Any] ?? []).prefix(1))
        $0["streams"] = streams
      }
    case "gram": data = try Self.edited { Self.setRow(&$0, "gram", [1, 2, 3, 4, 5]) }
    case "target": data = try Self.edited { Self.setRow(&$0, "target", [1, 2, "x"] as [Any]) }
    case "squares": data = try Self.edited { Self.setRow(&$0, "squares", -1) }
    case "null occupancy":
      data = try Self.edited {
        var streams = $0["streams"] as? [[String: Any]] ?? []
        streams[0]["occupancy"] = NSNull()
        $0["streams"] = streams
      }
    default: data = try Self.edited { $0["model"] = ["phones": ["AA", 3], "densities": 3, "streamLengths": [2], "fingerprint": ""] }
    }
    #expect(throws: RecognizerError(.invalidSpeakerProfile, message)) { try SpeakerProfile(json: data) }
  }

  @Test("sums that give no finite solution leave the identity; a weight is applied within bounds")
  func hostileSums() {
    var sums = Self.statistics().sums()
    sums.streams[0].rows[0].gram = sums.streams[0].rows[0].gram.map { _ in 1e200 }
    sums.streams[0].rows[0].target = [1e200, -1e200, 1e200]
    let stream = sums.transform(priorFrames: 200, scalesVariances: true).streams[0]
    let values = Array(stream.rotation.joined()) + stream.bias + stream.varianceScales
    #expect(values.allSatisfy { $0.isFinite })
    var endless = sums
    endless.frames = Int.max
    #expect(endless.scaled(by: 1).frames == Int(Int32.max) && endless.scaled(by: .nan).frames == 0)
  }

  @Test("a file larger than any profile is refused before it is parsed")
  func tooLarge() {
    let data = Data(repeating: 0x20, count: SpeakerProfile.maximumSize + 1)
    #expect(throws: RecognizerError(.invalidSpeakerProfile, "expected a speaker profile of at most 16 MB, found 16000001 bytes")) {
      try SpeakerProfile(json: data)
    }
  }
}
