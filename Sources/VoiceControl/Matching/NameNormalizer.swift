import Foundation

/// Turns utterances and element names into comparable tokens.
///
/// Normalisation folds full-width forms to half-width (NFKC), case, punctuation, symbols, emoji
/// and whitespace; it splits letters from digits ("iPhone15" is "iphone 15"), makes every
/// ideograph its own token (so "关闭按钮" is 关 闭 按 钮), drops apostrophes inside words and
/// turns number words into digits ("seven", "七" and "７" are all `7`; "one thousand" and
/// "1,000" are `1000`; "three point one four" and "3.14" are `3.14`). A minus that starts a
/// word and touches digits ("-1", "−1"), or a minus word before a number ("minus one", "负一"),
/// makes a minus sign (U+2212) in the token, so that "tap -1" never reads as "tap 1" and the
/// token never parses as a whole number; a hyphen inside a word ("Wi-Fi 6", "iPhone-15", "5-3")
/// only separates. Names and utterances go through the same steps, so whatever a name
/// becomes, saying it becomes the same.
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

  /// What a text is before number words combine: lower-case words, numbers (with a leading
  /// minus sign, thousands separators dropped and a decimal point kept: "-1,000.5" is
  /// `−1000.5`) and single ideographs.
  static func rawTokens(_ text: String) -> [String] {
    let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
    var tokens: [String] = []
    var current = String.UnicodeScalarView()
    func flush() {
      if !current.isEmpty { tokens.append(String(current)) }
      current = String.UnicodeScalarView()
    }
    let scalars = Array(folded.unicodeScalars)
    var position = 0
    while position < scalars.count {
      let scalar = scalars[position]
      let properties = scalar.properties
      let isMinus = isLeadingMinus(at: position, in: scalars)
      if isMinus || properties.numericType == .decimal {
        flush()
        let (number, end) = numberText(at: isMinus ? position + 1 : position, in: scalars)
        tokens.append((isMinus ? String(minusSign) : "") + number)
        position = end
        continue
      }
      position += 1
      if scalar == "'" || scalar == "\u{2019}" {
        continue  // "Today's" is one word
      }
      if properties.isIdeographic {
        flush()
        tokens.append(String(scalar))
      } else if properties.isAlphabetic && !properties.isEmojiPresentation {
        current.append(scalar)
      } else if properties.generalCategory == .nonspacingMark
        || properties.generalCategory == .spacingMark
      {
        if !current.isEmpty { current.append(scalar) }
      } else {
        flush()
      }
    }
    flush()
    return tokens
  }

  /// The number whose first digit is at `start` and the position after it: a digit run, with
  /// thousands groups (`1,000,000`) and one decimal part (`3.14`) when they are unambiguous.
  /// A run that is part of a longer chain of separated digits (`1.2.3`, `192.168.0.1`,
  /// `1,2`) is only its own digits, each run a token, as before decimals were read.
  static func numberText(at start: Int, in scalars: [Unicode.Scalar]) -> (String, Int) {
    func isDigit(_ index: Int) -> Bool {
      index >= 0 && index < scalars.count && scalars[index].properties.numericType == .decimal
    }
    func isSeparator(_ index: Int) -> Bool {
      index >= 0 && index < scalars.count && (scalars[index] == "," || scalars[index] == ".")
    }
    func digitRun(from index: Int) -> Int {
      var end = index
      while isDigit(end) { end += 1 }
      return end
    }
    var end = digitRun(from: start)
    let plain = (String(String.UnicodeScalarView(scalars[start..<end])), end)
    // The second run of "1.2" or "1,000" is never the start of a number of its own.
    if isSeparator(start - 1), isDigit(start - 2) { return plain }
    var text = plain.0
    if end - start <= 3 {
      while scalars.indices.contains(end), scalars[end] == ",", digitRun(from: end + 1) == end + 4 {
        text += String(String.UnicodeScalarView(scalars[(end + 1)..<(end + 4)]))
        end += 4
      }
    }
    if end < scalars.count, scalars[end] == ".", isDigit(end + 1) {
      let fractionEnd = digitRun(from: end + 1)
      text += "." + String(String.UnicodeScalarView(scalars[(end + 1)..<fractionEnd]))
      end = fractionEnd
    }
    // Another separator and digit after it: a version, an address or a list, not a number.
    if isSeparator(end), isDigit(end + 1) { return plain }
    return (text, end)
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
