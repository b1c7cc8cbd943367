/// A rule for "did you mean" hints: which of the valid names a mistyped one most likely meant.
///
/// Every hint in AXInput uses this one rule. Names are compared by ``editDistance(_:_:)``, and
/// the closest candidate, the first of several equally close ones, is suggested only when it is
/// close relative to a name's length, so that short words do not attract unrelated suggestions:
/// a candidate may be at most a third of that length away, at least one edit and at most
/// ``maximumDistance``. The settings say whose length counts and what the comparison ignores;
/// ``dataFile`` and ``commandLine`` are the settings for data files and for command lines.
///
/// ```swift
/// NameSuggestion.dataFile.nearest(to: "buton", in: ["label", "button"])        // "button"
/// NameSuggestion.commandLine.nearest(to: "--fromat", in: ["--help", "--format"])  // "--format"
/// ```
package struct NameSuggestion: Hashable, Sendable {
  /// The name whose length sets how many edits away a suggestion may be.
  package enum Measure: Hashable, Sendable {
    /// The suggested candidate's length.
    case candidate
    /// The typed name's length, after what the rule ignores is removed.
    case typedName
  }

  /// The most edits a suggestion may be away, however long the names.
  package var maximumDistance: Int
  /// The name whose length sets the allowed distance.
  package var measure: Measure
  /// Whether names are compared lowercased.
  package var ignoresCase: Bool
  /// Whether leading `-` characters are dropped before names are compared.
  package var ignoresLeadingDashes: Bool

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - maximumDistance: The most edits a suggestion may be away.
  ///   - measure: The name whose length sets the allowed distance.
  ///   - ignoresCase: Whether names are compared lowercased.
  ///   - ignoresLeadingDashes: Whether leading `-` characters are dropped before comparing.
  package init(
    maximumDistance: Int, measure: Measure, ignoresCase: Bool = false,
    ignoresLeadingDashes: Bool = false
  ) {
    self.maximumDistance = maximumDistance
    self.measure = measure
    self.ignoresCase = ignoresCase
    self.ignoresLeadingDashes = ignoresLeadingDashes
  }

  /// The rule for names in data files (view types, traits, keys, references, slots): case is
  /// ignored, and a candidate may be up to three edits away, a third of its own length.
  package static let dataFile = NameSuggestion(
    maximumDistance: 3, measure: .candidate, ignoresCase: true)

  /// The rule for command-line words (subcommands, options): leading dashes are ignored, case
  /// is not, and a candidate may be up to two edits away, a third of the typed word's length.
  package static let commandLine = NameSuggestion(
    maximumDistance: 2, measure: .typedName, ignoresLeadingDashes: true)

  /// Returns the candidate `name` most likely meant, or `nil` when none is close enough.
  ///
  /// - Parameters:
  ///   - name: The name as typed, such as `"buton"` or `"--fromat"`.
  ///   - candidates: The valid spellings, in declaration order; the first of several equally
  ///     close candidates wins.
  /// - Returns: The candidate as spelled in `candidates`.
  package func nearest(to name: String, in candidates: [String]) -> String? {
    let typed = comparable(name)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, comparable(candidate))
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let length = measure == .candidate ? best.candidate.count : typed.count
    let allowed = max(1, min(maximumDistance, length / 3))
    return best.distance <= allowed ? best.candidate : nil
  }

  /// `name` without what the rule ignores.
  private func comparable(_ name: String) -> String {
    let trimmed = ignoresLeadingDashes ? String(name.drop { $0 == "-" }) : name
    return ignoresCase ? trimmed.lowercased() : trimmed
  }
}

/// Returns the candidate closest to `name` by edit distance, when it is close enough to be a
/// plausible typo, by the ``NameSuggestion/dataFile`` rule.
package func nearestName(to name: String, in candidates: [String]) -> String? {
  NameSuggestion.dataFile.nearest(to: name, in: candidates)
}

/// The optimal-string-alignment distance between two strings, over Unicode scalars: insertions,
/// deletions, substitutions and swaps of adjacent characters each cost one, so the usual typos
/// ("lable", "buton") are one edit away. ``NameSuggestion`` measures every "did you mean" with it.
package func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var beforePrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], beforePrevious[j - 2] + 1)
      }
    }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  return previous[b.count]
}
