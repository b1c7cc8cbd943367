/// The decoder's best path for one utterance: its words, score and timings.
public struct Hypothesis: Sendable, Equatable {
  /// The recognized words separated by spaces, without silence or noise fillers. Words of the
  /// rejection path start with `__`.
  public var text: String
  /// The path score, a log probability in PocketSphinx's units (higher is better).
  public var score: Int
  /// Every segment of the path, fillers included, in order.
  public var segments: [WordSegment]

  /// Creates a hypothesis.
  public init(text: String, score: Int, segments: [WordSegment]) {
    self.text = text
    self.score = score
    self.segments = segments
  }

  /// The words of ``text``.
  public var words: [String] {
    text.split(separator: " ").map(String.init)
  }

  /// Whether a word was heard in another accent's pronunciation (see ``AccentVariants``).
  public var usesAccentVariant: Bool {
    segments.contains(where: \.isAccentVariant)
  }

  /// Whether the path went through the rejection (phone-loop) path or an unspeakable word.
  public var usesRejectionPath: Bool {
    words.contains { $0.hasPrefix(RejectionSettings.reservedPrefix) }
  }
}

/// One word or filler of a hypothesis with its timing.
public struct WordSegment: Sendable, Equatable {
  /// The dictionary word, such as `tap`, `<sil>` or `[NOISE]`.
  public var word: String
  /// The start, in seconds from the start of the decoded audio of the utterance.
  public var start: Double
  /// The end, in seconds from the start of the decoded audio of the utterance.
  public var end: Double
  /// The acoustic score of the segment.
  public var acousticScore: Int
  /// Whether the word was heard in another accent's pronunciation (see ``AccentVariants``).
  public var isAccentVariant: Bool

  /// Creates a segment.
  public init(word: String, start: Double, end: Double, acousticScore: Int, isAccentVariant: Bool = false) {
    self.word = word
    self.start = start
    self.end = end
    self.acousticScore = acousticScore
    self.isAccentVariant = isAccentVariant
  }

  /// Whether this is silence or noise rather than a word (`<sil>`, `[NOISE]`, `<s>`).
  public var isFiller: Bool {
    Self.isFiller(word)
  }

  /// Whether a dictionary word is silence or noise (`<sil>`, `[NOISE]`, `<s>`, `+NSN+`).
  static func isFiller(_ word: String) -> Bool {
    word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+")
  }

  /// Where an accent variant's spelling marks its number ("hide__2"), if it is one.
  static func accentMarker(in word: String) -> Range<String.Index>? {
    guard let marker = word.range(of: AccentVariants.marker, options: .backwards),
      marker.lowerBound != word.startIndex, marker.upperBound < word.endIndex,
      word[marker.upperBound...].allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return marker
  }

  /// A dictionary word without the number of an alternate pronunciation: "to" for "to(3)",
  /// and "hide" for the accent variant "hide__2" (``AccentVariants/spelling(of:variant:)``).
  static func baseWord(_ word: String) -> String {
    if let marker = accentMarker(in: word) {
      return String(word[..<marker.lowerBound])
    }
    guard word.hasSuffix(")"), let open = word.lastIndex(of: "("), open != word.startIndex else {
      return word
    }
    return String(word[..<open])
  }
}
