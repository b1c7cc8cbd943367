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
    mutating func collect(
      _ view: ViewNode, number: Int, ancestors: [String], language: String, depth: Int,
      parentContainer: String?, into units: inout [Unit]
    ) {
      guard builder.isVisible(view, state), visit(number) else { return }
      guard depth <= builder.maximumDepth else {
        note(
          .tooDeep, view.id,
          "'\(view.id)' is more than \(builder.maximumDepth) elements lists or subviews deep; it and its subviews are left out")
        return
      }
      let language = view.language ?? language
      let outerScroll = (scrollShift, isShifted, clip)
      if view.type.scrolls, view.elements != nil || !view.isElement { enterScrollView(view) }
      if let ids = view.elements {
        if view.isElement {
          note(
            .containerIsElement, view.id,
            "'\(view.id)' is an element and also lists elements; its elements win (seed 000, 3.1 rule 1)")
        }
        var inside: [Unit] = []
        let inner = ancestors + [view.id]
        for id in ids {
          guard let child = index.number(of: id),
            state.screenStack.contains(index.screenName(of: child))
          else {
            note(.elementNotShown, id, "'\(view.id)' lists '\(id)', which is not on a shown screen")
            continue
          }
          collect(
            index.view(at: child), number: child, ancestors: inner, language: language,
            depth: depth + 1, parentContainer: view.id, into: &inside)
        }
        (scrollShift, isShifted, clip) = outerScroll
        if !inside.isEmpty { register(view, parent: parentContainer, explicit: true) }
        units.append(.group(groupFrame(view, inside), inside))
        return
      }
      if view.isElement {
        if view.groupsChildren || view.containerType != nil {
          note(
            .containerIsElement, view.id,
            "'\(view.id)' is an element and also declares itself a container; its subviews are hidden")
        }
        let element = makeElement(view, number: number, ancestors: ancestors, language: language, depth: depth)
        units.append(.element(elements.count, element.frame))
        elements.append(element)
        return
      }
      let inner = ancestors + [view.id]
      // A grouping view sorts as one unit, so its subviews' units go into a group of their own.
      var inside: [Unit] = []
      let start = units.count
      let modal = modalChild(of: view)
      var childNumber = number + 1
      // By position, and straight into `collect`: a `for child in` loop, or a closure taking
      // the child, would copy every subview (retaining each of its strings and arrays).
      for position in view.children.indices {
        if modal == nil || modal == position, builder.isVisible(view.children[position], state) {
          if view.groupsChildren {
            collect(
              view.children[position], number: childNumber, ancestors: inner, language: language,
              depth: depth + 1, parentContainer: view.id, into: &inside)
          } else {
            collect(
              view.children[position], number: childNumber, ancestors: inner, language: language,
              depth: depth + 1, parentContainer: view.id, into: &units)
          }
        }
        childNumber = Int(index.storage.ends[childNumber])
      }
      (scrollShift, isShifted, clip) = outerScroll
      // Only containers that hold elements are reported: a decoration is not a container.
      if !inside.isEmpty || units.count > start { register(view, parent: parentContainer, explicit: false) }
      if view.groupsChildren { units.append(.group(groupFrame(view, inside), inside)) }
    }

    /// The position of the subview that hides its siblings, if any: the last shown one with
    /// `viewIsModal`.
    func modalChild(of view: ViewNode) -> Int? {
      for position in view.children.indices.reversed()
      where view.children[position].viewIsModal && builder.isVisible(view.children[position], state) {
        return position
      }
      return nil
    }

    func groupFrame(_ view: ViewNode, _ units: [Unit]) -> Rect {
      view.frame.isEmpty ? units.reduce(Rect.zero) { $0.union($1.frame) } : shownFrame(view)
    }

    /// The view's frame where the enclosing scroll views' offsets put it.
    func shownFrame(_ view: ViewNode) -> Rect {
      isShifted ? view.frame.scrolled(by: scrollShift) : view.frame
    }

    /// Starts walking a scroll view's content: it is clipped to the scroll view's frame (and
    /// the clips around it) and moved by minus its content offset.
    mutating func enterScrollView(_ view: ViewNode) {
      let visible = shownFrame(view)
      // A scroll view with no area (an imported one without a frame) is taken not to clip.
      if !visible.isEmpty { clip = clip.map { $0.intersection(visible) } ?? visible }
      let offset = state.contentOffset(of: view)
      guard !offset.isZero else { return }
      scrollShift = Point(x: scrollShift.x + offset.x, y: scrollShift.y + offset.y)
      isShifted = !scrollShift.isZero
    }

    mutating func register(_ view: ViewNode, parent: String?, explicit: Bool) {
      guard !isGatheringLabels else { return }
      containers.append(AXContainer(
        id: view.id, type: view.type, label: view.label?.rendered(with: state.values),
        containerType: view.effectiveContainerType, groupsChildren: view.groupsChildren,
        hasExplicitOrder: explicit, scrolls: view.type.scrolls, frame: shownFrame(view), parent: parent))
    }
  }
}
