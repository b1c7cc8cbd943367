import AXModel
import AXTestSupport
import SwitchControl
import Testing

/// One container giving two group stops at the same level: the geometry sort puts the Search
/// button, a sibling of the navigation bar, between Share and Edit, so the bar's stops form two
/// runs. Levels are addressed by position, so the second run is as reachable as the first.
@Suite struct SplitGroupTests {
  func session() throws -> SceneSession {
    SceneSession(scene: try fixtureScene("split-toolbar"))
  }

  @Test("the split bar gives two group stops with the same id, each with its own stops")
  func layout() throws {
    let layout = ScanLayout(tree: try session().tree, groupsItems: true)
    #expect(layout.items.map(\.id) == ["bar", "search", "bar"])
    #expect(layout.level([0])?.flatMap(\.elementIDs) == ["back", "share"])
    #expect(layout.level([2])?.flatMap(\.elementIDs) == ["edit", "done"])
    #expect(layout.level([1]) == nil)
    #expect(layout.location(of: "done")?.groups == [2])
    #expect(layout.indexPath(of: "done") == [2, 1])
    #expect(layout.groups(along: [2])?.map(\.elementIDs) == [["edit", "done"]])
  }

  @Test("selecting the second run enters it, and leaving it highlights it again")
  func enterSecond() throws {
    var scanner = SwitchScanner(session: try session(), settings: manual)
    _ = scanner.run(try keys("next,next"))
    #expect(scanner.highlight == .group("bar"))
    let entered = scanner.handle(.press(.select))
    #expect(entered.highlight == .element("edit"))
    #expect(scanner.groupPath == [2])
    _ = scanner.run(try keys("next,next"))
    #expect(scanner.highlight == .exit("bar"))
    _ = scanner.handle(.press(.escape))
    #expect(scanner.groupPath.isEmpty)
    #expect(scanner.index == 2)
  }

  var manual: SwitchSettings {
    var settings = SwitchSettings()
    settings.scanning = .manual
    return settings
  }

  @Test("the screen marks only the run that is highlighted or entered")
  func screen() throws {
    var scanner = SwitchScanner(session: try session(), settings: manual)
    _ = scanner.run(try keys("next,next"))
    func lines(_ scanner: SwitchScanner) -> [Substring] {
      ScanScreenRenderer().text(scanner, messages: [], keyHelp: "").split(separator: "\n")
    }
    #expect(lines(scanner).filter { $0.hasPrefix(">>") } == [">>[group bar, toolbar]"])
    _ = scanner.run(try keys("select,next,next"))
    let entered = lines(scanner)
    #expect(entered.filter { $0.contains("exit group") } == [">>  - - exit group - -"])
    let exit = try #require(entered.firstIndex { $0.contains("exit group") })
    let done = try #require(entered.firstIndex { $0.contains("(done)") })
    #expect(exit == done + 1)
  }

  @Test("every stop of the split bar is reachable and its path replays", arguments: SettingsCase.all)
  func reachable(settings: SettingsCase) throws {
    let session = try session()
    let finder = SwitchPathFinder(settings: settings.settings)
    for id in ["back", "share", "search", "edit", "done"] {
      let path = try finder.path(to: id, in: session).get()
      var scanner = SwitchScanner(session: session, settings: settings.settings)
      let results = dispatched(scanner.run(path.keys))
      #expect(results.map(\.target) == [id], "\(id): \(KeyScript.text(path.keys))")
      #expect(results.last?.action == .activate)
    }
    #expect(CostReport(session: session, settings: settings.settings).rows.allSatisfy { $0.path != nil })
  }
}
