import AXModel
import AXTestSupport
import Testing
import VoiceControl

/// Input no speaker produces but a script, a pipe or a scene can: very long utterances,
/// signed numbers and labels with line breaks and quotes.
@Suite struct HostileInputTests {
  // MARK: Long utterances

  @Test(
    "an utterance of more than 48 words is not understood, without being read",
    .timeLimit(.minutes(1)), arguments: [49, 1_000, 100_000])
  func tooLong(_ words: Int) throws {
    var session = try makeSession("coffee-dispenser")
    let utterance = (["tap"] + Array(repeating: "brew", count: words - 1)).joined(separator: " ")
    let outcome = session.handle(utterance: utterance)
    #expect(outcome.kind == .notUnderstood)
    #expect(outcome.message == "utterance too long (\(words) words, at most 48)")
    #expect(outcome.results.isEmpty)
    #expect(outcome.utterance == utterance)
  }

  @Test("an utterance of exactly 48 words is still read")
  func longestReadable() throws {
    let name = Array(repeating: "ab", count: UtteranceParser.maximumTokens - 1).joined(separator: " ")
    var session = try makeSession(json: sceneJSON([
      #"{"id": "long", "type": "button", "frame": [10, 10, 200, 44], "label": "\#(name)"}"#
    ]))
    let outcome = session.handle(utterance: "tap \(name)")
    #expect(outcome.kind == .done)
    #expect(outcome.target == "long")
  }

  @Test("the parser has no reading of more than 48 tokens, and no reading twice")
  func parserLimit() throws {
    let parser = UtteranceParser(grammar: try loadGrammar())
    let readable = ["delete"] + Array(repeating: "x", count: UtteranceParser.maximumTokens - 1)
    let readings = parser.parses(readable)
    #expect(!readings.isEmpty)
    #expect(Set(readings).count == readings.count)
    #expect(parser.parses(readable + ["x"]).isEmpty)
  }

  // MARK: Signed numbers

  @Test(
    "a minus before a number is no number: 'tap -1' taps nothing",
    arguments: ["tap -1", "tap −1", "tap －1", "tap ﹣1", "tap (-1)"])
  func negativeNumber(_ utterance: String) throws {
    var session = try makeSession("duplicate-names")
    _ = session.handle(utterance: "show numbers continuously")
    let before = session.sceneSession.state
    let outcome = session.handle(utterance: utterance)
    #expect(outcome.kind == .noSuchName, "\(outcome.message)")
    #expect(outcome.target == nil)
    #expect(session.sceneSession.state == before)
  }

  @Test("a minus before a number is no number for a bare number or a count either")
  func negativeBareNumber() throws {
    var session = try makeSession("coffee-dispenser")
    _ = session.handle(utterance: "show numbers")
    #expect(session.handle(utterance: "-1").target == nil)
    #expect(session.handle(utterance: "increment coffee dispenser by -3").results.isEmpty)
  }

  // MARK: Untrusted labels in text renderings

  static let hostileScene = sceneJSON([
    #"{"id": "two-lines", "type": "button", "frame": [10, 10, 200, 44], "label": "big\nred", "#
      + #""on": {"activate": [{"announce": "said\n\"this\""}]}}"#,
    #"{"id": "quoted", "type": "button", "frame": [10, 60, 200, 44], "label": "=\"q\"\\"}"#,
    #"{"id": "twin", "type": "button", "frame": [10, 110, 200, 44], "label": "big\nred"}"#,
  ])

  @Test("the overlay list quotes and escapes names, one badge a line")
  func overlayEscapes() throws {
    var session = try makeSession(json: HostileInputTests.hostileScene)
    session.showNumbers()
    let snapshot = try #require(session.overlaySnapshot())
    let text = OverlayRenderer().text(snapshot)
    let list = text.split(separator: "\n").filter { $0.hasPrefix("  ") }.map(String.init)
    #expect(list == [
      #"  1  two-lines  [10, 10, 200, 44]  "big\nred""#,
      #"  2  quoted  [10, 60, 200, 44]  "=\"q\"\\""#,
      #"  3  twin  [10, 110, 200, 44]  "big\nred""#,
    ])
  }

  @Test("the transcript escapes names, choices, announcements and the utterance")
  func transcriptEscapes() throws {
    var session = try makeSession(json: HostileInputTests.hostileScene)
    let renderer = VoiceOutcomeRenderer()
    let ambiguous = renderer.text(session.handle(utterance: "tap big red"))
    #expect(ambiguous == #"""
      > tap big red
        ambiguous [tap]: which one? 2 items match 'big red': say a number from 1 to 2
          1  two-lines  "big\nred"
          2  twin  "big\nred"

      """#)
    let tapped = renderer.text(session.handle(utterance: "1"))
    #expect(tapped == #"""
      > 1
        done [tap]: activate 'big\nred' (two-lines, chooser)
        announce: "said\n\"this\""

      """#)
    let said = renderer.text(session.handle(utterance: "tap =\"q\"\\\nnext"))
    #expect(said.split(separator: "\n").count == 2, "\(said)")
    #expect(said.hasPrefix(#"> tap ="q"\\\nnext"#))
  }

  @Test(
    "what was not understood is echoed as said, not as normalised tokens",
    arguments: [("close-button", "打开 冰箱"), ("coffee-dispenser", "Make me a SANDWICH!")])
  func echoesUtterance(_ scene: String, _ utterance: String) throws {
    var session = try makeSession(scene)
    let outcome = session.handle(utterance: " \(utterance) ")
    #expect(outcome.kind == .notUnderstood)
    #expect(outcome.message.contains("'\(utterance)'"), "\(outcome.message)")
  }
}
