import Foundation

/// The Gaussian codebooks of a phonetically tied acoustic model (PocketSphinx's `ptm`, the en-us
/// model's kind): one codebook per base phone, each a mixture of diagonal Gaussians in every
/// feature stream.
///
/// ``SpeakerAdaptation`` reads them to weigh each frame of an utterance against the Gaussians of
/// the phone it was aligned to. They come from the model folder's `means`, `variances` (Sphinx-3
/// binary parameter files), `mdef` (binary or text; it names the base phones, in codebook order)
/// and `feat.params` (the feature type and its streams).
struct PhoneCodebooks: Sendable {
  /// The base phones, in codebook order (`+NSN+`, `+SPN+`, `AA`, … for en-us).
  let phones: [String]
  /// The Gaussians of one codebook in one stream (128 for en-us).
  let densities: Int
  /// The coefficients of each feature stream (13, 13, 13: cepstra, deltas, double deltas).
  let streamLengths: [Int]
  /// The means of each stream, codebook by codebook, Gaussian by Gaussian.
  let means: [[Double]]
  /// The variances of each stream, laid out as ``means``, floored at PocketSphinx's `-varfloor`.
  let variances: [[Double]]
  /// The log of each Gaussian's normalizing term without the constant all share, −½ Σ log σ²,
  /// by stream (codebook × density): what a frame's likelihood adds to its distance.
  let logNormalizers: [[Double]]

  /// The means and inverse variances again, each Gaussian's in chunks of eight coefficients (the
  /// last padded with zeros), for ``relativeLikelihoods(of:offset:codebook:stream:into:)``.
  private let packed: (chunks: [Int], means: [[SIMD8<Double>]], precisions: [[SIMD8<Double>]])

  /// The smallest variance PocketSphinx uses (its `-varfloor` default).
  static let varianceFloor = 1e-4

  /// Codebooks given value by value (variances floored as a model's are).
  init(phones: [String], densities: Int, streamLengths: [Int], means: [[Double]], variances: [[Double]]) {
    self.phones = phones
    self.densities = densities
    self.streamLengths = streamLengths
    self.means = means
    let floored = variances.map { $0.map { max($0, Self.varianceFloor) } }
    self.variances = floored
    logNormalizers = zip(floored, streamLengths).map { values, length in
      stride(from: 0, to: values.count, by: length).map { start in
        values[start..<(start + length)].reduce(0.0) { $0 + log($1) } * -0.5
      }
    }
    let chunks = streamLengths.map { ($0 + 7) / 8 }
    func pack(_ values: [[Double]], _ transform: (Double) -> Double) -> [[SIMD8<Double>]] {
      zip(values, streamLengths).enumerated().map { stream, pair in
        let (values, length) = pair
        var packed = [SIMD8<Double>](repeating: .zero, count: values.count / max(length, 1) * chunks[stream])
        for (index, value) in values.enumerated() {
          let gaussian = index / length
          let coefficient = index % length
          packed[gaussian * chunks[stream] + coefficient / 8][coefficient % 8] = transform(value)
        }
        return packed
      }
    }
    packed = (chunks, pack(means) { $0 }, pack(floored) { 1 / $0 })
  }

  /// Reads the codebooks of the model in `folder`, or returns `nil` when it is not a tied model
  /// of 13 cepstra with deltas and double deltas (`1s_c_d_dd`) whose files can be read.
  init?(modelFolder folder: String) {
    guard let parameters = try? String(contentsOfFile: folder + "/feat.params", encoding: .utf8),
      let streams = Self.streamLengths(featureParameters: parameters),
      let means = Self.gaussians(at: folder + "/means"), let variances = Self.gaussians(at: folder + "/variances"),
      means.codebooks == variances.codebooks, means.densities == variances.densities,
      means.streamLengths == streams, variances.streamLengths == streams,
      let mdef = try? Data(contentsOf: URL(fileURLWithPath: folder + "/mdef")),
      let phones = Self.basePhones(modelDefinition: mdef), phones.count == means.codebooks
    else { return nil }
    self.init(
      phones: phones, densities: means.densities, streamLengths: streams, means: means.values,
      variances: variances.values)
  }

  /// The index of `phone`'s codebook.
  func codebook(of phone: String) -> Int? {
    phones.firstIndex(of: phone)
  }

  /// Writes each Gaussian of `codebook`'s likelihood of `frame` in `stream` (a feature vector of
  /// all streams, `offset` where this stream's coefficients start) relative to the most likely
  /// one's into `output`, and returns their sum and the log of the codebook's likelihood (its
  /// Gaussians equally weighted, without the constant all share).
  ///
  /// A Gaussian e^30 times less likely than the best counts 0: its share of a frame is below
  /// any that ``SpeakerAdaptation`` adds, and skipping the exponential of most of the 128 is
  /// most of the saving.
  func relativeLikelihoods(
    of frame: [Double], offset: Int, codebook: Int, stream: Int, into output: inout [Double]
  ) -> (sum: Double, logLikelihood: Double) {
    precondition(output.count >= densities && codebook < phones.count, "a codebook's likelihoods out of range")
    // The frame's coefficients of this stream, in the chunks the Gaussians are packed in; on the
    // stack, since this runs for every frame, codebook and stream the alignment scores.
    return withUnsafeTemporaryAllocation(of: SIMD8<Double>.self, capacity: packed.chunks[stream]) { observed in
      observed.initialize(repeating: .zero)
      for index in 0..<streamLengths[stream] { observed[index / 8][index % 8] = frame[offset + index] }
      return output.withUnsafeMutableBufferPointer { output in
        relativeLikelihoods(of: UnsafeBufferPointer(observed), codebook: codebook, stream: stream, into: output)
      }
    }
  }

  /// ``relativeLikelihoods(of:offset:codebook:stream:into:)`` for a frame's stream already packed.
  private func relativeLikelihoods(
    of observed: UnsafeBufferPointer<SIMD8<Double>>, codebook: Int, stream: Int,
    into output: UnsafeMutableBufferPointer<Double>
  ) -> (sum: Double, logLikelihood: Double) {
    let chunks = observed.count
    let base = codebook * densities
    let means = packed.means[stream]
    let precisions = packed.precisions[stream]
    let logTerms = logNormalizers[stream]
    var best = -Double.infinity
    for density in 0..<densities {
      let start = (base + density) * chunks
      var distance = SIMD8<Double>.zero
      for chunk in 0..<chunks {
        let difference = observed[chunk] - means[start + chunk]
        distance += difference * difference * precisions[start + chunk]
      }
      output[density] = logTerms[base + density] - 0.5 * distance.sum()
      best = max(best, output[density])
    }
    var sum = 0.0
    for density in 0..<densities {
      let below = output[density] - best
      output[density] = below < -30 ? 0 : exp(below)
      sum += output[density]
    }
    return (sum, best + log(sum))
  }

  /// The log-likelihood of each of `frames` under `codebook`, its Gaussians equally weighted,
  /// in every stream, without the constant all frames share.
  func logLikelihoods(of frames: ArraySlice<[Double]>, codebook: Int) -> [Double] {
    var likelihoods = [Double](repeating: 0, count: densities)
    return frames.map { frame in
      var total = 0.0
      var offset = 0
      for stream in streamLengths.indices {
        total += relativeLikelihoods(
          of: frame, offset: offset, codebook: codebook, stream: stream, into: &likelihoods
        ).logLikelihood
        offset += streamLengths[stream]
      }
      return total
    }
  }

  /// The stream lengths of `feat.params`, when its features are `1s_c_d_dd` (39 values a frame)
  /// split by `-svspec` into consecutive streams, or one stream without it.
  static func streamLengths(featureParameters text: String) -> [Int]? {
    var options: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
      let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
      if fields.count == 2 { options[fields[0]] = fields[1] }
    }
    guard options["-feat"] == "1s_c_d_dd" else { return nil }
    guard let spec = options["-svspec"] else { return [39] }
    var next = 0
    var lengths: [Int] = []
    for range in spec.split(separator: "/") {
      let ends = range.split(separator: "-").compactMap { Int($0) }
      guard ends.count == 2, ends[0] == next, ends[1] >= ends[0] else { return nil }
      lengths.append(ends[1] - ends[0] + 1)
      next = ends[1] + 1
    }
    return next == 39 ? lengths : nil
  }

  /// The contents of a Sphinx-3 Gaussian parameter file (`means` or `variances`): a text header
  /// ending in `endhdr`, a byte-order word, the counts, then 32-bit floats laid out codebook,
  /// stream, Gaussian, coefficient; regrouped here stream by stream.
  static func gaussians(
    at path: String
  ) -> (codebooks: Int, densities: Int, streamLengths: [Int], values: [[Double]])? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
      let end = data.range(of: Data("endhdr\n".utf8))
    else { return nil }
    var reader = BinaryReader(data: data, offset: end.upperBound)
    guard let magic = reader.uint32() else { return nil }
    if magic == 0x4433_2211 { reader.swapsBytes = true } else if magic != 0x1122_3344 { return nil }
    guard let codebooks = reader.int32(), let streams = reader.int32(), let densities = reader.int32(),
      (1...256).contains(codebooks), (1...8).contains(streams), (1...4096).contains(densities)
    else { return nil }
    var lengths: [Int] = []
    for _ in 0..<streams {
      guard let length = reader.int32(), (1...128).contains(length) else { return nil }
      lengths.append(length)
    }
    guard let total = reader.int32(), total == codebooks * densities * lengths.reduce(0, +) else { return nil }
    guard reader.offset + 4 * total <= data.endIndex else { return nil }
    // Read in one pass over the bytes: value by value through `Data` took 90 ms for en-us.
    let words = data[reader.offset..<(reader.offset + 4 * total)].withUnsafeBytes { raw in
      (0..<total).map { raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self) }
    }
    var values = lengths.map { [Double](repeating: 0, count: codebooks * densities * $0) }
    var next = 0
    for codebook in 0..<codebooks {
      for (stream, length) in lengths.enumerated() {
        for index in (codebook * densities * length)..<((codebook + 1) * densities * length) {
          let word = reader.swapsBytes ? UInt32(bigEndian: words[next]) : UInt32(littleEndian: words[next])
          values[stream][index] = Double(Float(bitPattern: word))
          next += 1
        }
      }
    }
    return (codebooks, densities, lengths, values)
  }

  /// The base phones a model definition names, in order: from a binary `mdef` (`BMDF`, a
  /// version, the length of the format description that follows, with its NUL, rounded up to
  /// four bytes, then ten counts, the first the base phones', and the base phone names) or a
  /// text one (the lines whose left, right and position fields are `-`).
  static func basePhones(modelDefinition data: Data) -> [String]? {
    let swapped = data.starts(with: Data("FDMB".utf8))
    if data.starts(with: Data("BMDF".utf8)) || swapped {
      var reader = BinaryReader(data: data, offset: data.startIndex + 8)
      reader.swapsBytes = swapped
      guard let length = reader.int32(), length >= 0, length % 4 == 0 else { return nil }
      reader.offset += length
      guard let count = reader.int32(), (1...256).contains(count) else { return nil }
      reader.offset += 9 * 4
      var phones: [String] = []
      for _ in 0..<count {
        guard let name = reader.cString(), !name.isEmpty else { return nil }
        phones.append(name)
      }
      return phones
    }
    guard let text = String(data: data, encoding: .utf8) else { return nil }
    let phones = text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
      let fields = line.split(whereSeparator: \.isWhitespace)
      guard fields.count >= 6, !line.hasPrefix("#"), fields[1] == "-", fields[2] == "-", fields[3] == "-" else {
        return nil
      }
      return String(fields[0])
    }
    return phones.isEmpty ? nil : phones
  }
}

/// Reads little-endian (or, with ``swapsBytes``, big-endian) values from a model file.
struct BinaryReader {
  let data: Data
  var offset: Int
  var swapsBytes = false

  init(data: Data, offset: Int) {
    self.data = data
    self.offset = offset
  }

  mutating func uint32() -> UInt32? {
    guard offset >= data.startIndex, offset + 4 <= data.endIndex else { return nil }
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(data[offset + index]) << (8 * index) }
    offset += 4
    return swapsBytes ? value.byteSwapped : value
  }

  mutating func int32() -> Int? {
    uint32().map { Int(Int32(bitPattern: $0)) }
  }

  /// A NUL-terminated ASCII string.
  mutating func cString() -> String? {
    guard offset >= data.startIndex, offset < data.endIndex, let end = data[offset...].firstIndex(of: 0) else {
      return nil
    }
    let text = String(decoding: data[offset..<end], as: UTF8.self)
    offset = end + 1
    return text
  }
}
