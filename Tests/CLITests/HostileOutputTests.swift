import AXTestSupport
import Foundation
import Testing

/// Every text output and error line of the three tools, run as a user runs them on the hostile
/// scene and on malformed scenes with hostile keys, type names and paths: no byte of a C0
/// control (but the line feed), DEL, a C1 control or a bidi control reaches standard output
/// or standard error, and every error is exactly one line.
@Suite("Hostile output: every command line output", .serialized)
struct HostileOutputCLITests {
  static let scene = HostileOutput.scenePath
  static let payload = HostileOutput.payload

  /// One run of a tool, with the status it must end with and, for the outputs worth reading
  /// whole, a golden file.
  struct Run: Sendable, CustomTestStringConvertible {
    var tool: String
    var arguments: [String]
    var status: Int32
    var golden: String?
    /// How the payload shows: the `\u{..}` escapes, or Markdown's code points.
    var shown: String? = HostileOutput.escapedPayload
    var testDescription: String {
      "\(tool) \(arguments.filter { $0 != HostileOutputCLITests.scene }.prefix(3).joined(separator: " "))"
        .debugDescription
    }
  }

  static let runs: [Run] = [
    Run(tool: "axreach", arguments: ["tree", scene], status: 0, golden: "tree.txt"),
    Run(
      tool: "axreach",
      arguments: [
        "do", scene, "activate", "go \(payload)", "then", "increment", "dial \(payload)", "then", "action",
        "Act \(payload)", "go \(payload)", "then", "activate", "close \(payload)", "--tree",
      ], status: 0, golden: "do.txt"),
    Run(tool: "axreach", arguments: ["do", scene, "action", "Nope \(payload)", "go \(payload)"], status: 1, golden: "do-refused.txt"),
    Run(tool: "axreach", arguments: ["tasks", scene], status: 1, golden: "tasks.txt"),
    Run(tool: "axreach", arguments: ["report", scene], status: 1, golden: nil),
    Run(
      tool: "axreach", arguments: ["report", scene, "--format", "markdown"], status: 1, golden: nil,
      shown: "\u{27E8}U+001B\u{27E9}\\]0;pwned\u{27E8}U+0007\u{27E9}"),
    Run(
      tool: "axvoice",
      arguments: ["run", scene] + ["tap go", "tap one", "2", "increment dial", "show actions for go", "tap close",
        "show numbers", "show names"].flatMap { ["--say", $0] },
      status: 1, golden: "run.txt"),
    Run(tool: "axvoice", arguments: ["run", scene, "--say", "tap \(payload)", "--say", payload], status: 0, golden: nil),
    Run(tool: "axvoice", arguments: ["overlay", scene, "--names"], status: 0, golden: nil),
    Run(tool: "axvoice", arguments: ["overlay", scene, "--numbers"], status: 0, golden: nil),
    Run(tool: "axvoice", arguments: ["overlay", scene, "--grid", "--columns", "20", "--rows", "20"], status: 0, golden: nil),
    Run(
      tool: "axswitch", arguments: ["scan", scene, "--scanning", "manual", "--keys", "select,next,select,select,select,select,next,next,next,select,next"],
      status: 0, golden: "scan.txt"),
    Run(tool: "axswitch", arguments: ["path", scene, "go \(payload)", "--action", "Act \(payload)"], status: 0, golden: nil, shown: nil),
    Run(tool: "axswitch", arguments: ["costs", scene], status: 0, golden: "costs.txt"),
    Run(tool: "axswitch", arguments: ["costs", scene, "--mode", "point"], status: 0, golden: nil),
  ]

  @Test("outputs of the hostile scene keep every hazard escaped", arguments: runs)
  func output(_ run: Run) throws {
    let result = try runExecutable(run.tool, run.arguments)
    #expect(result.status == run.status, "\(result.standardError)")
    HostileOutput.expectClean(result.standardOutput, "standard output")
    HostileOutput.expectClean(result.standardError, "standard error")
    if let shown = run.shown { #expect(result.standardOutput.contains(shown)) }
    if let golden = run.golden { expectGolden(result.standardOutput, named: "hostile/\(golden)") }
  }

  /// Errors whose subject is hostile input: a one-line error, and nothing on standard output.
  static let errors: [Run] = [
    Run(tool: "axswitch", arguments: ["path", scene, "off \(payload)"], status: 1, golden: nil),
    Run(tool: "axswitch", arguments: ["path", scene, "go \(payload)", "--action", "Nope \(payload)"], status: 1, golden: nil),
    Run(tool: "axswitch", arguments: ["path", scene, "none \(payload)"], status: 1, golden: nil),
    Run(tool: "axreach", arguments: ["tree", "missing \(payload).json"], status: 66, golden: nil),
    Run(tool: "axvoice", arguments: ["run", scene, "--script", "missing \(payload).txt"], status: 66, golden: nil),
    Run(tool: "axswitch", arguments: ["scan", scene, "--keys-file", "missing \(payload).txt"], status: 66, golden: nil),
  ]

  @Test("an error about hostile input is one escaped line", arguments: errors)
  func errorLine(_ run: Run) throws {
    let result = try runExecutable(run.tool, run.arguments)
    #expect(result.status == run.status, "\(result.standardError)")
    Self.expectOneLine(result)
  }

  /// Malformed scenes whose offending key, name, id or reference holds the payload, and one
  /// with a raw ESC where JSON forbids it.
  static let malformed: [(name: String, root: String, message: String)] = {
    let hostile = #"\u001b]0;pwned\u0007\u001b[2J\n\r\u0085\u009b\u202e\u2028"#
    return [
      ("key", #"{"id": "a", "type": "button", "lab\#(hostile)el": "x"}"#, "unknown key 'lab"),
      ("type", #"{"id": "a", "type": "but\#(hostile)ton"}"#, "unknown view type 'but"),
      ("trait", #"{"id": "a", "type": "button", "traits": ["+\#(hostile)"]}"#, "unknown trait '"),
      ("duplicate", #"{"id": "r", "children": [{"id": "a\#(hostile)"}, {"id": "a\#(hostile)"}]}"#, "duplicate view id 'a"),
      ("reference", #"{"id": "a", "type": "button", "on": {"activate": [{"present": "s\#(hostile)"}]}}"#, "no screen 's"),
      ("variable", #"{"id": "a", "type": "button", "label": "{v\#(hostile)}"}"#, "unknown variable 'v"),
      ("elements", #"{"id": "a", "elements": ["b\#(hostile)"]}"#, "no view id 'b"),
      ("raw control", "{\"id\": \"a\u{1B}]0;pwned\u{07}\u{85}\", \"type\": \"button\"}", "unescaped control character U+001B"),
    ]
  }()

  @Test("a malformed scene with hostile input is one located, escaped line in every tool", arguments: 0..<8)
  func malformedScene(_ index: Int) throws {
    let (name, root, message) = Self.malformed[index]
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(getpid())-\(index)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // The path is hostile too: every error line starts with it.
    let file = directory.appendingPathComponent("\(name) \(Self.payload).json")
    try #"{"format": "axscene/1", "name": "x", "screen": {"width": 390, "height": 844}, "windows": [{"root": \#(root)}]}"#
      .write(to: file, atomically: true, encoding: .utf8)
    let commands = [
      ("axreach", ["tree", file.path]), ("axreach", ["report", file.path]),
      ("axvoice", ["run", file.path, "--say", "tap a"]), ("axswitch", ["costs", file.path]),
    ]
    for (tool, arguments) in commands {
      let result = try runExecutable(tool, arguments)
      #expect(result.status == 65, "\(tool) \(arguments[0]): \(result.standardError)")
      Self.expectOneLine(result)
      let escapedPath = file.path.replacingOccurrences(of: Self.payload, with: HostileOutput.escapedPayload)
      #expect(result.standardError.hasPrefix(escapedPath + ":1:"), "\(result.standardError)")
      #expect(result.standardError.contains(": error: \(message)"), "\(result.standardError)")
    }
  }

  @Test("a key file with a hostile token is one located, escaped line")
  func hostileKeyFile() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("keys \(Self.payload) \(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    try "select\nsel\(Self.payload)ect\n".write(to: file, atomically: true, encoding: .utf8)
    let result = try runExecutable("axswitch", ["scan", Self.scene, "--keys-file", file.path])
    #expect(result.status == 65)
    Self.expectOneLine(result)
    #expect(result.standardError.contains(":2:1: error: unknown key 'sel\\u{1b}]0;pwned"), "\(result.standardError)")
  }

  static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

  @Test(
    "the live scan screen on a terminal writes only its own control sequences",
    .enabled(if: hasScript), .timeLimit(.minutes(1)))
  func liveScan() throws {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-scan-\(getpid()).log")
    defer { try? FileManager.default.removeItem(at: log) }
    // script(1) gives the scan a terminal. The keys come one by one after the screens they
    // answer: Space opens the menu, Enter moves to Actions, Space opens it, Space runs the
    // custom action (an announcement and a presented screen), q quits.
    let keys = "sleep 1; printf ' '; sleep 0.5; printf '\\r'; sleep 0.5; printf ' '; sleep 0.5; printf ' '; sleep 0.7; printf q"
    let scan = "\(builtExecutable("axswitch").path) scan \(Self.scene) --scanning manual"
    let result = try runTool(
      "bash", ["-c", "(\(keys)) | script -q -e -c \"$0\" \"$1\"", scan, log.path], timeout: 30,
      directory: packageRoot())
    #expect(result.status == 0, "\(result.standardError)")
    // The screen's own sequences: the alternate screen and the cursor, a redraw (home and
    // clear together), and line ends (the terminal adds a CR to each CR LF).
    var screen = result.standardOutput
    for own in ["\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}[?25l", "\u{1B}[?25h", "\u{1B}[H\u{1B}[2J", "\r\r\n", "\r\n"] {
      screen = screen.replacingOccurrences(of: own, with: own.hasSuffix("\n") ? "\n" : "")
    }
    HostileOutput.expectClean(screen, "the live scan screen")
    #expect(screen.contains("announce: \"Acted \(HostileOutput.escapedPayload)\""), "\(screen.suffix(800))")
  }

  /// Records an issue unless standard error is exactly one clean line and standard output
  /// is empty.
  static func expectOneLine(_ result: ProcessOutput, sourceLocation: SourceLocation = #_sourceLocation) {
    HostileOutput.expectClean(result.standardError, "the error", sourceLocation: sourceLocation)
    let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "not one line: \(result.standardError.debugDescription)", sourceLocation: sourceLocation)
    #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
  }
}
