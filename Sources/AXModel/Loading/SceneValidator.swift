/// Checks what can only be checked once the whole scene is read: that every reference
/// resolves and that `elements` lists form no cycle.
struct SceneValidator {
  let scene: Scene
  let path: String
  let references: [PendingReference]
  /// The decoder's table of view ids, numbers and positions: every id of the scene once.
  let views: [String: ViewDefinition]
  /// By view number, the number after the view's subtree (see ``SceneDecoder/subtreeEnds``).
  let subtreeEnds: [Int32]
  /// The `elements` lists by view number.
  let elementLists: [Int32: [String]]

  /// Creates the validator of what `decoder` has just decoded into `scene`.
  init(scene: Scene, path: String, decoder: SceneDecoder) {
    self.scene = scene
    self.path = path
    references = decoder.references
    views = decoder.positions
    subtreeEnds = decoder.subtreeEnds
    elementLists = decoder.elementLists
  }

  func validate() throws(SceneError) {
    // The decoder has already tabled every id and numbered every view: no walk of the scene
    // here, and no table of its own, which cost a fifth of loading a large scene.
    let screenNames = [Scene.startScreenName] + scene.screens.map(\.name)
    var edges: [String: PendingReference] = [:]
    for reference in references {
      switch reference.kind {
      case .view, .elementsEntry:
        guard views[reference.name] != nil else {
          throw unresolved("view id", reference, among: Array(views.keys))
        }
        if case .elementsEntry(let container) = reference.kind {
          if reference.name == container {
            throw failure(.cycle, "view '\(container)' lists itself in its elements", reference)
          }
          edges[container + "\u{0}" + reference.name] = reference
        }
      case .screen:
        guard screenNames.contains(reference.name) else {
          throw unresolved("screen", reference, among: screenNames)
        }
      }
    }
    if !edges.isEmpty { try checkCycles(edges: edges) }
  }

  /// Finds a cycle in the graph whose edges are `elements` entries, or subviews where a view
  /// has no `elements`; a cycle makes traversal endless.
  ///
  /// The error points at an `elements` entry of the cycle: the one that closes it, or, when a
  /// subview edge closes it (a list that names an ancestor), the first entry along the chain.
  func checkCycles(edges: [String: PendingReference]) throws(SceneError) {
    let visiting: UInt8 = 1
    let done: UInt8 = 2
    var marks = [UInt8](repeating: 0, count: subtreeEnds.count)
    // Subview edges alone form trees, so every cycle passes through a view with `elements`:
    // starting from those views finds every cycle.
    let starts = Set(edges.values.compactMap { reference -> String? in
      if case .elementsEntry(let container) = reference.kind { return container }
      return nil
    })
    for start in starts.sorted() {
      guard let first = views[start]?.number, marks[Int(first)] == 0 else { continue }
      var stack: [(view: Int32, next: Int32)] = [(first, firstCursor(first))]
      marks[Int(first)] = visiting
      while let top = stack.last {
        guard let (child, next) = successor(of: top.view, at: top.next) else {
          marks[Int(top.view)] = done
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next = next
        switch marks[Int(child)] {
        case visiting:
          throw cycleError(through: stack.map(\.view), closedBy: child, edges: edges)
        case done:
          continue
        default:
          marks[Int(child)] = visiting
          stack.append((child, firstCursor(child)))
        }
      }
    }
  }

  /// Where the walk of a view's successors starts: its first `elements` entry, else its first
  /// subview.
  func firstCursor(_ view: Int32) -> Int32 {
    elementLists[view] == nil ? view + 1 : 0
  }

  /// The successor of a view at a cursor and the cursor after it, or `nil` after the last.
  ///
  /// A cursor is an index into the view's `elements`, or, for a view without, the number of
  /// its next subview: the one after a subview starts where that subview's subtree ends.
  func successor(of view: Int32, at cursor: Int32) -> (child: Int32, next: Int32)? {
    if let list = elementLists[view] {
      guard cursor < list.count, let child = views[list[Int(cursor)]]?.number else { return nil }
      return (child, cursor + 1)
    }
    guard cursor < subtreeEnds[Int(view)] else { return nil }
    return (cursor, subtreeEnds[Int(cursor)])
  }

  /// The error of a cycle found with `path` on the walk's stack and an edge from its top back
  /// to `child`.
  func cycleError(
    through path: [Int32], closedBy child: Int32, edges: [String: PendingReference]
  ) -> SceneError {
    // Ids by number are wanted only here, so they are not kept for the valid scenes.
    var ids = [String](repeating: "", count: subtreeEnds.count)
    for (id, definition) in views { ids[Int(definition.number)] = id }
    let chain = Array(path.drop { $0 != child }).map { ids[Int($0)] } + [ids[Int(child)]]
    let message = "elements form a cycle: \(chain.joined(separator: " -> "))"
    let closing = edges[ids[Int(path[path.count - 1])] + "\u{0}" + ids[Int(child)]]
    let along = zip(chain, chain.dropFirst()).first { edges[$0 + "\u{0}" + $1] != nil }
    if let reference = closing ?? along.flatMap({ edges[$0 + "\u{0}" + $1] }) {
      return failure(.cycle, message, reference)
    }
    // Unreachable: every cycle passes through an `elements` entry. Kept located anyway.
    let position = views[ids[Int(child)]]?.position
    return SceneError(
      .cycle, message, path: self.path, line: position?.line ?? 1, column: position?.column ?? 1)
  }

  func unresolved(_ kind: String, _ reference: PendingReference, among names: [String])
    -> SceneError
  {
    var error = failure(.unresolvedReference, "no \(kind) '\(reference.name)'", reference)
    error.hint = nearestName(to: reference.name, in: names.sorted()).map { "did you mean '\($0)'?" }
    return error
  }

  func failure(_ code: SceneError.Code, _ message: String, _ reference: PendingReference)
    -> SceneError
  {
    SceneError(
      code, message, path: path, line: reference.position.line, column: reference.position.column,
      keyPath: reference.keyPath)
  }
}
