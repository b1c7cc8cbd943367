import AXModel
import SwitchControl

/// How each technology enters a text into a field, for a plan's ``TextEdit/replace(_:)`` step.
/// Voice Control dictates it (``VoiceRoutes/textRoute(_:element:target:naming:)``); the others
/// type it on a keyboard, a key a character.
extension StepPerformer {
  /// Switch Control: the field tapped, then the on-screen keyboard scanned key by key.
  func switchTyping(_ edit: TextEdit, into id: String, from start: SwitchScanner) -> Done {
    let typing = SwitchTyping(settings: options.switchSettings)
    let found: Result<SwitchPath, SwitchPathFailure>
    let what: String
    switch edit {
    case .replace(let text):
      found = typing.path(entering: text, into: id, from: start)
      what = "types \(Self.characters(text.count)) on the keyboard"
    case .return:
      found = typing.path(tapping: SwitchKeyboard.idPrefix + "return", from: start)
      what = "taps the keyboard's Return"
    default:
      return Self.failed("only entering a whole text and Return are planned")
    }
    switch found {
    case .success(let path):
      let script = KeyScript.text(path.keys)
      return Done(
        line: "keys \(script) (\(what))", count: path.presses,
        seconds: Double(path.milliseconds) / 1000, failure: nil, inputs: [script])
    case .failure(let failure):
      return Self.failed(failure.reason)
    }
  }

  /// VoiceOver: the field reached and double-tapped, then each key found and double-tapped
  /// (standard typing); the count is the swipes, the double tap and one gesture a character,
  /// a lower bound that leaves out exploring the keyboard for each key.
  func voiceOverTyping(_ edit: TextEdit, into id: String?) -> Done {
    if edit == .return { return Done(line: "double tap Return on the keyboard", count: 1, seconds: nil, failure: nil) }
    guard case .replace(let text) = edit, let id, let position = session.tree.positions[id] else {
      return Self.failed("not in the accessibility tree")
    }
    let editing = session.editingField == id
    let reach = editing ? "" : (position == 0 ? "double tap, " : "swipe right x\(position), double tap, ")
    let clear = session.text(of: id).count
    let typing = "type \(Self.characters(text.count)) on the keyboard" + (clear > 0 ? " after \(clear) deletes" : "")
    return Done(
      line: reach + typing, count: (editing ? 0 : position + 1) + clear + text.count, seconds: nil, failure: nil)
  }

  /// Full Keyboard Access: Tab to the field, which begins editing it, then the text typed on
  /// the hardware keyboard (Command-A first to replace what it holds).
  func keyboardTyping(_ edit: TextEdit, into id: String) -> Done {
    if edit == .return { return Done(line: "Return", count: 1, seconds: nil, failure: nil) }
    guard case .replace(let text) = edit else { return Self.failed("only entering a whole text is planned") }
    var keys: [String] = []
    if session.editingField != id {
      let focus = keyboardFocus(id, for: .activate)
      if let failure = focus.reach.failure { return Self.failed(failure) }
      keys += focus.moves
    }
    if !session.text(of: id).isEmpty { keys.append("Command-A") }
    let line = (keys + ["type \(Self.characters(text.count))"]).joined(separator: ",")
    return Done(line: line, count: keys.count + text.count, seconds: nil, failure: nil)
  }

  /// "1 character", "6 characters".
  static func characters(_ count: Int) -> String { count == 1 ? "1 character" : "\(count) characters" }
}
