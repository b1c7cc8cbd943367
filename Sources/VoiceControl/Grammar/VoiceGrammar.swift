/// What a command does once its slots are filled.
///
/// The set is closed because every intent needs its own dispatch code; the phrases that reach
/// an intent live in the grammar files under `Grammars/`.
public enum VoiceIntent: String, CaseIterable, Hashable, Sendable {
  /// Tap an item: activate it (Apple's `Tap <item>` and a bare `<item>`).
  case tap
  /// Double-tap an item (a `doubleTap` gesture).
  case doubleTap
  /// Long-press an item (a `longPress` gesture).
  case longPress
  /// Swipe on an item in a direction.
  case swipe
  /// Scroll in a direction, on an item or the screen.
  case scroll
  /// Scroll all the way in a direction ("scroll to top", "scroll to bottom").
  case scrollToEdge
  /// Show item names; `continuous` keeps them after an action.
  case showNames
  /// Hide item names.
  case hideNames
  /// Show item numbers; `continuous` keeps them after an action.
  case showNumbers
  /// Hide item numbers.
  case hideNumbers
  /// Show the numbered grid, optionally with columns and rows.
  case showGrid
  /// Hide the grid.
  case hideGrid
  /// A bare number: pick from the chooser, zoom the grid, or tap a numbered item.
  case number
  /// Go back (the escape action).
  case goBack
  /// Cancel: close the chooser, else the escape action.
  case escape
  /// Increment an adjustable item, optionally several times (an axvoice extension).
  case increment
  /// Decrement an adjustable item, optionally several times (an axvoice extension).
  case decrement
  /// List an item's custom actions (an axvoice extension).
  case showActions
  /// Perform a named custom action (an axvoice extension).
  case customAction
  /// Delete the text dictated last, or the selection ("delete that"), in the field being edited.
  case deleteThat
  /// Delete the word before the insertion point ("delete previous word").
  case deletePreviousWord
  /// Delete the character before the insertion point ("delete previous character").
  case deletePreviousCharacter
  /// Delete the whole text of the field being edited ("delete all").
  case deleteAll
  /// Select the whole text of the field being edited ("select all").
  case selectAll
  /// Undo the last edit ("undo that").
  case undoThat
  /// Tap the keyboard's Return key ("tap return"), when a field is being edited.
  case tapReturn
  /// Move the insertion point to the start of the text ("move to beginning").
  case moveToBeginning
  /// Move the insertion point to the end of the text ("move to end").
  case moveToEnd
  /// Move the insertion point before a phrase of the text ("move before <phrase>").
  case moveBefore
  /// Move the insertion point after a phrase of the text ("move after <phrase>").
  case moveAfter
  /// Select a phrase of the text ("select <phrase>"), so that the next phrase replaces it.
  case selectPhrase
  /// Select the word before the insertion point ("select previous word").
  case selectPreviousWord
  /// Select the word after the insertion point ("select next word").
  case selectNextWord
  /// Replace a phrase of the text with another ("replace <phrase> with <replacement>").
  case replacePhrase
  /// Delete a phrase of the text ("delete <phrase>").
  case deletePhrase

  /// Whether the intent edits the text field being edited, so means something only while
  /// one is.
  public var editsText: Bool {
    switch self {
    case .deleteThat, .deletePreviousWord, .deletePreviousCharacter, .deleteAll, .selectAll, .undoThat,
      .tapReturn, .moveToBeginning, .moveToEnd, .moveBefore, .moveAfter, .selectPhrase,
      .selectPreviousWord, .selectNextWord, .replacePhrase, .deletePhrase:
      return true
    default: return false
    }
  }
}

/// A direction for swipes and scrolls.
public enum VoiceDirection: String, CaseIterable, Hashable, Sendable {
  case up, down, left, right
}

/// A slot in a phrase pattern: the part of an utterance that names something.
public enum VoiceSlot: String, CaseIterable, Hashable, Sendable {
  /// An item: a name, or a number when numbers, the grid or the chooser are shown.
  case item
  /// A number (one number word or a run of digits).
  case number
  /// A repeat count (`by <count>`).
  case count
  /// The grid's columns.
  case columns
  /// The grid's rows.
  case rows
  /// The name of a custom action.
  case action
  /// Words of the text of the field being edited ("select <phrase>").
  case phrase
  /// The words a phrase of the field's text is replaced with, dictated.
  case replacement

  /// Whether the slot holds exactly one number token.
  public var isNumeric: Bool {
    switch self {
    case .number, .count, .columns, .rows: return true
    case .item, .action, .phrase, .replacement: return false
    }
  }
}

/// One part of a phrase pattern.
public indirect enum PatternNode: Hashable, Sendable {
  /// A word that must be said (already normalised).
  case word(String)
  /// A slot.
  case slot(VoiceSlot)
  /// A part that may be left out.
  case optional([PatternNode])
  /// Alternatives, each a sequence.
  case choice([[PatternNode]])
}

/// A phrase pattern: its source text and its parsed parts.
public struct PhrasePattern: Hashable, Sendable {
  /// The pattern as written in the grammar file, such as `show grid with <columns> columns`.
  public var source: String
  /// The parsed parts, in order.
  public var nodes: [PatternNode]

  /// Creates a pattern from its source and parts.
  public init(source: String, nodes: [PatternNode]) {
    self.source = source
    self.nodes = nodes
  }

  /// The slots the pattern can fill, in order of first appearance.
  public var slots: [VoiceSlot] {
    var found: [VoiceSlot] = []
    func visit(_ nodes: [PatternNode]) {
      for node in nodes {
        switch node {
        case .word: break
        case .slot(let slot): if !found.contains(slot) { found.append(slot) }
        case .optional(let inner): visit(inner)
        case .choice(let alternatives): alternatives.forEach(visit)
        }
      }
    }
    visit(nodes)
    return found
  }
}

/// Where a command comes from: Apple's documented Voice Control set, or an axvoice extension
/// for what Apple gives no voice route.
public enum CommandSource: String, CaseIterable, Hashable, Sendable {
  case apple
  case axvoice
}

/// A command of the vocabulary: an intent, its fixed arguments and the phrases that say it.
public struct VoiceCommand: Hashable, Sendable {
  /// What the command does.
  public var intent: VoiceIntent
  /// The direction, for swipes and scrolls.
  public var direction: VoiceDirection?
  /// Whether an overlay it shows stays after an action.
  public var isContinuous: Bool
  /// Apple's or ours.
  public var source: CommandSource
  /// The phrases, tried in order.
  public var patterns: [PhrasePattern]

  /// Creates a command.
  public init(
    intent: VoiceIntent, direction: VoiceDirection? = nil, isContinuous: Bool = false,
    source: CommandSource = .apple, patterns: [PhrasePattern]
  ) {
    self.intent = intent
    self.direction = direction
    self.isContinuous = isContinuous
    self.source = source
    self.patterns = patterns
  }
}

/// The command vocabulary of one language, loaded from `Grammars/<language>.json`.
///
/// Commands are tried in file order, so the file decides priority: put a bare `<item>` last.
public struct VoiceGrammar: Hashable, Sendable {
  /// The format tag every grammar file carries.
  public static let currentFormat = "axgrammar/1"

  /// The BCP 47 language tag, such as `en-US`.
  public var language: String
  /// The commands, in priority order.
  public var commands: [VoiceCommand]
  /// The number words and how they combine.
  public var numbers: NumberWords
  /// Words naming a role or trait ("button", "按钮") that a speaker may add after a name.
  public var traitWords: [[String]]
  /// Where the grammar was loaded from, for reports.
  public var path: String?
  /// How dictated text is spaced, capitalised and punctuated (see ``DictationRules``).
  public var dictation = DictationRules()

  /// Creates a grammar.
  public init(
    language: String, commands: [VoiceCommand], numbers: NumberWords, traitWords: [[String]],
    path: String? = nil
  ) {
    self.language = language
    self.commands = commands
    self.numbers = numbers
    self.traitWords = traitWords
    self.path = path
  }

  /// The normaliser that reads utterances and names in this language.
  public var normalizer: NameNormalizer {
    NameNormalizer(numbers: numbers, traitWords: traitWords)
  }
}
