extension TreeBuilder {
  /// The traversal of one tree build: it carries the state read and collects elements,
  /// containers and diagnostics.
  ///
  /// Views are passed down borrowed, with their numbers in the builder's ``SceneIndex``, so
  /// the walk neither copies views nor hashes their ids; the only id lookups left are those
  /// of `elements` lists.
  struct Walk {
    let builder: TreeBuilder
    let index: SceneIndex
    let state: SceneState
    var windowRank = 0
    /// The elements made, in the order made; units refer to them by position.
    var elements: [AXElement] = []
    /// The containers registered, in order; the tree's table is built once at the end, at
    /// its final size, rather than rehashing every id each time it grows.
    var containers: [AXContainer] = []
    var diagnostics: [TreeDiagnostic] = []
    /// Which view numbers (their ids' canonical numbers) were visited: one flag per view for
    /// the tree's walk, a set for a label-gathering walk, which visits a few views but runs
    /// once per combining element.
    var visitedFlags: [Bool] = []
    var visitedSet: Set<Int32> = []
    /// Whether this walk only gathers labels for a combining element (no bookkeeping).
    let isGatheringLabels: Bool
    /// How far the enclosing scroll views move the views being walked: the sum of their
    /// content offsets, which frames and activation points move by minus.
    var scrollShift = Point(x: 0, y: 0)
    /// Whether ``scrollShift`` is non-zero; while it is not, frames are taken as they are.
    var isShifted = false
    /// The part of the screen the enclosing scroll views show, if the walk is inside one.
    var clip: Rect?

    init(builder: TreeBuilder, index: SceneIndex, state: SceneState, isGatheringLabels: Bool = false) {
      self.builder = builder
      self.index = index
      self.state = state
      self.isGatheringLabels = isGatheringLabels
      if !isGatheringLabels { visitedFlags = [Bool](repeating: false, count: index.count) }
    }

    mutating func note(_ kind: TreeDiagnostic.Kind, _ id: String, _ message: String) {
      guard !isGatheringLabels else { return }
      diagnostics.append(TreeDiagnostic(kind: kind, id: id, message: message))
    }

    /// Marks a view visited; false if it (or a view with the same id) already was.
    mutating func visit(_ number: Int) -> Bool {
      let canonical = index.storage.canonical[number]
      if isGatheringLabels { return visitedSet.insert(canonical).inserted }
      if visitedFlags[Int(canonical)] { return false }
      visitedFlags[Int(canonical)] = true
      return true
    }

    /// Appends the sort units of a view's subtree; `number` is the view's in the index.
    ///
    /// The view is lent by pointer, as its subviews are passed down: a view read from its
    /// superview's array and passed by value is copied first (retaining each of its strings
    /// and arrays), since `collect` writes to the walk, which the compiler can't tell apart
    /// from the array.
    mutating func collect(
      _ view: UnsafePointer<ViewNode>, number: Int, ancestors: [String], language: String, depth: Int,
      parentContainer: String?, into units: inout [Unit]
    ) {
      guard isShown(view), visit(number) else { return }
      let id = view.pointee.id
      guard depth <= builder.maximumDepth else {
        note(
          .tooDeep, id,
          "'\(id)' is more than \(builder.maximumDepth) elements lists or subviews deep; it and its subviews are left out")
        return
      }
      let language = view.pointee.language ?? language
      let outerScroll = (scrollShift, isShifted, clip)
      let isElement = view.pointee.isElement
      if view.pointee.type.scrolls, view.pointee.elements != nil || !isElement { enterScrollView(view) }
      if let ids = view.pointee.elements {
        if isElement {
          note(
            .containerIsElement, id,
            "'\(id)' is an element and also lists elements; its elements win (seed 000, 3.1 rule 1)")
        }
        var inside: [Unit] = []
        let inner = ancestors + [id]
        for listed in ids {
          guard let child = index.number(of: listed),
            state.screenStack.contains(index.screenName(of: child))
          else {
            note(.elementNotShown, listed, "'\(id)' lists '\(listed)', which is not on a shown screen")
            continue
          }
          withUnsafePointer(to: index.view(at: child)) { listedView in
            collect(
              listedView, number: child, ancestors: inner, language: language,
              depth: depth + 1, parentContainer: id, into: &inside)
          }
        }
        (scrollShift, isShifted, clip) = outerScroll
        if !inside.isEmpty { register(view, parent: parentContainer, explicit: true) }
        units.append(.group(groupFrame(view, inside), inside))
        return
      }
      let groupsChildren = view.pointee.groupsChildren
      if isElement {
        if groupsChildren || view.pointee.containerType != nil {
          note(
            .containerIsElement, id,
            "'\(id)' is an element and also declares itself a container; its subviews are hidden")
        }
        let element = makeElement(view, number: number, ancestors: ancestors, language: language, depth: depth)
        units.append(.element(elements.count, element.frame))
        elements.append(element)
        return
      }
      let inner = ancestors + [id]
      // A grouping view sorts as one unit, so its subviews' units go into a group of their own.
      var inside: [Unit] = []
      let start = units.count
      forEachShownSubview(of: view, number: number) { walk, child, childNumber in
        if groupsChildren {
          walk.collect(
            child, number: childNumber, ancestors: inner, language: language, depth: depth + 1,
            parentContainer: id, into: &inside)
        } else {
          walk.collect(
            child, number: childNumber, ancestors: inner, language: language, depth: depth + 1,
            parentContainer: id, into: &units)
        }
      }
      (scrollShift, isShifted, clip) = outerScroll
      // Only containers that hold elements are reported: a decoration is not a container.
      if !inside.isEmpty || units.count > start { register(view, parent: parentContainer, explicit: false) }
      if groupsChildren { units.append(.group(groupFrame(view, inside), inside)) }
    }

    /// Whether the view at `view` is shown (``TreeBuilder/isVisible(_:_:)``).
    func isShown(_ view: UnsafePointer<ViewNode>) -> Bool {
      TreeBuilder.isVisible(view, state)
    }

    /// Calls `body` with the walk, each subview of `view` it visits and the subview's number in
    /// the index: the shown subviews, or only the modal one when a subview hides its siblings.
    mutating func forEachShownSubview(
      of view: UnsafePointer<ViewNode>, number: Int,
      _ body: (inout Walk, UnsafePointer<ViewNode>, Int) -> Void
    ) {
      view.pointee.children.withUnsafeBufferPointer { children in
        guard let base = children.baseAddress else { return }
        let modal = modalChild(among: children)
        var childNumber = number + 1
        for position in children.indices {
          if modal == nil || modal == position, isShown(base + position) {
            body(&self, base + position, childNumber)
          }
          childNumber = Int(index.storage.ends[childNumber])
        }
      }
    }

    /// The position of the subview that hides its siblings, if any: the last shown one with
    /// `viewIsModal`.
    func modalChild(among children: UnsafeBufferPointer<ViewNode>) -> Int? {
      guard let base = children.baseAddress else { return nil }
      for position in children.indices.reversed()
      where base[position].viewIsModal && isShown(base + position) {
        return position
      }
      return nil
    }

    func groupFrame(_ view: UnsafePointer<ViewNode>, _ units: [Unit]) -> Rect {
      let frame = view.pointee.frame
      return frame.isEmpty ? units.reduce(Rect.zero) { $0.union($1.frame) } : shownFrame(frame)
    }

    /// A view's frame where the enclosing scroll views' offsets put it.
    func shownFrame(_ frame: Rect) -> Rect {
      isShifted ? frame.scrolled(by: scrollShift) : frame
    }

    /// Starts walking a scroll view's content: it is clipped to the scroll view's frame (and
    /// the clips around it) and moved by minus its content offset.
    mutating func enterScrollView(_ view: UnsafePointer<ViewNode>) {
      let visible = shownFrame(view.pointee.frame)
      // A scroll view with no area (an imported one without a frame) is taken not to clip.
      if !visible.isEmpty { clip = clip.map { $0.intersection(visible) } ?? visible }
      let offset = state.contentOffset(of: view.pointee)
      guard !offset.isZero else { return }
      scrollShift = Point(x: scrollShift.x + offset.x, y: scrollShift.y + offset.y)
      isShifted = !scrollShift.isZero
    }

    mutating func register(_ view: UnsafePointer<ViewNode>, parent: String?, explicit: Bool) {
      guard !isGatheringLabels else { return }
      containers.append(AXContainer(
        id: view.pointee.id, type: view.pointee.type, label: view.pointee.label?.rendered(with: state.values),
        containerType: view.pointee.effectiveContainerType, groupsChildren: view.pointee.groupsChildren,
        hasExplicitOrder: explicit, scrolls: view.pointee.type.scrolls, frame: shownFrame(view.pointee.frame),
        parent: parent))
    }
  }
}
