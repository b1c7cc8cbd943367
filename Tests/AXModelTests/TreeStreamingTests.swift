import AXModel
import AXTestSupport
import Foundation
import Testing

/// The streamed tree output (`axreach tree`) is byte for byte what the ``JSONOutput`` document
/// and the line-by-line listing give, in one chunk or in many.
@Suite struct TreeStreamingTests {
  /// A scene of `count` buttons whose labels hold non-ASCII text, hazards and escapes, so that
  /// the output spans many chunks and every kind of string crosses a chunk boundary.
  static func manyButtons(_ count: Int) throws -> Scene {
    let labels = ["Caf\\u00e9 \\u2615", "say \\\"hi\\\"\\n", "back\\\\slash", "\\u202eevil", "plain"]
    let views = (0..<count).map { index in
      """
      {"id": "b\(index)", "type": "button", "label": "\(labels[index % labels.count]) \(index)",
       "frame": [\(index % 10 * 39), \(index / 10 * 44), 39.5, 44.25]}
      """
    }
    let text = """
      {"format": "axscene/1", "name": "Many \\u00e9", "screen": {"width": 390, "height": 844},
       "windows": [{"root": {"id": "root", "children": [\(views.joined(separator: ","))]}}]}
      """
    return try SceneLoader().load(text: text, path: "many.json")
  }

  /// The document and listing as the renderer built them before streaming.
  static func expected(_ scene: Scene) -> (json: String, text: String) {
    let session = SceneSession(scene: scene)
    let renderer = TreeRenderer()
    let json = renderer.json(session.tree, scene: scene, state: session.state).rendered(pretty: true) + "\n"
    var lines = ["elements: \(session.tree.elements.count)"]
    let width = String(session.tree.elements.count).count
    var window = -1
    for (index, element) in session.tree.elements.enumerated() {
      if element.windowRank != window {
        window = element.windowRank
        lines.append("window \(window + 1)")
      }
      let number = String(index + 1)
      lines.append(
        "  " + String(repeating: " ", count: width - number.count) + number + "  "
          + renderer.elementLine(element))
    }
    return (json, lines.joined(separator: "\n"))
  }

  @Test(arguments: [10, 3_000])
  func streamedOutputIsTheDocument(_ count: Int) throws {
    let scene = try Self.manyButtons(count)
    let session = SceneSession(scene: scene)
    let (json, lines) = Self.expected(scene)
    var chunks = ChunkRecorder()
    TreeRenderer().writeJSON(session.tree, scene: scene, state: session.state, to: &chunks)
    #expect(chunks.text == json)
    #expect(count < 1_000 || chunks.count > 1, "a large tree is written in more than one chunk")
    let text = TreeRenderer().text(session.tree, scene: scene, state: session.state)
    #expect(text.contains(lines))
    #expect(text.hasSuffix("\n"))
  }

  @Test(arguments: SceneEncoderTests.sceneNames)
  func libraryScenesStreamTheirDocument(_ name: String) throws {
    let scene = try SceneLoader().load(path: packagePath("Scenes/\(name).json"))
    let session = SceneSession(scene: scene)
    var streamed = ""
    TreeRenderer().writeJSON(session.tree, scene: scene, state: session.state, to: &streamed)
    #expect(streamed == Self.expected(scene).json)
  }
}

/// A text stream that counts the writes it is given.
struct ChunkRecorder: TextOutputStream {
  var text = ""
  var count = 0

  mutating func write(_ string: String) {
    text += string
    count += 1
  }
}
