import AXModel

extension SceneAssembler {
  /// A mapped view, whether it holds a modal node (which makes its superviews modal too) and
  /// whether the producer marked it or a subview visible.
  struct Mapped {
    var view: ViewNode
    var holdsModal: Bool
    var holdsVisible: Bool
  }

  /// Maps a node and its subtree to scene views.
  func view(
    _ node: DumpNode, screen: Rect, state: inout AssemblyState, depth: Int,
    insideElement: Bool = false
  ) throws(SceneError) -> Mapped {
    guard depth <= limits.maximumViewDepth else {
      throw SceneError(
        .limitExceeded, "views nested deeper than \(limits.maximumViewDepth) levels", path: path,
        at: node.position)
    }
    state.count += 1
    guard state.count <= limits.maximumViewCount else {
      throw SceneError(
        .limitExceeded, "more than \(limits.maximumViewCount) views", path: path,
        at: node.position)
    }
    let node = Self.adoptingAccessory(node)
    var type = node.role.viewType
    if node.isScrollable, type == .view { type = .scroll }
    var view = ViewNode(id: state.ids.id(for: node), type: type)
    view.location = FileLocation(
      path: path, line: node.position.line, column: node.position.column)
    view.identifier = node.identifier?.nonBlank
    let isElement = node.isAccessible ?? Self.isElementByDefault(node)
    var holdsModal = node.role.isModal
    var holdsVisible = node.isVisible == true
    for child in node.children {
      let mapped = try self.view(
        child, screen: screen, state: &state, depth: depth + 1,
        insideElement: insideElement || isElement)
      view.children.append(mapped.view)
      holdsModal = holdsModal || mapped.holdsModal
      holdsVisible = holdsVisible || mapped.holdsVisible
    }
    view.viewIsModal = holdsModal && node.role != .application
    let frame = node.frame ?? view.children.reduce(Rect.zero) { $0.union($1.frame) }
    view.frame = Self.clipped(frame, to: screen)
    // The producer saw it on screen and not visible: covered or clipped away, so it is out of
    // the tree. Wholly off screen it stays, and the tree reports it off screen. Inside an
    // element it is the element's content (a cell's chevron), out of the tree already.
    view.hidden =
      node.isVisible == false && !holdsVisible && frame.intersects(screen) && !insideElement

    if isElement != type.isElementByDefault { view.isAccessibilityElement = isElement }
    // UITableView selects a cell on a tap, though the cell carries no button trait.
    if node.role == .cell, isElement { view.respondsToUserInteraction = true }
    view.label = Self.template(label(of: node, type: type))
    view.value = Self.template(value(of: node))
    view.hint = Self.template(node.hint?.nonBlank)
    view.traitEdits = traitEdits(of: node, type: type)
    view.customActions = node.customActions.compactMap(\.nonBlank).map {
      CustomAction(name: $0, effects: [])
    }
    if node.isLongClickable {
      // Voice Access and Switch Access offer "long press" as an action of its own.
      view.customActions.append(CustomAction(name: "Long press", effects: []))
    }
    if isElement { addBehavior(to: &view, state: &state) }
    return Mapped(view: view, holdsModal: holdsModal, holdsVisible: holdsVisible)
  }

  /// Whether a node is an element when the producer does not say: as its role says, except
  /// that an image needs a label (a `UIImageView` is decoration until it has one), and a
  /// generic leaf with a label is a custom element (`Other` or `UIAElement` with
  /// `isAccessibilityElement` set).
  static func isElementByDefault(_ node: DumpNode) -> Bool {
    switch node.role {
    case .image: return node.label?.nonBlank != nil
    case .other: return node.children.isEmpty && (node.label?.nonBlank ?? node.value?.nonBlank) != nil
    default: return node.role.isElementByDefault
    }
  }

  /// A cell whose accessory is a switch speaks and acts as the switch, as a
  /// `UITableViewCell` with a `UISwitch` accessory does: its value is the switch's on or off
  /// and activating it flips the switch.
  static func adoptingAccessory(_ node: DumpNode) -> DumpNode {
    guard node.role == .cell, node.checked == nil, node.value?.nonBlank == nil else { return node }
    let toggles = node.children.filter { $0.role == .toggle }
    guard toggles.count == 1, let state = toggles[0].checked ?? toggles[0].value.flatMap(Self.onOff)
    else { return node }
    var cell = node
    cell.checked = state
    return cell
  }

  /// On or off for the values dumps write for a switch.
  static func onOff(_ value: String) -> Bool? {
    switch value.lowercased() {
    case "1", "on", "true": return true
    case "0", "off", "false": return false
    default: return nil
    }
  }

  /// The label: the dump's, or a text field's placeholder, which VoiceOver and Voice Control
  /// use when the field has none.
  func label(of node: DumpNode, type: ViewType) -> String? {
    if let label = node.label?.nonBlank { return label }
    if type == .textField { return node.placeholder?.nonBlank }
    return nil
  }

  /// The value: switches and check boxes say on or off as VoiceOver does (dumps write 1 and
  /// 0); static text that repeats its label has none.
  func value(of node: DumpNode) -> String? {
    if let checked = node.checked, node.value?.nonBlank == nil { return checked ? "on" : "off" }
    guard let value = node.value?.nonBlank else { return nil }
    switch node.role {
    case .toggle, .checkBox, .radioButton:
      if value == "1" { return "on" }
      if value == "0" { return "off" }
    case .staticText where value == node.label:
      return nil
    default: break
    }
    return value
  }

  /// Edits that turn the view type's default traits into the node's: the exact set when the
  /// dump lists traits, else the role's extras with selected and not-enabled.
  func traitEdits(of node: DumpNode, type: ViewType) -> [TraitEdit] {
    let defaults = type.defaultTraits
    var traits: AXTraits
    if let listed = node.traits {
      traits = listed
    } else {
      traits = defaults.union(node.role.extraTraits).subtracting(node.role.removedTraits)
      if node.checked != nil { traits.formUnion([.button, .toggleButton]) }
      let interactive = !traits.intersection(.interactive).isEmpty
      if node.isClickable == true, !interactive, type != .textField { traits.insert(.button) }
    }
    if node.isSelected { traits.insert(.selected) }
    if !node.isEnabled { traits.insert(.notEnabled) }
    var edits: [TraitEdit] = []
    for (_, trait) in AXTraits.named {
      if traits.contains(trait), !defaults.contains(trait) {
        edits.append(TraitEdit(inserts: true, trait: trait))
      } else if !traits.contains(trait), defaults.contains(trait) {
        edits.append(TraitEdit(inserts: false, trait: trait))
      }
    }
    return edits
  }

  /// A literal template, or `nil` for no text.
  static func template(_ text: String?) -> Template? {
    text.map { Template(literal: $0) }
  }

  /// The frame clipped to the screen when it reaches past it; a frame wholly outside stays.
  static func clipped(_ frame: Rect, to screen: Rect) -> Rect {
    guard frame.intersects(screen) else { return frame }
    let left = max(frame.minX, screen.minX)
    let top = max(frame.minY, screen.minY)
    return Rect(
      x: left, y: top, width: min(frame.maxX, screen.maxX) - left,
      height: min(frame.maxY, screen.maxY) - top)
  }
}

/// Hands out view ids: a dump's identifier where no other node shares it, else the role and a
/// running number, never one already taken. An identifier with control or invisible format
/// characters is never an id (it stays the view's identifier): ids are typed on command lines
/// and printed in every report.
struct IdentifierPool {
  private var shared: Set<String> = []
  private var taken: Set<String> = []
  private var counter = 0

  init(_ roots: [DumpNode]) {
    var seen: Set<String> = []
    var stack = roots
    while let node = stack.popLast() {
      if let identifier = node.identifier?.nonBlank, !seen.insert(identifier).inserted {
        shared.insert(identifier)
      }
      stack.append(contentsOf: node.children)
    }
  }

  static func isPlain(_ identifier: String) -> Bool {
    !TerminalText.containsHazard(identifier)
  }

  mutating func id(for node: DumpNode) -> String {
    if let identifier = node.identifier?.nonBlank, Self.isPlain(identifier),
      !shared.contains(identifier), taken.insert(identifier).inserted
    {
      return identifier
    }
    while true {
      counter += 1
      let id = "\(node.role.rawValue)-\(counter)"
      if taken.insert(id).inserted { return id }
    }
  }
}
