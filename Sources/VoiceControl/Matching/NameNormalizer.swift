import Foundation

/// Turns utterances and element names into comparable tokens.
///
/// Normalisation folds full-width forms to half-width (NFKC), case, punctuation, symbols, emoji
/// and whitespace; it splits letters from digits ("iPhone15" is "iphone 15"), makes every
/// ideograph its own token (so "关闭按钮" is 关 闭 按 钮), drops apostrophes inside words and
/// turns number words into digits ("seven", "七" and "７" are all `7`). Names and utterances go
/// through the same steps, so whatever a name becomes, saying it becomes the same.
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

  /// What a text is before number words combine: lower-case words, digit runs and single
  /// ideographs.
  static func rawTokens(_ text: String) -> [String] {
    let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
    var tokens: [String] = []
    var current = String.UnicodeScalarView()
    var currentIsDigits = false
    func flush() {
      if !current.isEmpty { tokens.append(String(current)) }
      current = String.UnicodeScalarView()
    }
    for scalar in folded.unicodeScalars {
      let properties = scalar.properties
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
}
