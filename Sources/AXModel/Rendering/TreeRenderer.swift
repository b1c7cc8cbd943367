/// Renders an accessibility tree as Accessibility Inspector lists it, as text or JSON.
///
/// Output is deterministic: elements in traversal order, numbers in a fixed format, JSON keys
/// sorted, no timestamps.
public struct TreeRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The text listing: a header, one line per element, then the diagnostics.
  ///
  /// Every string from the scene (its name, language and screens, ids, labels, diagnostics)
  /// is escaped with ``TerminalText``, so a scene can't write control sequences to a terminal.
  public func text(_ tree: AccessibilityTree, scene: Scene, state: SceneState) -> String {
    let escaped = TerminalText.escaped
    var lines: [String] = []
    lines.append(
      "scene: \(escaped(scene.name)) (\(formatNumber(scene.screen.width)) x \(formatNumber(scene.screen.height)) pt, "
        + "\(scene.layoutDirection.rawValue), \(escaped(scene.language)))")
    lines.append("screens: \(state.screenStack.map(escaped).joined(separator: " > "))")
    lines.append("elements: \(tree.elements.count)")
    let width = String(tree.elements.count).count
    var window = -1
    for (index, element) in tree.elements.enumerated() {
      if element.windowRank != window {
        window = element.windowRank
        lines.append("window \(window + 1)")
      }
      let number = String(index + 1)
      lines.append(
        "  " + String(repeating: " ", count: width - number.count) + number + "  "
          + elementLine(element))
    }
    for diagnostic in tree.diagnostics {
      lines.append("note: \(escaped(diagnostic.message))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One element as a line: label, value, traits, frame, id, then what it offers.
  public func elementLine(_ element: AXElement) -> String {
    var parts = [Self.quoted(element.label)]
    if let value = element.value { parts.append("value \(Self.quoted(value))") }
    parts.append("traits [\(element.traits.names.joined(separator: ", "))]")
    parts.append("frame \(element.frame)")
    parts.append("id \(TerminalText.escaped(element.id))")
    if let hint = element.hint { parts.append("hint \(Self.quoted(hint))") }
    if !element.userInputLabels.isEmpty {
      parts.append("inputLabels [\(element.userInputLabels.map(Self.quoted).joined(separator: ", "))]")
    }
    if !element.customActionNames.isEmpty {
      parts.append("actions [\(element.customActionNames.map(Self.quoted).joined(separator: ", "))]")
    }
    if !element.gestures.isEmpty {
      parts.append("gestures [\(element.gestures.map(\.rawValue).joined(separator: ", "))]")
    }
    if element.directTouch != nil { parts.append("directTouch") }
    if !element.isOnScreen { parts.append("offScreen") }
    return parts.joined(separator: "  ")
  }

  /// The JSON document: the scene, the shown screens, the elements in order and the
  /// diagnostics.
  public func json(_ tree: AccessibilityTree, scene: Scene, state: SceneState) -> JSONOutput {
    .object([
      "scene": .object([
        "name": .string(scene.name),
        "screen": .object([
          "width": .number(scene.screen.width), "height": .number(scene.screen.height),
        ]),
        "layoutDirection": .string(scene.layoutDirection.rawValue),
        "language": .string(scene.language),
      ]),
      "screens": .array(state.screenStack.map(JSONOutput.string)),
      "elements": .array(tree.elements.map(elementJSON)),
      "diagnostics": .array(
        tree.diagnostics.map {
          .object(["kind": .string($0.kind.rawValue), "id": .string($0.id), "message": .string($0.message)])
        }),
    ])
  }

  /// One element as a JSON object.
  public func elementJSON(_ element: AXElement) -> JSONOutput {
    let frame = element.frame
    return .object([
      "id": .string(element.id),
      "type": .string(element.type.rawValue),
      "label": element.label.map(JSONOutput.string) ?? .null,
      "value": element.value.map(JSONOutput.string) ?? .null,
      "hint": element.hint.map(JSONOutput.string) ?? .null,
      "identifier": element.identifier.map(JSONOutput.string) ?? .null,
      "traits": .array(element.traits.names.map(JSONOutput.string)),
      "frame": .array([frame.x, frame.y, frame.width, frame.height].map(JSONOutput.number)),
      "activationPoint": .array([element.activationPoint.x, element.activationPoint.y].map(JSONOutput.number)),
      "userInputLabels": .array(element.userInputLabels.map(JSONOutput.string)),
      "customActions": .array(element.customActionNames.map(JSONOutput.string)),
      "gestures": .array(element.gestures.map { .string($0.rawValue) }),
      "actions": .array(EventKind.allCases.filter(element.handledEvents.contains).map { .string($0.rawValue) }),
      "respondsToUserInteraction": .bool(element.respondsToUserInteraction),
      "language": .string(element.language),
      "window": .number(Double(element.windowRank)),
      "onScreen": .bool(element.isOnScreen),
    ])
  }

  /// The text in double quotes, escaped by ``TerminalText/quoted(_:)``, or `-` for none.
  public static func quoted(_ text: String?) -> String { TerminalText.quoted(text) }
}
