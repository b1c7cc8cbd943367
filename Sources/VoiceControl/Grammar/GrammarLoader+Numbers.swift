import AXModel

extension GrammarDecoder {
  /// The largest value of a number word; larger numbers are made with multipliers.
  static let largestWord = 1000
  /// The largest multiplier: a billion, past the hundred millions `亿` and `million` reach.
  static let largestMultiplier = 1_000_000_000

  /// Reads `numbers`: `words` and `multipliers` (word to value), and `point` and `minus` (the
  /// words for a decimal point and a negative sign, each one word).
  func decodeNumbers(_ node: JSONNode) throws(GrammarError) -> NumberWords {
    let fields = try members(
      node, "numbers", allowed: ["words", "multipliers", "point", "minus"], what: "numbers")
    return NumberWords(
      words: try table(fields, "words", largest: Self.largestWord),
      multipliers: try table(fields, "multipliers", largest: Self.largestMultiplier),
      pointWords: try wordList(fields, "point"), minusWords: try wordList(fields, "minus"))
  }

  private func table(_ fields: JSONFields, _ key: String, largest: Int) throws(GrammarError)
    -> [String: Int]
  {
    guard let tableNode = fields[key] else { return [:] }
    var result: [String: Int] = [:]
    for member in try object(tableNode, "numbers.\(key)", what: "table").members {
      let keyPath = "numbers.\(key).\(member.key)"
      guard let number = member.value.numberValue, number >= 0, number <= Double(largest),
        number == number.rounded()
      else {
        throw error(
          .invalidValue, "expected a whole number from 0 to \(largest), found \(member.value.kindName)",
          at: member.value.position, keyPath)
      }
      result[try oneWord(member.key, at: member.keyPosition, keyPath)] = Int(number)
    }
    return result
  }

  private func wordList(_ fields: JSONFields, _ key: String) throws(GrammarError) -> [String] {
    guard let listNode = fields[key] else { return [] }
    var result: [String] = []
    for (index, item) in try array(listNode, "numbers.\(key)", of: "words").enumerated() {
      let keyPath = "numbers.\(key)[\(index)]"
      result.append(try oneWord(try string(item, keyPath), at: item.position, keyPath))
    }
    return result
  }

  /// The normalised token of a number word, which must be exactly one.
  private func oneWord(_ text: String, at position: SourcePosition, _ keyPath: String)
    throws(GrammarError) -> String
  {
    let tokens = NameNormalizer.rawTokens(text)
    guard tokens.count == 1 else {
      throw error(
        .invalidValue, "a number word must be one word, found '\(text)'", at: position, keyPath)
    }
    return tokens[0]
  }
}
