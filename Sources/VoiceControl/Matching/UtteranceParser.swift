/// A reading of an utterance: the command it matches and the tokens each slot took.
public struct ParsedUtterance: Hashable, Sendable {
  /// The command matched.
  public var command: VoiceCommand
  /// The pattern's source text, for reports.
  public var pattern: String
  /// The normalised tokens each slot took.
  public var slots: [VoiceSlot: [String]]

  /// The number a numeric slot holds, if it was filled.
  public func number(_ slot: VoiceSlot) -> Int? {
    guard let tokens = slots[slot], tokens.count == 1 else { return nil }
    return Int(tokens[0])
  }
}

/// Reads utterances against a grammar: every way the tokens fit a pattern, in priority order.
///
/// Patterns are expanded once into flat sequences of words and slots (optional parts included
/// before left out), so matching is a short backtracking walk over the tokens. Matching does
/// not look at the scene; the session resolves the slots.
///
/// A pattern with two free slots (`<action> <item>`) reads an utterance of n tokens in about
/// n ways, each copying up to n tokens, and the session resolves every reading against the
/// names; so utterances longer than ``maximumTokens`` have no reading at all.
public struct UtteranceParser: Sendable {
  /// The most tokens an utterance may have to be read; no spoken command is longer than a
  /// few dozen words, and the cost of reading grows with the square of the length.
  public static let maximumTokens = 48

  /// A flat pattern item.
  enum Item: Hashable, Sendable {
    case word(String)
    case slot(VoiceSlot)
  }

  /// One expanded sequence of one pattern.
  struct Expansion: Sendable {
    var commandIndex: Int
    var pattern: String
    var items: [Item]
    /// The first word, when the sequence starts with one, to skip quickly.
    var leadingWord: String?
  }

  /// The grammar read.
  public let grammar: VoiceGrammar
  let expansions: [Expansion]

  /// Creates a parser and expands the grammar's patterns.
  public init(grammar: VoiceGrammar) {
    self.grammar = grammar
    var expansions: [Expansion] = []
    for (index, command) in grammar.commands.enumerated() {
      for pattern in command.patterns {
        for items in UtteranceParser.expand(pattern.nodes) {
          let leading: String? = if case .word(let word)? = items.first { word } else { nil }
          expansions.append(
            Expansion(commandIndex: index, pattern: pattern.source, items: items, leadingWord: leading))
        }
      }
    }
    self.expansions = expansions
  }

  /// Every reading of the tokens, in priority order, without repeats; none when there are
  /// more than ``maximumTokens`` tokens.
  public func parses(_ tokens: [String]) -> [ParsedUtterance] {
    guard !tokens.isEmpty, tokens.count <= UtteranceParser.maximumTokens else { return [] }
    var results: [ParsedUtterance] = []
    var seen = Set<ParsedUtterance>()
    for expansion in expansions {
      if let leading = expansion.leadingWord, tokens[0] != leading { continue }
      var captures: [VoiceSlot: [String]] = [:]
      UtteranceParser.match(expansion.items[...], tokens[...], &captures) { slots in
        let parse = ParsedUtterance(
          command: grammar.commands[expansion.commandIndex], pattern: expansion.pattern,
          slots: slots)
        if seen.insert(parse).inserted { results.append(parse) }
      }
    }
    return results
  }

  /// Calls `found` for every way `items` matches all of `tokens`.
  static func match(
    _ items: ArraySlice<Item>, _ tokens: ArraySlice<String>, _ captures: inout [VoiceSlot: [String]],
    _ found: ([VoiceSlot: [String]]) -> Void
  ) {
    guard let item = items.first else {
      if tokens.isEmpty { found(captures) }
      return
    }
    let rest = items.dropFirst()
    switch item {
    case .word(let word):
      guard tokens.first == word else { return }
      match(rest, tokens.dropFirst(), &captures, found)
    case .slot(let slot):
      if slot.isNumeric {
        guard let token = tokens.first, Int(token) != nil else { return }
        captures[slot] = [token]
        match(rest, tokens.dropFirst(), &captures, found)
        captures[slot] = nil
        return
      }
      // Leave one token for every later item.
      let longest = tokens.count - rest.count
      guard longest >= 1 else { return }
      for length in 1...longest {
        captures[slot] = Array(tokens.prefix(length))
        match(rest, tokens.dropFirst(length), &captures, found)
      }
      captures[slot] = nil
    }
  }

  /// Expands optional parts and alternatives into flat sequences, optional parts included
  /// first.
  static func expand(_ nodes: [PatternNode]) -> [[Item]] {
    var sequences: [[Item]] = [[]]
    for node in nodes {
      let options: [[Item]]
      switch node {
      case .word(let word): options = [[.word(word)]]
      case .slot(let slot): options = [[.slot(slot)]]
      case .optional(let inner): options = expand(inner) + [[]]
      case .choice(let alternatives): options = alternatives.flatMap(expand)
      }
      sequences = sequences.flatMap { prefix in options.map { prefix + $0 } }
    }
    return sequences
  }
}
