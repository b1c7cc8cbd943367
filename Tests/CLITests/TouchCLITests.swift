import AXTestSupport
import Foundation
import Testing

/// End-to-end checks that point mode and the Voice Control grid deliver real touches, through
/// the built `axswitch`, `axvoice` and `axreach`, on `Scenes/photo-grid.json`, whose photos
/// are image views with tap gestures and no accessibility element.
@Suite struct TouchCLITests {
  static let scene = "Scenes/photo-grid.json"

  /// Parses JSON Lines output into objects.
  @Test("axswitch: a point-mode path to a gesture-only photo replays as its tap gesture", arguments: [
    ["--mode", "point"], ["--mode", "point", "--tap", "always"], ["--mode", "point", "--point-style", "one-stage"],
  ])
  func switchPointMode(options: [String]) throws {
    let path = try runExecutable(
      "axswitch", ["path", Self.scene, "photo-hike", "--format", "json"] + options)
    #expect(path.status == 0, "\(path.standardError)")
    let found = try #require(try jsonLines(path.standardOutput).first)
    let keys = try #require(found["keys"] as? [String])
    let scan = try runExecutable(
      "axswitch", ["scan", Self.scene, "--keys", keys.joined(separator: ","), "--format", "json"] + options)
    #expect(scan.status == 0, "\(scan.standardError)")
    let actions = try jsonLines(scan.standardOutput).filter { !($0["action"] is NSNull) }
    #expect(actions.count == 1)
    #expect(actions.last?["action"] as? String == "gesture")
    #expect(actions.last?["name"] as? String == "tap")
    #expect(actions.last?["target"] as? String == "photo-hike")
    #expect(actions.last?["outcome"] as? String == "done")
  }

  @Test("axswitch: the photo whose image view keeps interaction off can't be reached")
  func switchInteractionOff() throws {
    let path = try runExecutable("axswitch", ["path", Self.scene, "photo-dinner", "--mode", "point"])
    #expect(path.status == 1)
    #expect(path.standardError.contains("'photo-dinner' is unreachable: not in the accessibility tree"))
  }

  @Test("axvoice: a grid tap opens a photo; one that lands on nothing says where")
  func voiceGrid() throws {
    let tapped = try runExecutable("axvoice", ["run", Self.scene, "--say", "show grid", "--say", "tap 2"])
    #expect(tapped.status == 0, "\(tapped.standardError)")
    #expect(tapped.standardOutput.contains("done [tap]: gesture tap on 'photo-hike' at (195, 140.67) (photo-hike, gridCell)"))
    #expect(tapped.standardOutput.contains("presented: viewer"))
    let missed = try runExecutable("axvoice", ["run", Self.scene, "--say", "show grid", "--say", "tap 4"])
    #expect(missed.status == 1)
    #expect(missed.standardOutput.contains("refused [tap]: the touch at (65, 422) landed on 'banner', which does nothing"))
  }

  @Test("axreach: a gesture-only photo is reported reachable only by a touch, with both routes")
  func reachReport() throws {
    let report = try runExecutable("axreach", ["report", Self.scene, "--verify"])
    // Findings (the photos are not in the tree) make the status 1; the routes replayed.
    #expect(report.status == 1, "\(report.standardError)")
    let text = report.standardOutput
    #expect(text.contains("only a touch reaches it: it is not in the accessibility tree (actions: gesture tap)"))
    #expect(text.contains(#"voice grid gesture tap: "show grid", "tap 1""#))
    #expect(text.contains("point gesture tap: 5 presses, 1.57 s, menu Tap, at (35, 155)"))
    #expect(text.contains("[hidden-interactive] start photo-beach"))
    #expect(!report.standardError.contains("planned path does not replay"), "\(report.standardError)")
  }
}
