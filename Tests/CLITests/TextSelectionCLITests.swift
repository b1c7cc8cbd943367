import AXTestSupport
import Foundation
import Testing

/// Voice Control's insertion point and selection end to end, through `axvoice run` on a small
/// note form (`Tests/Fixtures/text-editing/note-form.json`).
@Suite struct TextSelectionCLITests {
  static let scene = "Tests/Fixtures/text-editing/note-form.json"

  @Test func movingSelectingAndReplacingEditTheMessage() throws {
    let result = try runExecutable(
      "axvoice",
      ["run", Self.scene, "--say", "tap message", "--say", "move to beginning", "--say", "hello",
       "--say", "select noon", "--say", "six thirty", "--say", "replace see with meet", "--say", "delete you",
       "--say", "undo that", "--format", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 8)
    let messages = try lines.map { line -> String in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try #require(object["message"] as? String)
    }
    #expect(messages[1] == "moved to the beginning of 'Message'")
    #expect(messages[2] == "dictated 'Hello ' into 'Message'")
    #expect(messages[3] == #"selected "noon" in 'Message'"#)
    #expect(messages[5] == #"replaced "see" with "meet" in 'Message'"#)
    #expect(messages[6] == #"deleted "you" from 'Message'"#)
    let text = try runExecutable(
      "axvoice",
      ["run", Self.scene, "--say", "tap message", "--say", "move to beginning", "--say", "hello",
       "--say", "select noon", "--say", "six thirty", "--say", "replace see with meet", "--say", "delete you"])
    let values = text.standardOutput.split(separator: "\n").filter { $0.contains("value of message") }
    #expect(values.last?.hasSuffix(#"-> "Hello meet at six thirty""#) == true, "\(values)")
  }

  @Test func aPhraseNotInTheFieldIsNothingDoneAndExitsOne() throws {
    let result = try runExecutable(
      "axvoice", ["run", Self.scene, "--say", "tap message", "--say", "select banana"])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains(#"refused [selectPhrase]: nothing done: "banana" is not in 'Message'"#))
  }

  @Test func aSecureFieldRefusesPhrases() throws {
    let result = try runExecutable(
      "axvoice", ["run", Self.scene, "--say", "tap passcode", "--say", "1234", "--say", "select 12"])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("'Passcode' is a secure text field"))
  }

  @Test func enteringAWholeTextStillReplacesIt() throws {
    // `axreach do` enters a whole text with `enter`: the insertion point must not get in the way.
    let result = try runExecutable(
      "axreach", ["do", Self.scene, "enter", "hi there", "message", "then", "enter", "more", "message"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains(#"value of message: "see you at noon" -> "hi there""#))
    #expect(result.standardOutput.contains(#"value of message: "hi there" -> "more""#))
  }
}
