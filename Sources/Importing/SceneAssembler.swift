import AXModel

/// Turns a ``Dump`` into a ``Scene`` with one set of rules for every producer.
///
/// - The application's frame is the screen; without one, the windows' union (or the size the
///   format states). A dump with no element of any size is an error, not an empty report:
///   idb answers a locked or crashed app with one 0x0 `Application`.
/// - Each window becomes a scene window, later windows in front. Nodes outside any window
///   (idb's flat list) go in one window.
/// - A frame that reaches past the screen is clipped to it, so its activation point is where
///   a finger can touch; a frame wholly outside stays, and the tree reports it off screen.
/// - Ids are the dump's identifiers where they are unique, else the role and a number
///   (`button-12`).
/// - A node the producer marks not visible, on screen and with no visible subview, is hidden
///   (something covers it); wholly off screen it stays, reported off screen.
/// - An alert, action sheet, dialog or popover covers what is behind it: it and its
///   superviews up to the window become modal, so the rest of the screen leaves the tree, as
///   `accessibilityViewIsModal` on a presented sheet does.
public struct SceneAssembler: Sendable {
  /// The dump's path, for errors and view locations.
  public var path: String
  /// The limits enforced on depth and count.
  public var limits: SceneLimits

  /// Creates an assembler.
  public init(path: String, limits: SceneLimits = .standard) {
    self.path = path
    self.limits = limits
  }

  /// The scene a dump describes.
  public func scene(from dump: Dump) throws(SceneError) -> Scene {
    let applications = dump.roots.filter { $0.role == .application }
    let screenFrame = try self.screenFrame(dump, applications: applications)
    var state = AssemblyState(ids: IdentifierPool(dump.roots))
    var windows: [Window] = []
    var loose: [DumpNode] = []
    func collect(_ node: DumpNode) throws(SceneError) {
      if node.role == .window {
        let root = try view(node, screen: screenFrame, state: &state, depth: 1)
        windows.append(Window(level: 0, root: root.view))
      } else {
        loose.append(node)
      }
    }
    for root in dump.roots {
      if root.role == .application {
        for child in root.children { try collect(child) }
      } else {
        try collect(root)
      }
    }
    if !loose.isEmpty {
      var window = DumpNode(role: .window, typeName: "Window", position: loose[0].position)
      window.frame = screenFrame
      window.children = loose
      let root = try view(window, screen: screenFrame, state: &state, depth: 1)
      windows.insert(Window(level: 0, root: root.view), at: 0)
    }
    // idb names no application: the file's name is the next best.
    let fileName = path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) }
    let name = applications.lazy.compactMap { $0.label?.nonBlank ?? $0.identifier?.nonBlank }
      .first ?? fileName ?? "\(dump.format.rawValue) dump"
    return Scene(
      name: name.trimmingCharacters(in: .whitespaces),
      screen: Size(width: screenFrame.width, height: screenFrame.height), windows: windows,
      variables: state.variables, path: path)
  }

  /// The screen: the application's frame, else what the format states, else the windows'.
  func screenFrame(_ dump: Dump, applications: [DumpNode]) throws(SceneError) -> Rect {
    let hasContent = dump.roots.contains { root in
      var stack = [root]
      while let node = stack.popLast() {
        if node.role != .application, let frame = node.frame, !frame.isEmpty { return true }
        stack.append(contentsOf: node.children)
      }
      return false
    }
    guard hasContent else {
      let position = dump.roots.first?.position ?? SourcePosition(line: 1, column: 1)
      let only = applications.count == 1 && applications[0].children.isEmpty
      throw SceneError(
        .invalidValue,
        only
          ? "the dump is one empty Application and no elements (idb's answer when it can't read "
            + "the app: is the app in front and the simulator unlocked?)"
          : "the dump has no element with a frame",
        path: path, at: position)
    }
    var frame: Rect
    if let size = dump.screen {
      frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
    } else if let application = applications.first(where: { !($0.frame?.isEmpty ?? true) }),
      let applicationFrame = application.frame
    {
      frame = applicationFrame
    } else {
      frame = dump.roots.reduce(Rect.zero) { $0.union($1.frame ?? .zero) }
      for root in dump.roots where root.role == .application {
        for child in root.children { frame = frame.union(child.frame ?? .zero) }
      }
    }
    guard frame.width >= 1, frame.height >= 1, frame.width <= 100_000, frame.height <= 100_000
    else {
      throw SceneError(
        .invalidValue,
        "screen size must be between 1 and 100000 points, found \(formatNumber(frame.width)) x "
          + "\(formatNumber(frame.height))",
        path: path, at: dump.roots.first?.position ?? SourcePosition(line: 1, column: 1))
    }
    return frame
  }
}
