import AXModel

/// Finds the declared name a mistyped option or subcommand most likely meant,
/// for "Did you mean …?" hints.
///
/// Names are compared by their optimal-string-alignment distance: the number
/// of single-character insertions, deletions, substitutions and swaps of
/// adjacent characters that turn one into the other. A candidate is only
/// suggested when it is close relative to the length of the typed word, so
/// short words do not attract unrelated suggestions.
enum Suggestion {
  /// Returns the candidate closest to `word`, or `nil` when none is close.
  ///
  /// - Parameters:
  ///   - word: The word as typed, such as `"--fromat"` or `"tre"`.
  ///   - candidates: The declared spellings, in declaration order; the first
  ///     of several equally close candidates wins.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let typed = String(word.drop { $0 == "-" })
    let limit = max(1, min(2, typed.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let distance = editDistance(typed, String(candidate.drop { $0 == "-" }))
      if distance <= limit && distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }
}
