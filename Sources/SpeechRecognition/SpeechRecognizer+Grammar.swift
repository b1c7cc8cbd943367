import CPocketSphinx
import Foundation

extension SpeechRecognizer {
  /// Compiles a JSGF grammar and makes it the active search, adding its unknown words first.
  ///
  /// Every word of the grammar that is not in the dictionary gets a pronunciation, tried in
  /// this order: `pronunciations[word]`; the dictionary entry of the lower-cased word (so
  /// "Settings" is recognized and reported as written); espeak-ng's phonemes mapped to the
  /// model's phones; the names of its letters and digits. A word with none of these (only
  /// symbols, say), or with a letter outside the Latin script and no pronunciation supplied
  /// (关闭, ليلى, Привет: espeak-ng would read out its letters' names), is listed in
  /// ``GrammarReport/unpronounceableWords`` and replaced by a word that can't be spoken, so
  /// one bad label doesn't stop the rest of the grammar from loading.
  ///
  /// The grammar's first public rule is the top rule. When ``RejectionSettings/usesGarbageModel``
  /// is set, a phone-loop alternative is added next to it (see ``RejectionSettings``).
  /// An utterance in progress is discarded. Loading takes a few milliseconds, plus about 10 ms
  /// per word given to espeak-ng the first time it is seen.
  ///
  /// A grammar whose compiled text was loaded before, with no word added to the dictionary
  /// since, is not compiled again: its search is made active (``GrammarReport/isReused``). A
  /// listening session goes back and forth between a few grammars (numbers shown and hidden, a
  /// value changed and back), and the last ``compiledSearchLimit`` are kept. Every word not
  /// seen before adds words to the dictionary, its accents' pronunciations
  /// (``RecognizerConfiguration/accentVariants``) if not its own, so it empties the cache.
  ///
  /// The corresponding C functions are `ps_add_word`, `jsgf_parse_string`, `jsgf_build_fsg`,
  /// `ps_set_fsg`, `ps_set_search` and `ps_get_fsg`.
  ///
  /// - Parameters:
  ///   - jsgf: The grammar text (`#JSGF V1.0; grammar name; public <rule> = …;`).
  ///   - name: The name used in errors and reports.
  ///   - pronunciations: CMU phones for words, used before any other source.
  /// - Returns: The words added and those that couldn't be pronounced.
  /// - Throws: ``RecognizerError`` naming the C function if the grammar doesn't compile.
  @discardableResult
  public func loadGrammar(
    jsgf: String, name: String = "command", pronunciations: [String: [String]] = [:]
  ) throws(RecognizerError) -> GrammarReport {
    let parsed = JSGFGrammarText(jsgf)
    guard parsed.topRule != nil else {
      throw RecognizerError(.grammarRejected, "grammar '\(name)' has no public rule")
    }
    if let reserved = parsed.words.first(where: { $0.contains(RejectionSettings.reservedPrefix) }) {
      throw RecognizerError(
        .invalidWord,
        "word '\(reserved)' in grammar '\(name)' contains '__', which is reserved")
    }
    try addRejectionWords()

    var added: [AddedWord] = []
    var unpronounceable: [String] = []
    for word in parsed.words where pronunciation(of: word) == nil {
      if let entry = try guessPronunciation(of: word, supplied: pronunciations[word]) {
        try addWord(word, phones: entry.phones, source: entry.source)
        added.append(entry)
      } else {
        unpronounceable.append(word)
      }
    }
    let spoken = parsed.words.filter { !unpronounceable.contains($0) }
    try addAccentVariants(of: spoken)

    let replacements = Dictionary(
      uniqueKeysWithValues: unpronounceable.map { ($0, RejectionSettings.voidWord.word) })
    let rejection = configuration.rejection
    let garbage = rejection.usesGarbageModel ? rejection.garbageRules() : nil
    // PocketSphinx 5prealpha compiles JSGF's <VOID> ("never matches") into a dead end that
    // breaks every utterance of the grammar ("Final result does not match the grammar"); an
    // unspeakable word has the intended meaning.
    func compile(_ replacements: [String: String]) -> String {
      var text = parsed.wrapped(replacing: replacements, garbage: garbage?.expression)
        .replacingOccurrences(of: "<VOID>", with: RejectionSettings.voidWord.word)
      if let garbage {
        text += garbage.rules + "\n"
      }
      return text
    }
    // A variant that sounds like another word of the grammar ("three" in the Caribbean as
    // "tree") would let one stand for the other: it is left out of this grammar.
    let spokenPronunciations = Set(spoken.compactMap { pronunciation(of: $0) })
    var choices: [String: String] = [:]
    for word in spoken {
      let spellings = (accentSpellings[word] ?? []).filter { spelling in
        addedWords[spelling].map { !spokenPronunciations.contains($0.phones) } ?? false
      }
      guard !spellings.isEmpty else { continue }
      choices[word] = "( " + ([word] + spellings).joined(separator: " | ") + " )"
    }
    // Unpronounceable words have no variants, so the two replacements never meet.
    let withVariants = choices.isEmpty ? nil : compile(replacements.merging(choices) { $1 })
    let compiled =
      configuration.accentVariants.scope == .everyDecode
      ? withVariants ?? compile(replacements) : compile(replacements)

    if isInUtterance {
      _ = try? endUtterance()
    }
    var report = GrammarReport(
      name: name, vocabulary: parsed.words, addedWords: added,
      unpronounceableWords: unpronounceable, compiledJSGF: compiled)
    report.secondOpinionJSGF = withVariants
    // Adding a word emptied the cache (see forgetCompiledSearches).
    if let index = compiledSearches.firstIndex(where: { $0.name == name && $0.jsgf == compiled }) {
      let cached = compiledSearches.remove(at: index)
      try activate(cached)
      report.isReused = true
      report.soundAlikeWords = cached.soundAlikeWords
      grammar = report
      return report
    }
    // Like the word graph, found once per compiled grammar: the words and the dictionary
    // decide them, and a reused search has both unchanged.
    if configuration.rejection.listsSoundAlikes {
      report.soundAlikeWords = SoundAlikeWords(words: spoken) { self.pronunciations(of: $0) }
    }
    let search = "\(name)#\(searchGeneration)"
    searchGeneration += 1
    try compileJSGF(compiled, search: search, subject: "grammar '\(name)'")
    let graph = ps_get_fsg(decoder, search).map { fsg in
      CommandGraph(fsg: fsg) { pronunciation(of: $0) }
    }
    try activate(
      CompiledSearch(
        name: name, jsgf: compiled, search: search, graph: graph, soundAlikeWords: report.soundAlikeWords))
    grammar = report
    return report
  }

  /// Compiles JSGF text into the search `search`, or throws naming the step that failed.
  ///
  /// PocketSphinx 5prealpha's `ps_set_jsgf_string` never frees the grammar it parses, about
  /// 100 KB a call on the voice grammars; `axps_set_jsgf_string` does its steps and frees it.
  func compileJSGF(_ text: String, search: String, subject: String) throws(RecognizerError) {
    let log = PocketSphinxLog.shared
    log.clearLastError()
    let result = Int(axps_set_jsgf_string(decoder, search, text))
    guard result < 0 else { return }
    let function: String
    switch result {
    case Int(AXPS_JSGF_PARSE_FAILED): function = "jsgf_parse_string"
    case Int(AXPS_JSGF_NO_RULE): function = "jsgf_get_public_rule"
    case Int(AXPS_JSGF_NO_TOP_RULE): function = "jsgf_get_rule"
    case Int(AXPS_JSGF_BUILD_FAILED): function = "jsgf_build_fsg"
    default: function = "ps_set_fsg"
    }
    throw RecognizerError(.grammarRejected, subject, function: function, log: log.lastError)
  }

  /// The most compiled grammars a recognizer keeps for reuse (see
  /// ``loadGrammar(jsgf:name:pronunciations:)``); each holds a PocketSphinx search.
  public static let compiledSearchLimit = 8

  /// Makes a compiled grammar's search the active one and the most recently used, and frees
  /// the one it replaces if no longer kept.
  private func activate(_ compiled: CompiledSearch) throws(RecognizerError) {
    let log = PocketSphinxLog.shared
    log.clearLastError()
    guard ps_set_search(decoder, compiled.search) >= 0 else {
      throw RecognizerError(
        .grammarRejected, "grammar '\(compiled.name)'", function: "ps_set_search", log: log.lastError)
    }
    let previous = currentSearch
    if !previous.isEmpty, previous != compiled.search,
      !compiledSearches.contains(where: { $0.search == previous })
    {
      _ = ps_unset_search(decoder, previous)
    }
    currentSearch = compiled.search
    commandGraph = compiled.graph
    compiledSearches.append(compiled)
    while compiledSearches.count > Self.compiledSearchLimit {
      _ = ps_unset_search(decoder, compiledSearches.removeFirst().search)
    }
  }

  /// Forgets the compiled grammars, which were built on the dictionary before a word was
  /// added, and frees their searches but the active one (freed when another replaces it).
  private func forgetCompiledSearches() {
    for compiled in compiledSearches where compiled.search != currentSearch {
      _ = ps_unset_search(decoder, compiled.search)
    }
    compiledSearches = []
    leadSearchText = nil
  }

  /// The pronunciation of `word` in the dictionary, as CMU phones, or `nil` if it is unknown.
  ///
  /// The corresponding C function is `ps_lookup_word`.
  public func pronunciation(of word: String) -> [String]? {
    guard let phones = ps_lookup_word(decoder, word) else { return nil }
    defer { free(phones) }
    return String(cString: phones).split(separator: " ").map(String.init)
  }

  /// Every pronunciation of `word` in the dictionary, as CMU phones: its own, then its
  /// alternates ("to(2)", "to(3)", …); empty if it is unknown.
  func pronunciations(of word: String) -> [[String]] {
    var found: [[String]] = []
    while let phones = pronunciation(of: found.isEmpty ? word : "\(word)(\(found.count + 1))") {
      found.append(phones)
    }
    return found
  }

  /// Every word this recognizer added to the dictionary, the rejection path's included, sorted
  /// by word: with the model's dictionary, what a bare PocketSphinx decoder needs to decode the
  /// compiled grammar (``GrammarReport/compiledJSGF``).
  public var addedPronunciations: [AddedWord] {
    // The accents' pronunciations are named only by the second opinion's grammar, unless every
    // decode hears them.
    let needsAccents = configuration.accentVariants.scope == .everyDecode
    return addedWords.values.filter { needsAccents || $0.source != .accent }.sorted { $0.word < $1.word }
  }

  /// Adds `word` to the dictionary with a pronunciation in the model's phone set.
  ///
  /// Takes effect at the next ``loadGrammar(jsgf:name:pronunciations:)``. The corresponding C
  /// function is `ps_add_word`.
  ///
  /// - Throws: ``RecognizerError/Code/invalidWord`` if a phone is not in the model.
  public func addWord(_ word: String, phones: [String]) throws(RecognizerError) {
    try addWord(word, phones: phones, source: .supplied)
  }

  /// Finds a pronunciation for an unknown word, or `nil` if it can't be pronounced.
  func guessPronunciation(
    of word: String, supplied: [String]?
  ) throws(RecognizerError) -> AddedWord? {
    if let supplied, !supplied.isEmpty {
      return AddedWord(word: word, phones: supplied, source: .supplied)
    }
    let lowercased = word.lowercased()
    if lowercased != word, let phones = pronunciation(of: lowercased) {
      return AddedWord(word: word, phones: phones, source: .dictionaryLowercase)
    }
    // espeak-ng's en-us voice reads a letter of another script by its name ("chinese letter"
    // for every CJK character, "arabic letter lam"), which nobody says for the word: with no
    // supplied pronunciation, such a word can't be said to an English model.
    guard EspeakTranscriber.isInSpeakableScript(word) else { return nil }
    if transcriber.isAvailable, let phones = try transcriber.phones(for: lowercased) {
      return AddedWord(word: word, phones: phones, source: .espeak)
    }
    if let phones = LetterSpelling.phones(for: word) {
      return AddedWord(word: word, phones: phones, source: .spelling)
    }
    return nil
  }

  private func addWord(
    _ word: String, phones: [String], source: PronunciationSource
  ) throws(RecognizerError) {
    let joined = phones.joined(separator: " ")
    let log = PocketSphinxLog.shared
    log.clearLastError()
    guard !word.contains(where: \.isWhitespace), ps_add_word(decoder, word, joined, 0) >= 0 else {
      throw RecognizerError(
        .invalidWord, "word '\(word)' with phones '\(joined)'", function: "ps_add_word",
        log: log.lastError)
    }
    addedWords[word] = AddedWord(word: word, phones: phones, source: source)
    forgetCompiledSearches()
  }

  /// Adds every accent's pronunciation of the words as words of their own ("hide__2"), once
  /// per word, and notes their spellings in ``accentSpellings``.
  private func addAccentVariants(of words: [String]) throws(RecognizerError) {
    let variants = configuration.accentVariants
    guard !variants.accents.isEmpty else { return }
    for word in words where accentSpellings[word] == nil {
      var known = pronunciations(of: word)
      var spellings: [String] = []
      for base in known {
        for variant in variants.variants(of: base) where !known.contains(variant) {
          let spelling = AccentVariants.spelling(of: word, variant: spellings.count + 2)
          try addWord(spelling, phones: variant, source: .accent)
          known.append(variant)
          spellings.append(spelling)
        }
      }
      accentSpellings[word] = spellings
    }
  }

  /// Adds the phone-loop and unspeakable words once.
  private func addRejectionWords() throws(RecognizerError) {
    guard pronunciation(of: RejectionSettings.voidWord.word) == nil else { return }
    for (word, phone) in RejectionSettings.garbageWords {
      try addWord(word, phones: [phone], source: .supplied)
    }
    let void = RejectionSettings.voidWord
    try addWord(void.word, phones: void.phones.split(separator: " ").map(String.init), source: .supplied)
  }
}

extension SpeechRecognizer {
  /// The other sentences of the grammar the last utterance came close to, best first, each with
  /// how far its path score fell short of the accepted sentence's (see
  /// ``RecognitionResult/alternatives``).
  ///
  /// They come from PocketSphinx's N-best list after the utterance's decodes. The corresponding
  /// C functions are `ps_nbest`, `ps_nbest_hyp`, `ps_nbest_next` and `ps_nbest_free`;
  /// ``alternatives(among:to:)`` reads the paths.
  ///
  /// - Parameters:
  ///   - best: The accepted text, which is not an alternative of itself.
  ///   - paths: How many lattice paths to read at most; many differ only in fillers.
  func alternatives(to best: String, paths: Int = 24) -> [RecognitionResult.Alternative] {
    var read: [(words: [String], score: Int)] = []
    var iterator = ps_nbest(decoder)
    // `ps_nbest_next` frees the list when it runs out; one left unfinished is freed here.
    while let current = iterator, read.count < paths {
      var score: Int32 = 0
      let raw = ps_nbest_hyp(current, &score).map { String(cString: $0) } ?? ""
      read.append((raw.split(separator: " ").map(String.init), Int(score)))
      iterator = ps_nbest_next(current)
    }
    if let iterator { ps_nbest_free(iterator) }
    return Self.alternatives(among: read, to: best)
  }

  /// The sentences of N-best `paths` (best first, each its words and path score) other than
  /// `best`, each once, with how far it fell short of `best`'s path (0 for one that scored
  /// better); none when `best` is not among the paths.
  ///
  /// Fillers and alternate pronunciations are folded away, so each text appears once; paths
  /// through the rejection loop are not sentences and are left out. The margins are measured
  /// from the accepted sentence, not from the list's best path: a sentence accepted on a second
  /// opinion may trail the rejection loop's path there, which would otherwise be the reference,
  /// and one found by a later decode (the word before a name, a whole command) may not be in
  /// the list at all, and then its competitors can't be measured from it.
  static func alternatives(
    among paths: [(words: [String], score: Int)], to best: String
  ) -> [RecognitionResult.Alternative] {
    var reference: Int?
    var seen: Set<String> = [best]
    var found: [(text: String, score: Int)] = []
    for path in paths {
      let words = path.words.map(WordSegment.baseWord).filter { !WordSegment.isFiller($0) }
      guard !words.isEmpty, !words.contains(where: { $0.hasPrefix(RejectionSettings.reservedPrefix) })
      else { continue }
      let text = words.joined(separator: " ")
      if text == best, reference == nil { reference = path.score }
      if seen.insert(text).inserted { found.append((text, path.score)) }
    }
    guard let reference else { return [] }
    return found.map { .init(text: $0.text, margin: max(0, reference - $0.score)) }
  }
}

/// A grammar compiled into a PocketSphinx search, kept so that the same grammar is not compiled
/// again while the dictionary stays the same.
struct CompiledSearch {
  /// The grammar's name, as given to ``SpeechRecognizer/loadGrammar(jsgf:name:pronunciations:)``.
  var name: String
  /// The JSGF text compiled, rejection path included.
  var jsgf: String
  /// The PocketSphinx search name.
  var search: String
  /// The grammar's word graph.
  var graph: CommandGraph?
  /// The grammar's words that sound alike (``GrammarReport/soundAlikeWords``).
  var soundAlikeWords: SoundAlikeWords
}
