extension TreeBuilder {
  /// The traversal of one tree build: it carries the state read and collects containers and
  /// diagnostics.
  struct Walk {
    let builder: TreeBuilder
    let state: SceneState
    var windowRank = 0
    var containers: [String: AXContainer] = [:]
    var diagnostics: [TreeDiagnostic] = []
    var visited: Set<String> = []
    /// Whether this walk only gathers labels for a combining element (no bookkeeping).
    var isGatheringLabels = false

    init(builder: TreeBuilder, state: SceneState) {
      self.builder = builder
      self.state = state
    }

    mutating func note(_ kind: TreeDiagnostic.Kind, _ id: String, _ message: String) {
      guard !isGatheringLabels else { return }
      diagnostics.append(TreeDiagnostic(kind: kind, id: id, message: message))
    }

    /// Collects the sort units of a view's subtree.
    mutating func collect(
      _ view: ViewNode, ancestors: [String], language: String, depth: Int, parentContainer: String?
    ) -> [Unit] {
      guard builder.isVisible(view, state), visited.insert(view.id).inserted else { return [] }
      guard depth <= builder.maximumDepth else {
        note(
          .tooDeep, view.id,
          "'\(view.id)' is more than \(builder.maximumDepth) elements lists or subviews deep; it and its subviews are left out")
        return []
      }
      let language = view.language ?? language
      if let ids = view.elements {
        if view.isElement {
          note(
            .containerIsElement, view.id,
            "'\(view.id)' is an element and also lists elements; its elements win (seed 000, 3.1 rule 1)")
        }
        var units: [Unit] = []
        let inner = ancestors + [view.id]
        for id in ids {
          guard let child = builder.index.views[id],
            let screen = builder.index.screens[id], state.screenStack.contains(screen)
          else {
            note(.elementNotShown, id, "'\(view.id)' lists '\(id)', which is not on a shown screen")
            continue
          }
          units += collect(
            child, ancestors: inner, language: language, depth: depth + 1, parentContainer: view.id)
        }
        if !units.isEmpty { register(view, parent: parentContainer, explicit: true) }
        return [.group(groupFrame(view, units), units)]
      }
      if view.isElement {
        if view.groupsChildren || view.containerType != nil {
          note(
            .containerIsElement, view.id,
            "'\(view.id)' is an element and also declares itself a container; its subviews are hidden")
        }
        return [.element(makeElement(view, ancestors: ancestors, language: language, depth: depth))]
      }
      var units: [Unit] = []
      let inner = ancestors + [view.id]
      for child in shownChildren(of: view) {
        units += collect(
          child, ancestors: inner, language: language, depth: depth + 1, parentContainer: view.id)
      }
      // Only containers that hold elements are reported: a decoration is not a container.
      if !units.isEmpty { register(view, parent: parentContainer, explicit: false) }
      return view.groupsChildren ? [.group(groupFrame(view, units), units)] : units
    }

    /// The subviews that are shown, honouring `viewIsModal` among siblings.
    func shownChildren(of view: ViewNode) -> [ViewNode] {
      let visible = view.children.filter { builder.isVisible($0, state) }
      if let modal = visible.last(where: \.viewIsModal) { return [modal] }
      return visible
    }

    func groupFrame(_ view: ViewNode, _ units: [Unit]) -> Rect {
      view.frame.isEmpty ? units.reduce(Rect.zero) { $0.union($1.frame) } : view.frame
    }

    mutating func register(_ view: ViewNode, parent: String?, explicit: Bool) {
      guard !isGatheringLabels else { return }
      containers[view.id] = AXContainer(
        id: view.id, type: view.type, label: view.label?.rendered(with: state.values),
        containerType: view.effectiveContainerType, groupsChildren: view.groupsChildren,
        hasExplicitOrder: explicit, scrolls: view.type.scrolls, frame: view.frame, parent: parent)
    }

    /// Resolves a view's accessibility properties into an element.
    mutating func makeElement(_ view: ViewNode, ancestors: [String], language: String, depth: Int)
      -> AXElement
    {
      let values = state.values
      var label = view.label?.rendered(with: values)
      if label == nil, view.type.textIsLabel { label = view.text }
      if label == nil, view.childBehavior == .combine || (view.type == .cell && view.childBehavior == nil) {
        label = combinedLabel(of: view, language: language, depth: depth)
      }
      var value = view.value?.rendered(with: values)
      if value == nil, view.type.textIsValue { value = view.text }
      let traits = state.traits(of: view)
      let handled = Set(view.handlers.keys)
      let inferred =
        !traits.isDisjoint(with: .interactive) || !handled.isEmpty || !view.customActions.isEmpty
        || !view.gestures.isEmpty || view.directTouch != nil
        || [.button, .textField, .switch, .slider, .stepper, .segment].contains(view.type)
      return AXElement(
        id: view.id, type: view.type, label: label, value: value,
        hint: view.hint?.rendered(with: values), identifier: view.identifier, traits: traits,
        frame: view.frame, activationPoint: view.activationPoint ?? view.frame.center,
        userInputLabels: view.userInputLabels, customActionNames: view.customActions.map(\.name),
        gestures: view.gestures.map(\.kind), handledEvents: handled, language: language,
        respondsToUserInteraction: view.respondsToUserInteraction ?? inferred,
        directTouch: view.directTouch, ancestors: ancestors, windowRank: windowRank,
        depthOrder: builder.index.depthOrders[view.id] ?? 0, isOnScreen: true)
    }

    /// Joins the labels of the elements below a combining view, in traversal order, as
    /// SwiftUI's `.combine` and UITableViewCell do.
    func combinedLabel(of view: ViewNode, language: String, depth: Int) -> String? {
      var gather = Walk(builder: builder, state: state)
      gather.isGatheringLabels = true
      var elements: [AXElement] = []
      for child in shownChildren(of: view) {
        for unit in gather.collect(
          child, ancestors: [], language: language, depth: depth + 1, parentContainer: nil)
        {
          unit.flatten(into: &elements)
        }
      }
      let labels = elements.compactMap { element -> String? in
        let parts = [element.label, element.value].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
      }
      return labels.isEmpty ? nil : labels.joined(separator: ", ")
    }
  }
}
