/// The sums an MLLR transform is solved from, row by row of each feature stream: what is left of
/// a speaker's statistics once the model's Gaussians are folded in.
///
/// For row `i` of a stream, with `ξ = [1, μ]` a Gaussian's extended mean, `γ` its occupancy, `Σγo`
/// and `Σγo²` the sums of its frames' coefficient `i` and of their squares, and `σ²` its variance
/// of that coefficient, the sums over the Gaussians are `G = Σ γ/σ² ξξᵀ`, `k = Σ (Σγo)/σ² ξ` and
/// `c = Σ (Σγo²)/σ²`. The means' row is `W = G⁻¹ k`, and the spread of the frames about the moved
/// means, which scales the variances, is `c − 2 W·k + WᵀGW`. The sums add up across utterances and
/// sessions, and are some 5,000 numbers for the en-us model instead of the 450,000 of the
/// statistics by Gaussian: they are what a ``SpeakerProfile`` keeps.
struct AdaptationSums: Equatable, Sendable {
  /// The sums of one row of a stream's transform.
  struct Row: Equatable, Sendable {
    /// `G`'s upper triangle, row by row (`(n + 1) n / 2` values for a stream of `n − 1`).
    var gram: [Double]
    /// `k`.
    var target: [Double]
    /// `c`.
    var squares: Double
  }

  /// The sums of one feature stream.
  struct Stream: Equatable, Sendable {
    /// The frames' total occupancy of the stream's Gaussians.
    var occupancy: Double
    /// The sums of each row (coefficient).
    var rows: [Row]
  }

  var streams: [Stream]
  /// The speech frames the sums are of.
  var frames: Int

  /// Sums of nothing, for streams of `lengths`.
  static func empty(streamLengths lengths: [Int]) -> AdaptationSums {
    AdaptationSums(
      streams: lengths.map { length in
        let size = length + 1
        let row = Row(
          gram: [Double](repeating: 0, count: size * (size + 1) / 2),
          target: [Double](repeating: 0, count: size), squares: 0)
        return Stream(occupancy: 0, rows: [Row](repeating: row, count: length))
      },
      frames: 0)
  }

  /// Whether `other` has the shape of these sums (the same streams and rows).
  func isShaped(like other: AdaptationSums) -> Bool {
    streams.count == other.streams.count
      && zip(streams, other.streams).allSatisfy { mine, theirs in
        mine.rows.count == theirs.rows.count
          && zip(mine.rows, theirs.rows).allSatisfy {
            $0.gram.count == $1.gram.count && $0.target.count == $1.target.count
          }
      }
  }

  /// These sums and `other`'s, which must have the same shape.
  func adding(_ other: AdaptationSums) -> AdaptationSums {
    precondition(isShaped(like: other), "sums of different models")
    var result = self
    for s in streams.indices {
      result.streams[s].occupancy += other.streams[s].occupancy
      for r in streams[s].rows.indices {
        let theirs = other.streams[s].rows[r]
        result.streams[s].rows[r].gram = zip(result.streams[s].rows[r].gram, theirs.gram).map(+)
        result.streams[s].rows[r].target = zip(result.streams[s].rows[r].target, theirs.target).map(+)
        result.streams[s].rows[r].squares += theirs.squares
      }
    }
    result.frames += other.frames
    return result
  }

  /// The sums as if every frame had counted `weight` times (its frames rounded down).
  func scaled(by weight: Double) -> AdaptationSums {
    var result = self
    for s in streams.indices {
      result.streams[s].occupancy *= weight
      for r in streams[s].rows.indices {
        result.streams[s].rows[r].gram = streams[s].rows[r].gram.map { $0 * weight }
        result.streams[s].rows[r].target = streams[s].rows[r].target.map { $0 * weight }
        result.streams[s].rows[r].squares *= weight
      }
    }
    let weighed = (Double(frames) * weight).rounded(.down)
    result.frames = weighed.isFinite ? Int(min(max(weighed, 0), Double(Int32.max))) : 0
    return result
  }

  /// The transform that makes the model most likely to give the frames summed, each row solved
  /// in closed form, held to the identity by `priorFrames` (see
  /// ``SpeakerAdaptationSettings/priorFrames``); with `scalesVariances`, each coefficient's
  /// variances scaled too (see ``varianceScale(row:solution:occupancy:priorFrames:)``).
  func transform(priorFrames: Double, scalesVariances: Bool = false) -> MLLRTransform {
    MLLRTransform(
      streams: streams.map { stream in
        var rotation: [[Double]] = []
        var bias: [Double] = []
        var scales: [Double] = []
        for (index, row) in stream.rows.enumerated() {
          let size = row.target.count
          var g = row.fullGram
          var k = row.target
          // The prior: the identity, weighted by `priorFrames` times the system's mean diagonal
          // per frame (see SpeakerAdaptationSettings.priorFrames for what that holds).
          let trace = (0..<size).reduce(0.0) { $0 + g[$1][$1] }
          let scale = priorFrames * trace / Double(size) / max(stream.occupancy, 1)
          for i in 0..<size { g[i][i] += scale }
          k[index + 1] += scale
          // A row whose sums give no finite solution is left as the identity's.
          let identity = (0..<size).map { $0 == index + 1 ? 1.0 : 0 }
          let solved = SpeakerAdaptation.solve(g, k) ?? identity
          let solution = solved.allSatisfy(\.isFinite) ? solved : identity
          bias.append(solution[0])
          rotation.append(Array(solution[1...]))
          scales.append(
            scalesVariances
              ? Self.varianceScale(row: row, solution: solution, occupancy: stream.occupancy, priorFrames: priorFrames)
              : 1)
        }
        return MLLRTransform.Stream(rotation: rotation, bias: bias, varianceScales: scales)
      })
  }

  /// The scale of a coefficient's variances that makes the model most likely to give the frames
  /// about the means the row's `solution` (`[b, A's row]`) moves them to: their
  /// occupancy-weighted squared distance from those means in units of the model's variances,
  /// per frame. `priorFrames` frames at a scale of 1 are counted in, so that little speech leaves
  /// the variances as they were, and the scale is kept within
  /// ``SpeakerAdaptation/varianceScaleRange``.
  static func varianceScale(row: Row, solution w: [Double], occupancy: Double, priorFrames: Double) -> Double {
    let g = row.fullGram
    var quadratic = 0.0
    for i in w.indices {
      for j in w.indices { quadratic += w[i] * g[i][j] * w[j] }
    }
    let linear = zip(w, row.target).reduce(0.0) { $0 + $1.0 * $1.1 }
    // Σγ(o − μ̂)²/σ² = c − 2 W·k + WᵀGW, never below 0 but for rounding.
    let distance = max(row.squares - 2 * linear + quadratic, 0)
    let scale = (distance + priorFrames) / (occupancy + priorFrames)
    guard scale.isFinite else { return 1 }
    let range = SpeakerAdaptation.varianceScaleRange
    return min(max(scale, range.lowerBound), range.upperBound)
  }
}

extension AdaptationSums.Row {
  /// `G` as a full symmetric matrix.
  var fullGram: [[Double]] {
    let size = target.count
    var g = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
    var p = 0
    for i in 0..<size {
      for j in i..<size {
        g[i][j] = gram[p]
        g[j][i] = gram[p]
        p += 1
      }
    }
    return g
  }
}
