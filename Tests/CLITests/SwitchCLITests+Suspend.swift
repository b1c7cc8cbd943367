import AXTestSupport
import Foundation
import Testing

/// Ctrl-Z and `fg` during `axswitch scan` on a real terminal (tmux), with the helpers of the
/// terminal test in SwitchCLITests.swift.
extension SwitchCLITests {
  /// The pane's alternate-screen and cursor-visible flags, as "alternate cursor" ("1 0" on
  /// the scan's screen).
  func paneFlags(_ server: String) throws -> String {
    try tmux(server, ["display-message", "-p", "-t", server, "#{alternate_on} #{cursor_flag}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the pane flags until they are `expected` (at most about 10 seconds).
  func flags(_ server: String, become expected: String) throws -> String {
    var flags = ""
    for _ in 0..<100 {
      flags = try paneFlags(server)
      if flags == expected { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return flags
  }

  /// Runs `stty -a` in the pane's shell and returns the icanon and echo flags it shows.
  func shellModes(_ server: String, marker: String) throws -> String {
    try tmux(server, ["send-keys", "-t", server, "clear; stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo \(marker)-\"\"END", "Enter"])
    let text = try screen(server) { $0.contains("\(marker)-END") }
    let line = text.split(separator: "\n").first { $0.contains("\(marker)-END") && !$0.contains("grep") }
    return line.map(String.init) ?? text
  }

  @Test(
    "Ctrl-Z gives the shell a cooked terminal on the main screen; fg takes it back in raw mode",
    .enabled(if: hasTmux))
  func suspendAndResume() throws {
    let session = "axswitch-\(getpid())-suspend"
    defer { stopTmux(session) }
    var text = try startManualScan(session, shell: "PS1='shell$ ' bash --norc --noprofile -i")
    #expect(try paneFlags(session) == "1 0")

    try tmux(session, ["send-keys", "-t", session, "C-z"])
    text = try screen(session) { $0.contains("Stopped") && $0.contains("shell$ ") }
    #expect(text.contains("Stopped"), "\(text)")
    #expect(!text.contains("item mode, manual scanning"), "\(text)")
    #expect(try flags(session, become: "0 1") == "0 1", "still on the alternate screen, or the cursor hidden")
    let stopped = try shellModes(session, marker: "STOPPED")
    #expect(stopped.contains("icanon echo STOPPED-END"), "\(stopped)")

    try tmux(session, ["send-keys", "-t", session, "fg", "Enter"])
    text = try screen(session) { $0.contains("item mode, manual scanning") }
    #expect(text.contains(">>  返回 (back)"), "the scan did not come back where it was: \(text)")
    #expect(try flags(session, become: "1 0") == "1 0")
    // Space alone acts only in raw mode: cooked mode would hold it until Enter.
    try tmux(session, ["send-keys", "-t", session, "Enter"])
    text = try screen(session) { $0.contains(">>  购物车 (cart)") }
    #expect(text.contains(">>  购物车 (cart)"))
    try tmux(session, ["send-keys", "-t", session, "Space"])
    text = try screen(session) { $0.contains("menu on 购物车 (cart): [Tap]") }
    #expect(text.contains("menu on 购物车 (cart): [Tap]"), "\(text)")

    try tmux(session, ["send-keys", "-t", session, "q"])
    #expect(try flags(session, become: "0 1") == "0 1")
    let after = try shellModes(session, marker: "QUIT")
    #expect(after.contains("icanon echo QUIT-END"), "\(after)")
  }
}
