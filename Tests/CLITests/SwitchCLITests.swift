import AXTestSupport
import Foundation
import Testing

/// End-to-end tests of the built `axswitch`: path replays, exit statuses, goldens and a real
/// terminal driven through tmux.
@Suite struct SwitchCLITests {
  /// Parses JSON Lines output into objects.
  static let modes: [[String]] = [
    [], ["--scanning", "manual"], ["--scanning", "step"], ["--tap", "auto", "--scanning", "manual"],
    ["--mode", "point"], ["--mode", "point", "--point-style", "one-stage"],
  ]

  @Test("path keys replayed with scan --keys perform exactly that action", arguments: modes)
  func replay(options: [String]) throws {
    let targets: [(String, String, String)] = [
      ("product-page", "add-to-cart", "activate"), ("product-page", "share", "activate"),
      ("mail-list", "mail-4", "Delete"), ("coffee-dispenser", "coffee", "increment"),
      ("equalizer", "equalizer", "Move Left"),
    ]
    for (scene, id, action) in targets {
      let path = try runExecutable(
        "axswitch", ["path", "Scenes/\(scene).json", id, "--action", action, "--format", "json"] + options)
      #expect(path.status == 0, "\(path.standardError)")
      let found = try #require(try jsonLines(path.standardOutput).first)
      let keys = try #require(found["keys"] as? [String])
      let scan = try runExecutable(
        "axswitch", ["scan", "Scenes/\(scene).json", "--keys", keys.joined(separator: ","), "--format", "json"] + options)
      #expect(scan.status == 0, "\(scan.standardError)")
      let lines = try jsonLines(scan.standardOutput)
      let actions = lines.filter { !($0["action"] is NSNull) }
      #expect(actions.count == 1, "\(scene) \(id) \(keys)")
      #expect(actions.last?["target"] as? String == id)
      let expectedAction = ["activate", "increment", "decrement"].contains(action) ? action : "custom"
      #expect(actions.last?["action"] as? String == expectedAction)
      #expect(lines.count == keys.count)
      #expect((lines.last?["time"] as? Double) == (found["seconds"] as? Double))
      #expect(found["presses"] as? Int == keys.filter { !$0.hasPrefix("wait") }.count)
    }
  }

  @Test("a scripted transcript matches its golden file")
  func transcript() throws {
    let result = try runExecutable(
      "axswitch", ["scan", "Scenes/mail-list.json", "--scanning", "manual", "--keys", "next,select,next,next,select,next,select,next,select"])
    #expect(result.status == 0)
    expectGolden(result.standardOutput, named: "switch/mail-delete.txt")
  }

  @Test("the cost table of the product page matches its golden file")
  func costs() throws {
    let result = try runExecutable("axswitch", ["costs", "Scenes/product-page.json"])
    #expect(result.status == 0)
    expectGolden(result.standardOutput, named: "switch/product-costs.txt")
  }

  struct StatusCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var stderrPrefix: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let statuses: [StatusCase] = [
    StatusCase(arguments: ["path", "Scenes/product-page.json", "title"], status: 1, stderrPrefix: "error: 'title' is unreachable: not a scan stop"),
    StatusCase(arguments: ["path", "Scenes/product-page.json", "back", "--action", "Zoom"], status: 1, stderrPrefix: "error: 'back' has no action 'Zoom'"),
    StatusCase(arguments: ["scan", "Scenes/nope.json", "--keys", "select"], status: 66, stderrPrefix: "Scenes/nope.json: error: no such file"),
    StatusCase(arguments: ["scan", "Scenes/product-page.json", "--keys", "select,jump"], status: 64, stderrPrefix: "Error: The value 'select,jump' is invalid for '--keys <keys>': key 2: unknown key 'jump'"),
    StatusCase(arguments: ["scan", "Scenes/product-page.json", "--keys", "bogus"], status: 64, stderrPrefix: "Error: The value 'bogus' is invalid for '--keys <keys>': key 1: unknown key 'bogus'"),
    StatusCase(arguments: ["scan", "Scenes/product-page.json", "--keys", "select,,next"], status: 64, stderrPrefix: "Error: The value 'select,,next' is invalid for '--keys <keys>': key 2: missing key"),
    StatusCase(arguments: ["scan", "Scenes/product-page.json", "--switch", "space=frob", "--keys", "select"], status: 64, stderrPrefix: "Error: The value 'space=frob' is invalid for '--switch <key=action>'"),
    StatusCase(arguments: ["scan", "Scenes/product-page.json", "--loops", "0", "--keys", "select"], status: 64, stderrPrefix: "Error: The value '0' is invalid for '--loops <loops>': expected a number from 1 to 100"),
    StatusCase(arguments: ["scan", "Scenes/product-page.json", "--speed", "2"], status: 64, stderrPrefix: "Error: Unknown option '--speed'"),
    StatusCase(arguments: ["scan", "Scenes/product-page.json"], status: 64, stderrPrefix: "Error: 'axswitch scan' needs a terminal"),
    StatusCase(arguments: ["scan", "Scenes/product-page.json", "--keys-file", "/nonexistent/keys"], status: 66, stderrPrefix: "/nonexistent/keys: error"),
  ]

  @Test("exit statuses and error lines", arguments: statuses)
  func status(_ test: StatusCase) throws {
    let result = try runExecutable("axswitch", test.arguments)
    #expect(result.status == test.status)
    #expect(result.standardError.hasPrefix(test.stderrPrefix), "\(result.standardError)")
  }

  /// Settings out of their documented range: each used to trap, round to 0 ms or print a
  /// wait that `scan --keys` rejects.
  static let outOfRange: [[String]] = [
    ["scan", "--interval", "1e300"], ["path", "--interval", "1e9"], ["path", "--interval", "0.0001"],
    ["scan", "--first-pause", "1e300"], ["path", "--first-pause", "-1"],
    ["costs", "--mode", "point", "--sweep-speed", "1e-300"],
    ["costs", "--mode", "point", "--band-speed", "1e-300"],
    ["costs", "--mode", "point", "--loops", "9223372036854775807"],
    ["path", "--long-press", "0"], ["path", "--dwell", "61"], ["path", "--auto-tap", "1e300"],
    ["costs", "--band", "1.5"],
  ]

  @Test("a setting out of its range is a usage error naming the option and the range", arguments: outOfRange)
  func settingOutOfRange(_ arguments: [String]) throws {
    let subcommand = arguments[0]
    let option = arguments[arguments.count - 2]
    let value = arguments[arguments.count - 1]
    var command = [subcommand, "Scenes/product-page.json"] + arguments.dropFirst()
    if subcommand == "path" { command.insert("share", at: 2) }
    if subcommand == "scan" { command += ["--keys", "select"] }
    let result = try runExecutable("axswitch", command)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.hasPrefix("Error: The value '\(value)' is invalid for '\(option) <"), "\(result.standardError)")
    #expect(result.standardError.split(separator: "\n").first?.contains(" expected a ") == true)
  }

  @Test("every option's range is in --help, and the help's exit statuses match what happens")
  func helpRanges() throws {
    let help = try runExecutable("axswitch", ["scan", "--help"]).standardOutput
    for range in ["(0.05-60)", "(0-60)", "(1-100)", "(1-10000)"] {
      #expect(help.contains(range), "\(range)")
    }
    let root = try runExecutable("axswitch", ["--help"]).standardOutput
    let statuses = root.split(separator: "\n").filter { $0.hasPrefix("  6") || $0.hasPrefix("  1 ") }
    #expect(statuses.first { $0.hasPrefix("  64") }?.contains("--keys") == true)
    #expect(statuses.first { $0.hasPrefix("  65") }?.contains("--keys-file") == true)
    #expect(statuses.first { $0.hasPrefix("  1 ") }?.contains("key") == false)
  }

  @Test("a bad --keys-file is one located line and exit 65", arguments: [
    ("select\nbogus\n", "2:1: error: unknown key 'bogus'; expected one of"),
    ("select # first\n  next,selec\n", "2:8: error: unknown key 'selec'; did you mean 'select'?"),
    ("next,,select\n", "1:6: error: missing key between separators"),
  ])
  func badKeysFile(script: String, located: String) throws {
    let path = NSTemporaryDirectory() + "axswitch-keys-\(UUID().uuidString).txt"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runExecutable("axswitch", ["scan", "Scenes/product-page.json", "--keys-file", path])
    #expect(result.status == 65)
    #expect(result.standardError.hasPrefix("\(path):\(located)"), "\(result.standardError)")
    #expect(result.standardError.split(separator: "\n").count == 1)
    #expect(result.standardOutput.isEmpty)
  }

  static let splitToolbar = "Tests/SwitchControlTests/Fixtures/split-toolbar.json"

  @Test("a toolbar split in two runs: every stop costs a path, and each path replays")
  func splitToolbar() throws {
    let costs = try runExecutable("axswitch", ["costs", Self.splitToolbar, "--format", "json"])
    #expect(costs.status == 0, "\(costs.standardOutput)")
    #expect(!costs.standardOutput.contains("unreachable"))
    for id in ["back", "share", "search", "edit", "done"] {
      let path = try runExecutable("axswitch", ["path", Self.splitToolbar, id, "--format", "json"])
      #expect(path.status == 0, "\(id): \(path.standardError)")
      let keys = try #require(try jsonLines(path.standardOutput).first?["keys"] as? [String])
      let scan = try runExecutable(
        "axswitch", ["scan", Self.splitToolbar, "--keys", keys.joined(separator: ","), "--format", "json"])
      let targets = try jsonLines(scan.standardOutput).compactMap { $0["target"] as? String }
      #expect(targets == [id], "\(id): \(keys)")
    }
  }

  @Test("a malformed scene prints its located SceneError line and exits 65")
  func badScene() throws {
    let path = NSTemporaryDirectory() + "axswitch-bad-\(getpid()).json"
    try "{\"format\": \"axscene/1\",\n  \"name\": }".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runExecutable("axswitch", ["scan", path, "--keys", "select"])
    #expect(result.status == 65)
    #expect(result.standardError.hasPrefix("\(path):2:11: error:"), "\(result.standardError)")
    #expect(result.standardError.split(separator: "\n").count == 1)
  }

  // MARK: - A real terminal

  /// Runs tmux on the private server `server` and returns its standard output.
  ///
  /// Each test case has its own server (`tmux -L`), so a developer's tmux is neither used nor
  /// disturbed, and the first command starts it. It goes through bash, which closes every
  /// descriptor above 2 before exec: the server that tmux forks would otherwise inherit the
  /// socket through which Foundation's Process learns that its child ended, and keep it open
  /// (on a machine with no tmux server running, the test hung there).
  @discardableResult
  func tmux(_ server: String, _ arguments: [String]) throws -> String {
    let closingExec = """
      for fd in /proc/$$/fd/*; do fd=${fd##*/}; if (( fd > 2 )); then eval "exec $fd>&-"; fi; done
      exec tmux -L "$0" "$@"
      """
    let result = try runProcess(
      URL(fileURLWithPath: "/bin/bash"), ["-c", closingExec, server] + arguments, timeout: 20)
    return result.standardOutput
  }

  /// Ends the private tmux server `server`, its shell and its socket.
  ///
  /// `kill-server` is not enough: the shell inherits the signals Foundation blocks in its
  /// children, so it ignores the SIGHUP tmux sends and the server stays, waiting for it.
  func stopTmux(_ server: String) {
    let line = (try? tmux(server, ["display-message", "-p", "#{pid} #{pane_pid} #{socket_path}"])) ?? ""
    let fields = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2)
    guard fields.count == 3 else { return }
    for pid in fields.prefix(2).compactMap({ Int32($0) }) {
      kill(pid, SIGKILL)
    }
    try? FileManager.default.removeItem(atPath: String(fields[2]))
  }

  /// Starts a tmux session running `shell` with a clean environment, starts a manual scan of
  /// the product page in it and enters the first group; returns the screen. The caller stops
  /// the session.
  func startManualScan(_ session: String, shell: String) throws -> String {
    let binary = builtExecutable("axswitch").path
    try tmux(session, ["new-session", "-d", "-s", session, "-x", "120", "-y", "40", "env -i PATH=/usr/bin:/bin TERM=xterm LANG=C.UTF-8 \(shell)"])
    let root = packageRoot().path
    try tmux(session, ["send-keys", "-t", session, "cd \(root) && \(binary) scan Scenes/product-page.json --scanning manual", "Enter"])
    var text = try screen(session) { $0.contains("item mode, manual scanning") }
    #expect(text.contains(">>[group nav, toolbar]"))
    try tmux(session, ["send-keys", "-t", session, "Space"])
    text = try screen(session) { $0.contains(">>  返回 (back)") }
    #expect(text.contains(">>  返回 (back)"))
    return text
  }

  /// Polls the pane until its text satisfies `condition` (at most about 15 seconds).
  func screen(_ server: String, until condition: (String) -> Bool) throws -> String {
    var text = ""
    for _ in 0..<150 {
      text = try tmux(server, ["capture-pane", "-p", "-t", server])
      if condition(text) { return text }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return text
  }

  static var hasTmux: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
  }

  @Test(
    "axswitch scan on a terminal: keys are switches, the screen redraws, the terminal is restored",
    .enabled(if: hasTmux), arguments: ["q", "C-c", "SIGTERM"])
  func terminal(exit: String) throws {
    let session = "axswitch-\(getpid())-\(exit.filter(\.isLetter))"
    defer { stopTmux(session) }
    var text = try startManualScan(session, shell: "bash --norc --noprofile")
    try tmux(session, ["send-keys", "-t", session, "Enter"])
    text = try screen(session) { $0.contains(">>  购物车 (cart)") }
    #expect(text.contains(">>  购物车 (cart)"))
    try tmux(session, ["send-keys", "-t", session, "Space"])
    text = try screen(session) { $0.contains("menu on 购物车 (cart): [Tap]") }
    #expect(text.contains("menu on 购物车 (cart): [Tap]  Point Mode"))
    try tmux(session, ["send-keys", "-t", session, "Space"])
    text = try screen(session) { $0.contains("activate cart: done") }
    #expect(text.contains("activate cart: done"))
    switch exit {
    case "SIGTERM":
      let shell = try tmux(session, ["list-panes", "-t", session, "-F", "#{pane_pid}"])
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
      let pid = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
      kill(pid, SIGTERM)
    default:
      try tmux(session, ["send-keys", "-t", session, exit])
    }
    // Bash drops the rest of a command line killed by Ctrl-C, so the check is a new line; the
    // quotes keep the marker out of the echoed command.
    _ = try screen(session) { !$0.contains("axswitch  ") }
    try tmux(session, ["send-keys", "-t", session, "stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo MODE-\"\"END", "Enter"])
    text = try screen(session) { $0.contains("MODE-END") }
    #expect(text.contains("icanon echo MODE-END"), "\(text)")
    #expect(!text.contains("-icanon"))
  }
}
