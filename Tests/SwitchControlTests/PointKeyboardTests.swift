import AXModel
import SwitchControl
import Testing

/// Point mode while a text field is edited: the keyboard is drawn in front of the app, so the
/// cursor taps its keys, a point on it but on no key selects nothing, and no point on it
/// reaches the view behind (the sign-up form's Accept terms and Create account).
@Suite("Point mode on the on-screen keyboard")
struct PointKeyboardTests {
  /// A point-mode scanner over the sign-up form with `field` being edited (none: `nil`).
  static func scanner(
    editing field: String?, _ configure: (inout SwitchSettings) -> Void = { _ in }
  ) throws -> SwitchScanner {
    var session = SceneSession(scene: try libraryScene("sign-up"))
    if let field { #expect(session.perform(.activate, on: field).isDone) }
    var settings = SwitchSettings()
    settings.mode = .point
    configure(&settings)
    return SwitchScanner(session: session, settings: settings)
  }

  /// Sweeps the cursor onto a point and fixes it with `last` (Select, or a long press); the
  /// steps, and the point fixed.
  static func aim(
    _ scanner: inout SwitchScanner, at target: Point, last: SwitchAction = .select
  ) throws -> (steps: [SwitchStep], point: Point) {
    var steps: [SwitchStep] = []
    var fixed: [Axis: Double] = [:]
    while let cursor = scanner.cursor, cursor.isActive {
      let coordinate = cursor.axis == .x ? target.x : target.y
      let offset = try #require(cursor.millisecondsToReach(coordinate))
      let time = cursor.start + offset
      if time > scanner.now { steps.append(scanner.handle(.wait(milliseconds: time - scanner.now))) }
      let isLast = cursor.phase == .line && cursor.axisIndex == cursor.axes.count - 1
      if cursor.phase == .line { fixed[cursor.axis] = cursor.position(at: scanner.now) }
      steps.append(scanner.handle(.press(isLast ? last : .select)))
      if isLast { break }
    }
    return (steps, Point(x: fixed[.x] ?? -1, y: fixed[.y] ?? -1))
  }

  /// The centre of a key of the keyboard the scanner shows.
  static func centre(of key: String, in scanner: SwitchScanner) throws -> Point {
    let keyboard = try #require(scanner.keyboard)
    return try #require(keyboard.key(id: key, screen: scanner.session.tree.screen)).frame.center
  }

  @Test("a point on a key taps it as item mode does: letters, Shift, layers, Delete", arguments: [
    ("email", ["key:q"], "q"),
    // A default keyboard starts a field shifted (sentence autocapitalisation).
    ("full-name", ["key:q"], "Q"),
    ("full-name", ["key:shift", "key:q"], "q"),
    ("full-name", ["key:q", "key:space", "key:a"], "Q a"),
    ("email", ["key:123", "key:1", "key:space", "key:b"], "1 b"),
    ("email", ["key:a", "key:b", "key:delete"], "a"),
  ])
  func pointOnKeyTypes(field: String, keys: [String], expected: String) throws {
    var scanner = try Self.scanner(editing: field)
    for key in keys {
      let (steps, _) = try Self.aim(&scanner, at: try Self.centre(of: key, in: scanner))
      let label = try #require(steps.last?.notes.first { $0.hasPrefix("tap key ") })
      #expect(steps.last?.notes.contains { $0.hasSuffix(" on \(key)") } == true, "\(label)")
      // The cursor starts again at once, on the keyboard shown after the tap.
      #expect(scanner.cursor?.isActive == true)
    }
    #expect(scanner.session.text(of: field) == expected)
    #expect(scanner.session.editingField == field)
  }

  @Test("Return on the keyboard is tapped by point mode and runs the field's return handler")
  func pointOnReturn() throws {
    var scanner = try Self.scanner(editing: "full-name")
    let (steps, _) = try Self.aim(&scanner, at: try Self.centre(of: "key:return", in: scanner))
    #expect(dispatched(steps).map(\.action) == [.edit(.return)])
    #expect(dispatched(steps).last?.target == "full-name")
  }

  /// Points on the keyboard but on no key: the QuickType bar (its foot too), just below the
  /// last row, the emoji row, the home indicator.
  static let keyless: [Point] = [
    Point(x: 195, y: 530), Point(x: 195, y: 551), Point(x: 195, y: 769), Point(x: 50, y: 790),
    Point(x: 195, y: 830),
  ]

  /// Points between keys' drawn frames, or past a row's end, and the key iOS taps there: the
  /// one whose share of the row holds it (the rows run from y 552 at a pitch of 54; the first
  /// row's keys are 39 points wide, drawn 3 points in).
  static let gaps: [(Point, String)] = [
    (Point(x: 37.5, y: 579), "key:q"), (Point(x: 40, y: 579), "key:w"),
    (Point(x: 1, y: 579), "key:q"), (Point(x: 389, y: 579), "key:p"),
    (Point(x: 195, y: 553), "key:y"), (Point(x: 195, y: 604), "key:y"), (Point(x: 195, y: 608), "key:g"),
    // The second row is inset half a key: its ends still reach the screen's edges.
    (Point(x: 5, y: 633), "key:a"), (Point(x: 385, y: 633), "key:l"),
    (Point(x: 195, y: 713), "key:v"), (Point(x: 195, y: 767), "key:space"),
  ]

  @Test("a point between keys or past a row's end taps the nearest key, as on iOS", arguments: gaps)
  func pointInAGapTapsTheNearestKey(point: Point, key: String) throws {
    var scanner = try Self.scanner(editing: "email")
    let keyboard = try #require(scanner.keyboard)
    #expect(keyboard.key(at: point, screen: scanner.session.tree.screen)?.id == key)
    let (steps, fixed) = try Self.aim(&scanner, at: point)
    #expect(steps.last?.notes.contains { $0 == "point \(fixed) on \(key)" } == true, "\(steps.last?.notes ?? [])")
  }

  @Test("a point on the keyboard but on no key selects nothing", arguments: keyless)
  func pointOnNoKey(point: Point) throws {
    var scanner = try Self.scanner(editing: "full-name") { $0.tapBehavior = .always }
    #expect(scanner.session.isOnKeyboard(point))
    let before = scanner.session.state
    let (steps, fixed) = try Self.aim(&scanner, at: point)
    #expect(dispatched(steps).isEmpty)
    #expect(steps.last?.notes == ["missed: no key at \(fixed) (the keyboard covers the app there)"])
    #expect(scanner.menu == nil)
    #expect(scanner.cursor?.isActive == true)
    #expect(scanner.session.state == before)
  }

  @Test(
    "no tap behaviour or long press reaches Create account behind the keyboard",
    arguments: [TapBehavior.default, .always, .auto], [SwitchAction.select, .hold])
  func buttonBehindIsNotActivated(tap: TapBehavior, last: SwitchAction) throws {
    // Create account is at y 700-750, under the third and fourth rows of keys: the gap
    // between them (y 709-719) taps the third row's key, as on iOS.
    for point in [Point(x: 195, y: 713), Point(x: 195, y: 740)] {
      var scanner = try Self.scanner(editing: "full-name") { $0.tapBehavior = tap }
      #expect(scanner.session.tree.hitTest(point)?.id == "create", "the tree keeps it")
      var (steps, _) = try Self.aim(&scanner, at: point, last: last)
      // Whatever the tap behaviour, a key is tapped at once, so nothing waits or opens.
      #expect(scanner.menu == nil)
      steps.append(contentsOf: scanner.run([.wait(milliseconds: 5_000)]))
      #expect(!dispatched(steps).contains { $0.target == "create" })
      #expect(scanner.session.state.values["created"] == .bool(false))
      // A default keyboard starts a name shifted.
      #expect(scanner.session.text(of: "full-name") == (point.y == 740 ? " " : "V"))
    }
  }

  @Test("above the keyboard point mode acts as when no field is edited", arguments: [true, false])
  func aboveTheKeyboardIsUnchanged(editing: Bool) throws {
    var scanner = try Self.scanner(editing: editing ? "full-name" : nil) { $0.tapBehavior = .always }
    let newsletter = try #require(scanner.session.tree.element(id: "newsletter"))
    #expect(!scanner.session.isOnKeyboard(newsletter.activationPoint))
    let (steps, fixed) = try Self.aim(&scanner, at: newsletter.activationPoint)
    #expect(steps.last?.notes.first == "point \(fixed) on newsletter")
    #expect(dispatched(steps).map(\.action) == [.activate])
    #expect(dispatched(steps).last?.target == "newsletter")
    #expect(scanner.session.state.values["newsletter"] == .bool(true))
    #expect(scanner.session.editingField == (editing ? "full-name" : nil))
  }
}
