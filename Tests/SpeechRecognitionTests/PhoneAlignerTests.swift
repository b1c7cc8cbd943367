import AXTestSupport
import Foundation
import Testing

@testable import SpeechRecognition

/// ``PhoneAligner``, the alignment speaker adaptation takes its statistics from, and the codebook
/// likelihoods it scores frames with, on hand-made codebooks and scores.
@Suite("Phone alignment within words")
struct PhoneAlignerTests {
  /// A score table: `favoured[phone]` lists the frames where a phone scores `0`, and
  /// `exceptions` gives other scores; every other frame scores −10.
  struct Table: CustomTestStringConvertible, Sendable {
    var name: String
    var frames: Int
    var favoured: [Set<Int>]
    var exceptions: [Int: [Int: Double]] = [:]
    var expected: [Int]?

    var testDescription: String { name }

    func score(frame: Int, phone: Int) -> Double {
      exceptions[phone]?[frame] ?? (favoured[phone].contains(frame) ? 0 : -10)
    }
  }

  static let tables: [Table] = [
    Table(
      name: "each phone where it scores best", frames: 9, favoured: [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
      expected: [0, 0, 0, 1, 1, 1, 2, 2, 2]),
    Table(
      name: "uneven lengths follow the scores", frames: 11, favoured: [[0, 1, 2, 3, 4], [5, 6, 7], [8, 9, 10]],
      expected: [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2]),
    // Phone 1 fits frame 5 alone; it still gets three frames, those that cost least.
    Table(
      name: "a phone holds three frames however briefly it fits", frames: 12,
      favoured: [[0, 1, 2, 3, 4], [5], [6, 7, 8, 9, 10, 11]],
      exceptions: [1: [3: -4, 4: -2]],
      expected: [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2]),
    // Four frames, two phones: two frames each at least.
    Table(
      name: "fewer frames than three a phone: the same shorter minimum for all", frames: 4,
      favoured: [[0], [1, 2, 3]], expected: [0, 0, 1, 1]),
    Table(name: "fewer frames than phones: no path", frames: 2, favoured: [[0], [1], [1]], expected: nil),
  ]

  @Test("the best path: in order, each phone at least its minimum, first and last included", arguments: tables)
  func bestPath(table: Table) {
    let path = PhoneAligner.bestPath(frames: table.frames, phones: table.favoured.count, scores: table.score)
    #expect(path?.phoneOfFrame == table.expected)
    if let path, let expected = table.expected {
      let total = expected.enumerated().reduce(0.0) { $0 + table.score(frame: $1.offset, phone: $1.element) }
      #expect(path.score == total)
    }
  }

  /// Codebooks of three phones, one Gaussian each in three streams of 13, at 1, −1 and 3 in
  /// every coefficient, variance 1 (and one more phone, `ZZ`, with none in the list of phones).
  static func codebooks(densities: Int = 1) -> PhoneCodebooks {
    let centres: [Double] = [1, -1, 3]
    let means = (0..<3).map { _ in centres.flatMap { centre in [Double](repeating: centre, count: 13 * densities) } }
    let variances = means.map { $0.map { _ in 1.0 } }
    return PhoneCodebooks(
      phones: ["AA", "IY", "SH"], densities: densities, streamLengths: [13, 13, 13], means: means,
      variances: variances)
  }

  static func frames(_ values: [Double]) -> [[Double]] {
    values.map { [Double](repeating: $0, count: 39) }
  }

  @Test("a word's frames go to its phones where their codebooks fit, with the pronunciation that fits best")
  func alignsWords() {
    let aligner = PhoneAligner(codebooks: Self.codebooks())
    // Frames 0-3 sound like AA, 4-9 like IY, 10-13 like SH.
    let features = Self.frames([Double](repeating: 1, count: 4) + [Double](repeating: -1, count: 6) + [Double](repeating: 3, count: 4))
    let aligned = aligner.align(
      [
        PhoneAligner.Word(frames: 0..<10, pronunciations: [["IY", "AA"], ["AA", "IY"]]),
        // Too short for its phones, and a phone without a codebook: both left out.
        PhoneAligner.Word(frames: 10..<12, pronunciations: [["SH", "AA", "IY"]]),
        PhoneAligner.Word(frames: 10..<14, pronunciations: [["ZZ", "SH"]]),
        // Past the utterance's end: only its frames inside count.
        PhoneAligner.Word(frames: 10..<20, pronunciations: [["SH"]]),
      ], features: features)
    #expect(aligned.map(\.phone) == ["AA", "IY", "SH"])
    #expect(aligned.map(\.frames) == [0..<4, 4..<10, 10..<14])
  }

  @Test(
    "a codebook's likelihood is the log of its Gaussians' summed densities (less the constant all share), however its streams are cut",
    arguments: [[13, 13, 13], [39], [13, 26]])
  func likelihood(streamLengths: [Int]) throws {
    var generator = SeededRandom(seed: 7)
    let densities = 4
    let means = streamLengths.map { length in (0..<(2 * densities * length)).map { _ in Double.random(in: -2...2, using: &generator) } }
    let variances = streamLengths.map { length in (0..<(2 * densities * length)).map { _ in Double.random(in: 0.2...3, using: &generator) } }
    let codebooks = PhoneCodebooks(
      phones: ["AA", "IY"], densities: densities, streamLengths: streamLengths, means: means, variances: variances)
    let frame = (0..<39).map { _ in Double.random(in: -2...2, using: &generator) }
    for codebook in 0..<2 {
      var expected = 0.0
      var offset = 0
      for (stream, length) in streamLengths.enumerated() {
        var density = 0.0
        for gaussian in 0..<densities {
          let start = (codebook * densities + gaussian) * length
          var exponent = 0.0
          var normalizer = 0.0
          for index in 0..<length {
            let difference = frame[offset + index] - means[stream][start + index]
            exponent += difference * difference / variances[stream][start + index]
            normalizer += log(variances[stream][start + index])
          }
          density += exp(-0.5 * exponent - 0.5 * normalizer)
        }
        expected += log(density)
        offset += length
      }
      let measured = try #require(codebooks.logLikelihoods(of: [frame][...], codebook: codebook).first)
      #expect(abs(measured - expected) < 1e-9, "\(measured) \(expected)")
    }
  }

  @Test("relative likelihoods: 1 for the best Gaussian, 0 for one e^30 below it, and their sum")
  func relativeLikelihoods() {
    // Two Gaussians 0 and 10 apart in each of 13 coefficients: a frame at 0 is 13 × 50 = 650
    // below at the far one.
    let means = [[Double](repeating: 0, count: 13) + [Double](repeating: 10, count: 13)]
    let codebooks = PhoneCodebooks(
      phones: ["AA"], densities: 2, streamLengths: [13], means: means, variances: [[Double](repeating: 1, count: 26)])
    var output = [Double](repeating: -1, count: 2)
    let (sum, logLikelihood) = codebooks.relativeLikelihoods(
      of: [Double](repeating: 0, count: 13), offset: 0, codebook: 0, stream: 0, into: &output)
    #expect(output == [1, 0])
    #expect(sum == 1)
    #expect(logLikelihood == 0)
  }
}
