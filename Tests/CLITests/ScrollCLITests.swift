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

/// A card of a carousel below the fold of a feed (`Scenes/news-feed.json`): every tool scrolls
/// the feed first, then the carousel, and the report's rows are the other tools' paths.
@Suite struct NestedScrollCLITests {
  @Test(
    "the report's switch keys to a carousel card are axswitch path's, and replay scroll by scroll",
    arguments: [("manual", ["--scanning", "manual"]), ("auto", []), ("point", ["--mode", "point"])])
  func reportMatchesPath(style: String, options: [String]) throws {
    let report = try runExecutable("axreach", ["report", "Scenes/news-feed.json", "--format", "json"])
    #expect(report.status == 0, "only cost warnings: \(report.standardError)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(json["targets"] as? [[String: Any]])
    let card = try #require(targets.first { $0["id"] as? String == "popular-3" })
    let switchControl = try #require(card["switchControl"] as? [String: Any])
    let costs = (switchControl["item"] as? [[String: Any]] ?? []) + (switchControl["point"] as? [[String: Any]] ?? [])
    let row = try #require(costs.first { $0["style"] as? String == style })
    let path = try runExecutable(
      "axswitch", ["path", "Scenes/news-feed.json", "popular-3", "--format", "json"] + options)
    #expect(path.status == 0, "\(path.standardError)")
    let found = try #require(try jsonLines(path.standardOutput).first)
    let keys = try #require(found["keys"] as? [String])
    #expect(row["keys"] as? String == keys.joined(separator: ","))
    let scan = try runExecutable(
      "axswitch",
      ["scan", "Scenes/news-feed.json", "--keys", keys.joined(separator: ","), "--format", "json"] + options)
    let actions = try jsonLines(scan.standardOutput).filter { !($0["action"] is NSNull) }
    #expect(actions.map { $0["action"] as? String } == ["scroll", "scroll", "scroll", "activate"])
    #expect(actions.map { $0["target"] as? String } == ["feed", "popular", "popular", "popular-3"])
  }

  @Test("axreach do scrolls the feed, then the carousel, to the card")
  func doScrolls() throws {
    let result = try runExecutable(
      "axreach",
      ["do", "Scenes/news-feed.json", "scroll", "down", "feed", "then", "scroll", "right", "popular", "then",
       "scroll", "right", "popular", "then", "activate", "popular-3"])
    #expect(result.status == 0, "\(result.standardError)")
    expectGolden(result.standardOutput, named: "axreach-do-nested-scroll.txt")
  }
}
