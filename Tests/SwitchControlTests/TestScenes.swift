import AXModel
import AXTestSupport
import SwitchControl
import Testing

/// Loads a scene of the library.
func libraryScene(_ name: String) throws -> Scene {
  try SceneLoader().load(path: packagePath("Scenes/\(name).json"))
}

/// A scanner over a library scene with adjusted settings.
func makeScanner(
  _ name: String, _ configure: (inout SwitchSettings) -> Void = { _ in }
) throws -> SwitchScanner {
  var settings = SwitchSettings()
  configure(&settings)
  return SwitchScanner(session: SceneSession(scene: try libraryScene(name)), settings: settings)
}

/// A scanner over an inline scene.
func makeScanner(
  text: String, _ configure: (inout SwitchSettings) -> Void = { _ in }
) throws -> SwitchScanner {
  var settings = SwitchSettings()
  configure(&settings)
  let scene = try SceneLoader().load(text: text)
  return SwitchScanner(session: SceneSession(scene: scene), settings: settings)
}

/// Parses a key script that the test knows to be valid.
func keys(_ script: String) throws -> [SwitchInput] {
  try KeyScript.parse(script)
}

/// Every result dispatched by the steps.
func dispatched(_ steps: [SwitchStep]) -> [ActionResult] {
  steps.flatMap(\.results)
}

/// A small scene with one of each stop rule, written for these tests.
let rulesScene = """
  {"format": "axscene/1", "name": "Rules", "screen": {"width": 390, "height": 844},
   "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
     {"id": "heading", "type": "label", "frame": [0, 0, 390, 40], "text": "Heading"},
     {"id": "deco", "type": "image", "frame": [0, 40, 40, 40], "isAccessibilityElement": true, "label": "Decoration"},
     {"id": "hidden-button", "type": "button", "frame": [0, 80, 100, 40], "text": "Hidden", "hidden": true},
     {"id": "zero", "type": "button", "frame": [100, 80, 0, 0], "text": "Zero"},
     {"id": "offscreen", "type": "button", "frame": [0, 900, 100, 40], "text": "Far"},
     {"id": "toolbar", "type": "stack", "frame": [0, 120, 390, 44], "groupsChildren": true, "children": [
       {"id": "bold", "type": "button", "frame": [0, 120, 100, 44], "text": "Bold"},
       {"id": "italic", "type": "button", "frame": [100, 120, 100, 44], "text": "Italic"}]},
     {"id": "lonely", "type": "view", "frame": [0, 170, 390, 44], "containerType": "semanticGroup", "children": [
       {"id": "only", "type": "button", "frame": [0, 170, 100, 44], "text": "Only"}]},
     {"id": "card", "type": "view", "frame": [0, 220, 390, 60], "childBehavior": "combine",
      "on": {"activate": [{"announce": "Card opened"}]}, "children": [
       {"id": "card-title", "type": "label", "frame": [0, 220, 200, 30], "text": "Card"},
       {"id": "card-button", "type": "button", "frame": [200, 220, 100, 30], "text": "Open"}]},
     {"id": "tabs", "type": "tabBar", "frame": [0, 780, 390, 64], "children": [
       {"id": "tab-1", "type": "button", "frame": [0, 780, 195, 64], "text": "Home",
        "on": {"activate": [{"announce": "Home"}]}},
       {"id": "tab-2", "type": "button", "frame": [195, 780, 195, 64], "text": "Search"}]}
   ]}}]}
  """

/// Loads a hand-written scene from this target's `Fixtures/`.
func fixtureScene(_ name: String) throws -> Scene {
  try SceneLoader().load(path: packagePath("Tests/SwitchControlTests/Fixtures/\(name).json"))
}

extension Result {
  /// The failure, if the result is one.
  var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
