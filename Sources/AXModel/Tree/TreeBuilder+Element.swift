extension TreeBuilder.Walk {
  /// Resolves a view's accessibility properties into an element.
  mutating func makeElement(
    _ view: ViewNode, number: Int, ancestors: [String], language: String, depth: Int
  ) -> AXElement {
    let values = state.values
    var label = view.label?.rendered(with: values)
    if label == nil, view.type.textIsLabel { label = view.text }
    if label == nil, view.childBehavior == .combine || (view.type == .cell && view.childBehavior == nil) {
      label = combinedLabel(of: view, number: number, language: language, depth: depth)
    }
    var value = view.value?.rendered(with: values)
    if value == nil, view.type.textIsValue { value = state.fieldValue(of: view) }
    // The start state changes no traits: skip two lookups of the id per element.
    let traits =
      state.insertedTraits.isEmpty && state.removedTraits.isEmpty
      ? view.baseTraits : state.traits(of: view)
    let handled: Set<EventKind> = view.handlers.isEmpty ? [] : Set(view.handlers.keys)
    let inferred =
      !traits.isDisjoint(with: .interactive) || !handled.isEmpty || !view.customActions.isEmpty
      || !view.gestures.isEmpty || view.directTouch != nil || Self.isInteractive(view.type)
    return AXElement(
      id: view.id, type: view.type, label: label, value: value,
      hint: view.hint?.rendered(with: values), identifier: view.identifier, traits: traits,
      frame: shownFrame(view),
      path: isShifted ? view.accessibilityPath?.map { $0.scrolled(by: scrollShift) } : view.accessibilityPath,
      activationPoint: isShifted
        ? view.activationPoint(with: values).scrolled(by: scrollShift)
        : view.activationPoint(with: values),
      userInputLabels: view.userInputLabels, customActionNames: view.customActions.map(\.name),
      gestures: view.gestures.map(\.kind), handledEvents: handled, language: language,
      respondsToUserInteraction: view.respondsToUserInteraction ?? inferred,
      directTouch: view.directTouch, ancestors: ancestors, windowRank: windowRank,
      depthOrder: index.depthOrder(of: Int(index.storage.canonical[number])), isOnScreen: true,
      clipFrame: clip)
  }

  /// Whether UIKit infers that a view of this type responds to user interaction.
  static func isInteractive(_ type: ViewType) -> Bool {
    switch type {
    case .button, .textField, .switch, .slider, .stepper, .segment: return true
    default: return false
    }
  }

  /// Joins the labels of the elements below a combining view, in traversal order, as
  /// SwiftUI's `.combine` and UITableViewCell do.
  func combinedLabel(of view: ViewNode, number: Int, language: String, depth: Int) -> String? {
    var gather = TreeBuilder.Walk(builder: builder, index: index, state: state, isGatheringLabels: true)
    var units: [TreeBuilder.Unit] = []
    let modal = modalChild(of: view)
    var childNumber = number + 1
    for position in view.children.indices {
      if modal == nil || modal == position, builder.isVisible(view.children[position], state) {
        gather.collect(
          view.children[position], number: childNumber, ancestors: [], language: language,
          depth: depth + 1, parentContainer: nil, into: &units)
      }
      childNumber = Int(index.storage.ends[childNumber])
    }
    var order: [Int] = []
    for unit in units { unit.flatten(into: &order) }
    var labels: [String] = []
    for position in order {
      let element = gather.elements[position]
      switch (element.label.flatMap { $0.isEmpty ? nil : $0 }, element.value.flatMap { $0.isEmpty ? nil : $0 }) {
      case (let label?, let value?): labels.append(label + ", " + value)
      case (let label?, nil): labels.append(label)
      case (nil, let value?): labels.append(value)
      case (nil, nil): break
      }
    }
    return labels.isEmpty ? nil : labels.joined(separator: ", ")
  }
}
