import AXTestSupport
import Foundation
import Testing

/// The fronts' scrolling end to end: `axswitch path` to a row below the fold replays with
/// `scan --keys`, and `axvoice run` scrolls and then names the row.
@Suite struct ScrollCLITests {
  @Test(
    "a path to a row below the fold scrolls twice, then activates it, on replay",
    arguments: [["--scanning", "manual"], [], ["--mode", "point"]])
  func switchReplay(options: [String]) throws {
    let path = try runExecutable(
      "axswitch", ["path", "Scenes/archive.json", "message-25", "--format", "json"] + options)
    #expect(path.status == 0, "\(path.standardError)")
    let found = try #require(try jsonLines(path.standardOutput).first)
    let keys = try #require(found["keys"] as? [String])
    let scan = try runExecutable(
      "axswitch",
      ["scan", "Scenes/archive.json", "--keys", keys.joined(separator: ","), "--format", "json"] + options)
    #expect(scan.status == 0, "\(scan.standardError)")
    let actions = try jsonLines(scan.standardOutput).filter { !($0["action"] is NSNull) }
    #expect(actions.map { $0["action"] as? String } == ["scroll", "scroll", "activate"])
    #expect(actions.map { $0["target"] as? String } == ["archive", "archive", "message-25"])
  }

  @Test("the scan transcript shows the Scroll submenu, the page and what came on screen")
  func switchTranscript() throws {
    let scan = try runExecutable(
      "axswitch",
      ["scan", "Scenes/archive.json", "--scanning", "manual", "--keys", "next,select,select,next,select,next,select"])
    #expect(scan.status == 0, "\(scan.standardError)")
    #expect(scan.standardOutput.contains("menu: Scroll Up | [Scroll Down] | Scroll Left | Scroll Right"))
    #expect(scan.standardOutput.contains("   scroll down archive: done\n     announce: \"Page 2 of 3\""))
    #expect(scan.standardOutput.contains("on screen: message-11, message-12"))
  }

  @Test("axvoice names a row only once it has scrolled into view")
  func voiceRun() throws {
    let run = try runExecutable(
      "axvoice",
      ["run", "Scenes/archive.json", "--say", "tap yara haddad", "--say", "scroll to bottom", "--say", "tap yara haddad"])
    #expect(run.status == 1, "the first utterance names a row not on screen")
    #expect(run.standardOutput.contains("noSuchName [tap]: no item named 'yara haddad'"))
    #expect(run.standardOutput.contains("done [scrollToEdge]: scroll to bottom in 'Archive' (archive)"))
    #expect(run.standardOutput.contains("done [tap]: activate 'Yara Haddad, Newsletter' (message-25"))
  }
}
