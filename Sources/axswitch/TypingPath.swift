import AXModel
import CommandLineSupport
import SwitchControl

extension AXSwitch {
  /// `axswitch path SCENE FIELD --type TEXT`: the keys that tap the field, delete what it holds
  /// and type the text on the on-screen keyboard, with their presses and seconds.
  static func typingPath(
    _ text: String, into id: String, session: SceneSession, settings: SwitchSettings, json: Bool,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> ExitStatus {
    let start = SwitchScanner(session: session, settings: settings)
    switch SwitchTyping(settings: settings).path(entering: text, into: id, from: start) {
    case .failure(let failure):
      errors.write(
        "error: can't type into '\(TerminalText.escaped(failure.id))': \(TerminalText.escaped(failure.reason))\n")
      return .failure
    case .success(let path):
      if json {
        let object: JSONOutput = [
          "keys": .array(path.keys.map { .string($0.description) }),
          "presses": .number(Double(path.presses)),
          "seconds": .number(Double(path.milliseconds) / 1000),
          "target": .string(id),
          "action": "type",
          "characters": .number(Double(text.count)),
        ]
        output.write(object.rendered() + "\n")
      } else {
        output.write("keys: \(KeyScript.text(path.keys))\n")
        output.write("presses: \(path.presses)\n")
        output.write("seconds: \(SwitchClock.seconds(path.milliseconds))\n")
        output.write("characters: \(text.count)\n")
      }
      return .success
    }
  }
}
