/// Checks what can only be checked once the whole scene is read: that every reference
/// resolves and that `elements` lists form no cycle.
struct SceneValidator {
  let scene: Scene
  let path: String
  let references: [PendingReference]

  func validate() throws(SceneError) {
    // Only the traversal edges are kept: copying whole views would cost more than the check.
    var successors: [String: [String]] = [:]
    var locations: [String: SourceLocation] = [:]
    for window in scene.windows + scene.screens.flatMap(\.windows) {
      var stack = [window.root]
      while let view = stack.popLast() {
        successors[view.id] = view.elements ?? view.children.map(\.id)
        if locations[view.id] == nil, let location = view.location { locations[view.id] = location }
        stack.append(contentsOf: view.children)
      }
    }
    let screenNames = [Scene.startScreenName] + scene.screens.map(\.name)
    var edges: [String: PendingReference] = [:]
    for reference in references {
      switch reference.kind {
      case .view, .elementsEntry:
        guard successors[reference.name] != nil else {
          throw unresolved("view id", reference, among: Array(successors.keys))
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
    try checkCycles(successors: successors, edges: edges, locations: locations)
  }

  /// Finds a cycle in the graph whose edges are `elements` entries, or subviews where a view
  /// has no `elements`; a cycle makes traversal endless.
  ///
  /// The error points at an `elements` entry of the cycle: the one that closes it, or, when a
  /// subview edge closes it (a list that names an ancestor), the first entry along the chain.
  func checkCycles(
    successors: [String: [String]], edges: [String: PendingReference],
    locations: [String: SourceLocation]
  ) throws(SceneError) {
    enum Mark { case visiting, done }
    var marks: [String: Mark] = [:]
    // Subview edges alone form trees, so every cycle passes through a view with `elements`:
    // starting from those views finds every cycle.
    let starts = Set(edges.values.compactMap { reference -> String? in
      if case .elementsEntry(let container) = reference.kind { return container }
      return nil
    })
    for start in starts.sorted() where marks[start] == nil {
      var stack: [(id: String, next: Int)] = [(start, 0)]
      marks[start] = .visiting
      while let top = stack.last {
        let next = successors[top.id] ?? []
        if top.next < next.count {
          stack[stack.count - 1].next += 1
          let child = next[top.next]
          switch marks[child] {
          case .visiting?:
            let chain = Array(stack.map(\.id).drop { $0 != child }) + [child]
            let message = "elements form a cycle: \(chain.joined(separator: " -> "))"
            let closing = edges[top.id + "\u{0}" + child]
            let along = zip(chain, chain.dropFirst()).first { edges[$0 + "\u{0}" + $1] != nil }
            if let reference = closing ?? along.flatMap({ edges[$0 + "\u{0}" + $1] }) {
              throw failure(.cycle, message, reference)
            }
            // Unreachable: every cycle passes through an `elements` entry. Kept located anyway.
            let location = locations[child] ?? SourceLocation(path: path, line: 1, column: 1)
            throw SceneError(
              .cycle, message, path: path, line: location.line, column: location.column)
          case .done?:
            continue
          case nil:
            marks[child] = .visiting
            stack.append((child, 0))
          }
        } else {
          marks[top.id] = .done
          stack.removeLast()
        }
      }
    }
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
