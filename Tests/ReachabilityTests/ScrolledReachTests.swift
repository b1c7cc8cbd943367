import AXModel
import AXTestSupport
import Reachability
import Testing

/// A row below the fold is reachable, at the cost of scrolling it into view.
@Suite("axreach report: rows below the fold")
struct ScrolledReachTests {
  @Test("a row below the fold has no problem, and its routes scroll first")
  func belowTheFold() throws {
    let report = try ReachFixtures.report(try ReachFixtures.scene("archive.json"))
    let target = try #require(report.screens[0].targets.first { $0.id == "message-25" })
    #expect(target.problem == nil)
    let voice = try #require(target.voice.routes.first)
    #expect(voice.utterances == ["scroll down", "scroll down", "tap Yara Haddad, Newsletter"])
    #expect(target.voice.access == .name)
    // Not a stop until scrolled to, but every scanning style reaches it through Scroll.
    #expect(target.switchControl.stopProblem == "it is off screen")
    #expect(target.switchControl.item.allSatisfy { $0.failure == nil })
    #expect(target.switchControl.point.allSatisfy { $0.failure == nil })
    let manual = try #require(target.switchControl.item.first { $0.style == "manual" })
    let row10 = report.screens[0].targets.first { $0.id == "message-10" }
    let onScreen = try #require(row10?.switchControl.item.first { $0.style == "manual" })
    #expect(manual.presses == 22)
    #expect(manual.menuPath == ["Scroll", "Scroll Down", "Scroll", "Scroll Down", "Tap"])
    #expect(manual.presses > onScreen.presses, "the scrolls are counted")
    #expect(!report.findings.contains { $0.target == "message-25" && $0.rule == .offScreen })
    #expect(report.screens.allSatisfy { $0.isVerified })
  }

  @Test("the task at the bottom of the list is completable by voice and switch")
  func taskAtTheBottom() throws {
    let report = try ReachFixtures.report(try ReachFixtures.scene("archive.json"))
    let task = try #require(report.tasks.first { $0.name.contains("bottom") })
    let voice = try #require(task.modalities.first { $0.modality == .voiceControl })
    #expect(voice.isCompletable)
    #expect(voice.transcript == [#""scroll down", "scroll down", "tap Dmitri Orlov, Security code""#])
    #expect(task.modalities.first { $0.modality == .switchControl }?.isCompletable == true)
  }

  @Test("an element off the screen outside any scroll view is still off screen")
  func notScrollable() throws {
    let text = ReachRuleTests.scene(#"{"id": "t", "type": "button", "frame": [20, 3000, 200, 60], "label": "Go"}"#)
    let scene = try SceneLoader().load(text: text, path: "far.json")
    let report = try ReachFixtures.report(scene)
    #expect(report.screens[0].targets.first { $0.id == "t" }?.problem == .offScreen)
  }

  @Test("a card of a carousel below the fold scrolls the feed, then the carousel, in every front")
  func nestedCarousel() throws {
    let scene = try ReachFixtures.scene("news-feed.json")
    var report = try ReachFixtures.report(scene)
    let target = try #require(report.screens[0].targets.first { $0.id == "popular-3" })
    // Scrolling only the carousel, its innermost scroll view, never shows it: it would be off
    // screen, with no routes.
    #expect(target.problem == nil)
    #expect(!report.findings.contains { $0.target == "popular-3" && $0.rule == .offScreen })
    let voice = try #require(target.voice.routes.first)
    #expect(voice.failure == nil)
    #expect(voice.utterances == ["scroll down", "scroll right", "scroll right", "tap inside"])
    let scrolls = ["Scroll", "Scroll Down", "Scroll", "Scroll Right", "Scroll", "Scroll Right"]
    for cost in target.switchControl.item + target.switchControl.point {
      #expect(cost.failure == nil, "\(cost.style)")
      #expect(cost.menuPath == scrolls + ["Tap"], "\(cost.style)")
    }
    let task = try #require(report.tasks.first { $0.name.contains("third popular") })
    let spoken = try #require(task.modalities.first { $0.modality == .voiceControl })
    #expect(spoken.isCompletable)
    #expect(spoken.transcript == [#""scroll down", "scroll right", "scroll right", "tap inside""#])
    #expect(task.modalities.first { $0.modality == .switchControl }?.isCompletable == true)
    // Every route, voice and switch, replays to the card at its reported cost.
    let mismatches = report.verify(scene: scene, force: true)
    #expect(mismatches.isEmpty, "\(mismatches.map(\.description))")
  }
}
