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
/// before left out) and indexed by their first word, so reading an utterance looks only at the
/// sequences that can start with its first token, and rejects most of those by length or last
/// word before walking them. A walk records where each slot's tokens are, not the tokens, so
/// readings cost no allocation until a caller asks for a ``ParsedUtterance``. Matching does not
/// look at the scene; the session resolves the slots.
///
/// A pattern with two free slots (`<action> <item>`) reads an utterance of n tokens in about
/// n ways, and a caller may resolve every reading against the names; so utterances longer
/// than ``maximumTokens`` have no reading at all.
public struct UtteranceParser: Sendable {
  /// The most tokens an utterance may have to be read; no spoken command is longer than a
  /// few dozen words, and the cost of reading grows with the square of the length.
  public static let maximumTokens = 48

  /// The grammar read.
  public var grammar: VoiceGrammar { table.grammar }
  /// The expanded patterns, shared by every copy: the session copies its parser once an
  /// utterance, which should cost one retain, not one for every array in the grammar.
  private let table: Table

  final class Table: Sendable {
    let grammar: VoiceGrammar
    let expansions: [Expansion]
    /// Per first word, the expansions an utterance starting with it can match, in priority
    /// order: those that start with the word and those that start with a slot.
    let byFirstWord: [String: [Int]]
    /// The expansions that start with a slot, for a first token no pattern starts with.
    let slotLed: [Int]
    /// The first tap expansion that is a bare `<item>`, the one an exact name promotes.
    let bareItemExpansion: Int?

    init(grammar: VoiceGrammar) {
      self.grammar = grammar
      var expansions: [Expansion] = []
      // Readings repeat only within expansions of equal command and pattern (the identity
      // `parses` removes repeats by), so each such group checks only its own earlier readings.
      var groups: [(command: VoiceCommand, pattern: String)] = []
      for (index, command) in grammar.commands.enumerated() {
        for pattern in command.patterns {
          let group =
            groups.firstIndex { $0.command == command && $0.pattern == pattern.source } ?? groups.count
          if group == groups.count { groups.append((command, pattern.source)) }
          for items in UtteranceParser.expand(pattern.nodes) {
            expansions.append(
              Expansion(
                commandIndex: index, intent: command.intent, pattern: pattern.source,
                items: items, group: group))
          }
        }
      }
      for (index, expansion) in expansions.enumerated() {
        let siblings = expansions.lazy.filter { $0.group == expansion.group }.count
        expansions[index].mayRepeat = siblings > 1 || expansion.repeatsSlot
      }
      var byFirstWord: [String: [Int]] = [:]
      var slotLed: [Int] = []
      for (index, expansion) in expansions.enumerated() {
        if case .word(let word)? = expansion.items.first {
          byFirstWord[word, default: []].append(index)
        } else {
          slotLed.append(index)
        }
      }
      // A slot-led expansion can read any first token, so it joins every word's list in order.
      for word in byFirstWord.keys {
        byFirstWord[word] = (byFirstWord[word]! + slotLed).sorted()
      }
      self.expansions = expansions
      self.byFirstWord = byFirstWord
      self.slotLed = slotLed
      self.bareItemExpansion = expansions.firstIndex { expansion in
        expansion.intent == .tap && expansion.items == [.slot(.item)]
      }
    }
  }

  /// Creates a parser and expands the grammar's patterns.
  public init(grammar: VoiceGrammar) {
    table = Table(grammar: grammar)
  }

  /// Every reading of the tokens, in priority order, without repeats; none when there are
  /// more than ``maximumTokens`` tokens.
  public func parses(_ tokens: [String]) -> [ParsedUtterance] {
    var results: [ParsedUtterance] = []
    forEachReading(tokens) { reading in
      results.append(parsed(reading, tokens))
      return false
    }
    return results
  }

  /// Calls `body` with every reading of the tokens, in the order and without the repeats of
  /// ``parses(_:)``, until it returns `true`; `intents` (when given) keeps only the readings
  /// of commands for which it is `true`. Returns whether `body` stopped the walk.
  @discardableResult
  func forEachReading(
    _ tokens: [String], intents: ((VoiceIntent) -> Bool)? = nil, _ body: (Reading) -> Bool
  ) -> Bool {
    guard let first = tokens.first, tokens.count <= UtteranceParser.maximumTokens else {
      return false
    }
    let table = self.table
    var seen: [Reading] = []
    var spans = Reading.Spans()
    for index in table.byFirstWord[first] ?? table.slotLed {
      let expansion = table.expansions[index]
      if let intents, !intents(expansion.intent) { continue }
      guard expansion.couldRead(tokens) else { continue }
      let mayRepeat = expansion.mayRepeat
      let stopped = UtteranceParser.walk(expansion.items, 0, 0, tokens, &spans) { spans in
        let reading = Reading(expansion: index, spans: spans)
        if mayRepeat {
          if seen.contains(where: { isRepeat(reading, of: $0, tokens) }) { return false }
          seen.append(reading)
        }
        return body(reading)
      }
      if stopped { return true }
    }
    return false
  }

  /// The reading as the command, pattern and slot tokens it stands for.
  func parsed(_ reading: Reading, _ tokens: [String]) -> ParsedUtterance {
    let expansion = table.expansions[reading.expansion]
    var slots: [VoiceSlot: [String]] = [:]
    for slot in expansion.slots {
      if let range = reading.range(slot) { slots[slot] = Array(tokens[range]) }
    }
    return ParsedUtterance(
      command: table.grammar.commands[expansion.commandIndex], pattern: expansion.pattern, slots: slots)
  }

  /// The reading of the whole utterance as the first bare `<item>` tap, when the grammar has
  /// one: as one free slot takes any words, it is among the readings of every utterance.
  func bareItemParse(_ tokens: [String]) -> ParsedUtterance? {
    guard let bare = table.bareItemExpansion else { return nil }
    let expansion = table.expansions[bare]
    return ParsedUtterance(
      command: table.grammar.commands[expansion.commandIndex], pattern: expansion.pattern,
      slots: [.item: tokens])
  }

  /// Whether two readings are the same `ParsedUtterance`: the same command and pattern, and
  /// every slot holding the same tokens (wherever in the utterance they are).
  private func isRepeat(_ reading: Reading, of earlier: Reading, _ tokens: [String]) -> Bool {
    guard table.expansions[reading.expansion].group == table.expansions[earlier.expansion].group
    else {
      return false
    }
    for slot in VoiceSlot.allCases {
      switch (reading.range(slot), earlier.range(slot)) {
      case (nil, nil): continue
      case (let mine?, let theirs?) where tokens[mine].elementsEqual(tokens[theirs]): continue
      default: return false
      }
    }
    return true
  }

  /// Calls `found` for every way `items[item...]` matches all of `tokens[position...]`,
  /// shortest free slots first (a `<phrase>` longest first), until it returns `true`; returns
  /// whether it did.
  private static func walk(
    _ items: [Item], _ item: Int, _ position: Int, _ tokens: [String],
    _ spans: inout Reading.Spans, _ found: (Reading.Spans) -> Bool
  ) -> Bool {
    guard item < items.count else { return position == tokens.count && found(spans) }
    switch items[item] {
    case .word(let word):
      guard position < tokens.count, tokens[position] == word else { return false }
      return walk(items, item + 1, position + 1, tokens, &spans, found)
    case .slot(let slot):
      let saved = spans[slot.spanIndex]
      defer { spans[slot.spanIndex] = saved }
      if slot.isNumeric {
        guard position < tokens.count, Int(tokens[position]) != nil else { return false }
        spans[slot.spanIndex] = Reading.span(position, position + 1)
        return walk(items, item + 1, position + 1, tokens, &spans, found)
      }
      // Leave one token for every later item.
      let longest = tokens.count - position - (items.count - item - 1)
      guard longest >= 1 else { return false }
      let next: String? =
        if item + 1 < items.count, case .word(let word) = items[item + 1] { word } else { nil }
      // A phrase of the field's text is tried longest first: in "replace tea with milk with
      // coffee" the text more likely holds "tea with milk" than the replacement "with" twice.
      let lengths =
        slot == .phrase
        ? stride(from: longest, through: 1, by: -1) : stride(from: 1, through: longest, by: 1)
      for length in lengths {
        // A word next must be the token after the slot; other lengths cannot match.
        if let next, tokens[position + length] != next { continue }
        spans[slot.spanIndex] = Reading.span(position, position + length)
        if walk(items, item + 1, position + length, tokens, &spans, found) { return true }
      }
      return false
    }
  }
}
