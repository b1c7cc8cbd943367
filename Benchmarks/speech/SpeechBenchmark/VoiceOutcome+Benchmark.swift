import AXModel
import VoiceControl

extension VoiceOutcome {
  /// Whether this outcome does what `other` does: the same intent on the same target, at the
  /// same point.
  ///
  /// A grid cell zoomed into or touched has no target, only the point at its centre: with the
  /// intent and target alone, "four" heard as "five" on the grid would count as performed.
  func doesSame(as other: VoiceOutcome) -> Bool {
    intent == other.intent && target == other.target && point == other.point
  }

  /// The intent and what it acted on, as the benchmarks print a dispatch: "tap brew", or
  /// "number at (195, 422)" for a grid cell.
  var dispatchDescription: String {
    "\(intent?.rawValue ?? "-") \(target ?? point.map { "at \($0)" } ?? "-")"
  }
}
