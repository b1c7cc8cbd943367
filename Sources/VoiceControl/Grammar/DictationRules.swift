import AXModel

/// How Voice Control turns a dictated phrase into typed text in one language: spaces between
/// phrases, a capital at the start of a sentence, and spoken punctuation.
///
/// Dictation types the words as said, after what the field already holds: a space first when
/// the text before ends in a word (in languages that space words), a capital when the phrase
/// starts the field or a sentence, and "comma", "period" or "at sign" typed as marks. A secure
/// field, or one whose keyboard is for an email address or a URL, gets the words literally:
/// no space before the phrase and no capitals, as iOS turns autocapitalisation off there.
public struct DictationRules: Hashable, Sendable {
  /// Whether a space separates a phrase from text before it that does not end in a space.
  public var insertsSpaces: Bool
  /// Whether a phrase that starts the field or a sentence begins with a capital.
  public var capitalizesSentences: Bool
  /// Spoken marks that end a word: "comma" types "," right after the word before.
  public var punctuation: [String: String]
  /// Spoken symbols that join words: "at sign" types "@" with no space on either side.
  public var symbols: [String: String]

  /// Creates rules; the defaults space words and capitalise sentences, with no spoken marks.
  public init(
    insertsSpaces: Bool = true, capitalizesSentences: Bool = true, punctuation: [String: String] = [:],
    symbols: [String: String] = [:]
  ) {
    self.insertsSpaces = insertsSpaces
    self.capitalizesSentences = capitalizesSentences
    self.punctuation = punctuation
    self.symbols = symbols
  }

  /// The longest spoken mark, in words, that ``text(for:after:isLiteral:)`` looks for.
  static let longestMark = 3

  /// The text a dictated phrase types after `existing`; `isLiteral` for a secure, email or URL
  /// field, which gets no added space or capital.
  public func text(for spoken: String, after existing: String, isLiteral: Bool) -> String {
    let words = spoken.split(whereSeparator: \.isWhitespace).map(String.init)
    let spaces = insertsSpaces && !isLiteral
    var typed = ""
    // Whether the next word follows a joining symbol (no space) and starts a sentence.
    var joined = existing.isEmpty || existing.last?.isWhitespace == true
    var startsSentence = Self.endsSentence(existing)
    var position = 0
    while position < words.count {
      if let (mark, length, isSymbol) = mark(in: words, at: position) {
        typed += mark
        joined = isSymbol || !insertsSpaces
        // Only punctuation ends a sentence: the "." of "dot" joins "example" and "com".
        if !isSymbol, mark.last.map({ ".!?。！？".contains($0) }) == true { startsSentence = true }
        position += length
        continue
      }
      var word = words[position]
      if capitalizesSentences, !isLiteral, startsSentence, let first = word.first {
        word = first.uppercased() + word.dropFirst()
      }
      // Words of a phrase are spaced as the language spaces them; a literal field gets no
      // space before the phrase.
      if !joined, typed.isEmpty ? spaces : insertsSpaces { typed += " " }
      typed += word
      joined = !insertsSpaces
      startsSentence = false
      position += 1
    }
    return typed
  }

  /// The spoken mark starting at `position`, longest first: its text, its length in words, and
  /// whether it is a symbol (which joins the next word) rather than punctuation.
  func mark(in words: [String], at position: Int) -> (String, Int, Bool)? {
    for length in stride(from: min(Self.longestMark, words.count - position), through: 1, by: -1) {
      let phrase = words[position..<position + length].joined(separator: " ").lowercased()
      if let symbol = symbols[phrase] { return (symbol, length, true) }
      if let mark = punctuation[phrase] { return (mark, length, false) }
    }
    return nil
  }

  /// Whether text before a phrase leaves it at the start of a sentence: empty, or ending in a
  /// full stop, question or exclamation mark (and spaces).
  static func endsSentence(_ text: String) -> Bool {
    guard let last = text.last(where: { !$0.isWhitespace }) else { return true }
    return ".!?。！？".contains(last)
  }
}

extension GrammarDecoder {
  /// Reads a grammar's `dictation` object.
  func decodeDictation(_ node: JSONNode) throws(GrammarError) -> DictationRules {
    let fields = try members(
      node, "dictation", allowed: ["spaces", "capitalizes", "punctuation", "symbols"], what: "dictation")
    var rules = DictationRules()
    for key in ["spaces", "capitalizes"] {
      guard let flagNode = fields[key] else { continue }
      let flag = try bool(flagNode, "dictation.\(key)")
      if key == "spaces" { rules.insertsSpaces = flag } else { rules.capitalizesSentences = flag }
    }
    for key in ["punctuation", "symbols"] {
      guard let tableNode = fields[key] else { continue }
      var table: [String: String] = [:]
      for member in try object(tableNode, "dictation.\(key)", what: "table").members {
        // Stored as ``DictationRules/mark(in:at:)`` looks phrases up, so that no key is
        // silently one that can never be said.
        let words = member.key.split(whereSeparator: \.isWhitespace)
        guard (1...DictationRules.longestMark).contains(words.count) else {
          throw error(
            .invalidValue, "a spoken mark is 1 to \(DictationRules.longestMark) words",
            at: member.keyPosition, "dictation.\(key).\(member.key)")
        }
        table[words.joined(separator: " ").lowercased()] = try string(
          member.value, "dictation.\(key).\(member.key)")
      }
      if key == "punctuation" { rules.punctuation = table } else { rules.symbols = table }
    }
    return rules
  }
}
