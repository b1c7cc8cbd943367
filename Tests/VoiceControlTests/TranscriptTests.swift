import AXModel
import AXTestSupport
import Testing
import VoiceControl

/// Whole sessions, rendered as `axvoice run` prints them, compared with golden transcripts.
@Suite struct TranscriptTests {
  struct Script: CustomTestStringConvertible, Sendable {
    var scene: String
    var utterances: [String]
    var testDescription: String { scene }
  }

  static let scripts: [Script] = [
    Script(scene: "product-page", utterances: [
      // The grid zooms twice into the spec row and taps L; then a tap on the gap above the
      // row shows a miss.
      "显示编号", "轻点 7", "轻点 加入购物车", "向左轻扫 商品图片", "显示网格", "五", "八", "轻点 二",
      "显示网格", "轻点 五", "尺码表", "取消",
    ]),
    Script(scene: "mail-list", utterances: [
      "show numbers continuously", "delete bob miller", "tap 4", "mark as read", "1",
      "show actions for dan wu", "swipe left on dan wu", "scroll down", "tap compose", "go back", "hide numbers",
    ]),
    Script(scene: "duplicate-names", utterances: [
      "show names", "tap delete", "3", "tap sort", "show numbers", "tap 1", "tap edit", "tap 2", "cancel",
    ]),
    Script(scene: "close-button", utterances: ["显示名称", "退出"]),
    Script(scene: "coffee-dispenser", utterances: [
      "increment coffee dispenser by 6", "decrement coffee dispenser", "tap brew", "double tap brew",
    ]),
  ]

  @Test("text transcripts match their golden files", arguments: scripts)
  func text(_ script: Script) throws {
    var session = try makeSession(script.scene)
    let renderer = VoiceOutcomeRenderer()
    let transcript = say(script.utterances, to: &session).map(renderer.text).joined()
    expectGolden(transcript, named: "transcripts/\(script.scene).txt")
  }

  @Test("JSON Lines transcripts match their golden files", arguments: scripts)
  func jsonLines(_ script: Script) throws {
    var session = try makeSession(script.scene)
    let renderer = VoiceOutcomeRenderer()
    let lines = say(script.utterances, to: &session).map { renderer.json($0).rendered() + "\n" }
    for line in lines {
      for key in ["\"utterance\":", "\"intent\":", "\"target\":", "\"action\":", "\"outcome\":", "\"announcements\":"] {
        #expect(line.contains(key), "\(key) in \(line)")
      }
    }
    expectGolden(lines.joined(), named: "transcripts/\(script.scene).jsonl")
  }
}
