import Foundation

/// How a recognizer adapts its acoustic model to the speaker and room of a session.
///
/// After each utterance that performed a command (``SpeechRecognizer/adapt(to:)``), its frames
/// are aligned to the phones of the sentence heard and added to the statistics, and, once they
/// are enough (``minimumFrames``) and have grown by ``transformGrowth`` since the last, an MLLR
/// transform (one class a feature stream) is estimated from every such utterance since the
/// channel was last forgotten: of the means, and a scale of the variances of each coefficient
/// (``adaptsVariances``); PocketSphinx then decodes with the transformed model
/// (`ps_update_mllr`). A voice whose vowels sit
/// elsewhere than the model's, or speech whose cepstra noise has compressed, moves every
/// Gaussian of the model towards it at once.
///
/// Only a command performed adapts the model, and only once enough speech agrees
/// (``minimumFrames``): off-grammar speech that got performed would otherwise teach the model
/// the wrong phones, and more off-grammar speech would dispatch after it.
public struct SpeakerAdaptationSettings: Sendable, Equatable {
  /// Whether ``SpeechRecognizer/adapt(to:)`` adapts the model; when off it does nothing.
  public var isEnabled = true
  /// Whether the transform also scales the variances, each coefficient's by how far the frames
  /// spread about the transformed means against the model's spread (held to 1 by
  /// ``priorFrames``, as the means are held to the identity).
  ///
  /// On the held-out sessions' development voices it performed 94.8% of the commands against
  /// 94.0% with the means alone (3 wrong dispatches against 4), and the tuned voices 99.7%
  /// against 99.0% (docs/benchmarks.md, Held-out sessions).
  public var adaptsVariances = true
  /// How strongly each estimate is held to the identity transform: with few frames the
  /// transform stays near it, and it follows the speaker as frames add up.
  ///
  /// Each row's system gets `priorFrames` times its mean diagonal per frame added to its
  /// diagonal, and the identity's share to its right side. That is about `priorFrames` frames'
  /// worth for the rotation `A`, but far more for the bias `b`, whose column of the system is
  /// some hundred times smaller than the means' (their squares are 45 to 250): the bias stays
  /// near 0, and a shift of the whole spectrum is left to the cepstral mean, which removes it
  /// before. 200 was chosen on the development voices of the held-out sessions
  /// (docs/benchmarks.md, Held-out sessions: 93.5 to 94.5% from 100 to 1,000 against 93.8%
  /// unadapted); 20, a transform from the first command alone, made the next one misheard
  /// (93.0%).
  public var priorFrames: Double = 200
  /// The aligned speech frames needed before a first transform is estimated (a two-word command
  /// is about 60 to 100, a three-word one 120 to 220).
  ///
  /// 400, some four commands: at 150 a session of off-grammar speech adapted to its first
  /// sentences performed by mistake, after which 4 of the scene benchmark's 400 such sentences
  /// dispatched instead of 2 (clean) and 5 instead of 3 (10 dB SNR); at 400, 2 and 3, and the
  /// development voices did as well (94.0%; 94.0 to 94.5% at 150, 93.8% without adapting).
  public var minimumFrames: Int = 400
  /// The aligned speech frames after which the transform is kept as it is: a session's later
  /// commands cost nothing more, and some 25 commands have long settled it.
  public var maximumFrames: Int = 3_000
  /// How many times the frames of the last transform the aligned frames must reach before the
  /// next transform is estimated (and always at ``maximumFrames``); 1 estimates one after every
  /// command performed.
  ///
  /// A transform costs about 20 ms (its estimate, and PocketSphinx reading the model's means and
  /// variances again), far more than the alignment and statistics of a command. At 1.25 a
  /// session estimates some ten between the first and ``maximumFrames`` instead of one a
  /// command, and both development splits decided every command as they did at 1; at 1.5 and 2
  /// the second split lost a command and made one more wrong dispatch (docs/benchmarks.md,
  /// Held-out sessions).
  public var transformGrowth: Double = 1.25
  /// How much a speaker's earlier sessions count, against the session's own commands, when a
  /// recognizer adopts their profile (``SpeechRecognizer/adopt(_:)``): the profile's sums are
  /// multiplied by it at the start of every session.
  ///
  /// A profile learned in one room or at one noise level then yields to the next room's
  /// commands as they add up, and the sums of sessions past fade by half each session. 0.5 was
  /// chosen on both development splits of the held-out sessions, each voice's six sessions in a
  /// row (docs/benchmarks.md, Returning speakers): 710 of their 768 commands against 695 as
  /// strangers, 9 wrong dispatches against 12; 1 gave 712 and 10 (the first split's 10 dB
  /// sessions 116 of 128 against 118, after profiles learned in quiet and room sessions), 0.25
  /// gave 704 and 10. It is kept within 0...1. The profile's weighed frames count towards
  /// ``minimumFrames`` and ``maximumFrames``: a profile of 3,000 weighed frames or more is applied
  /// but no longer learns (at full weight some of those sessions did).
  public var profileWeight: Double = 0.5
  /// Creates the default settings.
  public init() {}
}

/// The statistics of an MLLR transform: for every Gaussian of the model, how much of the aligned
/// speech it took (its occupancy), the sum of those frames (first order) and of their squares
/// (second order), summed over the utterances of a session, and the sums carried from the
/// speaker's earlier sessions.
struct SpeakerAdaptation {
  let codebooks: PhoneCodebooks
  /// Occupancy of each Gaussian, by stream (codebook × density).
  private(set) var occupancy: [[Double]]
  /// Occupancy-weighted sums of the frames, by stream (codebook × density × coefficient).
  private(set) var firstOrder: [[Double]]
  /// Occupancy-weighted sums of the frames' squares, laid out as ``firstOrder``.
  private(set) var secondOrder: [[Double]]
  /// Frames aligned to a phone so far.
  private(set) var frames = 0
  /// The frames the last transform estimated from these statistics had; 0 before the first.
  var transformFrames = 0
  /// Sums from the speaker's earlier sessions (a ``SpeakerProfile``), already weighed; their
  /// frames are in ``frames``.
  private(set) var carried: AdaptationSums?
  /// ``sums()`` as of the last ``summed()``, while no frame has been added since: a transform
  /// and the profile written after it fold the statistics once.
  private var summedCache: AdaptationSums?

  /// Statistics of nothing yet, or only of what `carried` sums.
  init(codebooks: PhoneCodebooks, carried: AdaptationSums? = nil) {
    self.codebooks = codebooks
    self.carried = carried
    frames = carried?.frames ?? 0
    let count = codebooks.phones.count * codebooks.densities
    occupancy = codebooks.streamLengths.map { _ in [Double](repeating: 0, count: count) }
    firstOrder = codebooks.streamLengths.map { [Double](repeating: 0, count: count * $0) }
    secondOrder = firstOrder
  }

  /// The features PocketSphinx computes from cepstra for `1s_c_d_dd`: each frame's cepstrum less
  /// `mean`, its delta (two frames ahead less two behind) and double delta, the utterance's
  /// first and last frames repeated past its ends, as the live feature computation does.
  static func features(cepstra: [Float], dimension: Int, mean: [Float]) -> [[Double]] {
    let count = cepstra.count / dimension
    guard count > 0, mean.count == dimension else { return [] }
    let normalized = (0..<count).map { frame in
      (0..<dimension).map { Double(cepstra[frame * dimension + $0] - mean[$0]) }
    }
    func at(_ frame: Int) -> [Double] { normalized[min(max(frame, 0), count - 1)] }
    return (0..<count).map { t in
      let delta = zip(at(t + 2), at(t - 2)).map { $0 - $1 }
      let ahead = zip(at(t + 3), at(t - 1)).map { $0 - $1 }
      let behind = zip(at(t + 1), at(t - 3)).map { $0 - $1 }
      return normalized[t] + delta + zip(ahead, behind).map { $0 - $1 }
    }
  }

  /// Adds frames aligned to `phone`: each frame is shared among the phone's Gaussians, in each
  /// stream, in proportion to their likelihood. A phone without a codebook adds nothing.
  mutating func add(_ features: ArraySlice<[Double]>, phone: String) {
    guard let codebook = codebooks.codebook(of: phone) else { return }
    let densities = codebooks.densities
    var streamStart = 0
    for (stream, length) in codebooks.streamLengths.enumerated() {
      let base = codebook * densities
      // The phone's mixture weights are left out: weighing by its states' weights (sendump) did
      // no better on the development voices (94.0% against 94.5%).
      var likelihoods = [Double](repeating: 0, count: densities)
      // Through buffers: indexing the nested arrays in the loop checked their uniqueness for
      // every coefficient (some 2% of a listening session's processor time).
      occupancy[stream].withUnsafeMutableBufferPointer { occupancy in
        firstOrder[stream].withUnsafeMutableBufferPointer { firstOrder in
          secondOrder[stream].withUnsafeMutableBufferPointer { secondOrder in
            for frame in features {
              let total = codebooks.relativeLikelihoods(
                of: frame, offset: streamStart, codebook: codebook, stream: stream, into: &likelihoods
              ).sum
              frame.withUnsafeBufferPointer { frame in
                for density in 0..<densities where likelihoods[density] / total > 1e-5 {
                  let share = likelihoods[density] / total
                  occupancy[base + density] += share
                  let offset = (base + density) * length
                  for index in 0..<length {
                    let value = frame[streamStart + index]
                    firstOrder[offset + index] += share * value
                    secondOrder[offset + index] += share * value * value
                  }
                }
              }
            }
          }
        }
      }
      streamStart += length
    }
    frames += features.count
    summedCache = nil
  }

  /// ``sums()``, folded once for as long as no frame is added.
  mutating func summed() -> AdaptationSums {
    if let summedCache { return summedCache }
    let folded = sums()
    summedCache = folded
    return folded
  }

  /// The transform that makes the model most likely to give the frames added and the sums
  /// carried from earlier sessions, each row solved in closed form (`W_i = G_i⁻¹ k_i`), held to
  /// the identity by `priorFrames` (see ``SpeakerAdaptationSettings/priorFrames``); with
  /// `scalesVariances`, each coefficient's variances scaled too (see
  /// ``varianceScales(stream:rotation:bias:priorFrames:)``).
  func transform(priorFrames: Double, scalesVariances: Bool = false) -> MLLRTransform {
    sums().transform(priorFrames: priorFrames, scalesVariances: scalesVariances)
  }

  /// The sums the transform is solved from (see ``AdaptationSums``): the frames added, folded
  /// with the model's Gaussians, and those ``carried``.
  func sums() -> AdaptationSums {
    var result = AdaptationSums.empty(streamLengths: codebooks.streamLengths)
    for (stream, length) in codebooks.streamLengths.enumerated() {
      let means = codebooks.means[stream]
      let variances = codebooks.variances[stream]
      let occupied = occupiedDensities(stream: stream)
      result.streams[stream].occupancy = occupied.reduce(0.0) { $0 + occupancy[stream][$1] }
      // G = Σ γ/σ² ξξᵀ, k = Σ (Σγo)/σ² ξ and c = Σ (Σγo²)/σ², with ξ = [1, μ] a Gaussian's
      // extended mean. Gaussian by Gaussian, every row at once: its outer product ξξᵀ (upper
      // triangle) is computed once and stays in the cache while the rows' sums take it. Each
      // sum still adds the Gaussians in the same order.
      let size = length + 1
      let pairs = (0..<size).flatMap { i in (i..<size).map { (i, $0) } }
      // In chunks of four, padded with zeros, so the sums of a row are added four at a time.
      let chunks = (pairs.count + 3) / 4
      var grams = [SIMD4<Double>](repeating: .zero, count: length * chunks)
      var targets = [Double](repeating: 0, count: length * size)
      var squares = [Double](repeating: 0, count: length)
      var product = [SIMD4<Double>](repeating: .zero, count: chunks)
      let (occupancies, firstOrders, secondOrders) = (occupancy[stream], firstOrder[stream], secondOrder[stream])
      grams.withUnsafeMutableBufferPointer { grams in
        targets.withUnsafeMutableBufferPointer { targets in
          product.withUnsafeMutableBufferPointer { product in
            for density in occupied {
              let mean = density * length
              for (p, (i, j)) in pairs.enumerated() {
                product[p / 4][p % 4] = (i == 0 ? 1 : means[mean + i - 1]) * (j == 0 ? 1 : means[mean + j - 1])
              }
              for row in 0..<length {
                let variance = variances[mean + row]
                let weight = occupancies[density] / variance
                let observed = firstOrders[mean + row] / variance
                let target = row * size
                targets[target] += observed
                for i in 1..<size { targets[target + i] += observed * means[mean + i - 1] }
                let gram = row * chunks
                let weights = SIMD4(repeating: weight)
                for c in 0..<chunks { grams[gram + c] += weights * product[c] }
                squares[row] += secondOrders[mean + row] / variance
              }
            }
          }
        }
      }
      for row in 0..<length {
        let gram = (0..<pairs.count).map { grams[row * chunks + $0 / 4][$0 % 4] }
        result.streams[stream].rows[row] = AdaptationSums.Row(
          gram: gram, target: Array(targets[(row * size)..<((row + 1) * size)]), squares: squares[row])
      }
    }
    result.frames = frames - (carried?.frames ?? 0)
    return carried.map { result.adding($0) } ?? result
  }

  /// The Gaussians of `stream` that took some of the frames, by index (codebook × density): the
  /// ones the sums are of.
  private func occupiedDensities(stream: Int) -> [Int] {
    (0..<(codebooks.phones.count * codebooks.densities)).filter { occupancy[stream][$0] > 1e-6 }
  }

  /// The scale of each coefficient's variances in `stream` that makes the model most likely to
  /// give the frames added (and carried) about the means `A μ + b`: their occupancy-weighted
  /// squared distance from those means in units of the model's variances, per frame.
  /// `priorFrames` frames at a scale of 1 are counted in, so that little speech leaves the
  /// variances as they were, and the scale is kept within ``varianceScaleRange``.
  func varianceScales(stream: Int, rotation: [[Double]], bias: [Double], priorFrames: Double) -> [Double] {
    let sums = sums().streams[stream]
    return sums.rows.enumerated().map { row, sum in
      AdaptationSums.varianceScale(
        row: sum, solution: [bias[row]] + rotation[row], occupancy: sums.occupancy, priorFrames: priorFrames)
    }
  }

  /// The variance scales a transform may give: without a prior, a coefficient the frames never
  /// moved would make its Gaussians needles at PocketSphinx's variance floor, and nothing heard
  /// at all would give 0/0.
  static let varianceScaleRange = 0.1...10.0

  /// Solves `a x = b` by Gaussian elimination with partial pivoting; `nil` when `a` is singular.
  static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    var m = a
    var x = b
    let n = b.count
    for column in 0..<n {
      guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
        abs(m[pivot][column]) > 1e-12
      else { return nil }
      m.swapAt(column, pivot)
      x.swapAt(column, pivot)
      for row in (column + 1)..<n {
        let factor = m[row][column] / m[column][column]
        guard factor != 0 else { continue }
        for j in column..<n { m[row][j] -= factor * m[column][j] }
        x[row] -= factor * x[column]
      }
    }
    for row in stride(from: n - 1, through: 0, by: -1) {
      var sum = x[row]
      for j in (row + 1)..<n { sum -= m[row][j] * x[j] }
      x[row] = sum / m[row][row]
    }
    return x
  }
}

/// An MLLR transform, one class a feature stream: each Gaussian's mean `μ` becomes `A μ + b` in
/// its stream, and its variance of each coefficient is multiplied by that coefficient's scale.
struct MLLRTransform: Equatable {
  /// The transform of one feature stream.
  struct Stream: Equatable {
    /// `A`, row by row.
    var rotation: [[Double]]
    /// `b`.
    var bias: [Double]
    /// The factor of each coefficient's variances (1 keeps them).
    var varianceScales: [Double]
  }

  var streams: [Stream]

  /// The transform that changes nothing, for streams of `lengths`.
  static func identity(streamLengths lengths: [Int]) -> MLLRTransform {
    MLLRTransform(
      streams: lengths.map { length in
        Stream(
          rotation: (0..<length).map { row in (0..<length).map { $0 == row ? 1 : 0 } },
          bias: [Double](repeating: 0, count: length),
          varianceScales: [Double](repeating: 1, count: length))
      })
  }

  /// The text `ps_mllr_read` reads: the class and stream counts, then for each stream its
  /// length, `A`, `b` and the variance scales.
  var text: String {
    var lines = ["1", String(streams.count)]
    func format(_ values: [Double]) -> String {
      values.map { String(format: "%.7g", $0) }.joined(separator: " ")
    }
    for stream in streams {
      lines.append(String(stream.bias.count))
      lines += stream.rotation.map(format)
      lines.append(format(stream.bias))
      lines.append(format(stream.varianceScales))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
