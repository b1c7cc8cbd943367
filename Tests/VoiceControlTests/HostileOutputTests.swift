import AXModel
import AXTestSupport
import Testing
import VoiceControl

/// The voice texts under hostile scenes: transcripts and overlays escape every string of the
/// scene, and an overlay's size doesn't follow the screen's.
@Suite("Hostile output: voice transcripts and overlays")
struct VoiceHostileOutputTests {
  static func hostileSession() throws -> VoiceSession {
    VoiceSession(
      scene: try SceneLoader().load(path: packagePath(HostileOutput.scenePath)), vocabulary: try loadGrammar())
  }

  /// Utterances that reach every line of a transcript: an action with changes and an
  /// announcement, a chooser and its choice, the actions list, names no item has, overlays.
  static let utterances = [
    "tap go", "tap one", "2", "increment dial", "show actions for go", "tap close", "show numbers",
    "show names",
  ]

  @Test("the transcript of the hostile scene escapes names, ids, announcements and changes")
  func transcript() throws {
    var session = try Self.hostileSession()
    let text = say(Self.utterances, to: &session).map(VoiceOutcomeRenderer().text).joined()
    HostileOutput.expectClean(text, "the voice transcript")
    #expect(text.contains(#"  var note: "start \#(HostileOutput.escapedPayload)" -> "after "#))
    // Each outcome opens with its utterance; no string may open a line of its own.
    #expect(text.split(separator: "\n").filter { $0.hasPrefix(">") }.count == Self.utterances.count)
    expectGolden(text, named: "hostile/transcript.txt")
  }

  @Test("a hostile utterance is echoed escaped, and what it matched too", arguments: [
    "tap \(HostileOutput.payload)", HostileOutput.payload, "show actions for \(HostileOutput.payload)",
  ])
  func hostileUtterance(utterance: String) throws {
    var session = try Self.hostileSession()
    let text = VoiceOutcomeRenderer().text(session.handle(utterance: utterance))
    HostileOutput.expectClean(text, "the outcome of a hostile utterance")
    let shown = utterance.replacingOccurrences(of: HostileOutput.payload, with: HostileOutput.escapedPayload)
    #expect(text.hasPrefix("> \(shown)\n  "), "\(text)")
  }

  @Test("overlays of the hostile scene escape the scene name, ids, names and hit ids", arguments: [
    "names", "numbers", "grid",
  ])
  func overlay(kind: String) throws {
    var session = try Self.hostileSession()
    switch kind {
    case "names": session.showNames()
    case "numbers": session.showNumbers()
    default: session.showGrid()
    }
    let snapshot = try #require(session.overlaySnapshot())
    let text = OverlayRenderer().text(snapshot)
    HostileOutput.expectClean(text, "the \(kind) overlay")
    #expect(text.hasPrefix("overlay: \(kind), Hostile \(HostileOutput.escapedPayload) (390 x 844 pt)"))
    expectGolden(text, named: "hostile/overlay-\(kind).txt")
    // SVG is XML: no control may stand in it, and a bidi control would reorder the drawing.
    HostileOutput.expectClean(OverlayRenderer().svg(snapshot), "the \(kind) SVG")
  }

  /// The 190-byte scene of issue #12: a 100,000 pt square screen drew 50 MB of text.
  static let hugeScreen = """
    {"format": "axscene/1", "name": "Huge", "screen": {"width": 100000, "height": 100000},
     "windows": [{"root": {"id": "b", "type": "button", "frame": [0, 0, 100000, 100000], "label": "Big"}}]}
    """

  @Test(
    "a huge screen draws a layout of at most 200 x 100 characters, with a note, for every overlay",
    .timeLimit(.minutes(1)), arguments: ["names", "numbers", "grid", "grid 20"])
  func boundedLayout(kind: String) throws {
    var session = try makeSession(json: Self.hugeScreen)
    switch kind {
    case "names": session.showNames()
    case "numbers": session.showNumbers()
    case "grid": session.showGrid()
    default: session.showGrid(columns: GridOverlay.maximumSize, rows: GridOverlay.maximumSize)
    }
    let text = OverlayRenderer().text(try #require(session.overlaySnapshot()))
    // 102 lines of 202 characters of layout, and at most 400 grid cells of under 80 each.
    #expect(text.utf8.count < 60_000, "\(text.utf8.count) bytes")
    let layout = text.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("|") }
    #expect(layout.count == 102)
    #expect(layout.allSatisfy { $0.count == 202 })
    #expect(text.contains("layout: 1 column = 500 pt, 1 row = 1000 pt (scaled down 50 times to fit 200 columns and 100 rows)"))
  }

  @Test("a screen that fits keeps the usual scale and no note", arguments: [
    (390.0, 844.0, 39, 43), (2000, 2000, 200, 100), (2001, 100, 101, 3), (10, 4000, 1, 100),
  ])
  func layoutScale(width: Double, height: Double, columns: Int, rows: Int) throws {
    var session = try makeSession(json: Self.hugeScreen.replacingOccurrences(of: "100000", with: "\(width)"))
    session.showNumbers()
    var snapshot = try #require(session.overlaySnapshot())
    snapshot.screen = Size(width: width, height: height)
    let text = OverlayRenderer().text(snapshot)
    let layout = text.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("|") }
    #expect(layout.count == rows + 2)
    #expect(layout.first?.count == columns + 2)
    #expect(text.contains("scaled down") == (width > 2000 || height > 2000))
  }
}
