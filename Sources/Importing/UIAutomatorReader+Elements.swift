import AXModel

extension UIAutomatorReader {
  /// What the element rule makes of a widget's subtree.
  struct Arranged {
    /// The node in its place, or `nil` when it moved out of its element ancestor.
    var node: DumpNode?
    /// Actionable nodes moved out of an element, to follow it as its siblings.
    var lifted: [DumpNode]
    /// What TalkBack reads of the subtree as part of an element ancestor, in order.
    var spoken: [String]
    /// The state of a checkable node absorbed into the element ancestor.
    var checked: Bool?
  }

  /// Applies the element rule (see ``UIAutomatorReader``) to a widget and its subtree;
  /// `inElement` says whether an ancestor is an element that speaks for it.
  static func arrange(_ widget: Widget, inElement: Bool) -> Arranged {
    var node = widget.node
    let acts = takesAction(widget) || (!inElement && node.checked != nil && canAct(node.role))
    // A leaf with text is read as it is; a layout with subviews is read through them.
    let isElement =
      acts || (widget.carriesText && (widget.children.isEmpty || node.role.isElementByDefault))
    let childrenInElement = inElement || isElement
    var passed: [DumpNode] = []
    var spoken: [String] = []
    var checked: Bool?
    for child in widget.children {
      let arranged = arrange(child, inElement: childrenInElement)
      if let childNode = arranged.node { node.children.append(childNode) }
      if childrenInElement {
        passed += arranged.lifted
      } else {
        node.children += arranged.lifted
      }
      spoken += arranged.spoken
      checked = checked ?? arranged.checked
    }
    if inElement && !acts {
      // Absorbed: its text joins the element's label; a switch's state becomes the element's.
      let isSwitch = node.checked != nil
      node.isAccessible = isElement && !isSwitch
      let own = [node.label, node.value].compactMap { $0?.nonBlank }
      return Arranged(
        node: node, lifted: passed, spoken: node.isAccessible == true ? own : spoken,
        checked: isSwitch ? node.checked : checked)
    }
    if isElement {
      becomeElement(&node, acts: acts, spoken: spoken, checked: checked)
    } else {
      node.isAccessible = false
    }
    if inElement {
      // Actionable inside an element: TalkBack and Switch Access stop on it separately.
      return Arranged(node: nil, lifted: [node] + passed, spoken: [], checked: nil)
    }
    return Arranged(node: node, lifted: passed, spoken: [], checked: nil)
  }

  /// Makes a node an element, turning a layout into a cell or static text and giving it what
  /// its absorbed subviews say.
  private static func becomeElement(
    _ node: inout DumpNode, acts: Bool, spoken: [String], checked: Bool?
  ) {
    node.isAccessible = true
    if isLayout(node.role) {
      if !acts {
        node.role = .staticText
      } else if node.label == nil, !spoken.isEmpty {
        // A clickable row: the scene's cell joins its subviews' labels, as TalkBack does.
        node.role = .cell
      }
    }
    if node.role != .cell, node.label == nil, !textIsValue(node.role), !spoken.isEmpty {
      // A spinner or a tab reads the text inside it; only a cell joins labels by itself.
      node.label = spoken.joined(separator: ", ")
    }
    if node.checked == nil { node.checked = checked }
  }

  /// Whether the node is something a user acts on: clickable or long-clickable, or focusable
  /// and not a layout (a focusable list or scroll view only passes focus on).
  static func takesAction(_ widget: Widget) -> Bool {
    let node = widget.node
    guard canAct(node.role) else { return false }
    return node.isClickable == true || node.isLongClickable
      || (widget.isFocusable && node.role.isElementByDefault)
  }

  /// Whether a node of the role can be an element by acting: controls, text and layouts, not
  /// lists, bars, web views or dialogs.
  static func canAct(_ role: DumpRole) -> Bool {
    role.isElementByDefault || isLayout(role)
  }
}
