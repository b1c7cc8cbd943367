import AXModel
import SwitchControl

/// Performs escape with a switch: select the first highlighted stop to open the scanner menu,
/// wait or step to its Escape entry, and choose it.
///
/// Escape is a menu entry of every element while something handles escape, so the cheapest
/// way in is the stop highlighted first. The scanner is driven step by step and the cost is
/// what it measured.
struct EscapeByMenu {
  let start: SwitchScanner

  func done() -> StepPerformer.Done {
    var scanner = start
    var keys: [SwitchInput] = []
    func apply(_ input: SwitchInput) -> SwitchStep {
      keys.append(input)
      return scanner.handle(input)
    }
    let settings = scanner.settings
    if scanner.highlight == .none { _ = apply(.press(settings.scanning == .auto ? .select : .next)) }
    // Groups are entered until an element is highlighted.
    var guardCount = 0
    while case .group = scanner.highlight, guardCount < 16 {
      _ = apply(.press(.select))
      guardCount += 1
    }
    guard case .element = scanner.highlight else { return StepPerformer.failed("no stop to open the menu on") }
    _ = apply(.press(settings.tapBehavior == .always ? .hold : .select))
    if settings.tapBehavior == .auto { _ = apply(.press(.select)) }
    guard let menu = scanner.menu, let position = menu.items.firstIndex(of: .escape) else {
      return StepPerformer.failed("the scanner menu has no Escape")
    }
    var moves = 0
    while scanner.menu?.index != position, moves <= menu.items.count * 2 {
      switch settings.scanning {
      case .auto: _ = apply(.wait(milliseconds: max(1, (scanner.nextEventTime() ?? scanner.now + 1) - scanner.now)))
      case .manual, .step: _ = apply(.press(.next))
      }
      moves += 1
    }
    guard scanner.menu?.index == position else { return StepPerformer.failed("the menu never highlights Escape") }
    let last: SwitchStep
    if settings.scanning == .step, let due = scanner.nextEventTime() {
      last = apply(.wait(milliseconds: due - scanner.now))
    } else {
      last = apply(.press(.select))
    }
    guard last.results.contains(where: { $0.action == .escape && $0.isDone }) else {
      return StepPerformer.failed("choosing Escape did not perform escape")
    }
    let presses = keys.filter(\.isPress).count
    return StepPerformer.Done(
      line: "keys \(KeyScript.text(keys)) via menu Escape", count: presses,
      seconds: Double(scanner.now) / 1000, failure: nil, inputs: [KeyScript.text(keys)])
  }
}
