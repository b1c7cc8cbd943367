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
    var text = ""
    writeText(tree, scene: scene, state: state, to: &text)
    return text
  }

  /// Writes the text listing of ``text(_:scene:state:)`` to `output` a chunk at a time, so a
  /// large tree's listing is never held whole.
  public func writeText(
    _ tree: AccessibilityTree, scene: Scene, state: SceneState,
    to output: inout some TextOutputStream
  ) {
    let escaped = TerminalText.escaped
    var chunk = ""
    chunk.reserveCapacity(Self.chunkSize + 1024)
    chunk.append(
      "scene: \(escaped(scene.name)) (\(formatNumber(scene.screen.width)) x \(formatNumber(scene.screen.height)) pt, "
        + "\(scene.layoutDirection.rawValue), \(escaped(scene.language)))\n")
    chunk.append("screens: \(state.screenStack.map(escaped).joined(separator: " > "))\n")
    chunk.append("elements: \(tree.elements.count)\n")
    let width = String(tree.elements.count).count
    var window = -1
    // Elements are passed by pointer: a `for element in` loop, the array's subscript or the
    // buffer's copies every element (retaining each of its strings and arrays), since the
    // callee writes to a buffer the compiler can't tell apart from the element.
    tree.elements.withUnsafeBufferPointer { elements in
      for index in elements.indices {
        if elements[index].windowRank != window {
          window = elements[index].windowRank
          chunk.append("window \(window + 1)\n")
        }
        let number = String(index + 1)
        chunk.append("  ")
        for _ in number.count..<width { chunk.append(" ") }
        chunk.append(number)
        chunk.append("  ")
        appendElementLine(elements.baseAddress! + index, to: &chunk)
        chunk.append("\n")
        if chunk.utf8.count >= Self.chunkSize {
          output.write(chunk)
          chunk.removeAll(keepingCapacity: true)
        }
      }
    }
    for diagnostic in tree.diagnostics {
      chunk.append("note: \(escaped(diagnostic.message))\n")
    }
    output.write(chunk)
  }

  /// How much output is gathered before it is written: enough that each write costs little,
  /// few enough to stay in the caches.
  static let chunkSize = 1 << 16

  /// One element as a line: label, value, traits, frame, id, then what it offers.
  public func elementLine(_ element: AXElement) -> String {
    var line = ""
    withUnsafePointer(to: element) { appendElementLine($0, to: &line) }
    return line
  }

  /// Appends ``elementLine(_:)`` of the element at `element` to `line` piece by piece: joining
  /// an array of parts made a string per part and per element.
  func appendElementLine(_ element: UnsafePointer<AXElement>, to line: inout String) {
    Self.appendQuoted(element.pointee.label, to: &line)
    if let value = element.pointee.value {
      line.append("  value ")
      Self.appendQuoted(value, to: &line)
    }
    line.append("  traits [")
    var separator = ""
    for named in AXTraits.named where element.pointee.traits.contains(named.trait) {
      line.append(separator)
      line.append(named.name)
      separator = ", "
    }
    let frame = element.pointee.frame
    line.append("]  frame [")
    line.append(formatNumber(frame.x))
    line.append(", ")
    line.append(formatNumber(frame.y))
    line.append(", ")
    line.append(formatNumber(frame.width))
    line.append(", ")
    line.append(formatNumber(frame.height))
    line.append("]  id ")
    line.append(TerminalText.escaped(element.pointee.id))
    if let hint = element.pointee.hint {
      line.append("  hint ")
      Self.appendQuoted(hint, to: &line)
    }
    if !element.pointee.userInputLabels.isEmpty {
      line.append("  inputLabels [\(element.pointee.userInputLabels.map(Self.quoted).joined(separator: ", "))]")
    }
    if !element.pointee.customActionNames.isEmpty {
      line.append("  actions [\(element.pointee.customActionNames.map(Self.quoted).joined(separator: ", "))]")
    }
    if !element.pointee.gestures.isEmpty {
      line.append("  gestures [\(element.pointee.gestures.map(\.rawValue).joined(separator: ", "))]")
    }
    if element.pointee.directTouch != nil { line.append("  directTouch") }
    if !element.pointee.isOnScreen { line.append("  offScreen") }
  }

  /// Appends ``quoted(_:)`` of a text without making the quoted string when there is nothing
  /// to escape, as for nearly every label.
  static func appendQuoted(_ text: String?, to line: inout String) {
    guard let text, isPlain(text) else { return line.append(quoted(text)) }
    line.append("\"")
    line.append(text)
    line.append("\"")
  }

  /// Whether a text is printable ASCII without a backslash or a double quote: what
  /// ``quoted(_:)`` only wraps in quotes, told by one pass over its bytes.
  static func isPlain(_ text: String) -> Bool {
    let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
      !utf8.contains { $0 < 0x20 || $0 >= 0x7F || $0 == 0x5C || $0 == 0x22 }
    }
    // A string not stored contiguously is left to ``TerminalText``, which gives the same text.
    return plain ?? false
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

  /// Writes the document of ``json(_:scene:state:)`` to `output` as
  /// `json(...).rendered(pretty: true)` writes it, followed by a newline, a chunk at a time.
  ///
  /// The same bytes without the ``JSONOutput`` tree: at 100,000 views its dictionaries and its
  /// one string were a third of `axreach tree --format json` and most of its memory. The keys
  /// are written in the order ``JSONOutput`` sorts them.
  public func writeJSON(
    _ tree: AccessibilityTree, scene: Scene, state: SceneState,
    to output: inout some TextOutputStream
  ) {
    var json = JSONOutputStream(pretty: true)
    json.open("{")
    json.key("diagnostics")
    json.open("[")
    for diagnostic in tree.diagnostics {
      json.item()
      json.open("{")
      json.key("id")
      json.string(diagnostic.id)
      json.key("kind")
      json.string(diagnostic.kind.rawValue)
      json.key("message")
      json.string(diagnostic.message)
      json.close("}")
    }
    json.close("]")
    json.key("elements")
    json.open("[")
    // By pointer, which lends each element: a loop over the array copies them.
    tree.elements.withUnsafeBufferPointer { elements in
      for index in elements.indices {
        json.item()
        writeElement(elements.baseAddress! + index, to: &json)
        json.flush(to: &output)
      }
    }
    json.close("]")
    json.key("scene")
    json.open("{")
    json.key("language")
    json.string(scene.language)
    json.key("layoutDirection")
    json.string(scene.layoutDirection.rawValue)
    json.key("name")
    json.string(scene.name)
    json.key("screen")
    json.open("{")
    json.key("height")
    json.number(scene.screen.height)
    json.key("width")
    json.number(scene.screen.width)
    json.close("}")
    json.close("}")
    json.key("screens")
    json.strings(state.screenStack)
    json.close("}")
    json.writer.bytes.append(UInt8(ascii: "\n"))
    json.flush(to: &output, minimum: 0)
  }

  /// Writes the element at `element` as ``elementJSON(_:)`` has it, keys in sorted order.
  func writeElement(_ element: UnsafePointer<AXElement>, to json: inout JSONOutputStream) {
    json.open("{")
    json.key("actions")
    json.open("[")
    for kind in EventKind.allCases where element.pointee.handledEvents.contains(kind) {
      json.item()
      json.string(kind.rawValue)
    }
    json.close("]")
    json.key("activationPoint")
    json.numbers(element.pointee.activationPoint.x, element.pointee.activationPoint.y)
    json.key("customActions")
    json.strings(element.pointee.customActionNames)
    json.key("frame")
    let frame = element.pointee.frame
    json.numbers(frame.x, frame.y, frame.width, frame.height)
    json.key("gestures")
    json.strings(element.pointee.gestures.lazy.map(\.rawValue))
    json.key("hint")
    json.string(element.pointee.hint)
    json.key("id")
    json.string(element.pointee.id)
    json.key("identifier")
    json.string(element.pointee.identifier)
    json.key("label")
    json.string(element.pointee.label)
    json.key("language")
    json.string(element.pointee.language)
    json.key("onScreen")
    json.bool(element.pointee.isOnScreen)
    json.key("respondsToUserInteraction")
    json.bool(element.pointee.respondsToUserInteraction)
    json.key("traits")
    json.open("[")
    for named in AXTraits.named where element.pointee.traits.contains(named.trait) {
      json.item()
      json.string(named.name)
    }
    json.close("]")
    json.key("type")
    json.string(element.pointee.type.rawValue)
    json.key("userInputLabels")
    json.strings(element.pointee.userInputLabels)
    json.key("value")
    json.string(element.pointee.value)
    json.key("window")
    json.number(Double(element.pointee.windowRank))
    json.close("}")
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
