import AXModel
import Testing
import VoiceControl

/// The parser reads against an index of expanded patterns and stops early; these tests hold
/// it to the plain reading it replaced: every expansion walked in grammar order, every split
/// of a free slot tried shortest first, repeats dropped.
@Suite struct UtteranceParserTests {
  /// A reading as the tests compare it.
  struct Reading: Equatable, CustomStringConvertible {
    var command: VoiceCommand
    var pattern: String
    var slots: [VoiceSlot: [String]]
    var description: String { "\(command.intent) '\(pattern)' \(slots)" }
  }

  /// The readings of the tokens by brute force: the reference the parser must equal.
  static func referenceReadings(_ grammar: VoiceGrammar, _ tokens: [String]) -> [Reading] {
    guard !tokens.isEmpty, tokens.count <= UtteranceParser.maximumTokens else { return [] }
    var results: [Reading] = []
    for command in grammar.commands {
      for pattern in command.patterns {
        for items in expand(pattern.nodes) {
          match(items[...], tokens[...], [:]) { slots in
            let reading = Reading(command: command, pattern: pattern.source, slots: slots)
            if !results.contains(reading) { results.append(reading) }
          }
        }
      }
    }
    return results
  }

  static func match(
    _ items: ArraySlice<PatternNode>, _ tokens: ArraySlice<String>, _ captures: [VoiceSlot: [String]],
    _ found: ([VoiceSlot: [String]]) -> Void
  ) {
    guard let item = items.first else {
      if tokens.isEmpty { found(captures) }
      return
    }
    let rest = items.dropFirst()
    var captures = captures
    switch item {
    case .word(let word):
      if tokens.first == word { match(rest, tokens.dropFirst(), captures, found) }
    case .slot(let slot) where slot.isNumeric:
      guard let token = tokens.first, Int(token) != nil else { return }
      captures[slot] = [token]
      match(rest, tokens.dropFirst(), captures, found)
    case .slot(let slot):
      guard tokens.count - rest.count >= 1 else { return }
      for length in 1...(tokens.count - rest.count) {
        captures[slot] = Array(tokens.prefix(length))
        match(rest, tokens.dropFirst(length), captures, found)
      }
    case .optional, .choice:
      Issue.record("expanded sequences hold only words and slots")
    }
  }

  static func expand(_ nodes: [PatternNode]) -> [[PatternNode]] {
    var sequences: [[PatternNode]] = [[]]
    for node in nodes {
      let options: [[PatternNode]]
      switch node {
      case .word, .slot: options = [[node]]
      case .optional(let inner): options = expand(inner) + [[]]
      case .choice(let alternatives): options = alternatives.flatMap(expand)
      }
      sequences = sequences.flatMap { prefix in options.map { prefix + $0 } }
    }
    return sequences
  }

  static func readings(_ parser: UtteranceParser, _ tokens: [String]) -> [Reading] {
    parser.parses(tokens).map { Reading(command: $0.command, pattern: $0.pattern, slots: $0.slots) }
  }

  /// Utterances that reach every kind of pattern: fixed words, optional parts, numeric and
  /// free slots, two free slots, first words no pattern starts with, and a last word that
  /// ends a pattern.
  static let utterances = [
    "show numbers", "show numbers continuously", "show grid with 3 columns and 4 rows",
    "show grid with 3 columns", "show grid with three columns continuously", "tap 7", "7",
    "swipe up on the photo", "swipe up photo", "scroll down", "scroll down on list",
    "increment volume by 3", "increment volume by three by 2", "long press mail", "delete mail",
    "mail delete", "show actions for item 42 options", "make me a sandwich", "on on on on",
    "show", "cancel", "go back", "double tap", "轻点 加入购物车", "显示编号", "向上滑动 照片",
  ]

  @Test("readings equal the reference's, in order, for both grammars", arguments: ["en-US", "zh-CN"])
  func sameAsReference(_ language: String) throws {
    let grammar = try loadGrammar(language)
    let parser = UtteranceParser(grammar: grammar)
    for utterance in UtteranceParserTests.utterances {
      let tokens = grammar.normalizer.tokens(utterance)
      let expected = UtteranceParserTests.referenceReadings(grammar, tokens)
      #expect(UtteranceParserTests.readings(parser, tokens) == expected, "\(utterance)")
    }
  }

  /// Patterns where walks repeat one another: a slot said three times keeps only its last
  /// words, so different splits leave the same reading; optional words left out in turn
  /// leave the same reading; and the second command is the first again, so adds none.
  static let repeatingGrammar = """
    {"format": "axgrammar/1", "language": "en-US",
     "numbers": {"words": {"one": 1, "two": 2}, "multipliers": {}}, "traitWords": ["button"],
     "commands": [
       {"intent": "tap", "patterns": ["<item> <item> <item>", "[go] [go] <item>"]},
       {"intent": "tap", "patterns": ["<item> <item> <item>", "[go] [go] <item>"]},
       {"intent": "increment", "patterns": ["(up | up) <item> [by <count>]", "<item> <count> <count>"]},
       {"intent": "customAction", "patterns": ["<action> <item>", "<item> <action>"]},
       {"intent": "tap", "patterns": ["<item>"]}
     ]}
    """

  @Test("repeated readings are dropped exactly where the reference drops them")
  func repeats() throws {
    let grammar = try GrammarLoader().load(text: UtteranceParserTests.repeatingGrammar)
    let parser = UtteranceParser(grammar: grammar)
    for utterance in ["x x x x", "go go x", "go x", "up x by 2", "up up 1 2", "x 1 2", "a b c d e"] {
      let tokens = grammar.normalizer.tokens(utterance)
      let expected = UtteranceParserTests.referenceReadings(grammar, tokens)
      let readings = UtteranceParserTests.readings(parser, tokens)
      #expect(readings == expected, "\(utterance)")
      #expect(readings.count == Set(parser.parses(tokens)).count, "\(utterance)")
    }
    // "x x x x" splits three ways into three slots; the last slot is "x" in two of them;
    // the second, equal, command adds nothing.
    let split = UtteranceParserTests.readings(parser, ["x", "x", "x", "x"])
    #expect(split.filter { $0.pattern == "<item> <item> <item>" }.map { $0.slots[.item]! } == [["x", "x"], ["x"]])
  }

  @Test("every split of a long utterance is read, the shortest first slot first")
  func longSplits() throws {
    let grammar = try loadGrammar()
    let parser = UtteranceParser(grammar: grammar)
    let tokens = ["delete"] + Array(repeating: "x", count: 20)
    let readings = UtteranceParserTests.readings(parser, tokens)
    #expect(readings == UtteranceParserTests.referenceReadings(grammar, tokens))
    let actionFirst = readings.filter { $0.pattern == "<action> <item>" }.map { $0.slots[.action]!.count }
    #expect(actionFirst == Array(1...20))
  }

  /// The session makes readings one at a time in its own order; this is that order.
  @Test("a name said exactly beats a custom action of the same words, which beats a command")
  func sessionOrder() throws {
    var session = try makeSession(json: sceneJSON([
      #"{"id": "delete", "type": "button", "frame": [20, 100, 300, 44], "label": "Delete"}"#,
      #"{"id": "mail", "type": "button", "frame": [20, 200, 300, 44], "label": "Mail from Bob", "#
        + #""customActions": [{"name": "Delete", "effects": []}, {"name": "Long press", "effects": []}]}"#,
    ]))
    let name = session.handle(utterance: "delete")
    #expect(name.target == "delete")
    #expect(name.action == .activate)
    let action = session.handle(utterance: "delete mail from bob")
    #expect(action.target == "mail")
    #expect(action.action == .custom("Delete"))
    let offered = session.handle(utterance: "long press mail from bob")
    #expect(offered.action == .custom("Long press"))
    let command = session.handle(utterance: "long press delete")
    #expect(command.target == "delete")
    #expect(command.action == .gesture(.longPress))
  }
}
