/// Writes scenes in the scene file format, so a scene built in code (or imported from a dump)
/// can be saved, edited by hand and loaded again.
///
/// The encoder writes exactly the keys ``SceneLoader`` reads, so loading its text gives back an
/// equal scene, apart from what the file format itself cannot hold:
///
/// - `path` and every view's `location` are those of the file loaded.
/// - `vars` and `screens` are JSON objects, whose keys ``JSONOutput`` sorts: variables and
///   screens come back sorted by name (UTF-8 order), not in declaration order.
/// - Templates are written in their source form (``Template/description``), which the loader
///   parses into canonical parts: adjacent literal parts joined, empty ones dropped.
/// - A trait edit or a `hasTrait` goal on several traits is written as one edit per trait, or an
///   `all` of one goal per trait, which mean the same. `min`, `max` and `step` of a variable
///   that is not a number are dropped, since the format allows them on numbers only.
///
/// To keep files small but unambiguous, a view has `id`, `type` and `frame` (as
/// `[x, y, width, height]`) always and every other key only when it differs from the default
/// of ``ViewNode/init(id:type:frame:children:)``; a window has `level` only when it is not 0.
/// The scene always has `language`, so a file says which language its text is in even when
/// that is the default, and has `layoutDirection` only for `rightToLeft`, the exception a
/// reader must not miss.
///
/// ```swift
/// let text = SceneEncoder().text(scene)
/// let again = try SceneLoader().load(text: text, path: "scene.json")
/// ```
public struct SceneEncoder: Sendable {
  /// Creates an encoder.
  public init() {}

  /// The scene as a JSON document.
  ///
  /// Its numbers are the scene's own, but ``JSONOutput/rendered(pretty:)`` rounds numbers to
  /// 6 significant digits; write files with ``text(_:)``, which keeps every number exact.
  public func json(_ scene: Scene) -> JSONOutput {
    var fields: [String: JSONOutput] = [
      "format": .string(Scene.currentFormat),
      "name": .string(scene.name),
      "screen": ["width": .number(scene.screen.width), "height": .number(scene.screen.height)],
      "language": .string(scene.language),
      "windows": windows(scene.windows),
    ]
    if scene.layoutDirection != .leftToRight {
      fields["layoutDirection"] = .string(scene.layoutDirection.rawValue)
    }
    if !scene.variables.isEmpty { fields["vars"] = variables(scene.variables) }
    if !scene.screens.isEmpty {
      fields["screens"] = .object(
        Dictionary(
          scene.screens.map {
            ($0.name, $0.isOverlay ? ["windows": windows($0.windows), "overlay": true] : ["windows": windows($0.windows)])
          },
          uniquingKeysWith: { first, _ in first }))
    }
    if !scene.tasks.isEmpty {
      fields["tasks"] = .array(
        scene.tasks.map { ["name": .string($0.name), "goal": goal($0.goal)] })
    }
    return .object(fields)
  }

  /// The scene file's text: pretty-printed, sorted keys as ``JSONOutput`` renders them, ending
  /// in a newline.
  ///
  /// The text is that of `json(scene).rendered(pretty: true)` except for numbers that its
  /// 6 significant digits would change, such as `0.30000000000000004`: those are written in
  /// the shortest form that reads back as the same `Double`.
  public func text(_ scene: Scene) -> String {
    var writer = JSONOutputWriter(pretty: true)
    writer.exactNumbers = true
    writer.write(json(scene), level: 0)
    return String(decoding: writer.bytes, as: UTF8.self) + "\n"
  }

  // MARK: Windows and views

  func windows(_ windows: [Window]) -> JSONOutput {
    .array(
      windows.map { window in
        var fields: [String: JSONOutput] = ["root": view(window.root)]
        if window.level != 0 { fields["level"] = .number(window.level) }
        return .object(fields)
      })
  }

  func view(_ view: ViewNode) -> JSONOutput {
    var fields: [String: JSONOutput] = [
      "id": .string(view.id),
      "type": .string(view.type.rawValue),
      "frame": [
        .number(view.frame.x), .number(view.frame.y), .number(view.frame.width),
        .number(view.frame.height),
      ],
    ]
    if let text = view.text { fields["text"] = .string(text) }
    if let placeholder = view.placeholder { fields["placeholder"] = template(placeholder) }
    if view.isSecure { fields["secure"] = true }
    if view.keyboardType != .default { fields["keyboardType"] = .string(view.keyboardType.rawValue) }
    if !view.children.isEmpty { fields["children"] = .array(view.children.map(self.view)) }
    if let flag = view.isAccessibilityElement { fields["isAccessibilityElement"] = .bool(flag) }
    if let label = view.label { fields["label"] = template(label) }
    if let value = view.value { fields["value"] = template(value) }
    if let hint = view.hint { fields["hint"] = template(hint) }
    if let identifier = view.identifier { fields["identifier"] = .string(identifier) }
    if !view.traitEdits.isEmpty { fields["traits"] = traits(view.traitEdits) }
    if !view.userInputLabels.isEmpty {
      fields["userInputLabels"] = .array(view.userInputLabels.map(JSONOutput.string))
    }
    if !view.customActions.isEmpty {
      fields["customActions"] = .array(view.customActions.map(customAction))
    }
    if let point = view.activationPoint {
      fields["activationPoint"] = [.number(point.x), .number(point.y)]
    }
    if let track = view.activationTrack { fields["activationPoint"] = activationTrack(track) }
    if let path = view.accessibilityPath {
      fields["path"] = .array(path.map { [.number($0.x), .number($0.y)] })
    }
    if let enabled = view.userInteractionEnabled { fields["userInteractionEnabled"] = .bool(enabled) }
    if let size = view.contentSize { fields["contentSize"] = [.number(size.width), .number(size.height)] }
    if let offset = view.contentOffset {
      fields["contentOffset"] = [.number(offset.x), .number(offset.y)]
    }
    if let language = view.language { fields["language"] = .string(language) }
    if view.elementsHidden { fields["elementsHidden"] = true }
    if view.viewIsModal { fields["viewIsModal"] = true }
    if view.groupsChildren { fields["groupsChildren"] = true }
    // An empty list is kept: it says "no elements", unlike a missing one, which means subviews.
    if let elements = view.elements { fields["elements"] = .array(elements.map(JSONOutput.string)) }
    if view.hidden { fields["hidden"] = true }
    if view.alpha != 1 { fields["alpha"] = .number(view.alpha) }
    if let behavior = view.childBehavior { fields["childBehavior"] = .string(behavior.rawValue) }
    if let container = view.containerType { fields["containerType"] = .string(container.rawValue) }
    if let responds = view.respondsToUserInteraction {
      fields["respondsToUserInteraction"] = .bool(responds)
    }
    if let options = view.directTouch { fields["directTouch"] = directTouch(options) }
    if !view.gestures.isEmpty { fields["gestures"] = .array(view.gestures.map(gesture)) }
    if !view.handlers.isEmpty {
      // Empty handlers are kept too: `"activate": []` is a handler that does nothing.
      fields["on"] = .object(
        Dictionary(
          uniqueKeysWithValues: view.handlers.map {
            ($0.key.rawValue, handler($0.value, succeedsWhen: view.succeedsWhen[$0.key]))
          })
      )
    }
    return .object(fields)
  }
}
