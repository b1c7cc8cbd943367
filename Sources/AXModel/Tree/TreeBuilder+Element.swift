extension TreeBuilder.Walk {
  /// Resolves a view's accessibility properties into an element.
  mutating func makeElement(
    _ view: UnsafePointer<ViewNode>, number: Int, ancestors: [String], language: String, depth: Int
  ) -> AXElement {
    let values = state.values
    let type = view.pointee.type
    var label = view.pointee.label?.rendered(with: values)
    if label == nil, type.textIsLabel { label = view.pointee.text }
    let childBehavior = view.pointee.childBehavior
    if label == nil, childBehavior == .combine || (type == .cell && childBehavior == nil) {
      label = combinedLabel(of: view, number: number, language: language, depth: depth)
    }
    var value = view.pointee.value?.rendered(with: values)
    if value == nil, type.textIsValue { value = state.fieldValue(of: view.pointee) }
    // The start state changes no traits: skip two lookups of the id per element.
    let traits =
      state.insertedTraits.isEmpty && state.removedTraits.isEmpty
      ? view.pointee.baseTraits : state.traits(of: view.pointee)
    let handlers = view.pointee.handlers
    let handled: Set<EventKind> = handlers.isEmpty ? [] : Set(handlers.keys)
    let customActions = view.pointee.customActions
    let gestures = view.pointee.gestures
    let directTouch = view.pointee.directTouch
    let inferred =
      !traits.isDisjoint(with: .interactive) || !handled.isEmpty || !customActions.isEmpty
      || !gestures.isEmpty || directTouch != nil || Self.isInteractive(type)
    let path = view.pointee.accessibilityPath
    // `ViewNode.activationPoint(with:)` called on the view in place would copy it first.
    let activationPoint =
      view.pointee.activationTrack == nil
      ? view.pointee.activationPoint ?? view.pointee.frame.center
      : view.pointee.activationPoint(with: values)
    return AXElement(
      id: view.pointee.id, type: type, label: label, value: value,
      hint: view.pointee.hint?.rendered(with: values), identifier: view.pointee.identifier, traits: traits,
      frame: shownFrame(view.pointee.frame),
      path: isShifted ? path?.map { $0.scrolled(by: scrollShift) } : path,
      activationPoint: isShifted ? activationPoint.scrolled(by: scrollShift) : activationPoint,
      userInputLabels: view.pointee.userInputLabels, customActionNames: customActions.map(\.name),
      gestures: gestures.map(\.kind), handledEvents: handled, language: language,
      respondsToUserInteraction: view.pointee.respondsToUserInteraction ?? inferred,
      directTouch: directTouch, ancestors: ancestors, windowRank: windowRank,
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
  func combinedLabel(of view: UnsafePointer<ViewNode>, number: Int, language: String, depth: Int) -> String? {
    var gather = TreeBuilder.Walk(builder: builder, index: index, state: state, isGatheringLabels: true)
    var units: [TreeBuilder.Unit] = []
    gather.forEachShownSubview(of: view, number: number) { walk, child, childNumber in
      walk.collect(
        child, number: childNumber, ancestors: [], language: language, depth: depth + 1,
        parentContainer: nil, into: &units)
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
