/// A language's number words and the rules that combine them, read from a grammar file.
///
/// Plain words add ("twenty one" is 21); multipliers scale what precedes them ("one hundred
/// five" is 105, "二百三十" is 230). Digits and number words are interchangeable everywhere a
/// name or a number is matched, so "7", "seven" and "七" are the same token.
public struct NumberWords: Hashable, Sendable {
  /// Words with their values, such as `seven: 7`, `twenty: 20`, `七: 7`.
  public var words: [String: Int]
  /// Multiplier words with their factors, such as `hundred: 100`, `十: 10`.
  public var multipliers: [String: Int]

  /// Creates number words.
  public init(words: [String: Int], multipliers: [String: Int]) {
    self.words = words
    self.multipliers = multipliers
  }

  /// The largest number ``spelled(_:)`` writes in words.
  public static let spellingLimit = 999

  /// The number in words, tokens separated by spaces ("twenty one", "十 二"), or the digits
  /// when the grammar has no words for it.
  public func spelled(_ number: Int) -> String {
    guard number >= 0, number <= NumberWords.spellingLimit,
      let parts = spelledParts(number), !parts.isEmpty
    else { return String(number) }
    return parts.joined(separator: " ")
  }

  /// The first word (in sorted order) for each value, so spelling is deterministic.
  private func word(for value: Int) -> String? {
    words.filter { $0.value == value }.keys.sorted().first
  }

  private func multiplier(for value: Int) -> String? {
    multipliers.filter { $0.value == value }.keys.sorted().first
  }

  private func spelledParts(_ number: Int) -> [String]? {
    if let word = word(for: number) { return [word] }
    if number >= 100, let hundred = multiplier(for: 100) {
      var parts = (spelledParts(number / 100) ?? []) + [hundred]
      if number % 100 > 0 {
        guard let rest = spelledParts(number % 100) else { return nil }
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

  /// Replaces runs of number words by their value in digits, leaving other tokens alone.
  ///
  /// A run ends where the next word could not continue it, so "seven seven" is two numbers
  /// and "twenty one" is one. Tokens already in digits stand alone.
  func combined(_ tokens: [String]) -> [String] {
    var result: [String] = []
    var total = 0
    var pending = 0
    var inNumber = false
    var lastMultiplier = Int.max
    func flush() {
      if inNumber { result.append(String(total + pending)) }
      total = 0
      pending = 0
      inNumber = false
      lastMultiplier = Int.max
    }
    for token in tokens {
      if let factor = multipliers[token] {
        if inNumber && factor >= lastMultiplier { flush() }
        total += max(pending, 1) * factor
        pending = 0
        lastMultiplier = factor
        inNumber = true
      } else if let value = words[token] {
        if inNumber && pending != 0 {
          // Only "twenty" + "one" continues: a round ten followed by a unit.
          if pending >= 20 && pending % 10 == 0 && pending < 100 && value < 10 && value > 0 {
            pending += value
            continue
          }
          flush()
        }
        pending = value
        inNumber = true
      } else {
        flush()
        if let first = token.unicodeScalars.first, first.properties.numericType == .decimal,
          let number = Int(token)
        {
          result.append(String(number))
        } else {
          result.append(token)
        }
      }
    }
    flush()
    return result
  }
}
