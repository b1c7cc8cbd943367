/// Finds a spoken phrase in a field's text, as "select <phrase>" and "replace <phrase> with …"
/// need it: which characters of the text say the phrase's tokens.
///
/// The text is compared as the words are: a run of the text matches when the normaliser turns
/// it into exactly the phrase's tokens, so "Seven" in the text is found by "seven" or "7",
/// "iPhone15" by "fifteen", "今天" by "今 天". A run starts and ends where a word does: at a
/// change between letters, digits and other characters, and around every ideograph.
public struct PhraseFinder: Sendable {
  /// The normaliser both the text and the phrase are read with.
  public var normalizer: NameNormalizer

  /// Creates a finder.
  public init(normalizer: NameNormalizer) {
    self.normalizer = normalizer
  }

  /// Every run of `text` (offsets in characters) that says `tokens`, in order; the shortest run
  /// at each start.
  public func occurrences(of tokens: [String], in text: String) -> [Range<Int>] {
    guard !tokens.isEmpty else { return [] }
    let characters = Array(text)
    var kinds = characters.map(Self.kind)
    // An apostrophe inside a word ("Today's") is part of it, as the normaliser reads it; a
    // quote around one is not.
    for index in kinds.indices where characters[index] == "'" || characters[index] == "\u{2019}" {
      let inside = index > 0 && index + 1 < kinds.count && kinds[index - 1] == .letter && kinds[index + 1] == .letter
      kinds[index] = inside ? .letter : .other
    }
    func startsWord(_ index: Int) -> Bool {
      let kind = kinds[index]
      // A minus before digits belongs to the number ("-1" is said "minus one").
      if kind == .other {
        return (characters[index] == "-" || characters[index] == "\u{2212}")
          && kinds.indices.contains(index + 1) && kinds[index + 1] == .digit
      }
      return index == 0 || kinds[index - 1] != kind || kind == .ideograph
    }
    func endsWord(_ end: Int) -> Bool {
      let kind = kinds[end - 1]
      guard kind != .other else { return false }
      return end == characters.count || kinds[end] != kind || kind == .ideograph
    }
    let ends = characters.isEmpty ? [] : (1...characters.count).filter(endsWord)
    var found: [Range<Int>] = []
    for start in characters.indices where startsWord(start) {
      for end in ends where end > start {
        let read = normalizer.tokens(String(characters[start..<end]))
        if read == tokens {
          found.append(start..<end)
          break
        }
        // Runs only grow; number words can join ("twenty one" is one token), so allow a few.
        if read.count > tokens.count + 2 { break }
      }
    }
    return found
  }

  /// The occurrence of `tokens` an edit at `cursor` acts on: the last one that ends at or
  /// before the cursor's start, else the first after it, else `nil`.
  ///
  /// With the insertion point at the end (where dictation leaves it) that is the last
  /// occurrence, the one just dictated; saying "select <phrase>" again while it is selected
  /// selects the occurrence before it, as a dictation user steps back through repeats.
  public func occurrence(of tokens: [String], in text: String, near cursor: Range<Int>) -> Range<Int>? {
    let all = occurrences(of: tokens, in: text)
    return all.last { $0.upperBound <= cursor.lowerBound } ?? all.first { $0.lowerBound >= cursor.lowerBound }
      ?? all.last
  }

  /// What a character is, for where words start and end.
  enum Kind {
    case letter, digit, ideograph, other
  }

  static func kind(_ character: Character) -> Kind {
    guard let first = character.unicodeScalars.first else { return .other }
    let properties = first.properties
    if properties.isIdeographic { return .ideograph }
    if properties.numericType == .decimal { return .digit }
    if properties.isAlphabetic { return .letter }
    return .other
  }
}
