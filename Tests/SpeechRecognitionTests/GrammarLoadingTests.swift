import SpeechRecognition
import Testing

@Suite("Grammar loading and vocabulary", .serialized, .tags(.decoder))
struct GrammarLoadingTests {
  @Test("a JSGF grammar loads and reports its vocabulary")
  func loads() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let report = try recognizer.loadGrammar(jsgf: SpeechFixtures.commandGrammar)
    #expect(report.name == "command")
    #expect(report.vocabulary == ["tap", "add", "to", "cart", "show", "numbers", "seven", "hide"])
    #expect(report.addedWords.isEmpty)
    #expect(report.unpronounceableWords.isEmpty)
    #expect(recognizer.grammar == report)
  }

  @Test("out-of-vocabulary words get pronunciations, and each source is reported")
  func outOfVocabulary() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    #expect(recognizer.pronunciation(of: "decrement") == nil)
    let report = try recognizer.loadGrammar(
      jsgf: """
        #JSGF V1.0;
        grammar labels;
        public <command> = tap (decrement | Settings | 7 | xq | airplay | chk) | tap kitty | tap zorbly;
        """,
      pronunciations: ["kitty": ["K", "IH", "T", "IY"], "zorbly": ["Z", "AO", "R", "B", "L", "IY"]])
    let added = Dictionary(uniqueKeysWithValues: report.addedWords.map { ($0.word, $0) })
    #expect(added["decrement"]?.source == .espeak)
    #expect(added["decrement"]?.phones == ["D", "EH", "K", "R", "IH", "M", "AH", "N", "T"])
    #expect(added["Settings"]?.source == .dictionaryLowercase)
    #expect(added["7"]?.phones == ["S", "EH", "V", "AH", "N"])
    #expect(added["airplay"]?.source == .espeak)
    #expect(added["zorbly"]?.source == .supplied)
    #expect(added["kitty"] == nil)  // in the dictionary already: supplied phones are not needed
    #expect(report.unpronounceableWords.isEmpty)
    #expect(recognizer.pronunciation(of: "decrement") == ["D", "EH", "K", "R", "IH", "M", "AH", "N", "T"])
  }

  @Test("words that can't be pronounced are reported and the rest still loads")
  func unpronounceable() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let report = try recognizer.loadGrammar(
      jsgf: "#JSGF V1.0; grammar g; public <c> = tap (— | ★ | seven);")
    #expect(report.unpronounceableWords == ["—", "★"])
    #expect(report.compiledJSGF.contains("tap (__void | __void | seven)"))
    let result = try recognizer.recognize(samples: SpeechFixtures.speech("tap seven"))
    #expect(result.text == "tap seven")
  }

  @Test("a word of another script has no pronunciation unless one is supplied")
  func otherScripts() throws {
    // espeak-ng would call every CJK character "chinese letter", so that any two-character
    // name was "tap chinese letter chinese letter".
    let recognizer = try SpeechFixtures.makeRecognizer()
    let report = try recognizer.loadGrammar(
      jsgf: "#JSGF V1.0; grammar g; public <c> = tap (关闭 | 设置 | ليلى | Привет | café | 取消 | seven);",
      pronunciations: ["取消": ["CH", "UW", "SH", "IY", "AW"]])
    #expect(report.unpronounceableWords == ["关闭", "设置", "ليلى", "Привет"])
    let added = Dictionary(uniqueKeysWithValues: report.addedWords.map { ($0.word, $0) })
    #expect(added["café"]?.source == .espeak)
    #expect(added["取消"]?.source == .supplied)
    #expect(recognizer.pronunciation(of: "关闭") == nil)
    let result = try recognizer.recognize(samples: SpeechFixtures.speech("tap seven"))
    #expect(result.text == "tap seven")
  }

  @Test("a grammar that doesn't parse names jsgf_parse_string and the grammar")
  func syntaxError() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let error = #expect(throws: RecognizerError.self) {
      try recognizer.loadGrammar(
        jsgf: "#JSGF V1.0; grammar g; public <c> = tap (seven;", name: "broken")
    }
    #expect(error?.code == .grammarRejected)
    #expect(error?.function == "jsgf_parse_string")
    #expect(error?.description.hasPrefix("jsgf_parse_string failed for grammar 'broken'") == true)
  }

  @Test("-toprule takes a rule by its qualified name, as ps_set_jsgf_string does; a missing one names jsgf_get_rule")
  func topRule() throws {
    let grammar = "#JSGF V1.0; grammar g; public <first> = tap seven; public <second> = tap brew;"
    let brew = try SpeechFixtures.speech("tap brew")
    let chosen = try SpeechFixtures.makeRecognizer { $0.additionalOptions["-toprule"] = "g.second" }
    try chosen.loadGrammar(jsgf: grammar)
    #expect(try chosen.recognize(samples: brew).text == "tap brew")
    // Without the option the first public rule is the grammar, and "tap brew" is not in it.
    let first = try SpeechFixtures.makeRecognizer(grammar: grammar)
    #expect(try first.recognize(samples: brew).text != "tap brew")
    let missing = try SpeechFixtures.makeRecognizer { $0.additionalOptions["-toprule"] = "second" }
    let error = #expect(throws: RecognizerError.self) { try missing.loadGrammar(jsgf: grammar, name: "g") }
    #expect(error?.function == "jsgf_get_rule")
  }

  @Test("a grammar without a public rule or with reserved words is refused")
  func refused() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let noPublic = #expect(throws: RecognizerError.self) {
      try recognizer.loadGrammar(jsgf: "#JSGF V1.0; grammar g; <c> = tap;")
    }
    #expect(noPublic?.description == "grammar 'command' has no public rule")
    let reserved = #expect(throws: RecognizerError.self) {
      try recognizer.loadGrammar(jsgf: "#JSGF V1.0; grammar g; public <c> = tap __aa;")
    }
    #expect(reserved?.code == .invalidWord)
  }

  @Test("a phone outside the model is refused by ps_add_word")
  func badPhone() throws {
    let recognizer = try SpeechFixtures.makeRecognizer()
    let error = #expect(throws: RecognizerError.self) {
      try recognizer.addWord("zorb", phones: ["Z", "QQ", "B"])
    }
    #expect(error?.function == "ps_add_word")
    #expect(error?.description.hasPrefix("ps_add_word failed for word 'zorb' with phones 'Z QQ B'") == true)
  }

  @Test("a missing model folder is reported before PocketSphinx reads it")
  func missingModel() {
    let error = #expect(throws: RecognizerError.self) {
      try RecognizerConfiguration.installed(searching: ["/nonexistent/model"])
    }
    #expect(error?.code == .modelNotFound)
    let broken = RecognizerConfiguration(acousticModel: "/nonexistent/en-us", dictionary: "/nonexistent/dict")
    let initError = #expect(throws: RecognizerError.self) { try SpeechRecognizer(configuration: broken) }
    #expect(initError?.description == "acoustic model '/nonexistent/en-us' has no 'mdef'")
  }

  @Test("an unknown PocketSphinx option names cmd_ln_parse_r")
  func badOption() throws {
    var configuration = try RecognizerConfiguration.installed()
    configuration.additionalOptions["-nosuchflag"] = "1"
    let error = #expect(throws: RecognizerError.self) { try SpeechRecognizer(configuration: configuration) }
    #expect(error?.function == "cmd_ln_parse_r")
    #expect(error?.code == .invalidConfiguration)
  }
}
