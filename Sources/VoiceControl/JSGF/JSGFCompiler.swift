import AXModel

/// Compiles a vocabulary and a scene state into a JSGF grammar.
///
/// Slots become rules: `<item>` is a name or a number, `<name>` the usable names of the
/// targets, `<number>` the numbers an overlay can show, `<action>` the custom action names,
/// `<count>`, `<columns>` and `<rows>` small numbers, `<phrase>` runs of the words of the field
/// being edited and `<replacement>` nothing (free text is the typed front's only). Words are
/// normalised as the typed front normalises them, with digits spelled out ("seven", "七"), so
/// a recognised phrase reads back through ``VoiceSession/handle(utterance:)`` unchanged. A word that is not safe in
/// JSGF is never emitted: its name is left out and reported in ``JSGFGrammar/unspeakable``.
public struct JSGFCompiler: Sendable {
  /// The largest count (`by <count>`) and grid size offered.
  public static let largestCount = 20

  /// The vocabulary compiled.
  public let vocabulary: VoiceGrammar

  /// Creates a compiler for a vocabulary.
  public init(vocabulary: VoiceGrammar) {
    self.vocabulary = vocabulary
  }

  /// The grammar words for normalized tokens: numbers spelled in the vocabulary's language
  /// ("1000" is "one thousand", "3.14" "three point one four", "−7" "minus seven"), or `nil`
  /// when a word can't be a JSGF word or there is none.
  public func spokenWords(_ tokens: [String]) -> [String]? {
    var result: [String] = []
    for token in tokens {
      let spelled = vocabulary.numbers.spelled(token: token) ?? token
      for word in spelled.split(separator: " ").map(String.init) {
        guard JSGFGrammar.isSafeWord(word) else { return nil }
        result.append(word)
      }
    }
    return result.isEmpty ? nil : result
  }

  /// Compiles the grammar for the targets of `index`, numbering up to `numbers` (none when 0);
  /// `phrases` are what `<phrase>` can say (runs of the edited field's words, normalised).
  /// With `numbersNameTargets` the numbers are the targets' own (``VoiceTarget/number``, the
  /// numbers overlay), so a command that needs a kind of target offers only theirs.
  ///
  /// The item of a command that acts only on some targets is only theirs: `increment` and
  /// `decrement` take the adjustable ones (`<adjustable>`), `show actions for` and a custom
  /// action the ones with custom actions (`<actionable>`), a swipe the ones that respond to
  /// that swipe (`<swipeableUp>`, …; a view without the gesture refuses it). A sentence that
  /// can do nothing on the screen is one the recognizer would otherwise hear instead of one
  /// that can: "tap brew" in a New York voice came out as "decrement brew", "increment
  /// brightness" as "increment bluetooth", and "hide numbers" with the West Midlands' vowel
  /// and no h as "swipe up brew". Typed, such a command still gets its answer (that the target
  /// is not adjustable, or does not respond to the swipe).
  public func compile(
    index: NameIndex, numbers: Int, numbersNameTargets: Bool = false, phrases: [[String]] = []
  ) -> JSGFGrammar {
    var words: [String] = []
    var seen = Set<String>()
    func use(_ phrase: [String]) -> String {
      for word in phrase where seen.insert(word).inserted { words.append(word) }
      return phrase.joined(separator: " ")
    }
    func alternatives(_ phrases: [String]) -> String {
      phrases.isEmpty ? "<VOID>" : phrases.joined(separator: " | ")
    }

    var lines = ["#JSGF V1.0 UTF-8 \(vocabulary.language);", "", "grammar axvoice;", ""]
    var commandRules: [String] = []
    var body: [String] = []
    for (number, command) in vocabulary.commands.enumerated() {
      let rule = "c\(number + 1)_\(command.intent.rawValue)"
      commandRules.append("<\(rule)>")
      let item = ItemRule(intent: command.intent, direction: command.direction)
      let patterns = command.patterns.map { render($0.nodes, item: item, use: use) }
      body.append("<\(rule)> = \(alternatives(patterns));")
    }
    lines.append("public <command> = \(commandRules.joined(separator: " | "));")
    lines.append("")
    lines += body
    lines.append("")

    var names: [String] = []
    var nameSet = Set<String>()
    var unspeakable: [String] = []
    // The names of each kind of target the narrowed item rules take, each once.
    var kindNames: [ItemRule: [String]] = [:]
    var kindNameSets: [ItemRule: Set<String>] = [:]
    for target in index.targets {
      var spokenAny = false
      let kinds = ItemRule.narrowed.filter { $0.takes(target.element) }
      for name in target.usableNames {
        guard let phrase = spokenWords(name.tokens) else { continue }
        spokenAny = true
        let text = use(phrase)
        if nameSet.insert(text).inserted { names.append(text) }
        for kind in kinds where kindNameSets[kind, default: []].insert(text).inserted {
          kindNames[kind, default: []].append(text)
        }
      }
      if !spokenAny { unspeakable.append(target.id) }
    }
    var actions: [String] = []
    var actionSet = Set<String>()
    for target in index.targets {
      for action in target.element.customActionNames {
        guard let phrase = spokenWords(vocabulary.normalizer.tokens(action)) else { continue }
        let text = use(phrase)
        if actionSet.insert(text).inserted { actions.append(text) }
      }
    }
    func numberRule(_ range: ClosedRange<Int>) -> String {
      alternatives(range.compactMap { spokenWords([String($0)]).map(use) })
    }
    lines.append("<item> = <name> | <number>;")
    lines.append("<name> = \(alternatives(names));")
    lines.append("<number> = \(numbers > 0 ? numberRule(1...numbers) : "<VOID>");")
    for kind in ItemRule.narrowed {
      var choices = kindNames[kind] ?? []
      if numbers > 0, numbersNameTargets {
        let own = index.targets.filter { kind.takes($0.element) && $0.number <= numbers }
        // A name that is one of the numbers is offered once.
        choices += own.compactMap { spokenWords([String($0.number)]).map(use) }
          .filter { kindNameSets[kind, default: []].insert($0).inserted }
      } else if numbers > 0 {
        // The grid's cells and the chooser's candidates are places and choices, not targets.
        choices.append("<number>")
      }
      lines.append("<\(kind.rawValue)> = \(alternatives(choices));")
    }
    lines.append("<action> = \(alternatives(actions));")
    lines.append("<count> = \(numberRule(1...JSGFCompiler.largestCount));")
    lines.append("<columns> = \(numberRule(1...JSGFCompiler.largestCount));")
    lines.append("<rows> = \(numberRule(1...JSGFCompiler.largestCount));")
    // Only a grammar with the editing commands (a field is being edited) has these rules, so
    // that the grammar of a screen without one stays as it was.
    let slots = Set(vocabulary.commands.flatMap { $0.patterns.flatMap(\.slots) })
    if slots.contains(.phrase) {
      var phraseTexts: [String] = []
      var phraseSet = Set<String>()
      for phrase in phrases {
        guard let words = spokenWords(phrase) else { continue }
        let text = use(words)
        if phraseSet.insert(text).inserted { phraseTexts.append(text) }
      }
      lines.append("<phrase> = \(alternatives(phraseTexts));")
    }
    if slots.contains(.replacement) {
      // A replacement is free text, which a command grammar can't hold: "replace <phrase>
      // with <replacement>" is the typed front's only.
      lines.append("<replacement> = <VOID>;")
    }
    return JSGFGrammar(
      text: lines.joined(separator: "\n") + "\n", words: words, unspeakable: unspeakable)
  }

  private func render(_ nodes: [PatternNode], item: ItemRule, use: ([String]) -> String) -> String {
    nodes.map { node -> String in
      switch node {
      case .word(let word): return spokenWords([word]).map(use) ?? "<VOID>"
      case .slot(.item): return "<\(item.rawValue)>"
      case .slot(let slot): return "<\(slot.rawValue)>"
      case .optional(let inner): return "[\(render(inner, item: item, use: use))]"
      case .choice(let alternatives):
        return "(" + alternatives.map { render($0, item: item, use: use) }.joined(separator: " | ") + ")"
      }
    }.joined(separator: " ")
  }
}

/// The rule a command's `<item>` becomes in the grammar: every target, or only the kind of
/// target the command can act on.
enum ItemRule: String, Hashable, Sendable {
  /// Any target.
  case item
  /// Targets that increment and decrement.
  case adjustable
  /// Targets with custom actions.
  case actionable
  /// Targets that respond to a swipe up, down, left or right.
  case swipeableUp, swipeableDown, swipeableLeft, swipeableRight

  /// The rules narrower than `<item>`, in the order the grammar defines them.
  static let narrowed: [ItemRule] = [
    .adjustable, .actionable, .swipeableUp, .swipeableDown, .swipeableLeft, .swipeableRight,
  ]

  /// The rule of the item of `intent` in `direction` (a swipe's).
  init(intent: VoiceIntent, direction: VoiceDirection? = nil) {
    switch (intent, direction) {
    case (.increment, _), (.decrement, _): self = .adjustable
    case (.showActions, _), (.customAction, _): self = .actionable
    case (.swipe, .down?): self = .swipeableDown
    case (.swipe, .left?): self = .swipeableLeft
    case (.swipe, .right?): self = .swipeableRight
    // A swipe without a direction is a swipe up, as the session performs it.
    case (.swipe, _): self = .swipeableUp
    default: self = .item
    }
  }

  /// Whether the rule takes `element`.
  func takes(_ element: AXElement) -> Bool {
    switch self {
    case .item: return true
    case .adjustable: return element.isAdjustable
    case .actionable: return !element.customActionNames.isEmpty
    case .swipeableUp: return element.gestures.contains(.swipeUp)
    case .swipeableDown: return element.gestures.contains(.swipeDown)
    case .swipeableLeft: return element.gestures.contains(.swipeLeft)
    case .swipeableRight: return element.gestures.contains(.swipeRight)
    }
  }
}

extension VoiceSession {
  /// The JSGF grammar for the current state: every command, with the names, numbers and
  /// actions on the screen now. Recompile after every utterance that changed the scene.
  public func grammar() -> JSGFGrammar {
    // Numbers are sayable only while something shows them: a recognizer that always accepts
    // "tap seven" forces unrelated speech into a number and mishears short names as numbers.
    // Names that are numbers (a calendar's days) stay sayable through <name>.
    let numbers: Int
    var numbersNameTargets = false
    switch overlay {
    case .numbers?: (numbers, numbersNameTargets) = (index.targets.count, true)
    case .grid(let grid)?: numbers = grid.cellCount
    case .chooser(let chooser)?: numbers = chooser.candidates.count
    case .names?, nil: numbers = 0
    }
    // The editing commands likewise only while a field is being edited.
    var vocabulary = self.vocabulary
    if sceneSession.editingField == nil {
      vocabulary.commands.removeAll { $0.intent.editsText }
    }
    return JSGFCompiler(vocabulary: vocabulary).compile(
      index: index, numbers: numbers, numbersNameTargets: numbersNameTargets, phrases: spokenPhrases())
  }

  /// The longest run of a field's words `<phrase>` offers.
  static let longestSpokenPhrase = 4
  /// The most phrases `<phrase>` offers, so that a long text does not swamp the recognizer.
  static let mostSpokenPhrases = 200

  /// What `<phrase>` can say: the runs of up to ``longestSpokenPhrase`` words of the field
  /// being edited, shortest first; none for a secure field, whose text can't be read.
  func spokenPhrases() -> [[String]] {
    guard let field = sceneSession.editingField, let view = sceneSession.builder.index.views[field],
      !view.isSecure
    else { return [] }
    let tokens = normalizer.tokens(sceneSession.text(of: field))
    var phrases: [[String]] = []
    for length in 1...Self.longestSpokenPhrase where length <= tokens.count {
      for start in 0...(tokens.count - length) {
        phrases.append(Array(tokens[start..<(start + length)]))
        if phrases.count == Self.mostSpokenPhrases { return phrases }
      }
    }
    return phrases
  }
}
