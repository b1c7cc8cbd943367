/// A language's number words and the rules that combine them, read from a grammar file.
///
/// Plain words add ("twenty one" is 21); a multiplier scales the part before it that is smaller
/// than itself ("one hundred five" is 105, "twelve thousand three hundred" is 12300, "二百三十"
/// is 230, "一千二百万" is 12000000). A point word starts decimals read digit by digit ("three
/// point one four" is 3.14, "三点一四" too) and a minus word makes a number negative ("minus
/// seven", "负七"). Digits and number words are interchangeable everywhere a name or a number is
/// matched, so "7", "seven" and "七" are the same token, and so are "1,000", "1000" and "one
/// thousand".
public struct NumberWords: Hashable, Sendable {
  /// Words with their values, such as `seven: 7`, `twenty: 20`, `七: 7`.
  public var words: [String: Int]
  /// Multiplier words with their factors, such as `hundred: 100`, `thousand: 1000`, `十: 10`.
  public var multipliers: [String: Int]
  /// Words for the decimal point (`point`, `点`); the first is the one spelled.
  public var pointWords: [String]
  /// Words that make the number after them negative (`minus`, `负`); the first is spelled.
  public var minusWords: [String]

  /// Creates number words.
  public init(
    words: [String: Int], multipliers: [String: Int], pointWords: [String] = [],
    minusWords: [String] = []
  ) {
    self.words = words
    self.multipliers = multipliers
    self.pointWords = pointWords
    self.minusWords = minusWords
  }

  /// The largest whole number ``spelled(_:)`` writes in words (larger ones stay digits).
  public static let spellingLimit = 999_999_999

  /// The number in words, tokens separated by spaces ("twenty one", "十 二", "minus seven"), or
  /// the digits when the grammar has no words for it.
  public func spelled(_ number: Int) -> String {
    if number < 0, number >= -NumberWords.spellingLimit, let minus = minusWords.first {
      let magnitude = spelled(-number)
      return magnitude == String(-number) ? String(number) : minus + " " + magnitude
    }
    guard number >= 0, number <= NumberWords.spellingLimit,
      let parts = spelledParts(number), !parts.isEmpty
    else { return String(number) }
    return parts.joined(separator: " ")
  }

  /// A normalised number token in words: "1000", "−7" (minus sign), "3.14159" (digits after
  /// the point one by one: "three point one four one five nine"). `nil` when the token is not
  /// a number; the token itself when the grammar lacks a word for part of it.
  public func spelled(token: String) -> String? {
    guard let number = NumberToken(token) else { return nil }
    var parts: [String] = []
    if number.isNegative {
      guard let minus = minusWords.first else { return token }
      parts.append(minus)
    }
    guard let whole = Int(number.whole) else { return token }
    let wholeWords = spelled(whole)
    guard wholeWords != String(whole) else { return token }
    parts.append(wholeWords)
    if let fraction = number.fraction {
      guard let point = pointWords.first else { return token }
      parts.append(point)
      for digit in fraction.unicodeScalars {
        guard let value = Int(String(digit)), let word = word(for: value) else { return token }
        parts.append(word)
      }
    }
    return parts.joined(separator: " ")
  }

  /// The first word (in sorted order) for each value, so spelling is deterministic.
  private func word(for value: Int) -> String? {
    words.filter { $0.value == value }.keys.sorted().first
  }

  private func multiplier(for value: Int) -> String? {
    multipliers.filter { $0.value == value }.keys.sorted().first
  }

  /// The words of a number, largest multiplier first, so that reading them back with
  /// ``combined(_:)`` gives the number: each multiplier's head is smaller than the multiplier,
  /// and the rest is smaller than the part before it.
  private func spelledParts(_ number: Int) -> [String]? {
    if let word = word(for: number) { return [word] }
    let factors = multipliers.values.filter { $0 > 10 && $0 <= number }.sorted(by: >)
    if let factor = factors.first, let name = multiplier(for: factor) {
      let head = number / factor
      // A head as large as the factor would read back as a product of two multipliers.
      guard head < factor, let headParts = spelledParts(head) else { return nil }
      var parts = headParts + [name]
      if number % factor > 0 {
        guard let rest = spelledParts(number % factor) else { return nil }
        parts += rest
      }
      return parts
    }
    guard number < 100 else { return nil }
    if let tens = word(for: number / 10 * 10), let unit = word(for: number % 10) {
      return [tens, unit]
    }
    if let ten = multiplier(for: 10) {
      var parts: [String] = []
      if number / 10 > 1 {
        guard let head = word(for: number / 10) else { return nil }
        parts.append(head)
      }
      parts.append(ten)
      if number % 10 > 0 {
        guard let unit = word(for: number % 10) else { return nil }
        parts.append(unit)
      }
      return parts
    }
    return nil
  }
}

/// A normalised number token taken apart: an optional minus sign (U+2212), whole digits, and
/// digits after a point.
struct NumberToken: Hashable, Sendable {
  var isNegative: Bool
  var whole: String
  var fraction: String?

  init?(_ token: String) {
    var scalars = Substring(token).unicodeScalars[...]
    isNegative = scalars.first == NameNormalizer.minusSign
    if isNegative { scalars = scalars.dropFirst() }
    let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let first = parts.first, !first.isEmpty, first.allSatisfy(Self.isASCIIDigit) else {
      return nil
    }
    whole = String(String.UnicodeScalarView(first))
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].allSatisfy(Self.isASCIIDigit) else { return nil }
      fraction = String(String.UnicodeScalarView(parts[1]))
    }
  }

  static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }

  /// The canonical text: leading zeros dropped from the whole part when it fits an `Int`, so
  /// "007" and "seven" are one token; the fraction's digits kept as written.
  var canonical: String {
    var text = isNegative ? String(NameNormalizer.minusSign) : ""
    text += Int(whole).map(String.init) ?? whole
    if let fraction { text += "." + fraction }
    return text
  }
}
