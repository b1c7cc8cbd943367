/// Reads the words of a JSGF grammar and wraps it for the decoder.
///
/// The wrapper makes the grammar's first public rule (in file order) the body of a single
/// public rule, `<__utterance>`, that also offers the rejection path. PocketSphinx picks "the"
/// public rule from a hash table, so with several public rules the choice would be arbitrary.
struct JSGFGrammarText {
  /// A lexical token of the rule bodies that matters here.
  private enum Token: Equatable {
    case publicKeyword(Range<String.Index>)
    case ruleName(String, isDefinition: Bool)
    case word(String, Range<String.Index>)
  }

  /// The grammar text as given.
  let text: String
  /// The words of the rule bodies, in order of first appearance.
  let words: [String]
  /// The first public rule, without angle brackets.
  let topRule: String?
  private let tokens: [Token]

  /// Reads `text`.
  init(_ text: String) {
    self.text = text
    var tokens: [Token] = []
    var index = text.startIndex
    var inRuleBody = false
    var expectingRuleName = false
    func peek(_ offset: Int) -> Character? {
      guard let position = text.index(index, offsetBy: offset, limitedBy: text.endIndex),
        position < text.endIndex
      else { return nil }
      return text[position]
    }
    func skip(until end: Character) {
      while index < text.endIndex, text[index] != end {
        index = text.index(after: index)
      }
      if index < text.endIndex {
        index = text.index(after: index)
      }
    }
    while index < text.endIndex {
      let character = text[index]
      if character == "/", peek(1) == "/" {
        skip(until: "\n")
      } else if character == "/", peek(1) == "*" {
        index = text.index(index, offsetBy: 2)
        while index < text.endIndex, !(text[index] == "*" && peek(1) == "/") {
          index = text.index(after: index)
        }
        index = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
      } else if character == "/" || character == "{" || character == "\"" {
        // A weight, a tag or a quoted token: skipped (quoted tokens are not supported by
        // the PocketSphinx 5prealpha parser either).
        index = text.index(after: index)
        skip(until: character == "{" ? "}" : character)
      } else if character == "<" {
        let start = text.index(after: index)
        skip(until: ">")
        let end = text.index(before: index)
        let name = start <= end ? String(text[start..<end]) : ""
        tokens.append(.ruleName(name, isDefinition: !inRuleBody && expectingRuleName))
        expectingRuleName = false
      } else if character == "=" {
        inRuleBody = true
        index = text.index(after: index)
      } else if character == ";" {
        inRuleBody = false
        expectingRuleName = true
        index = text.index(after: index)
      } else if character.isWhitespace || "|()[]*+".contains(character) {
        index = text.index(after: index)
      } else {
        let start = index
        while index < text.endIndex, !text[index].isWhitespace,
          !"|()[]*+;=<>/{}\"".contains(text[index])
        {
          index = text.index(after: index)
        }
        let word = String(text[start..<index])
        if inRuleBody {
          tokens.append(.word(word, start..<index))
        } else if word == "public" {
          tokens.append(.publicKeyword(start..<index))
          expectingRuleName = true
        } else if word.hasPrefix("#") || word == "grammar" || word == "import" {
          expectingRuleName = false
        }
      }
    }
    self.tokens = tokens
    var seen = Set<String>()
    var words: [String] = []
    var topRule: String?
    var afterPublic = false
    for token in tokens {
      switch token {
      case .word(let word, _):
        if seen.insert(word).inserted {
          words.append(word)
        }
      case .publicKeyword:
        afterPublic = true
      case .ruleName(let name, let isDefinition):
        if afterPublic, isDefinition, topRule == nil {
          topRule = name
        }
        afterPublic = false
      }
    }
    self.words = words
    self.topRule = topRule
  }

  /// The grammar with `public` removed, `replacements` applied to words, and a new public rule
  /// `<__utterance>` that matches the top rule or, if `garbage` is given, the rejection path.
  func wrapped(replacing replacements: [String: String], garbage: String?) -> String {
    var output = ""
    var cursor = text.startIndex
    for token in tokens {
      switch token {
      case .publicKeyword(let range):
        output += text[cursor..<range.lowerBound]
        cursor = range.upperBound
      case .word(let word, let range):
        if let replacement = replacements[word] {
          output += text[cursor..<range.lowerBound]
          output += replacement
          cursor = range.upperBound
        }
      case .ruleName:
        break
      }
    }
    output += text[cursor...]
    let top = "<\(topRule ?? "")>"
    if let garbage {
      output += "\npublic <__utterance> = /1/ \(top) | \(garbage);\n"
    } else {
      output += "\npublic <__utterance> = \(top);\n"
    }
    return output
  }
}
