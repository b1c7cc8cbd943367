import AXModel

/// Finds the declared name a mistyped option or subcommand most likely meant,
/// for "Did you mean …?" hints.
///
/// It applies AXInput's one suggestion rule with its command-line settings,
/// ``NameSuggestion/commandLine``: names are compared by their
/// optimal-string-alignment distance, without their leading dashes, and a
/// candidate is only suggested when it is close relative to the length of the
/// typed word, so short words do not attract unrelated suggestions.
enum Suggestion {
  /// Returns the candidate closest to `word`, or `nil` when none is close.
  ///
  /// - Parameters:
  ///   - word: The word as typed, such as `"--fromat"` or `"tre"`.
  ///   - candidates: The declared spellings, in declaration order; the first
  ///     of several equally close candidates wins. A candidate spelled
  ///     exactly as `word` is never suggested.
  static func closest(to word: String, among candidates: [String]) -> String? {
    NameSuggestion.commandLine.nearest(to: word, in: candidates.filter { $0 != word })
  }
}
