import AXTestSupport
import Foundation
import Testing

/// Text entry end to end: dictation through `axvoice run`, the keyboard through `axswitch path
/// --type` and `axswitch scan --keys`, and the login task through `axreach report`.
@Suite struct TextEntryCLITests {
  @Test("typing keys from path --type replay with scan --keys", arguments: [
    ["--scanning", "manual"], ["--scanning", "auto"], ["--scanning", "step"], ["--tap", "auto"],
  ])
  func switchTyping(options: [String]) throws {
    let path = try runExecutable(
      "axswitch", ["path", "Scenes/login-form.json", "email", "--type", "a@b.cn", "--format", "json"] + options)
    #expect(path.status == 0, "\(path.standardError)")
    let found = try #require(
      try JSONSerialization.jsonObject(with: Data(path.standardOutput.utf8)) as? [String: Any])
    let keys = try #require(found["keys"] as? [String])
    #expect(found["characters"] as? Int == 6)
    let scan = try runExecutable(
      "axswitch", ["scan", "Scenes/login-form.json", "--keys", keys.joined(separator: ",")] + options)
    #expect(scan.status == 0, "\(scan.standardError)")
    let values = scan.standardOutput.split(separator: "\n").filter { $0.contains("value of email") }
    #expect(values.last?.hasSuffix(#"-> "a@b.cn""#) == true, "\(values)")
  }

  @Test func switchScanTypesALetterWithTheKeyboard() throws {
    // Tap the email field (menu, Tap), enter the keyboard, the second row, and tap "a".
    let result = try runExecutable(
      "axswitch", ["scan", "Scenes/login-form.json", "--scanning", "manual", "--keys", "select,select,select,next,select,select"])
    #expect(result.status == 0, "\(result.standardError)")
    expectGolden(result.standardOutput, named: "switch/login-type-a.txt")
  }

  @Test func pathTypeRefusesAFieldlessTarget() throws {
    let result = try runExecutable("axswitch", ["path", "Scenes/login-form.json", "login", "--type", "x"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("tapping it does not start editing it"))
  }

  @Test func pathTypeTakesNoAction() throws {
    // Checked before the scene is read: a usage error is 64 even for a missing file.
    let result = try runExecutable("axswitch", ["path", "/nonexistent.json", "email", "--type", "a", "--action", "activate"])
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("Error: '--type' types into a text field; it takes no '--action'"))
  }

  @Test func voiceDictatesIntoTheLoginForm() throws {
    let result = try runExecutable(
      "axvoice", ["run", "Scenes/login-form.json", "--say", "轻点 邮箱", "--say", "a@b.cn", "--say", "轻点 密码",
                  "--say", "secret", "--say", "轻点 换行"])
    #expect(result.status == 0, "\(result.standardError)")
    expectGolden(result.standardOutput, named: "voice/login-dictation.txt")
  }

  @Test func theLoginTaskIsCompletableByVoiceAndSwitch() throws {
    let result = try runExecutable("axreach", ["report", "Scenes/login-form.json", "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let scenes = try #require(report["scenes"] as? [[String: Any]])
    let tasks = try #require(scenes.first?["tasks"] as? [[String: Any]])
    let login = try #require(tasks.first { $0["name"] as? String == "登录" })
    #expect(login["plan"] as? [String] == [#"enter "a@b.cn" email"#, #"enter "a" password"#, "return password"])
    let modalities = try #require(login["modalities"] as? [[String: Any]])
    for modality in modalities {
      #expect(modality["completable"] as? Bool == true, "\(modality)")
    }
  }
}
