import AXModel

/// What assembling a scene keeps track of: ids handed out, views counted, variables made.
struct AssemblyState {
  var ids: IdentifierPool
  var count = 0
  var variables: [Variable] = []

  /// A fresh variable name; dumps' text never becomes one, so no `{` or `}` can reach a
  /// template.
  mutating func variableName() -> String {
    "value-\(variables.count + 1)"
  }
}

extension SceneAssembler {
  /// Gives controls the behaviour UIKit gives them, since a dump records state, not code: a
  /// switch's activation flips its on/off value, and an adjustable element's increment and
  /// decrement step the number in its value (`50%` by 10 within 0...100, `Page 1 of 3` by 1
  /// within 1...3, anything else by 1). An adjustable value without a number still takes
  /// increment and decrement, changing nothing: the dump can't say what it would become.
  func addBehavior(to view: inout ViewNode, state: inout AssemblyState) {
    let traits = view.baseTraits
    let value = view.value?.rendered(with: [:])
    if traits.contains(.toggleButton), let value, value == "on" || value == "off" {
      let name = state.variableName()
      state.variables.append(Variable(name: name, initial: .bool(value == "on")))
      view.value = Template(parts: [.variable(name)])
      view.handlers[.activate, default: []].append(Effect(.toggle(name: name)))
      return
    }
    guard traits.contains(.adjustable) else { return }
    guard let value, let parts = Self.numberParts(of: value) else {
      view.handlers[.increment] = []
      view.handlers[.decrement] = []
      return
    }
    let name = state.variableName()
    var variable = Variable(name: name, initial: .number(parts.number))
    if parts.suffix.hasPrefix("%") {
      (variable.minimum, variable.maximum, variable.step) = (0, 100, 10)
    } else if let total = parts.total, total >= parts.number {
      (variable.minimum, variable.maximum) = (min(1, parts.number), total)
    }
    state.variables.append(variable)
    view.value = Template(
      parts: [.literal(parts.prefix), .variable(name), .literal(parts.suffix)].filter {
        $0 != .literal("")
      })
    view.handlers[.increment] = [Effect(.add(variable: name, amount: nil))]
    view.handlers[.decrement] = [Effect(.add(variable: name, amount: -variable.step))]
  }

  /// The first number in a value, the text around it, and the N of a following "of N".
  static func numberParts(of value: String) -> (
    prefix: String, number: Double, suffix: String, total: Double?
  )? {
    let scalars = Array(value.unicodeScalars)
    func isDigit(_ index: Int) -> Bool {
      index < scalars.count && ("0"..."9").contains(scalars[index])
    }
    guard let start = scalars.indices.first(where: isDigit) else { return nil }
    var end = start
    while isDigit(end) { end += 1 }
    if end < scalars.count, scalars[end] == ".", isDigit(end + 1) {
      end += 1
      while isDigit(end) { end += 1 }
    }
    var first = start
    if start > 0, scalars[start - 1] == "-" { first = start - 1 }
    let text = String(String.UnicodeScalarView(scalars[first..<end]))
    // The shortest form must print back as the dump wrote it, or the value would change on
    // import ("05" would read "5"): otherwise leave it as text.
    guard let number = Double(text), formatNumber(number) == text else { return nil }
    let suffix = String(String.UnicodeScalarView(scalars[end...]))
    let words = suffix.split(separator: " ")
    let total = words.count >= 2 && words[0] == "of" ? Double(words[1]) : nil
    return (String(String.UnicodeScalarView(scalars[..<first])), number, suffix, total)
  }
}
