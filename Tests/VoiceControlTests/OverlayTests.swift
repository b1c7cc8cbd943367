import AXModel
import AXTestSupport
import Testing
import VoiceControl

@Suite struct OverlayTests {
  enum Kind: String, CaseIterable, Sendable {
    case names, numbers, grid
  }

  static let scenes = ["product-page", "mail-list", "duplicate-names", "close-button", "rtl-messages"]

  static func snapshot(_ scene: String, _ kind: Kind) throws -> OverlaySnapshot {
    var session = try makeSession(scene)
    switch kind {
    case .names: session.showNames()
    case .numbers: session.showNumbers()
    case .grid: session.showGrid()
    }
    return try #require(session.overlaySnapshot())
  }

  @Test("text renderings match their golden files", arguments: scenes, Kind.allCases)
  func textGolden(_ scene: String, _ kind: Kind) throws {
    let text = OverlayRenderer().text(try OverlayTests.snapshot(scene, kind))
    expectGolden(text, named: "overlay/\(scene)-\(kind.rawValue).txt")
  }

  @Test("SVG renderings match their golden files", arguments: scenes, Kind.allCases)
  func svgGolden(_ scene: String, _ kind: Kind) throws {
    let svg = OverlayRenderer().svg(try OverlayTests.snapshot(scene, kind))
    expectGolden(svg, named: "overlay/\(scene)-\(kind.rawValue).svg")
  }

  @Test("JSON rendering of the numbers matches its golden file")
  func jsonGolden() throws {
    let json = OverlayRenderer().json(try OverlayTests.snapshot("duplicate-names", .numbers))
    expectGolden(json.rendered(pretty: true) + "\n", named: "overlay/duplicate-names-numbers.json")
  }

  @Test("numbers go on interactive elements only, in accessibility order", arguments: scenes)
  func numbersOnTargets(_ scene: String) throws {
    let session = try makeSession(scene)
    let snapshot = try OverlayTests.snapshot(scene, .numbers)
    let interactive = session.sceneSession.tree.elements.filter {
      $0.respondsToUserInteraction && $0.isOnScreen
    }
    #expect(snapshot.badges.map(\.id) == interactive.map(\.id))
    #expect(snapshot.badges.map(\.number) == Array(1...max(1, interactive.count)).prefix(interactive.count).map(Optional.some))
  }

  @Test("number badges sit at the leading top corner, trailing in right-to-left scenes")
  func badgePlacement() throws {
    for scene in ["mail-list", "rtl-messages"] {
      let loaded = try loadScene(scene)
      let snapshot = try OverlayTests.snapshot(scene, .numbers)
      for badge in snapshot.badges where badge.frame.width >= badge.badgeFrame.width {
        if loaded.layoutDirection == .rightToLeft {
          #expect(badge.badgeFrame.maxX == min(badge.frame.maxX, loaded.screen.width), "\(scene) \(badge.text)")
        } else {
          #expect(badge.badgeFrame.minX == max(badge.frame.minX, 0), "\(scene) \(badge.text)")
        }
      }
    }
  }

  @Test("SVG escapes labels, which are untrusted")
  func svgEscapesLabels() throws {
    var session = try makeSession(json: sceneJSON([
      #"{"id": "evil", "type": "button", "frame": [10, 10, 200, 44], "text": "<script>&\"x\"</script>"}"#
    ]))
    session.showNames()
    let svg = OverlayRenderer().svg(try #require(session.overlaySnapshot()))
    #expect(!svg.contains("<script>"))
    #expect(svg.contains("&lt;script&gt;&amp;&quot;x&quot;&lt;/script&gt;"))
  }

  @Test("the grid zooms up to five levels, then a number taps the cell's centre")
  func gridZoomLevels() throws {
    var session = try makeSession("coffee-dispenser")
    _ = session.handle(utterance: "show grid")
    for level in 2...GridOverlay.maximumLevels {
      let outcome = session.handle(utterance: "5")
      #expect(outcome.kind == .done)
      guard case .grid(let grid)? = session.overlay else {
        Issue.record("grid gone")
        return
      }
      #expect(grid.level == level)
    }
    let tap = session.handle(utterance: "5")
    #expect(tap.match == .gridCell)
    let point = try #require(tap.point)
    #expect(abs(point.x - 195) < 0.01 && abs(point.y - 422) < 0.01)
    #expect(tap.target == "coffee")
  }

  @Test("a continuous grid stays after a tap and returns to its first level")
  func continuousGrid() throws {
    var session = try makeSession("coffee-dispenser")
    _ = session.handle(utterance: "show grid with 3 columns and 3 rows continuously")
    _ = session.handle(utterance: "5")
    // A grid tap is a real touch: on the drag-only dispenser it does nothing, and the grid
    // still returns to its first level as after any tap.
    let tap = session.handle(utterance: "tap 5")
    #expect(tap.kind == .refused)
    #expect(tap.message == "the touch at (195, 422) landed on 'Coffee Dispenser', which does nothing")
    guard case .grid(let grid)? = session.overlay else {
      Issue.record("continuous grid gone")
      return
    }
    #expect(grid.level == 1)
  }

  @Test("one-shot names and numbers go after one action; continuous ones stay")
  func oneShotOverlays() throws {
    var session = try makeSession("coffee-dispenser")
    _ = session.handle(utterance: "show numbers")
    _ = session.handle(utterance: "tap brew")
    #expect(session.overlay == nil)
    _ = session.handle(utterance: "show names continuously")
    _ = session.handle(utterance: "tap brew")
    #expect(session.overlay == .names(isContinuous: true))
  }
}
