import Foundation

/// Converts audio between sample rates with a Hann-windowed sinc filter.
enum Resampler {
  /// Filter half-width in input samples at the lower of the two rates.
  private static let halfWidth = 16

  /// `samples` at `inputRate` resampled to `outputRate`; a low-pass at the lower Nyquist
  /// frequency avoids aliasing when downsampling.
  static func resample(_ samples: [Float], from inputRate: Int, to outputRate: Int) -> [Float] {
    guard inputRate != outputRate, !samples.isEmpty else { return samples }
    let ratio = Double(inputRate) / Double(outputRate)
    let cutoff = min(1.0, 1.0 / ratio)
    let reach = Double(halfWidth) / cutoff
    let count = Int((Double(samples.count) / ratio).rounded(.down))
    var output = [Float](repeating: 0, count: count)
    samples.withUnsafeBufferPointer { input in
      for index in 0..<count {
        let center = Double(index) * ratio
        let first = max(0, Int((center - reach).rounded(.up)))
        let last = min(input.count - 1, Int((center + reach).rounded(.down)))
        guard first <= last else { continue }
        var sum = 0.0
        var weights = 0.0
        for position in first...last {
          let distance = Double(position) - center
          let x = distance * cutoff
          let sinc = x == 0 ? 1.0 : sin(Double.pi * x) / (Double.pi * x)
          let window = 0.5 + 0.5 * cos(Double.pi * distance / reach)
          let weight = sinc * window
          sum += Double(input[position]) * weight
          weights += weight
        }
        output[index] = Float(weights == 0 ? 0 : sum / weights)
      }
    }
    return output
  }
}
