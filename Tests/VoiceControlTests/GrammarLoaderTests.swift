import AXModel
import AXTestSupport
import Foundation
import Testing
import VoiceControl

@Suite struct GrammarLoaderTests {
  @Test(arguments: ["en-US", "zh-CN"])
  func libraryGrammarsLoad(_ language: String) throws {
    let grammar = try loadGrammar(language)
    #expect(grammar.language == language)
    // Every intent has at least one phrase, so the whole command set is reachable; zh-CN
    // leaves out the phrase editing commands, whose Chinese wording is not known (see
    // docs/voice-control.md, "Dictation and text editing").
    let intents = Set(grammar.commands.map(\.intent))
    let phraseEditing: Set<VoiceIntent> = [
      .moveToBeginning, .moveToEnd, .moveBefore, .moveAfter, .selectPhrase, .selectPreviousWord,
      .selectNextWord, .replacePhrase, .deletePhrase,
    ]
    #expect(intents == Set(VoiceIntent.allCases).subtracting(language == "zh-CN" ? phraseEditing : []))
    // The bare item reading is last, so every other command wins over it.
    #expect(grammar.commands.last?.intent == .tap)
    #expect(grammar.commands.last?.patterns.map(\.source) == ["<item>"])
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var id: String
    /// A grammar with 1️⃣ where the error is expected.
    var marked: String
    var message: String
    var testDescription: String { id }
  }

  static let header = #"{"format": "axgrammar/1", "language": "en-US", "numbers": {"words": {"one": 1}}, "#

  static let cases: [ErrorCase] = [
    ErrorCase(
      id: "malformed JSON", marked: header + #""commands": [1️⃣}"#,
      message: "expected a value, found '}'"),
    ErrorCase(
      id: "unknown intent", marked: header + #""commands": [{"intent": 1️⃣"tapp", "patterns": ["tap <item>"]}]}"#,
      message: "unknown intent 'tapp' at commands[0].intent; did you mean 'tap'?"),
    ErrorCase(
      id: "unknown slot", marked: header + #""commands": [{"intent": "tap", "patterns": ["tap <1️⃣itme>"]}]}"#,
      message: "unknown slot 'itme' at commands[0].patterns[0]; did you mean 'item'?"),
    ErrorCase(
      id: "unclosed group", marked: header + #""commands": [{"intent": "tap", "patterns": ["tap [on <item>1️⃣"]}]}"#,
      message: "missing ']' in pattern at commands[0].patterns[0]"),
    ErrorCase(
      id: "missing slot", marked: header + #""commands": [{"intent": "tap", "patterns": [1️⃣"tap it"]}]}"#,
      message: "intent 'tap' needs a slot '<item>' at commands[0].patterns[0]"),
    ErrorCase(
      id: "slot the intent does not take", marked: header + #""commands": [{"intent": "hideGrid", "patterns": [1️⃣"hide <item>"]}]}"#,
      message: "intent 'hideGrid' takes no slot '<item>' at commands[0].patterns[0]"),
    ErrorCase(
      id: "unknown key", marked: header + #""commands": [{"intent": "goBack", 1️⃣"pattern": ["go back"]}]}"#,
      message: "unknown key 'pattern' at commands[0].pattern; did you mean 'patterns'?"),
    ErrorCase(
      id: "swipe without direction", marked: header + #""commands": [1️⃣{"intent": "swipe", "patterns": ["swipe <item>"]}]}"#,
      message: "missing key 'direction' for intent 'swipe' at commands[0]"),
    ErrorCase(
      id: "wrong kind", marked: header + #""commands": [{"intent": "goBack", "continuous": 1️⃣"yes", "patterns": ["go back"]}]}"#,
      message: "expected a Boolean, found a string at commands[0].continuous"),
    ErrorCase(
      id: "unsupported format", marked: #"{"format": 1️⃣"axgrammar/9", "language": "en-US", "numbers": {}, "commands": []}"#,
      message: "unsupported format 'axgrammar/9' at format; expected 'axgrammar/1'"),
    ErrorCase(
      id: "a spoken mark too long to be looked up",
      marked: header + #""dictation": {"punctuation": {1️⃣"end of the line": "."}}, "commands": []}"#,
      message: "a spoken mark is 1 to 3 words at dictation.punctuation.end of the line"),
    ErrorCase(
      id: "an empty spoken mark", marked: header + #""dictation": {"symbols": {1️⃣" ": "@"}}, "commands": []}"#,
      message: "a spoken mark is 1 to 3 words at dictation.symbols. "),
  ]

  @Test(arguments: cases)
  func errorsAreLocated(_ testCase: ErrorCase) throws {
    let (text, line, column) = unmarked(testCase.marked)
    let error = #expect(throws: GrammarError.self) {
      try GrammarLoader().load(text: text, path: "bad.json")
    }
    #expect(error?.description == "bad.json:\(line):\(column): error: \(testCase.message)")
  }

  @Test func missingFileIsReported() {
    let error = #expect(throws: GrammarError.self) {
      try GrammarLoader().load(path: "/nonexistent/en-US.json")
    }
    #expect(error?.code == .fileNotFound)
    #expect(error?.description == "/nonexistent/en-US.json: error: no such grammar file")
  }

  @Test("a folder is not a grammar file; the error is the grammar's own type, not a scene's")
  func folderIsReported() {
    let path = packagePath("Grammars")
    let error = #expect(throws: GrammarError.self) { try GrammarLoader().load(path: path) }
    #expect(error?.code == .fileNotFound)
    #expect(error?.isMissingFile == true)
    #expect(error?.description == "\(path): error: is a directory, expected a grammar file")
  }

  @Test("a grammar file over the size limit is one error at 1:1, from bytes and from a file")
  func oversizedGrammar() throws {
    let text = try String(contentsOfFile: packagePath("Grammars/en-US.json"), encoding: .utf8)
    let loader = GrammarLoader(maximumFileSize: 100)
    let expected = "1:1: error: file is \(text.utf8.count) bytes, larger than the limit of 100 bytes"
    let fromText = #expect(throws: GrammarError.self) { try loader.load(text: text, path: "g.json") }
    #expect(fromText?.description == "g.json:\(expected)")
    let path = packagePath("Grammars/en-US.json")
    let fromFile = #expect(throws: GrammarError.self) { try loader.load(path: path) }
    #expect(fromFile?.code == .limitExceeded)
    #expect(fromFile?.description == "\(path):\(expected)")
  }
}
