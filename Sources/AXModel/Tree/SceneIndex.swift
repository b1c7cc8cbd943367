/// Lookup tables over a scene's views, built once per scene.
///
/// Views are numbered in one depth-first, back-to-front walk of every window of every screen
/// (the start screen first); tree building works on those numbers, so the only string-keyed
/// table is the one from ids to numbers. The views themselves stay in the scene: a lookup
/// finds one by its path of subview positions rather than keeping a copy of every view.
public struct SceneIndex: Sendable {
  /// The tables, in a class so the lookups below share them instead of copying arrays.
  final class Storage: Sendable {
    /// The root view of every window, screen after screen.
    let roots: [ViewNode]
    /// The number of each window's root, one more than there are windows (the end).
    let rootNumbers: [Int]
    /// The name of each screen, and the position in ``roots`` of its first window.
    let screenNames: [String]
    let screenFirstRoot: [Int]
    /// Per view number: its id, its superview's number (-1 for a root), its position among
    /// its superview's subviews (or its window's position in ``roots``), its screen's
    /// position in ``screenNames``, and the number after its last descendant.
    let ids: [String]
    let parents: [Int32]
    let slots: [Int32]
    let screens: [Int32]
    let ends: [Int32]
    /// Per view number: the number of the view whose id wins lookups by id (the last one
    /// with that id, as a table keyed by id would keep); the view's own number but for
    /// duplicate ids, which only a scene built in code can have.
    let canonical: [Int32]
    /// The number of each id.
    let numbers: [String: Int]

    init(scene: Scene) {
      var builder = Builder()
      let named = [Screen(name: Scene.startScreenName, windows: scene.windows)] + scene.screens
      var count = 0
      for screen in named {
        for window in screen.windows { count += Builder.count(window.root.children) }
      }
      builder.reserve(count)
      var roots: [ViewNode] = []
      var rootNumbers: [Int] = []
      var screenFirstRoot: [Int] = []
      for (screenPosition, screen) in named.enumerated() {
        screenFirstRoot.append(roots.count)
        for window in screen.windows {
          rootNumbers.append(builder.ids.count)
          builder.add(
            window.root.id, window.root.children, parent: -1, slot: Int32(roots.count), screen: Int32(screenPosition))
          roots.append(window.root)
        }
      }
      rootNumbers.append(builder.ids.count)
      screenFirstRoot.append(roots.count)
      self.roots = roots
      self.rootNumbers = rootNumbers
      screenNames = named.map(\.name)
      self.screenFirstRoot = screenFirstRoot
      ids = builder.ids
      parents = builder.parents
      slots = builder.slots
      screens = builder.screens
      ends = builder.ends
      var canonical = Array(0..<Int32(builder.ids.count))
      if builder.hasDuplicates {
        for number in canonical.indices { canonical[number] = Int32(builder.numbers[ids[number]]!) }
      }
      self.canonical = canonical
      numbers = builder.numbers
    }
  }

  /// Fills the per-view tables in one recursive walk, which borrows each view instead of
  /// copying it onto a stack.
  struct Builder {
    var ids: [String] = []
    var parents: [Int32] = []
    var slots: [Int32] = []
    var screens: [Int32] = []
    var ends: [Int32] = []
    var numbers: [String: Int] = [:]
    var hasDuplicates = false

    // Only the fields read are passed down: a view itself, read from an array, would be
    // copied, which retains each of its strings and arrays.
    static func count(_ children: [ViewNode]) -> Int {
      var total = 1
      for position in children.indices { total += count(children[position].children) }
      return total
    }

    mutating func reserve(_ count: Int) {
      ids.reserveCapacity(count)
      parents.reserveCapacity(count)
      slots.reserveCapacity(count)
      screens.reserveCapacity(count)
      ends.reserveCapacity(count)
      numbers.reserveCapacity(count)
    }

    mutating func add(_ id: String, _ children: [ViewNode], parent: Int32, slot: Int32, screen: Int32) {
      let number = ids.count
      ids.append(id)
      parents.append(parent)
      slots.append(slot)
      screens.append(screen)
      ends.append(0)
      if numbers.updateValue(number, forKey: id) != nil { hasDuplicates = true }
      for position in children.indices {
        add(
          children[position].id, children[position].children, parent: Int32(number),
          slot: Int32(position), screen: screen)
      }
      ends[number] = Int32(ids.count)
    }
  }

  let storage: Storage

  /// Indexes the scene.
  public init(scene: Scene) {
    storage = Storage(scene: scene)
  }

  /// The number of views indexed.
  var count: Int { storage.ids.count }

  /// The number of the view with the given id.
  func number(of id: String) -> Int? { storage.numbers[id] }

  /// The number of a screen's window root, by the window's position on the screen; the first
  /// screen of that name, as `Scene.windows(ofScreen:)` finds it.
  func rootNumber(screen name: String, window position: Int) -> Int? {
    guard let screen = storage.screenNames.firstIndex(of: name) else { return nil }
    let root = storage.screenFirstRoot[screen] + position
    guard root < storage.screenFirstRoot[screen + 1] else { return nil }
    return storage.rootNumbers[root]
  }

  /// The screen name of a view number.
  func screenName(of number: Int) -> String {
    storage.screenNames[Int(storage.screens[number])]
  }

  /// The view with a number, found by walking down from its window's root.
  func view(at number: Int) -> ViewNode {
    var path: [Int] = []
    var current = number
    while storage.parents[current] >= 0 {
      path.append(Int(storage.slots[current]))
      current = Int(storage.parents[current])
    }
    return Self.descend(storage.roots[Int(storage.slots[current])], path, path.count)
  }

  /// Follows `path` (innermost last) for `remaining` steps, borrowing every view on the way.
  private static func descend(_ view: ViewNode, _ path: [Int], _ remaining: Int) -> ViewNode {
    remaining == 0 ? view : descend(view.children[path[remaining - 1]], path, remaining - 1)
  }

  /// The position of a view number in a depth-first, back-to-front walk of its window.
  func depthOrder(of number: Int) -> Int {
    var root = number
    while storage.parents[root] >= 0 { root = Int(storage.parents[root]) }
    return number - root
  }

  /// The ids of the view's superviews, innermost first.
  public func ancestors(of id: String) -> [String] {
    guard let number = storage.numbers[id] else { return [] }
    var result: [String] = []
    var current = storage.parents[number]
    while current >= 0 {
      result.append(storage.ids[Int(current)])
      current = storage.parents[Int(current)]
    }
    return result
  }
}
