import AXModel

/// Parses a phrase pattern such as `show grid with <columns> columns [and <rows> rows]`.
///
/// Words are said as written; `<slot>` is a slot; `[...]` is optional; `(a | b)` offers
/// alternatives, and `|` at the top level separates whole alternatives. Words are normalised
/// with the grammar's ``NameNormalizer`` so they compare with utterances token by token.
struct PatternParser {
  /// A problem and its offset in the pattern, in Unicode scalars.
  struct Failure: Error {
    var message: String
    var offset: Int
    var hint: String?
  }

  let normalizer: NameNormalizer
  private var scalars: [Unicode.Scalar] = []
  private var offset = 0

  init(normalizer: NameNormalizer) {
    self.normalizer = normalizer
  }

  /// Parses the pattern text.
  mutating func parse(_ text: String) throws(Failure) -> [PatternNode] {
    scalars = Array(text.unicodeScalars)
    offset = 0
    let alternatives = try parseAlternatives(closing: nil)
    guard !alternatives.allSatisfy(\.isEmpty) else {
      throw Failure(message: "pattern says nothing", offset: 0)
    }
    if alternatives.contains(where: \.isEmpty) {
      throw Failure(message: "empty alternative in pattern", offset: 0)
    }
    return alternatives.count == 1 ? alternatives[0] : [.choice(alternatives)]
  }

  private mutating func parseAlternatives(closing: Unicode.Scalar?) throws(Failure) -> [[PatternNode]] {
    var alternatives: [[PatternNode]] = [[]]
    var word = ""
    func endWord(_ parser: PatternParser) -> [PatternNode] {
      defer { word = "" }
      return parser.normalizer.tokens(word).map(PatternNode.word)
    }
    while offset < scalars.count {
      let scalar = scalars[offset]
      switch scalar {
      case "<":
        alternatives[alternatives.count - 1] += endWord(self)
        let start = offset
        offset += 1
        var name = ""
        while offset < scalars.count, scalars[offset] != ">" {
          name.unicodeScalars.append(scalars[offset])
          offset += 1
        }
        guard offset < scalars.count else {
          throw Failure(message: "unclosed '<' in pattern", offset: start)
        }
        offset += 1
        guard let slot = VoiceSlot(rawValue: name) else {
          throw Failure(
            message: "unknown slot '\(name)'", offset: start + 1,
            hint: nearestName(to: name, in: VoiceSlot.allCases.map(\.rawValue)).map {
              "did you mean '\($0)'?"
            })
        }
        alternatives[alternatives.count - 1].append(.slot(slot))
      case "[", "(":
        alternatives[alternatives.count - 1] += endWord(self)
        let start = offset
        offset += 1
        let inner = try parseAlternatives(closing: scalar == "[" ? "]" : ")")
        if inner.contains(where: \.isEmpty) {
          throw Failure(message: "empty group in pattern", offset: start)
        }
        let group: [PatternNode] = inner.count == 1 ? inner[0] : [.choice(inner)]
        alternatives[alternatives.count - 1].append(
          scalar == "[" ? .optional(group) : .choice(inner))
      case "]", ")":
        guard scalar == closing else {
          throw Failure(message: "unexpected '\(scalar)' in pattern", offset: offset)
        }
        alternatives[alternatives.count - 1] += endWord(self)
        offset += 1
        return alternatives
      case "|":
        alternatives[alternatives.count - 1] += endWord(self)
        alternatives.append([])
        offset += 1
      case ">":
        throw Failure(message: "unexpected '>' in pattern", offset: offset)
      default:
        word.unicodeScalars.append(scalar)
        offset += 1
      }
    }
    if let closing {
      throw Failure(message: "missing '\(closing)' in pattern", offset: scalars.count)
    }
    alternatives[alternatives.count - 1] += endWord(self)
    return alternatives
  }
}
