extension NumberWords {
  /// Replaces runs of number words by their value in digits, leaving other tokens alone.
  ///
  /// A run ends where the next word could not continue it, so "seven seven" is two numbers
  /// and "twenty one" is one. A minus word joins the number after it ("minus seven" is `−7`,
  /// with U+2212 as a digit token "-7" has it) and a point word joins the digits after it
  /// ("three point one four" is `3.14`); either one with no number to join stays a word.
  /// Digit tokens are made canonical ("007" is `7`).
  func combined(_ tokens: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < tokens.count {
      if let (text, count) = number(in: tokens, at: index) {
        result.append(text)
        index += count
      } else {
        result.append(tokens[index])
        index += 1
      }
    }
    return result
  }

  /// The number that starts at `start`, in digits, and how many tokens it took.
  private func number(in tokens: [String], at start: Int) -> (String, Int)? {
    if minusWords.contains(tokens[start]), start + 1 < tokens.count,
      let (text, count) = unsigned(in: tokens, at: start + 1),
      !text.unicodeScalars.starts(with: [NameNormalizer.minusSign])
    {
      return (String(NameNormalizer.minusSign) + text, count + 1)
    }
    return unsigned(in: tokens, at: start)
  }

  /// A number without a minus word: digits, or number words, then maybe a point and digits.
  private func unsigned(in tokens: [String], at start: Int) -> (String, Int)? {
    if let token = NumberToken(tokens[start]) {
      // A digit token is a number of its own, or the head of a multiplier ("3 thousand").
      guard token.fraction == nil, !token.isNegative, let value = Int(token.whole),
        start + 1 < tokens.count, multipliers[tokens[start + 1]] != nil,
        let (text, count) = words(in: tokens, at: start, first: value)
      else { return (token.canonical, 1) }
      return (text, count)
    }
    return words(in: tokens, at: start, first: nil)
  }

  /// Reads number words from `start` (the first given as a value when it was digits).
  private func words(in tokens: [String], at start: Int, first: Int?) -> (String, Int)? {
    // Terms of the whole part, largest first, and the word value not yet scaled.
    var terms: [Int] = []
    var pending = first
    var pendingStart = start
    var index = first == nil ? start : start + 1
    reading: while index < tokens.count {
      let token = tokens[index]
      if let factor = multipliers[token] {
        // The multiplier scales the trailing terms smaller than itself and the pending word.
        var sum = pending ?? 0
        var kept = terms.count
        while kept > 0, terms[kept - 1] < factor {
          sum += terms[kept - 1]
          kept -= 1
        }
        let (term, overflow) = max(sum, 1).multipliedReportingOverflow(by: factor)
        if overflow || (kept > 0 && terms[kept - 1] <= term) {
          // "one hundred two hundred" is two numbers: the second starts at its first word.
          if pending != nil, pendingStart > start {
            index = pendingStart
            pending = nil
          }
          break reading
        }
        terms.removeLast(terms.count - kept)
        terms.append(term)
        pending = nil
      } else if let value = words[token] {
        // A zero inside a number only marks a gap ("一千零五" is 1005).
        if let previous = pending, !(previous == 0 && !terms.isEmpty) {
          // Only "twenty" + "one" continues: a round ten followed by a unit.
          guard previous >= 20, previous < 100, previous % 10 == 0, (1...9).contains(value) else {
            break reading
          }
          pending = previous + value
        } else {
          pending = value
          pendingStart = index
        }
      } else {
        break reading
      }
      index += 1
    }
    guard index > start else { return nil }
    var total = pending ?? 0
    for term in terms {
      let (sum, overflow) = total.addingReportingOverflow(term)
      if overflow { return nil }
      total = sum
    }
    var text = String(total)
    if index + 1 < tokens.count, pointWords.contains(tokens[index]) {
      let digits = fractionDigits(in: tokens, at: index + 1)
      if !digits.text.isEmpty {
        text += "." + digits.text
        index += 1 + digits.count
      }
    }
    return (text, index - start)
  }

  /// The digits after a point: single-digit words and digit tokens, one after another.
  private func fractionDigits(in tokens: [String], at start: Int) -> (text: String, count: Int) {
    var text = ""
    var index = start
    while index < tokens.count {
      if let value = words[tokens[index]], (0...9).contains(value) {
        text += String(value)
      } else if let token = NumberToken(tokens[index]), !token.isNegative, token.fraction == nil {
        text += token.whole
      } else {
        break
      }
      index += 1
    }
    return (text, index - start)
  }
}
