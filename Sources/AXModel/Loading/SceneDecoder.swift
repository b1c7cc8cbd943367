/// A name in a scene file that must resolve once the whole file is read.
struct PendingReference: Sendable {
  /// What the name must resolve to.
  enum Kind: Sendable {
    /// A view id anywhere in the scene.
    case view
    /// An entry of a container's `elements` list.
    case elementsEntry(container: String)
    /// A screen name.
    case screen
  }

  var kind: Kind
  var name: String
  var position: SourcePosition
  var keyPath: String
}

/// Where a view id is first defined and the number of that view, in decoding order.
struct ViewDefinition: Sendable {
  var position: SourcePosition
  var number: Int32
}

/// Turns a parsed JSON tree into a ``Scene``, checking every key and type on the way.
///
/// Names that refer to other parts of the file (view ids, screens) are collected as
/// ``PendingReference`` values and resolved by ``SceneValidator``; variable names are resolved
/// here because variables are read first. The readers of values and objects are the shared
/// ``JSONFileDecoder`` ones, in the scene's wording.
struct SceneDecoder: JSONFileDecoder {
  static let wording = JSONFileWording<SceneErrorCode>.scene

  let path: String
  let limits: SceneLimits
  var variables: [String: Variable] = [:]
  var references: [PendingReference] = []
  var viewCount = 0
  /// Where each view id is first defined, for duplicate-id errors, and the view's number.
  var positions: [String: ViewDefinition] = [:]
  /// For each view number, the number that follows its subtree. Numbers are given in decoding
  /// order, so a view's subviews are `number + 1` and then each at the end of the one before:
  /// the validator walks the scene by these instead of building tables of its own.
  var subtreeEnds: [Int32] = []
  /// The `elements` lists by view number, for the few views that have one.
  var elementLists: [Int32: [String]] = [:]
  var duplicate: SceneError?
  /// The scene's layout direction, read before the windows: it places a scroll view's
  /// `contentSize`, which its `contentOffset` is checked against.
  var layoutDirection = LayoutDirection.leftToRight

  init(path: String, limits: SceneLimits) {
    self.path = path
    self.limits = limits
  }

  // MARK: Scene

  static let sceneKeys = [
    "format", "name", "screen", "layoutDirection", "language", "vars", "windows", "screens",
    "tasks", "description",
  ]

  mutating func decodeScene(_ node: JSONNode) throws(SceneError) -> Scene {
    let fields = try members(node, "", allowed: Self.sceneKeys, what: "scene")
    let formatNode = try required(fields, "format", in: node, "")
    let format = try string(formatNode, "format")
    guard format == Scene.currentFormat else {
      throw error(
        .unsupportedFormat, "unsupported format '\(format)', expected '\(Scene.currentFormat)'",
        at: formatNode.position, "format")
    }
    let name = try string(try required(fields, "name", in: node, ""), "name")
    let screenNode = try required(fields, "screen", in: node, "")
    let screenFields = try members(screenNode, "screen", allowed: ["width", "height"], what: "screen")
    let width = try number(try required(screenFields, "width", in: screenNode, "screen"), "screen.width")
    let height = try number(
      try required(screenFields, "height", in: screenNode, "screen"), "screen.height")
    guard (1...100_000).contains(width), (1...100_000).contains(height) else {
      throw error(
        .invalidValue, "screen size must be between 1 and 100000 points",
        at: screenNode.position, "screen")
    }
    var scene = Scene(
      name: name, screen: Size(width: width, height: height), windows: [])
    if let node = fields["layoutDirection"] {
      scene.layoutDirection = try enumValue(
        LayoutDirection.self, node, "layoutDirection", kind: "layout direction")
      layoutDirection = scene.layoutDirection
    }
    if let node = fields["language"] { scene.language = try string(node, "language") }
    if let node = fields["vars"] { scene.variables = try decodeVariables(node) }
    scene.windows = try decodeWindows(try required(fields, "windows", in: node, ""), "windows")
    if let node = fields["screens"] {
      guard case .object(let named) = node.value else {
        throw mismatch(node, expected: "an object of named screens", "screens")
      }
      for member in named {
        let keyPath = "screens.\(member.key)"
        guard member.key != Scene.startScreenName else {
          throw error(
            .invalidValue, "screen name '\(member.key)' is reserved for the start windows",
            at: member.keyPosition, keyPath)
        }
        let screenFields = try members(
          member.value, keyPath, allowed: ["windows", "overlay"], what: "screen")
        let windows = try decodeWindows(
          try required(screenFields, "windows", in: member.value, keyPath), "\(keyPath).windows")
        var screen = Screen(name: member.key, windows: windows)
        if let node = screenFields["overlay"] { screen.isOverlay = try bool(node, "\(keyPath).overlay") }
        scene.screens.append(screen)
      }
    }
    if let node = fields["tasks"] {
      for (index, item) in try array(node, "tasks", of: "tasks").enumerated() {
        scene.tasks.append(try decodeTask(item, "tasks[\(index)]"))
      }
    }
    if let duplicate { throw duplicate }
    return scene
  }

  mutating func decodeWindows(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> [Window] {
    var windows: [Window] = []
    for (index, item) in try array(node, keyPath, of: "windows").enumerated() {
      let itemPath = "\(keyPath)[\(index)]"
      let fields = try members(item, itemPath, allowed: ["level", "root"], what: "window")
      let level = try fields["level"].map { (node) throws(SceneError) in
        try coordinate(node, "\(itemPath).level")
      } ?? 0
      let root = try decodeView(
        try required(fields, "root", in: item, itemPath), "\(itemPath).root", depth: 1)
      windows.append(Window(level: level, root: root))
    }
    return windows
  }

  mutating func decodeTask(_ node: JSONNode, _ keyPath: String) throws(SceneError) -> SceneTask {
    let fields = try members(node, keyPath, allowed: ["name", "goal"], what: "task")
    let name = try string(try required(fields, "name", in: node, keyPath), "\(keyPath).name")
    let goal = try decodeCondition(
      try required(fields, "goal", in: node, keyPath), "\(keyPath).goal", depth: 0)
    return SceneTask(name: name, goal: goal)
  }
}
