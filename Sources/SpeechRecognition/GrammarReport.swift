/// What loading a grammar did to the dictionary: the words it added and the ones it couldn't.
public struct GrammarReport: Sendable, Equatable {
  /// The search name the grammar was loaded under.
  public var name: String
  /// Every word of the grammar, in order of first appearance.
  public var vocabulary: [String]
  /// The words that were not in the dictionary and were given a pronunciation.
  public var addedWords: [AddedWord]
  /// Words that could not be pronounced at all. They are replaced by an unspeakable word, so
  /// the alternatives containing them can't be recognized while the rest of the grammar works.
  public var unpronounceableWords: [String]
  /// The grammar as given to PocketSphinx, with the rejection path.
  public var compiledJSGF: String
  /// The grammar a second opinion decodes the commands with (see ``AccentVariants``): the
  /// compiled grammar with every word that has accent variants written as a choice of its
  /// dictionary spellings, or `nil` when no word has any.
  public var secondOpinionJSGF: String?
  /// The words of the grammar that sound alike to the recognizer, each with its partners (see
  /// ``SoundAlikeWords``).
  public var soundAlikeWords = SoundAlikeWords(words: []) { _ in [] }
  /// Whether the same grammar had been compiled before on the same dictionary and its search
  /// was made active again instead of being compiled a second time.
  public var isReused = false

  /// Creates a report.
  public init(
    name: String, vocabulary: [String], addedWords: [AddedWord], unpronounceableWords: [String],
    compiledJSGF: String
  ) {
    self.name = name
    self.vocabulary = vocabulary
    self.addedWords = addedWords
    self.unpronounceableWords = unpronounceableWords
    self.compiledJSGF = compiledJSGF
  }
}

/// A word added to the dictionary, with its pronunciation and where that came from.
public struct AddedWord: Sendable, Equatable {
  /// The word as written in the grammar.
  public var word: String
  /// CMU phones, such as `["D", "EH", "K", "R", "IH", "M", "AH", "N", "T"]`.
  public var phones: [String]
  /// Where the pronunciation came from.
  public var source: PronunciationSource

  /// Creates an added word.
  public init(word: String, phones: [String], source: PronunciationSource) {
    self.word = word
    self.phones = phones
    self.source = source
  }
}

/// Where a pronunciation came from.
public enum PronunciationSource: Sendable, Equatable {
  /// Given by the caller.
  case supplied
  /// The dictionary entry of the word in lower case ("Settings" from "settings").
  case dictionaryLowercase
  /// espeak-ng's phonemes mapped to the model's phone set.
  case espeak
  /// The names of its letters and digits.
  case spelling
  /// Another accent's pronunciation of a word the dictionary knows (see ``AccentVariants``).
  case accent
}
