/// What a switch does when pressed: the actions iOS lets a switch be assigned.
public enum SwitchAction: String, CaseIterable, Hashable, Sendable {
  /// Select Item: picks the highlighted item (and starts a stopped scan).
  case select
  /// Move to Next Item.
  case next
  /// Move to Previous Item.
  case previous
  /// Escape: closes the menu, leaves a group, or performs the scene's escape.
  case escape
  /// The Select switch held for the Long Press time: opens the scanner menu.
  case hold
}

/// One step of a scripted run: a switch press, or time passing without one.
public enum SwitchInput: Hashable, Sendable, CustomStringConvertible {
  /// A switch press.
  case press(SwitchAction)
  /// Waiting one scan interval (`wait`).
  case waitInterval
  /// Waiting the given number of milliseconds (`wait:SECONDS`).
  case wait(milliseconds: Int)

  /// The token as a script writes it.
  public var description: String {
    switch self {
    case .press(let action): return action.rawValue
    case .waitInterval: return "wait"
    case .wait(let milliseconds): return "wait:\(SwitchClock.seconds(milliseconds))"
    }
  }

  /// Whether the step is a switch press (waits are not).
  public var isPress: Bool {
    if case .press = self { return true }
    return false
  }
}

/// An error in a key script, naming the token and its 1-based position.
public struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The offending token.
  public var token: String
  /// Its 1-based position in the script.
  public var position: Int
  /// What was expected.
  public var message: String

  public var description: String {
    "key \(position) '\(token)': \(message)"
  }
}

/// Parses key scripts: tokens separated by commas or white space (`select, next, wait:1.5`).
public enum KeyScript {
  /// The tokens a script accepts, for messages.
  public static let tokenNames = SwitchAction.allCases.map(\.rawValue) + ["wait", "wait:SECONDS"]

  /// Parses a script into inputs; `#` starts a comment that runs to the end of the line.
  public static func parse(_ text: String) throws(KeyScriptError) -> [SwitchInput] {
    var inputs: [SwitchInput] = []
    var position = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        .first ?? ""
      for raw in content.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\r" }) {
        position += 1
        inputs.append(try parseToken(String(raw), position: position))
      }
    }
    return inputs
  }

  static func parseToken(_ token: String, position: Int) throws(KeyScriptError) -> SwitchInput {
    let lowered = token.lowercased()
    if let action = SwitchAction(rawValue: lowered) { return .press(action) }
    if lowered == "wait" { return .waitInterval }
    if lowered.hasPrefix("wait:") {
      let number = lowered.dropFirst(5)
      guard let seconds = Double(number), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
        throw KeyScriptError(
          token: token, position: position,
          message: "expected a number of seconds from 0 to 86400 after 'wait:'")
      }
      return .wait(milliseconds: SwitchSettings.milliseconds(seconds))
    }
    var message = "unknown key; expected one of " + tokenNames.joined(separator: ", ")
    if let near = nearestToken(lowered) { message += "; did you mean '\(near)'?" }
    throw KeyScriptError(token: token, position: position, message: message)
  }

  static func nearestToken(_ token: String) -> String? {
    let names = SwitchAction.allCases.map(\.rawValue) + ["wait"]
    return names.first { $0.hasPrefix(token) || token.hasPrefix($0) }
  }

  /// The script text for inputs, comma-separated as `--keys` takes it.
  public static func text(_ inputs: [SwitchInput]) -> String {
    inputs.map(\.description).joined(separator: ",")
  }
}

/// The virtual clock's time arithmetic: whole milliseconds, printed as seconds.
public enum SwitchClock {
  /// Milliseconds as seconds text with up to three decimals and no trailing zeros.
  public static func seconds(_ milliseconds: Int) -> String {
    let whole = milliseconds / 1000
    let fraction = milliseconds % 1000
    guard fraction != 0 else { return String(whole) }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(whole).\(digits)"
  }
}
