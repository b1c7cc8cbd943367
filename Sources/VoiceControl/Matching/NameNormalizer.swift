import Foundation

/// Turns utterances and element names into comparable tokens.
///
/// Normalisation folds full-width forms to half-width (NFKC), case, punctuation, symbols, emoji
/// and whitespace; it splits letters from digits ("iPhone15" is "iphone 15"), makes every
/// ideograph its own token (so "关闭按钮" is 关 闭 按 钮), drops apostrophes inside words and
/// turns number words into digits ("seven", "七" and "７" are all `7`). A minus that starts a
/// word and touches digits ("-1", "−1") stays with them as a minus sign (U+2212), so that
/// "tap -1" never reads as "tap 1" and the token never parses as a number; a hyphen inside a
/// word ("Wi-Fi 6", "iPhone-15", "5-3") only separates. Names and utterances go through the
/// same steps, so whatever a name becomes, saying it becomes the same.
public struct NameNormalizer: Hashable, Sendable {
  /// The language's number words.
  public var numbers: NumberWords
  /// Trait words, each a token sequence, that a speaker may add after a name.
  public var traitWords: [[String]]

  /// Creates a normaliser.
  public init(numbers: NumberWords, traitWords: [[String]]) {
    self.numbers = numbers
    self.traitWords = traitWords
  }

  /// The normalised tokens of a text.
  ///
  ///     normalizer.tokens("Add-to-Cart  (7)")  // ["add", "to", "cart", "7"]
  public func tokens(_ text: String) -> [String] {
    numbers.combined(NameNormalizer.rawTokens(text))
  }

  /// The tokens without trailing trait words, when something is left ("play button" is
  /// "play"; "button" alone stays "button").
  public func strippingTraitWords(_ tokens: [String]) -> [String] {
    var result = tokens
    var changed = true
    while changed {
      changed = false
      for words in traitWords where result.count > words.count && result.suffix(words.count).elementsEqual(words) {
        result.removeLast(words.count)
        changed = true
      }
    }
    return result
  }

  /// The minus sign a leading minus before digits becomes.
  static let minusSign: Unicode.Scalar = "\u{2212}"

  /// What a text is before number words combine: lower-case words, digit runs (with a leading
  /// minus sign, if any) and single ideographs.
  static func rawTokens(_ text: String) -> [String] {
    let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
    var tokens: [String] = []
    var current = String.UnicodeScalarView()
    var currentIsDigits = false
    func flush() {
      if !current.isEmpty { tokens.append(String(current)) }
      current = String.UnicodeScalarView()
    }
    let scalars = Array(folded.unicodeScalars)
    for (position, scalar) in scalars.enumerated() {
      let properties = scalar.properties
      if isLeadingMinus(at: position, in: scalars) {
        flush()
        current.append(minusSign)
        currentIsDigits = true
        continue
      }
      if scalar == "'" || scalar == "\u{2019}" {
        continue  // "Today's" is one word
      }
      if properties.isIdeographic {
        flush()
        tokens.append(String(scalar))
      } else if properties.numericType == .decimal {
        if !currentIsDigits { flush() }
        currentIsDigits = true
        current.append(scalar)
      } else if properties.isAlphabetic && !properties.isEmojiPresentation {
        if currentIsDigits { flush() }
        currentIsDigits = false
        current.append(scalar)
      } else if properties.generalCategory == .nonspacingMark
        || properties.generalCategory == .spacingMark
      {
        if !current.isEmpty && !currentIsDigits { current.append(scalar) }
      } else {
        flush()
      }
    }
    flush()
    return tokens
  }

  /// Whether the scalar at `position` is a minus ("-" or U+2212; NFKC has folded the
  /// full-width and small forms) that starts a word and is followed by a digit.
  private static func isLeadingMinus(at position: Int, in scalars: [Unicode.Scalar]) -> Bool {
    guard scalars[position] == "-" || scalars[position] == minusSign,
      position + 1 < scalars.count, scalars[position + 1].properties.numericType == .decimal
    else { return false }
    guard position > 0 else { return true }
    let previous = scalars[position - 1].properties
    // Every ideograph is a word of its own, so "轻点-1" has a leading minus too.
    if previous.isIdeographic { return true }
    return !(previous.isAlphabetic || previous.numericType != nil
      || scalars[position - 1] == "-" || scalars[position - 1] == minusSign
      || previous.generalCategory == .nonspacingMark || previous.generalCategory == .spacingMark)
  }
}
