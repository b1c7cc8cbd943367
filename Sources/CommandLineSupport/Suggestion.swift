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
    let typed = Array(word.drop { $0 == "-" })
    let limit = max(1, min(2, typed.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let distance = editDistance(typed, Array(candidate.drop { $0 == "-" }))
      if distance <= limit && distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal-string-alignment distance between two character arrays.
  static func editDistance(_ source: [Character], _ target: [Character]) -> Int {
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    let width = target.count + 1
    var rows = Array(repeating: Array(repeating: 0, count: width), count: source.count + 1)
    for column in 0..<width {
      rows[0][column] = column
    }
    for row in 1...source.count {
      rows[row][0] = row
      for column in 1..<width {
        let cost = source[row - 1] == target[column - 1] ? 0 : 1
        var distance = min(
          rows[row - 1][column] + 1,
          rows[row][column - 1] + 1,
          rows[row - 1][column - 1] + cost)
        if row > 1 && column > 1 && source[row - 1] == target[column - 2]
          && source[row - 2] == target[column - 1]
        {
          distance = min(distance, rows[row - 2][column - 2] + 1)
        }
        rows[row][column] = distance
      }
    }
    return rows[source.count][target.count]
  }
}
