import AXModel
import SwitchControl

/// VoiceOver's swipe order and speech, and Full Keyboard Access's focus order, over one tree.
///
/// VoiceOver visits every element of the tree in its order; a target is reached by swiping
/// right from the first element, and spoken as label, value, traits and hint. Full Keyboard
/// Access focuses only what responds to interaction: Tab moves between focus groups (the
/// containers Switch Control groups, and the targets outside them) and the arrow keys move
/// inside a group; Space activates, and Tab-Z opens the actions menu for the other actions.
/// This focus model follows seeds 002 and 003; it is not confirmed on a device.
struct ScreenReaderRoutes {
  let tree: AccessibilityTree
  let headings: [String: Int]
  let focusGroups: [String: (tabs: Int, arrows: Int)]

  init(tree: AccessibilityTree, layout: ScanLayout) {
    self.tree = tree
    var headings: [String: Int] = [:]
    for element in tree.elements where element.traits.contains(.header) {
      headings[element.id] = headings.count + 1
    }
    self.headings = headings
    var groups: [String: (tabs: Int, arrows: Int)] = [:]
    // Tab moves between containers; Switch Control's row groups are no focus groups.
    for (tabs, item) in layout.containerItems.enumerated() {
      for (arrows, id) in item.elementIDs.enumerated() { groups[id] = (tabs, arrows) }
    }
    Self.addScrolledRows(tree, to: &groups)
    focusGroups = groups
  }

  /// VoiceOver's reach of an element of the tree.
  func voiceOver(_ element: AXElement) -> VoiceOverReach? {
    guard let position = tree.positions[element.id] else { return nil }
    return VoiceOverReach(
      position: position + 1, swipes: position, spoken: Self.spoken(element),
      headingPosition: headings[element.id])
  }

  /// What VoiceOver speaks when the element is focused.
  static func spoken(_ element: AXElement) -> String {
    var parts: [String] = []
    if element.traits.contains(.selected) { parts.append("Selected") }
    if let label = element.label, !label.isEmpty { parts.append(label) }
    if let value = element.value, !value.isEmpty { parts.append(value) }
    let traitWords: [(AXTraits, String)] = [
      (.notEnabled, "Dimmed"), (.toggleButton, "Switch button"), (.button, "Button"),
      (.link, "Link"), (.header, "Heading"), (.searchField, "Search field"), (.image, "Image"),
      (.adjustable, "Adjustable"), (.tabBar, "Tab bar"), (.keyboardKey, "Key"),
    ]
    var spokenTraits: [String] = []
    for (trait, word) in traitWords where element.traits.contains(trait) {
      if trait == .button, element.traits.contains(.toggleButton) { continue }
      spokenTraits.append(word)
    }
    parts += spokenTraits
    if let hint = element.hint, !hint.isEmpty { parts.append(hint) }
    return parts.joined(separator: ", ")
  }

  /// Full Keyboard Access's reach of a target.
  func keyboard(_ id: String, actions: [SceneAction], element: AXElement?) -> KeyboardReach {
    guard let element, let place = focusGroups[id] else {
      return KeyboardReach(
        tabs: nil, arrows: nil, actions: actions.map { .init(action: $0, keys: nil) },
        failure: element == nil ? "not in the accessibility tree" : "not focusable (not a scan stop)")
    }
    let reach = actions.map { action in
      KeyboardReach.Action(action: action, keys: Self.keys(for: action, element: element))
    }
    return KeyboardReach(tabs: place.tabs, arrows: place.arrows, actions: reach, failure: nil)
  }

  /// The keys that perform an action on the focused element, or `nil` when none do.
  static func keys(for action: SceneAction, element: AXElement) -> String? {
    guard element.isEnabled else { return nil }
    switch action {
    case .activate: return "Space"
    case .increment: return actionMenuKeys(position: 0)
    case .decrement: return actionMenuKeys(position: 1)
    case .custom(let name):
      let offset = element.isAdjustable ? 2 : 0
      return actionMenuKeys(position: offset + (element.customActionNames.firstIndex(of: name) ?? 0))
    case .gesture, .magicTap: return nil
    // Typing is keys too, but one per character: see `TaskEvidence`.
    case .edit: return nil
    case .escape: return "Escape"
    // Full Keyboard Access scrolls the focused scroll view with the arrow keys.
    case .scroll(let direction, let toEdge):
      return toEdge ? "Option-\(direction.title)" : direction.title
    }
  }

  /// Tab-Z opens the actions menu; Down moves to the entry; Space performs it.
  static func actionMenuKeys(position: Int) -> String {
    (["Tab-Z"] + Array(repeating: "Down", count: position) + ["Space"]).joined(separator: ",")
  }
}
