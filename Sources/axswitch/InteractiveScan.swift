import AXModel
import CommandLineSupport
import SwitchControl

/// Which key is which switch.
struct KeyBindings {
  /// The action of each key, by the byte it sends.
  var actions: [UInt8: SwitchAction] = [
    0x20: .select, 0x0D: .next, 0x0A: .next, 0x7F: .previous, 0x08: .previous, 0x1B: .escape,
    0x09: .hold,
  ]

  static let keyNames: [String: [UInt8]] = [
    "space": [0x20], "enter": [0x0D, 0x0A], "return": [0x0D, 0x0A], "backspace": [0x7F, 0x08],
    "esc": [0x1B], "escape": [0x1B], "tab": [0x09],
  ]

  /// Applies `KEY=ACTION` remappings.
  init(_ mappings: [String], arguments: ParsedArguments) throws {
    for mapping in mappings {
      let parts = mapping.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let action = SwitchAction(rawValue: parts[1].lowercased()) else {
        throw arguments.usageError(
          "The value '\(mapping)' is invalid for '--switch <key=action>': expected KEY=ACTION with ACTION one of "
            + SwitchAction.allCases.map(\.rawValue).joined(separator: ", "))
      }
      let key = parts[0]
      let bytes: [UInt8]
      if let named = Self.keyNames[key.lowercased()] {
        bytes = named
      } else if key.utf8.count == 1, let byte = key.utf8.first, byte != UInt8(ascii: "q") {
        bytes = [byte]
      } else {
        throw arguments.usageError(
          "The value '\(mapping)' is invalid for '--switch <key=action>': unknown key '\(key)' (space, enter, backspace, esc, tab or one character other than q)")
      }
      for byte in bytes { actions[byte] = action }
    }
  }

  /// The help line: each action with its keys.
  var help: String {
    let names: [UInt8: String] = [
      0x20: "Space", 0x0D: "Enter", 0x7F: "Backspace", 0x1B: "Esc", 0x09: "Tab",
    ]
    let parts = SwitchAction.allCases.compactMap { action -> String? in
      let keys = actions.filter { $0.value == action }.keys.sorted().compactMap { byte in
        names[byte] ?? (byte == 0x0A || byte == 0x08 ? nil : TerminalText.escaped(String(UnicodeScalar(byte))))
      }
      return keys.isEmpty ? nil : "\(keys.joined(separator: "/")) \(action.rawValue)"
    }
    return "keys: " + parts.joined(separator: " · ") + " · q quit"
  }
}

/// The interactive front: the real clock drives the virtual one, keys are switches, and the
/// screen is redrawn after every change.
struct InteractiveScan {
  var scanner: SwitchScanner
  let bindings: KeyBindings
  var messages: [String] = []

  init(session: SceneSession, settings: SwitchSettings, bindings: KeyBindings) {
    scanner = SwitchScanner(session: session, settings: settings)
    self.bindings = bindings
  }

  mutating func run(errors: inout some TextOutputStream) -> ExitStatus {
    guard Terminal.isInteractive else {
      errors.write("Error: 'axswitch scan' needs a terminal, or a script with --keys or --keys-file\n")
      return .usage
    }
    guard Terminal.enterRawMode() else {
      errors.write("Error: could not put the terminal in raw mode\n")
      return .failure
    }
    defer { Terminal.leaveRawMode() }
    // The running clock stands still while the scan is stopped (Ctrl-Z).
    let origin = Terminal.runningMilliseconds()
    var lastScreen = ""
    while true {
      let elapsed = Terminal.runningMilliseconds() - origin
      scanner.advance(to: elapsed)
      let screen = ScanScreenRenderer().text(scanner, messages: messages, keyHelp: bindings.help)
      if Terminal.takeRedrawRequest() || screen != lastScreen {
        Terminal.write("\u{1B}[H\u{1B}[2J" + screen.replacingOccurrences(of: "\n", with: "\r\n"))
        lastScreen = screen
      }
      let due = scanner.nextEventTime().map { $0 - elapsed } ?? 100
      let bytes = Terminal.read(timeout: min(max(due, 0), 100))
      guard !bytes.isEmpty else { continue }
      if bytes.contains(UInt8(ascii: "q")) || bytes.contains(4) { return .success }
      // An escape sequence (an arrow key) is not the Esc switch.
      if bytes.count > 1, bytes[0] == 0x1B { continue }
      scanner.advance(to: Terminal.runningMilliseconds() - origin)
      for byte in bytes {
        guard let action = bindings.actions[byte] else { continue }
        let step = scanner.handle(.press(action))
        note(step)
      }
    }
  }

  /// Keeps the last few results, announcements and remarks for the screen, the scene's text
  /// in them escaped as transcripts escape it.
  mutating func note(_ step: SwitchStep) {
    for text in step.notes { messages.append(TerminalText.escaped(text)) }
    for result in step.results {
      let subject = ActionText.subject(result.action, target: result.target)
      messages.append("\(subject): \(ActionText.outcome(result.outcome))")
      for announcement in result.announcements { messages.append("announce: \(TerminalText.quoted(announcement))") }
    }
    if messages.count > 6 { messages.removeFirst(messages.count - 6) }
  }
}
