import AXModel
import AXTestSupport
import Testing

/// Activation points that follow a number variable, and `updatesFrequently`'s polled values.
@Suite("Moving activation points and frequently updating values")
struct ActivationTrackTests {
  static let dial = """
    {"id": "dial", "type": "custom", "isAccessibilityElement": true, "label": "Level", "value": "{level}",
     "traits": ["adjustable", "updatesFrequently"], "frame": [100, 100, 100, 400],
     "activationPoint": {"along": "level", "from": [150, 500], "to": [150, 100]},
     "on": {"increment": [{"add": "level", "by": 5}], "decrement": [{"add": "level", "by": -5}]}},
    {"id": "plain", "type": "slider", "label": "Plain", "value": "{level}", "frame": [0, 600, 100, 40],
     "on": {"increment": [{"add": "level", "by": 5}]}}
    """

  func session() throws -> SceneSession {
    SceneSession(scene: try makeScene(Self.dial, vars: #"{"level": {"value": 0, "min": 0, "max": 20}}"#))
  }

  static let points: [(increments: Int, y: Double)] = [(0, 500), (1, 400), (2, 300), (4, 100), (5, 100)]

  @Test("the point moves from 'from' at min to 'to' at max, clamped", arguments: points)
  func point(increments: Int, y: Double) throws {
    var session = try session()
    for _ in 0..<increments { _ = session.increment("dial") }
    #expect(session.tree.element(id: "dial")?.activationPoint == Point(x: 150, y: y))
  }

  @Test("the track interpolates both axes and clamps outside the range")
  func interpolation() {
    let track = ActivationTrack(
      variable: "v", from: Point(x: 0, y: 100), to: Point(x: 100, y: 0), minimum: 10, maximum: 20)
    #expect(track.point(at: 15) == Point(x: 50, y: 50))
    #expect(track.point(at: -5) == Point(x: 0, y: 100))
    #expect(track.point(at: 99) == Point(x: 100, y: 0))
  }

  @Test("the coffee dispenser's point is the fill level")
  func coffee() throws {
    var session = SceneSession(scene: try SceneLoader().load(path: packagePath("Scenes/coffee-dispenser.json")))
    #expect(session.tree.element(id: "coffee")?.activationPoint == Point(x: 195, y: 540))
    for _ in 0..<6 { _ = session.increment("coffee") }
    #expect(session.tree.element(id: "coffee")?.activationPoint == Point(x: 195, y: 340))
  }

  @Test("the moving form round-trips through the encoder")
  func roundTrip() throws {
    let scene = try makeScene(Self.dial, vars: #"{"level": {"value": 0, "min": 0, "max": 20}}"#)
    let text = SceneEncoder().json(scene).rendered()
    #expect(text.contains(#""activationPoint":{"along":"level","from":[150,500],"to":[150,100]}"#))
    let decoded = try SceneLoader().load(text: text, path: "test.json")
    #expect(decoded.windows.first?.root.children.map(\.activationTrack) == scene.windows.first?.root.children.map(\.activationTrack))
  }

  static let badTracks: [(vars: String, point: String, message: String)] = [
    (#"{"level": true}"#, #"{"along": "level", "from": [0, 0], "to": [1, 1]}"#, "follows a number variable, 'level' is a Boolean"),
    (#"{"level": 3}"#, #"{"along": "level", "from": [0, 0], "to": [1, 1]}"#, "'level' has no range"),
    (#"{"level": {"value": 0, "min": 0, "max": 1}}"#, #"{"along": "levl", "from": [0, 0], "to": [1, 1]}"#, "unknown variable 'levl'"),
    (#"{"level": {"value": 0, "min": 0, "max": 1}}"#, #"{"along": "level", "from": [0, 0]}"#, "missing required key 'to'"),
    (#"{"level": {"value": 0, "min": 0, "max": 1}}"#, #"{"along": "level", "from": [0, 0], "to": [1, 1], "by": 2}"#, "unknown key 'by' in activation track"),
  ]

  @Test("bad moving activation points are located errors", arguments: badTracks)
  func badTrack(vars: String, point: String, message: String) throws {
    let error = #expect(throws: SceneError.self) {
      try makeScene(
        #"{"id": "a", "type": "button", "text": "A", "frame": [0, 0, 100, 40], "activationPoint": \#(point)}"#,
        vars: vars)
    }
    #expect(error?.description.contains(message) == true)
  }

  @Test("value changes of updatesFrequently elements are polled, others are not")
  func polled() throws {
    var dial = try session()
    let result = dial.increment("dial")
    // Both sliders show the level; only the dial updates frequently.
    #expect(result.polled == ["dial"])
    #expect(result.changes.contains(.value(element: "plain", from: "0", to: "5")))
    #expect(result.announcements.isEmpty)
    #expect(ActionResultRenderer().text(result).hasSuffix("  polled by VoiceOver: dial\n"))
    #expect(ActionResultRenderer().json(result).rendered().contains(#""polled":["dial"]"#))
    var other = try session()
    #expect(other.increment("plain").polled == ["dial"])
  }

  @Test("a result without such elements has no polled key")
  func notPolled() throws {
    var session = SceneSession(
      scene: try makeScene(
        #"{"id": "s", "type": "slider", "label": "S", "value": "{n}", "frame": [0, 0, 100, 40], "on": {"increment": [{"add": "n"}]}}"#,
        vars: #"{"n": 0}"#))
    let result = session.increment("s")
    #expect(result.polled.isEmpty)
    #expect(!ActionResultRenderer().json(result).rendered().contains("polled"))
  }
}
