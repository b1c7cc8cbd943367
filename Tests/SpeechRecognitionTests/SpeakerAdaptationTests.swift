import Foundation
import Testing

@testable import SpeechRecognition

/// The MLLR estimate behind ``SpeechRecognizer/adapt(to:)``, on hand-made codebooks and frames,
/// and the model files it reads.
@Suite("Speaker adaptation: the estimate and the model files")
struct SpeakerAdaptationTests {
  @Test(
    "feat.params: the streams of 1s_c_d_dd",
    arguments: [
      ("-feat 1s_c_d_dd\n-svspec 0-12/13-25/26-38\n", [13, 13, 13] as [Int]?),
      ("-lowerf 130\n-feat 1s_c_d_dd\n", [39]),
      ("-feat 1s_c_d_dd\n-svspec 0-12/13-38\n", [13, 26]),
      ("-feat 1s_c_d_dd\n-svspec 0-12/14-38\n", nil),
      ("-feat 1s_c_d_dd\n-svspec 0-12/13-25\n", nil),
      ("-feat s2_4x\n", nil),
      ("", nil),
    ])
  func streams(text: String, lengths: [Int]?) {
    #expect(PhoneCodebooks.streamLengths(featureParameters: text) == lengths)
  }

  @Test("a text mdef names its base phones in order; a binary one after its ten counts")
  func basePhones() throws {
    let text = """
      0.3
      3 n_base
      # base lft  rt p attrib tmat      ... state id's ...
      AA   -   -   - n/a    0     0     1     2    N
      SIL  -   -   - filler 1     3     4     5    N
      T    -   -   - n/a    2     6     7     8    N
      AA  SIL  T   i n/a    0     9    10    11    N
      """
    #expect(PhoneCodebooks.basePhones(modelDefinition: Data(text.utf8)) == ["AA", "SIL", "T"])

    // As sphinxbase writes it: magic, version, the description's length with its NUL rounded up
    // to four, the description, ten counts, the names. Descriptions of every length modulo 4.
    for description in ["BEGIN\nEND\n", "BEGIN\nEND.\n", "BEGIN\nEND..\n", "BEGIN\nEND...\n"] {
      func word(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
      var text = Data(description.utf8) + Data([0])
      while text.count % 4 != 0 { text.append(0) }
      var binary = Data("BMDF".utf8) + word(1) + word(UInt32(text.count)) + text
      for count: UInt32 in [2, 5, 3, 6, 9, 2, 4, 3, 7, 1] { binary += word(count) }
      binary += Data("AA\u{0}SIL\u{0}".utf8)
      #expect(PhoneCodebooks.basePhones(modelDefinition: binary) == ["AA", "SIL"], "\(description.count)")
      // Cut inside the names, or before them: refused, not read past the end.
      #expect(PhoneCodebooks.basePhones(modelDefinition: binary.prefix(binary.count - 4)) == nil)
      #expect(PhoneCodebooks.basePhones(modelDefinition: binary.prefix(binary.count - 8)) == nil)
    }
  }

  @Test("a Sphinx-3 parameter file is regrouped stream by stream, in either byte order")
  func gaussianFile() throws {
    // 2 codebooks, 2 streams of lengths 1 and 2, 2 Gaussians: values numbered in file order.
    for bigEndian in [false, true] {
      func word(_ value: UInt32) -> Data {
        withUnsafeBytes(of: bigEndian ? value.bigEndian : value.littleEndian) { Data($0) }
      }
      var file = Data("s3\nversion 1.0\nendhdr\n".utf8) + word(0x1122_3344)
      for count: UInt32 in [2, 2, 2, 1, 2, 12] { file += word(count) }
      for value in 0..<12 { file += word(Float(value).bitPattern) }
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("axinput-gau-\(UUID().uuidString)")
      try file.write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      let read = try #require(PhoneCodebooks.gaussians(at: url.path))
      #expect(read.codebooks == 2 && read.densities == 2 && read.streamLengths == [1, 2])
      // Codebook 0: stream 0 is 0, 1; stream 1 is 2…5. Codebook 1: 6, 7; then 8…11.
      #expect(read.values == [[0, 1, 6, 7], [2, 3, 4, 5, 8, 9, 10, 11]])
      // A count that disagrees with the dimensions is refused.
      var wrong = file
      wrong.replaceSubrange((wrong.count - 52)..<(wrong.count - 48), with: word(11))
      try wrong.write(to: url)
      #expect(PhoneCodebooks.gaussians(at: url.path) == nil)
    }
  }

  @Test("the installed en-us model: 42 base-phone codebooks of 128 Gaussians in 3 streams of 13")
  func installedModel() throws {
    let configuration = try RecognizerConfiguration.installed()
    let codebooks = try #require(PhoneCodebooks(modelFolder: configuration.acousticModel))
    #expect(codebooks.phones.count == 42)
    #expect(codebooks.densities == 128 && codebooks.streamLengths == [13, 13, 13])
    #expect(codebooks.codebook(of: "AA") != nil && codebooks.codebook(of: "SIL") != nil)
    #expect(codebooks.phones == codebooks.phones.sorted(), "PocketSphinx looks base phones up by bisection")
    #expect(codebooks.means.map(\.count) == [42 * 128 * 13, 42 * 128 * 13, 42 * 128 * 13])
    #expect(codebooks.variances.allSatisfy { $0.allSatisfy { $0 >= PhoneCodebooks.varianceFloor } })
    #expect(PhoneCodebooks(modelFolder: "/nonexistent") == nil)
  }

  @Test("features: the cepstrum less the mean, its delta and double delta, the ends repeated")
  func features() {
    // One coefficient rising by one a frame, from 10, less a mean of 10.
    let frames = SpeakerAdaptation.features(cepstra: (0..<8).map { Float(10 + $0) }, dimension: 1, mean: [10])
    #expect(frames.map { $0[0] } == [0, 1, 2, 3, 4, 5, 6, 7])
    // Two frames ahead less two behind: 4 inside, less where the ends repeat.
    #expect(frames.map { $0[1] } == [2, 3, 4, 4, 4, 4, 3, 2])
    #expect(frames[3][2] == 0 && frames[4][2] == 0)
    // A square: the double delta, (c[t+3] - c[t-1]) - (c[t+1] - c[t-3]), is 16 inside.
    let square = SpeakerAdaptation.features(cepstra: (0..<10).map { Float($0 * $0) }, dimension: 1, mean: [0])
    #expect(square[3...6].map { $0[1] } == [24, 32, 40, 48])
    #expect(square[3...6].allSatisfy { $0[2] == 16 })
    #expect(frames.allSatisfy { $0.count == 3 })
    #expect(SpeakerAdaptation.features(cepstra: [1, 2], dimension: 2, mean: [0]).isEmpty)
  }

  @Test("solving: a known system, and a singular one refused")
  func solve() throws {
    let x = try #require(SpeakerAdaptation.solve([[0, 2, 1], [1, 1, 0], [2, 0, 3]], [7, 3, 11]))
    for (value, expected) in zip(x, [1.0, 2.0, 3.0]) { #expect(abs(value - expected) < 1e-9) }
    #expect(SpeakerAdaptation.solve([[1, 2], [2, 4]], [1, 2]) == nil)
  }

  /// Two codebooks of three Gaussians in one stream of two coefficients, far enough apart that
  /// a frame near one mean is that Gaussian's alone.
  static let codebooks = PhoneCodebooks(
    phones: ["AA", "T"], densities: 3, streamLengths: [2],
    means: [[0, 0, 12, 3, -9, 6, 3, -12, -6, -3, 15, 9]],
    variances: [[Double](repeating: 1, count: 12)])

  /// Frames at every Gaussian's mean, mapped by `a μ + b`, added as its phone's.
  static func statistics(a: [[Double]], b: [Double], repeats: Int) -> SpeakerAdaptation {
    var statistics = SpeakerAdaptation(codebooks: codebooks)
    for (codebook, phone) in codebooks.phones.enumerated() {
      for density in 0..<3 {
        let mean = Array(codebooks.means[0][((codebook * 3 + density) * 2)...].prefix(2))
        let frame = (0..<2).map { row in b[row] + a[row][0] * mean[0] + a[row][1] * mean[1] }
        statistics.add(Array(repeating: frame, count: repeats)[...], phone: phone)
      }
    }
    return statistics
  }

  @Test("frames that are the model's means moved by A μ + b give back A and b")
  func recoversTransform() throws {
    let a = [[0.8, 0.1], [-0.2, 1.1]]
    let b = [0.5, -0.3]
    let statistics = Self.statistics(a: a, b: b, repeats: 40)
    #expect(statistics.frames == 240)
    let stream = try #require(statistics.transform(priorFrames: 0).streams.first)
    for row in 0..<2 {
      #expect(abs(stream.bias[row] - b[row]) < 0.05, "\(stream)")
      for column in 0..<2 { #expect(abs(stream.rotation[row][column] - a[row][column]) < 0.05, "\(stream)") }
    }
    // A prior of many more frames than were heard keeps the transform near the identity.
    let held = try #require(statistics.transform(priorFrames: 1e6).streams.first)
    #expect(abs(held.rotation[0][0] - 1) < 0.01 && abs(held.rotation[1][1] - 1) < 0.01 && abs(held.bias[0]) < 0.01)
    // A phone with no codebook adds nothing.
    var other = statistics
    other.add([[1, 1]], phone: "ZH")
    #expect(other.frames == statistics.frames)
  }

  /// The codebooks of ``codebooks`` with a variance of its own for every Gaussian and
  /// coefficient, 0.5 to 4.
  static let unequalCodebooks = PhoneCodebooks(
    phones: codebooks.phones, densities: 3, streamLengths: [2], means: codebooks.means,
    variances: [[0.5, 1, 2, 4, 1.5, 0.75, 3, 1, 0.5, 2.5, 1, 4]])

  /// Frames spread about each moved mean by ±`spread` standard deviations of its Gaussian in
  /// every coefficient, 10 of each of 4 corners: their variance about it is `spread²` times the
  /// model's, whatever the model's is.
  static func spreadStatistics(a: [[Double]], b: [Double], spread: Double) -> SpeakerAdaptation {
    var statistics = SpeakerAdaptation(codebooks: unequalCodebooks)
    for (phone, frames) in spreadFrames(a: a, b: b, spread: spread) {
      statistics.add(frames[...], phone: phone)
    }
    return statistics
  }

  /// The frames of ``spreadStatistics(a:b:spread:)``, by phone, Gaussian by Gaussian.
  static func spreadFrames(a: [[Double]], b: [Double], spread: Double) -> [(phone: String, frames: [[Double]])] {
    let codebooks = unequalCodebooks
    var found: [(phone: String, frames: [[Double]])] = []
    for (codebook, phone) in codebooks.phones.enumerated() {
      for density in 0..<3 {
        let offset = (codebook * 3 + density) * 2
        let mean = Array(codebooks.means[0][offset...].prefix(2))
        let deviation = codebooks.variances[0][offset...].prefix(2).map { $0.squareRoot() }
        let moved = (0..<2).map { row in b[row] + a[row][0] * mean[0] + a[row][1] * mean[1] }
        let corners = [[1.0, 1], [-1, -1], [1, -1], [-1, 1]].map { signs in
          (0..<2).map { moved[$0] + signs[$0] * spread * deviation[$0] }
        }
        found.append((phone, Array(Array(repeating: corners, count: 10).joined())))
      }
    }
    return found
  }

  @Test(
    "frames spread about the moved means give their variance scale; a prior holds it to 1",
    arguments: [0.5, 1.0, 1.5])
  func recoversVarianceScales(spread: Double) throws {
    let a = [[0.8, 0.1], [-0.2, 1.1]]
    let b = [0.5, -0.3]
    let statistics = Self.spreadStatistics(a: a, b: b, spread: spread)
    #expect(statistics.frames == 240)
    let stream = try #require(statistics.transform(priorFrames: 0, scalesVariances: true).streams.first)
    for row in 0..<2 {
      #expect(abs(stream.varianceScales[row] - spread * spread) < 0.05, "\(stream)")
      #expect(abs(stream.bias[row] - b[row]) < 0.05, "the spread frames still give back b: \(stream)")
    }
    // Half the frames' worth of prior at 1 pulls the scale a third of the way back to 1.
    let held = statistics.varianceScales(stream: 0, rotation: a, bias: b, priorFrames: 120)
    for scale in held { #expect(abs(scale - (240 * spread * spread + 120) / 360) < 1e-6) }
    // Through the transform, whose prior holds A and b too: the scale is the one about its own
    // moved means, with the same prior.
    let transformed = try #require(statistics.transform(priorFrames: 120, scalesVariances: true).streams.first)
    // Σ (o − μ̂)²/σ² over the frames themselves, about the means the transform moved: the
    // sums' c − 2W·k + WᵀGW must give the same.
    let codebooks = Self.unequalCodebooks
    var distances = [0.0, 0.0]
    for (index, (_, frames)) in Self.spreadFrames(a: a, b: b, spread: spread).enumerated() {
      let offset = index * 2
      let mean = Array(codebooks.means[0][offset...].prefix(2))
      for frame in frames {
        for row in 0..<2 {
          let moved = transformed.bias[row] + zip(transformed.rotation[row], mean).reduce(0) { $0 + $1.0 * $1.1 }
          distances[row] += (frame[row] - moved) * (frame[row] - moved) / codebooks.variances[0][offset + row]
        }
      }
    }
    for (scale, distance) in zip(transformed.varianceScales, distances) {
      #expect(abs(scale - (distance + 120) / 360) < 1e-9, "\(scale) against \((distance + 120) / 360)")
    }
    #expect(transformed.varianceScales != stream.varianceScales)
    // Means only: the variances are kept.
    let meansOnly = try #require(statistics.transform(priorFrames: 0).streams.first)
    #expect(meansOnly.varianceScales == [1, 1])
  }

  @Test("a scale is kept between 0.1 and 10, and nothing heard gives 1")
  func boundedVarianceScales() {
    let identity = [[1.0, 0], [0, 1]]
    // Frames exactly at the means, no prior: 0, kept at 0.1.
    let still = Self.spreadStatistics(a: identity, b: [0, 0], spread: 0)
    #expect(still.varianceScales(stream: 0, rotation: identity, bias: [0, 0], priorFrames: 0) == [0.1, 0.1])
    // 20 standard deviations out: 400, kept at 10.
    let wide = Self.spreadStatistics(a: identity, b: [0, 0], spread: 20)
    #expect(wide.varianceScales(stream: 0, rotation: identity, bias: [0, 0], priorFrames: 0) == [10, 10])
    let empty = SpeakerAdaptation(codebooks: Self.codebooks)
    #expect(empty.varianceScales(stream: 0, rotation: identity, bias: [0, 0], priorFrames: 0) == [1, 1])
  }

  @Test("the transform's text is what ps_mllr_read reads")
  func transformText() {
    let identity = MLLRTransform.identity(streamLengths: [2, 1])
    #expect(identity.text == "1\n2\n2\n1 0\n0 1\n0 0\n1 1\n1\n1\n0\n1\n")
    var scaled = identity
    scaled.streams[1].varianceScales = [2.5]
    #expect(scaled.text.hasSuffix("1\n1\n0\n2.5\n"))
  }
}
