extension SceneIndex {
  /// A table keyed by view id, read through the index's numbers, so that indexing a scene
  /// builds one string-keyed table instead of one per property.
  public struct Lookup<Value>: Sendable {
    let storage: Storage
    let read: @Sendable (Storage, Int) -> Value?

    /// The value for the view with the given id, or `nil` for an id not in the scene (or a
    /// view without one, such as the superview of a root).
    public subscript(id: String) -> Value? {
      guard let number = storage.numbers[id] else { return nil }
      return read(storage, number)
    }

    /// The number of views indexed.
    public var count: Int { storage.numbers.count }

    /// Whether the scene has no views.
    public var isEmpty: Bool { storage.numbers.isEmpty }

    /// The ids of the views indexed, in no particular order.
    public var keys: Dictionary<String, Int>.Keys { storage.numbers.keys }
  }

  /// Every view by id, all screens included.
  public var views: Lookup<ViewNode> {
    Lookup(storage: storage) { storage, number in SceneIndex(storage: storage).view(at: number) }
  }

  /// The id of each view's superview; roots have none.
  public var parents: Lookup<String> {
    Lookup(storage: storage) { storage, number in
      let parent = storage.parents[number]
      return parent < 0 ? nil : storage.ids[Int(parent)]
    }
  }

  /// The screen each view belongs to.
  public var screens: Lookup<String> {
    Lookup(storage: storage) { storage, number in SceneIndex(storage: storage).screenName(of: number) }
  }

  /// Each view's position in a depth-first, back-to-front walk of its window; a higher number
  /// is drawn in front, which hit-testing uses.
  public var depthOrders: Lookup<Int> {
    Lookup(storage: storage) { storage, number in SceneIndex(storage: storage).depthOrder(of: number) }
  }

  init(storage: Storage) {
    self.storage = storage
  }
}
