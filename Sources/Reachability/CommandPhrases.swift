import VoiceControl

/// Spells commands in the vocabulary's own words: the first pattern of the first command for an
/// intent, with the first choice of each alternative and no optional parts.
///
/// "tap <item>" in en-US, "(轻点 | 点击 | 点按) <item>" in zh-CN becomes "轻点 返回".
struct CommandPhrases {
  let vocabulary: VoiceGrammar

  /// The command for an intent with its item (and action name) filled in, or `nil` when the
  /// vocabulary has no such command.
  func phrase(
    _ intent: VoiceIntent, direction: VoiceDirection? = nil, item: String? = nil, action: String? = nil,
    count: Int? = nil
  ) -> String? {
    for command in vocabulary.commands
    where command.intent == intent && command.direction == direction && !command.isContinuous {
      for pattern in command.patterns {
        guard let words = render(pattern.nodes, item: item, action: action, count: count) else { continue }
        // Every slot given must be used, so "<action>" alone is not taken for "<action> <item>".
        if let item, !words.contains(item) { continue }
        if let action, !words.contains(action) { continue }
        if let count, !words.contains(String(count)) { continue }
        return Self.joined(words)
      }
    }
    return nil
  }

  /// Words as said: single CJK characters of a command run together ("轻点"), everything else
  /// apart ("轻点 返回", "tap Add to Cart").
  static func joined(_ words: [String]) -> String {
    var text = ""
    var lastWasCharacter = false
    for word in words {
      let isCharacter = word.count == 1 && word.unicodeScalars.allSatisfy { (0x3400...0x9FFF).contains($0.value) }
      if !text.isEmpty && !(isCharacter && lastWasCharacter) { text += " " }
      text += word
      lastWasCharacter = isCharacter
    }
    return text
  }

  func render(_ nodes: [PatternNode], item: String?, action: String?, count: Int? = nil) -> [String]? {
    var words: [String] = []
    for node in nodes {
      switch node {
      case .word(let word): words.append(word)
      case .optional(let inner):
        // Only an optional part that carries a count or an item is said, and only when there
        // is one ("increment Volume by 3", "scroll right on Top picks").
        let carries =
          (count != nil && inner.contains(.slot(.count))) || (item != nil && inner.contains(.slot(.item)))
        guard carries, let said = render(inner, item: item, action: action, count: count) else { continue }
        words += said
      case .choice(let alternatives):
        guard let first = alternatives.first, let inner = render(first, item: item, action: action, count: count)
        else { return nil }
        words += inner
      case .slot(.count):
        guard let count else { return nil }
        words.append(String(count))
      case .slot(.item):
        guard let item else { return nil }
        words.append(item)
      case .slot(.action):
        guard let action else { return nil }
        words.append(action)
      case .slot: return nil
      }
    }
    return words
  }
}
