import AXModel
import Testing
import VoiceControl

/// Voice Control over actions whose handler returns `false`, and over elements whose value
/// updates frequently.
@Suite struct FailedCommandTests {
  static let views = [
    #"{"id": "brew", "type": "button", "text": "Brew", "frame": [20, 100, 350, 50], "on": {"activate": {"failsWhen": {"var": "cups", "equals": 0}, "effects": [{"announce": "Brewing"}]}}}"#,
    #"{"id": "fill", "type": "button", "text": "Fill", "frame": [20, 200, 350, 50], "on": {"activate": [{"add": "cups"}]}}"#,
    #"{"id": "timer", "type": "slider", "label": "Timer", "value": "{cups} minutes", "traits": ["updatesFrequently"], "frame": [20, 300, 350, 50], "on": {"increment": [{"add": "cups"}]}}"#,
  ]

  func session() throws -> VoiceSession {
    try makeSession(json: sceneJSON(Self.views, vars: #""cups": 0"#))
  }

  @Test("a command whose action fails is reported as failed and changes nothing")
  func failed() throws {
    var session = try session()
    let outcome = session.handle(utterance: "tap Brew")
    #expect(outcome.kind == .failed)
    #expect(outcome.results.map(\.outcome) == [.failed])
    #expect(outcome.announcements.isEmpty)
    #expect(outcome.message == "activate failed: the action's handler returned false; nothing changed")
    #expect(VoiceOutcomeRenderer().text(outcome).contains("failed [tap]: activate failed"))
    _ = session.handle(utterance: "tap Fill")
    #expect(session.handle(utterance: "tap Brew").kind == .done)
  }

  @Test("a frequently updating value never renames the element")
  func stableName() throws {
    var session = try session()
    let before = VoiceTarget.names(of: try #require(session.sceneSession.tree.element(id: "timer")), normalizer: session.normalizer)
    let outcome = session.handle(utterance: "increment Timer")
    #expect(outcome.kind == .done)
    #expect(outcome.results.first?.polled == ["timer"])
    let after = VoiceTarget.names(of: try #require(session.sceneSession.tree.element(id: "timer")), normalizer: session.normalizer)
    #expect(before.map(\.text) == ["Timer"])
    #expect(after.map(\.text) == before.map(\.text))
  }
}
