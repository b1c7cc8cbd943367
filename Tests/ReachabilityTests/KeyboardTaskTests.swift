import AXModel
import AXTestSupport
import Reachability
import Testing
import VoiceControl

/// A task's voice step whose target the keyboard covers: the plan scrolls it above the
/// keyboard where a scroll view can, and says it is under the keyboard where none can.
@Suite("axreach report: task steps under the keyboard")
struct KeyboardTaskTests {
  /// The voice entry of a scene's task.
  func voice(_ scene: Scene, task: String) throws -> TaskEvidence.Entry {
    let report = ReachReport(scene: scene, options: ReachOptions(vocabulary: try ReachFixtures.grammar("en-US")))
    let evidence = try #require(report.tasks.first { $0.name == task })
    return try #require(evidence.modalities.first { $0.modality == .voiceControl })
  }

  @Test func signUpScrollsCreateAccountAboveTheKeyboard() throws {
    let voice = try voice(try ReachFixtures.scene("sign-up.json"), task: "Create an account")
    #expect(voice.isCompletable, "\(voice.failure ?? "")")
    #expect(voice.transcript.last == #""scroll down", "tap Create account""#)
  }

  @Test func aButtonNoScrollBringsUpIsUnderTheKeyboard() throws {
    let children = [
      #"{"id": "name", "type": "textField", "frame": [16, 100, 358, 44], "label": "Name"}"#,
      ReachRuleTests.button(
        "send", "Send", frame: "[16, 700, 358, 44]", more: #", "on": {"activate": {"effects": [{"set": "sent", "to": true}], "when": {"element": "name", "text": "Ada"}}}"#),
    ]
    let text = ReachRuleTests.scene(
      children.joined(separator: ", "),
      extra: #", "vars": {"sent": false}, "tasks": [{"name": "Send a name", "goal": {"all": [{"element": "name", "text": "Ada"}, {"var": "sent", "equals": true}]}}]"#)
    let scene = try SceneLoader().load(text: text, path: "fixed-form.json")
    let voice = try voice(scene, task: "Send a name")
    // Send works only once the name is typed, so the plan types first and the keyboard is up.
    #expect(!voice.isCompletable, "\(voice.transcript)")
    #expect(voice.failure?.contains("under the keyboard") == true, "\(voice.failure ?? "")")
    // The refusal of its name advises only ending editing: nothing scrolls it up.
    var session = VoiceSession(scene: scene, vocabulary: try ReachFixtures.grammar("en-US"))
    #expect(session.handle(utterance: "tap name").kind == .done)
    #expect(
      session.handle(utterance: "tap send").message
        == "no item named 'send': 'Send' is under the keyboard; end editing to reach it")
  }
}
