import AXModel
import AXTestSupport
import Testing
import VoiceControl

/// What a speech recognizer heard, handled by the session (`VoiceSession.handle(heard:…)`), and
/// the renderer pieces `axvoice listen` prints it with.
@Suite struct HeardUtteranceTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var alternatives: [HeardAlternative]
    var margin: Int
    /// The competitor that makes it ambiguous, or `nil` when it is performed.
    var competitor: String?
    var testDescription: String
  }

  static let cases: [Case] = [
    Case(alternatives: [], margin: 150, competitor: nil, testDescription: "no alternatives"),
    Case(
      alternatives: [.init(text: "show grid", margin: 40)], margin: 150,
      competitor: "show grid", testDescription: "a close one that does something else"),
    Case(
      alternatives: [.init(text: "show grid", margin: 400)], margin: 150, competitor: nil,
      testDescription: "one that does something else, far behind"),
    Case(
      alternatives: [.init(text: "show grid", margin: 40)], margin: 0, competitor: nil,
      testDescription: "a margin of 0 acts on every sentence"),
    Case(
      alternatives: [.init(text: "make me a sandwich", margin: 5)], margin: 150, competitor: nil,
      testDescription: "a close one that does nothing"),
    Case(
      alternatives: [.init(text: "show grid", margin: 90), .init(text: "show numbers", margin: 20)],
      margin: 150, competitor: "show numbers", testDescription: "the closest competitor, in any order"),
  ]

  @Test("a heard sentence is performed unless a near alternative would do something else", arguments: cases)
  func heard(_ testCase: Case) throws {
    var session = try makeSession("coffee-dispenser")
    let outcome = session.handle(
      heard: "increment coffee dispenser", alternatives: testCase.alternatives, margin: testCase.margin)
    switch outcome {
    case .ambiguous(let competitor):
      #expect(competitor.text == testCase.competitor)
      // Nothing was performed, not even on the copies the alternatives were tried on.
      var typed = try makeSession("coffee-dispenser")
      let again = "increment coffee dispenser"
      #expect(session.handle(utterance: again).announcements == typed.handle(utterance: again).announcements)
    case .handled(let handled):
      #expect(testCase.competitor == nil)
      #expect(handled.kind == .done && handled.intent == .increment && handled.target == "coffee")
    case .doubtfulTap, .whole, .soundsAlike:
      Issue.record("a command heard without doubt was refused or replaced")
    }
  }

  struct DoubtfulCase: CustomTestStringConvertible, Sendable {
    var text: String
    var showsNumbers = false
    var showsGrid = false
    /// Whether it was accepted only on the short sentences' allowance.
    var isBarelyAccepted = false
    /// The intent performed, or `nil` when it is refused as a doubtful tap.
    var intent: VoiceIntent?
    var testDescription: String {
      "\(showsNumbers ? "numbers shown, " : "")\(showsGrid ? "grid shown, " : "")'\(text)'"
        + (isBarelyAccepted ? ", barely accepted" : "")
    }
  }

  static let doubtfulCases: [DoubtfulCase] = [
    DoubtfulCase(text: "brew", intent: nil),
    DoubtfulCase(text: "coffee dispenser", intent: nil),
    // A number the overlay shows is what the speaker is asked to say: performed.
    DoubtfulCase(text: "two", showsNumbers: true, intent: .tap),
    DoubtfulCase(text: "five", showsGrid: true, intent: .number),
    // Unless it came only on the short sentences' allowance, as chatter did ("eleven").
    DoubtfulCase(text: "two", showsNumbers: true, isBarelyAccepted: true, intent: nil),
    DoubtfulCase(text: "five", showsGrid: true, isBarelyAccepted: true, intent: nil),
    DoubtfulCase(text: "tap two", showsNumbers: true, isBarelyAccepted: true, intent: .tap),
    // A name is refused with an overlay up too.
    DoubtfulCase(text: "brew", showsNumbers: true, intent: nil),
    DoubtfulCase(text: "coffee dispenser", showsGrid: true, intent: nil),
    DoubtfulCase(text: "tap brew", intent: .tap),
    DoubtfulCase(text: "tap two", showsNumbers: true, intent: .tap),
    DoubtfulCase(text: "increment coffee dispenser", intent: .increment),
    DoubtfulCase(text: "show numbers", intent: .showNumbers),
  ]

  @Test(
    "a bare name accepted in doubt is not tapped; a command with its word, or a number shown, is",
    arguments: doubtfulCases)
  func doubtful(_ testCase: DoubtfulCase) throws {
    var session = try makeSession("coffee-dispenser")
    if testCase.showsNumbers { session.showNumbers() }
    if testCase.showsGrid { session.showGrid() }
    var sure = session
    let before = session.sceneSession.state
    let outcome = session.handle(
      heard: testCase.text, alternatives: [], margin: 150, isDoubtful: true,
      isBarelyAccepted: testCase.isBarelyAccepted)
    switch outcome {
    case .doubtfulTap:
      #expect(testCase.intent == nil)
      #expect(session.sceneSession.state == before)
      // Heard without doubt, the same words are a tap.
      guard case .handled(let tapped) = sure.handle(heard: testCase.text, alternatives: [], margin: 150) else {
        Issue.record("not handled when sure")
        return
      }
      // (A grid cell has no target, only its centre.)
      #expect((tapped.target != nil || tapped.point != nil) && (tapped.intent == .tap || tapped.intent == .number))
    case .handled(let handled):
      // "Brew" at 0 ounces refuses its tap (`failed`), but the tap was made.
      #expect(handled.kind != .notUnderstood && handled.intent == testCase.intent)
    case .ambiguous(let competitor):
      Issue.record("ambiguous with \(competitor.text)")
    case .whole(let whole, _):
      Issue.record("replaced by \(whole) without rejected speech before it")
    case .soundsAlike(let chooser):
      Issue.record("a chooser opened without sound-alike sentences: \(chooser.message)")
    }
  }

  @Test("a chooser's number heard in doubt picks its candidate: it is no bare tap")
  func doubtfulChooserPick() throws {
    var session = try makeSession("duplicate-names")
    let opened = session.handle(utterance: "delete")
    #expect(opened.kind == .ambiguous && opened.choices.count == 3)
    guard case .handled(let picked) = session.handle(heard: "one", alternatives: [], margin: 150, isDoubtful: true)
    else {
      Issue.record("a chooser's number was refused")
      return
    }
    #expect(picked.kind == .done && picked.match == .chooser && picked.target == "note-1-delete")
  }

  struct AfterRejectedCase: CustomTestStringConvertible, Sendable {
    var text: String
    var whole: String?
    var showsNumbers = false
    var doubtful = false
    /// What is performed: the intent and what was taken as said, or `nil` when it is refused.
    var performed: (intent: VoiceIntent, said: String)?
    var testDescription: String {
      "'\(text)'\(doubtful ? " in doubt" : "") after rejected speech, whole command \(whole.map { "'\($0)'" } ?? "none")"
    }
  }

  static let afterRejectedCases: [AfterRejectedCase] = [
    AfterRejectedCase(
      text: "coffee dispenser", whole: "increment coffee dispenser",
      performed: (.increment, "increment coffee dispenser")),
    AfterRejectedCase(text: "coffee dispenser", whole: nil, performed: nil),
    AfterRejectedCase(text: "two", whole: "tap two", showsNumbers: true, performed: (.tap, "tap two")),
    AfterRejectedCase(text: "two", whole: nil, showsNumbers: true, performed: nil),
    // A command with its own word is performed as heard: "um … tap brew" is not "double tap brew".
    AfterRejectedCase(text: "tap brew", whole: "double tap brew", performed: (.tap, "tap brew")),
    AfterRejectedCase(text: "show numbers", whole: nil, performed: (.showNumbers, "show numbers")),
    // Accepted in doubt too: the whole command still stands for the name, and without one the
    // name is refused either way.
    AfterRejectedCase(
      text: "coffee dispenser", whole: "increment coffee dispenser", doubtful: true,
      performed: (.increment, "increment coffee dispenser")),
    AfterRejectedCase(text: "brew", whole: nil, doubtful: true, performed: nil),
  ]

  @Test("a bare name after rejected speech performs the whole command found, else nothing", arguments: afterRejectedCases)
  func afterRejectedSpeech(_ testCase: AfterRejectedCase) throws {
    var session = try makeSession("coffee-dispenser")
    if testCase.showsNumbers { session.showNumbers() }
    let before = session.sceneSession.state
    let outcome = session.handle(
      heard: testCase.text, alternatives: [], margin: 150, isDoubtful: testCase.doubtful, followsRejectedSpeech: true,
      wholeCommand: testCase.whole)
    switch (outcome, testCase.performed) {
    case (.doubtfulTap, nil):
      #expect(session.sceneSession.state == before)
    case (.whole(let said, let handled), let performed?):
      #expect(said == performed.said && said != testCase.text)
      #expect(handled.kind != .notUnderstood && handled.intent == performed.intent)
    case (.handled(let handled), let performed?):
      #expect(testCase.text == performed.said && handled.intent == performed.intent)
    default:
      Issue.record("\(outcome)")
    }
  }

  @Test("the transcript's pieces are the renderers' own output: a heading, the fields, the badge list")
  func rendererPieces() throws {
    var session = try makeSession("coffee-dispenser")
    let outcome = session.handle(utterance: "tap brew")
    let renderer = VoiceOutcomeRenderer()
    let plain = renderer.text(outcome)
    let headed = renderer.text(outcome, heading: "[0.00-1.00 s] heard \"tap brew\"")
    #expect(plain.hasPrefix("> tap brew\n"))
    #expect(headed == "[0.00-1.00 s] heard \"tap brew\"" + plain.dropFirst("> tap brew".count))
    #expect(renderer.json(outcome) == .object(renderer.fields(outcome)))

    session.showNumbers()
    let snapshot = try #require(session.overlaySnapshot())
    let overlay = OverlayRenderer()
    let list = overlay.list(snapshot)
    #expect(overlay.text(snapshot).hasPrefix(list))
    #expect(overlay.text(snapshot).dropFirst(list.count).hasPrefix("layout: "))
    #expect(!list.contains("layout:") && list.hasSuffix("\n"))
  }
}
