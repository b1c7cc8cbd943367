import AXModel
import SwitchControl
import Testing

/// Group Items' second rule: rows of three or more items in a level that spans several rows,
/// and containers listing `accessibilityElements`.
@Suite struct RowGroupTests {
  /// A scene of buttons, one row per entry of `rows` with that many 40-point buttons.
  func scene(rows: [Int], container: String? = nil) -> String {
    var buttons: [String] = []
    for (row, count) in rows.enumerated() {
      for column in 0..<count {
        let id = "b\(row + 1)-\(column + 1)"
        buttons.append(
          #"{"id": "\#(id)", "type": "button", "text": "\#(id)", "frame": [\#(column * 50), \#(100 + row * 60), 40, 40]}"#)
      }
    }
    let children = buttons.joined(separator: ",\n")
    let body =
      container.map {
        #"{"id": "box", \#($0), "frame": [0, 100, 390, \#(rows.count * 60)], "children": [\#(children)]}"#
      } ?? children
    return """
      {"format": "axscene/1", "name": "R", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [\(body)]}}]}
      """
  }

  func items(_ text: String, groups: Bool = true) throws -> [ScanNode] {
    let scene = try SceneLoader().load(text: text)
    return ScanLayout(tree: SceneSession(scene: scene).tree, groupsItems: groups).items
  }

  /// The level's items as ids, with a row group as its id and its size.
  func shape(_ items: [ScanNode]) -> [String] {
    items.map {
      if case .group(let group) = $0 { return "\(group.id) x\(group.items.count)" }
      return $0.id
    }
  }

  static let layouts: [(rows: [Int], shape: [String])] = [
    // Rows of three or more become groups; rows of one or two stay single items.
    ([3, 3], ["screen/row 1 x3", "screen/row 2 x3"]),
    ([4, 2, 1], ["screen/row 1 x4", "b2-1", "b2-2", "b3-1"]),
    ([2, 2], ["b1-1", "b1-2", "b2-1", "b2-2"]),
    // A level that is one row is left alone.
    ([5], ["b1-1", "b1-2", "b1-3", "b1-4", "b1-5"]),
    ([1, 3, 1], ["b1-1", "screen/row 2 x3", "b3-1"]),
  ]

  @Test("rows of at least three items in a level of several rows become row groups", arguments: layouts)
  func rows(rows: [Int], shape expected: [String]) throws {
    #expect(shape(try items(scene(rows: rows))) == expected)
  }

  @Test(
    "a row is half the taller item's height in common: a tall group beside items is no row",
    arguments: [
      // A grouped stack of two rows takes no single button into a row of its own.
      ([0, 150, 300], 420, ["b0", "stack", "b1", "b2"]),
      // Buttons 10 points apart share a row; the stack, twice as tall, shares none with them.
      ([100, 110, 120], 40, ["stack", "screen/row 2 x3"]),
    ])
  func tallNeighbour(buttonYs: [Int], stackHeight: Int, expected: [String]) throws {
    let buttons = buttonYs.enumerated().map { index, y in
      #"{"id": "b\#(index)", "type": "button", "text": "B\#(index)", "frame": [\#(100 + index * 60), \#(y), 50, 40]}"#
    }
    let text = """
      {"format": "axscene/1", "name": "T", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
         {"id": "stack", "type": "stack", "groupsChildren": true, "frame": [0, 100, 90, \(stackHeight)], "children": [
           {"id": "s0", "type": "button", "text": "S0", "frame": [0, 100, 90, 40]},
           {"id": "s1", "type": "button", "text": "S1", "frame": [0, 150, 90, 40]}]},
         \(buttons.joined(separator: ","))]}}]}
      """
    #expect(shape(try items(text)).map { $0.hasPrefix("stack") ? "stack" : $0 } == expected)
  }

  @Test("row groups carry the row reason and a Row N label")
  func reason() throws {
    guard case .group(let group)? = try items(scene(rows: [1, 3])).last else {
      Issue.record("no row group")
      return
    }
    #expect(group.reason == .row)
    #expect(group.label == "Row 2")
    #expect(group.id == ScanLayout.rowGroupID(row: 2, in: nil))
  }

  @Test("rows form inside a container group too, named after it")
  func insideContainer() throws {
    // The table is the whole screen, so its items are the top level (a lone group collapses).
    let items = try items(scene(rows: [3, 3, 1], container: #""type": "table""#))
    #expect(shape(items) == ["box/row 1 x3", "box/row 2 x3", "b3-1"])
  }

  @Test("a container listing elements is a group")
  func elementsContainer() throws {
    let text = """
      {"format": "axscene/1", "name": "E", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
         {"id": "grid", "type": "custom", "frame": [0, 100, 390, 44], "elements": ["b", "a"], "children": [
           {"id": "a", "type": "element", "label": "A", "frame": [0, 100, 100, 44], "on": {"activate": []}},
           {"id": "b", "type": "element", "label": "B", "frame": [100, 100, 100, 44], "on": {"activate": []}}]},
         {"id": "c", "type": "button", "frame": [0, 200, 100, 44], "text": "C"}]}}]}
      """
    let items = try items(text)
    #expect(items == [
      .group(ScanGroup(id: "grid", label: nil, reason: .accessibilityElements, items: [.element("b"), .element("a")])),
      .element("c"),
    ])
  }

  @Test("a screen that is one group scans that group's items at the top level")
  func wholeScreenGroup() throws {
    let layout = ScanLayout(tree: SceneSession(scene: try libraryScene("pie-chart")).tree, groupsItems: true)
    #expect(layout.items == ["slice-food", "slice-transport", "slice-housing", "slice-other"].map(ScanNode.element))
  }

  @Test("grouping off forms no rows")
  func off() throws {
    #expect(shape(try items(scene(rows: [3, 3]), groups: false)).count == 6)
  }

  @Test("calendar: the month is a group of weeks, and the mean wait falls from 16 s to 6.91 s")
  func calendar() throws {
    let session = SceneSession(scene: try libraryScene("calendar-month"))
    let layout = ScanLayout(tree: session.tree, groupsItems: true)
    #expect(layout.items.map(\.id) == ["previous-month", "next-month", "month-grid"])
    guard case .group(let month)? = layout.items.last else {
      Issue.record("the month is not a group")
      return
    }
    #expect(month.reason == .accessibilityElements)
    #expect(shape(month.items) == [
      "mar-1", "month-grid/row 2 x7", "month-grid/row 3 x7", "month-grid/row 4 x7", "month-grid/row 5 x7",
      "mar-30", "mar-31",
    ])
    let grouped = CostReport(session: session, settings: SwitchSettings())
    var flat = SwitchSettings()
    flat.groupsItems = false
    let linear = CostReport(session: session, settings: flat)
    #expect(linear.meanSeconds == 16)
    #expect(abs(grouped.meanSeconds - 228.0 / 33) < 1e-9)
    #expect(grouped.meanSeconds < 7)
  }
}
