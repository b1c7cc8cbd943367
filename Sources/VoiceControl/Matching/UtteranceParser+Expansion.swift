extension UtteranceParser {
  /// A flat pattern item.
  enum Item: Hashable, Sendable {
    case word(String)
    case slot(VoiceSlot)
  }

  /// One expanded sequence of one pattern, with what can reject an utterance before a walk.
  struct Expansion: Sendable {
    var commandIndex: Int
    var intent: VoiceIntent
    var pattern: String
    var items: [Item]
    /// Expansions of equal command and pattern share a group: their readings can repeat.
    var group: Int
    /// Whether a reading of this expansion can repeat an earlier one, so must be checked.
    var mayRepeat = false
    /// The slots the sequence fills, each once.
    let slots: [VoiceSlot]
    /// Whether a slot occurs twice: then different walks can leave the same tokens in it.
    let repeatsSlot: Bool
    /// Whether every item takes exactly one token (no free slot).
    let isFixedLength: Bool
    /// The last item, when it is a word, which the last token must be.
    let lastWord: String?

    init(commandIndex: Int, intent: VoiceIntent, pattern: String, items: [Item], group: Int) {
      self.commandIndex = commandIndex
      self.intent = intent
      self.pattern = pattern
      self.items = items
      self.group = group
      var slots: [VoiceSlot] = []
      var repeats = false
      var fixed = true
      for case .slot(let slot) in items {
        if slots.contains(slot) { repeats = true } else { slots.append(slot) }
        if !slot.isNumeric { fixed = false }
      }
      self.slots = slots
      self.repeatsSlot = repeats
      self.isFixedLength = fixed
      self.lastWord = if case .word(let word)? = items.last { word } else { nil }
    }

    /// Whether the sequence could match the tokens at all, by their count and last word:
    /// every item takes at least one token, and only free slots take more.
    func couldRead(_ tokens: [String]) -> Bool {
      if isFixedLength ? tokens.count != items.count : tokens.count < items.count { return false }
      if let lastWord, tokens[tokens.count - 1] != lastWord { return false }
      return true
    }
  }

  /// Where a reading found each slot's tokens: a range of the utterance's tokens, kept as
  /// two bytes in a vector so that walking and comparing readings allocate nothing.
  struct Reading: Sendable {
    /// Per slot (``VoiceSlot/spanIndex``) its start and end, `start | end << 8`; 0 when the
    /// slot is not filled (a filled slot ends after its start, so never at 0).
    typealias Spans = SIMD8<UInt16>

    /// The expansion read.
    var expansion: Int
    var spans: Spans

    static func span(_ start: Int, _ end: Int) -> UInt16 {
      UInt16(truncatingIfNeeded: start) | UInt16(truncatingIfNeeded: end) << 8
    }

    /// The tokens a slot took, if it was filled.
    func range(_ slot: VoiceSlot) -> Range<Int>? {
      let span = spans[slot.spanIndex]
      return span == 0 ? nil : Int(span & 0xff)..<Int(span >> 8)
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

extension VoiceSlot {
  /// The slot's lane in ``UtteranceParser/Reading/Spans``.
  var spanIndex: Int {
    switch self {
    case .item: 0
    case .number: 1
    case .count: 2
    case .columns: 3
    case .rows: 4
    case .action: 5
    case .phrase: 6
    case .replacement: 7
    }
  }
}
