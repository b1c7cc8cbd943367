import AXTestSupport
import Foundation
import Testing

@Suite("axreach end to end", .serialized)
struct AXReachCLITests {
  @Test("tree prints the elements in traversal order")
  func treeText() throws {
    let result = try runExecutable("axreach", ["tree", "Scenes/coffee-dispenser.json"])
    #expect(result.status == 0)
    expectGolden(result.standardOutput, named: "axreach-tree-coffee.txt")
  }

  @Test("tree --format json lists elements with id, label, value, traits and frame")
  func treeJSON() throws {
    let result = try runExecutable("axreach", ["tree", "Scenes/coffee-dispenser.json", "--format=json"])
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let elements = try #require((object as? [String: Any])?["elements"] as? [[String: Any]])
    #expect(elements.map { $0["id"] as? String } == ["title", "coffee", "brew"])
    let coffee = elements[1]
    #expect(coffee["label"] as? String == "Coffee Dispenser")
    #expect(coffee["value"] as? String == "0 ounces")
    #expect(coffee["traits"] as? [String] == ["updatesFrequently", "adjustable"])
    #expect(coffee["frame"] as? [Double] == [145, 140, 100, 400])
    expectGolden(result.standardOutput, named: "axreach-tree-coffee.json")
  }

  @Test("do runs one action and prints the change", arguments: [
    (["increment", "coffee"], Int32(0), "axreach-do-increment.txt"),
    (["action", "Pour", "coffee"], 1, "axreach-do-refused.txt"),
    (["escape"], 1, "axreach-do-escape.txt"),
    // Brew's handler returns false while the cup is empty: failed, not refused, still exit 1.
    (["activate", "brew"], 1, "axreach-do-failed.txt"),
  ])
  func doAction(operands: [String], status: Int32, golden: String) throws {
    let result = try runExecutable("axreach", ["do", "Scenes/coffee-dispenser.json"] + operands)
    #expect(result.status == status)
    expectGolden(result.standardOutput, named: golden)
  }

  @Test("do scrolls a list by pages and fills a text field", arguments: [
    (["Scenes/archive.json", "scroll", "down", "archive", "then", "scroll", "down", "archive", "then", "scroll", "down", "archive"],
     Int32(1), "axreach-do-scroll.txt"),
    (["Scenes/login-form.json", "enter", "a@b.cn", "email"], 0, "axreach-do-enter.txt"),
  ])
  func doScrollAndEnter(operands: [String], status: Int32, golden: String) throws {
    let result = try runExecutable("axreach", ["do"] + operands)
    #expect(result.status == status)
    expectGolden(result.standardOutput, named: golden)
  }

  @Test("do --format json reports the outcome and changes")
  func doJSON() throws {
    let result = try runExecutable(
      "axreach", ["do", "Scenes/coffee-dispenser.json", "increment", "coffee", "--format", "json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let object = try #require((document["results"] as? [[String: Any]])?.first)
    #expect(object["outcome"] as? String == "done")
    #expect(object["announcements"] as? [String] == ["1 ounces"])
  }

  @Test("do chains actions with 'then' and --tree prints the tree after them")
  func chain() throws {
    let result = try runExecutable(
      "axreach",
      ["do", "Scenes/coffee-dispenser.json", "increment", "coffee", "then", "increment", "coffee",
       "then", "activate", "brew", "--tree"])
    #expect(result.status == 0)
    expectGolden(result.standardOutput, named: "axreach-do-chain.txt")
  }

  @Test("tasks are completable by direct actions")
  func tasks() throws {
    let result = try runExecutable("axreach", ["tasks", "Scenes/coffee-dispenser.json"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("ok   Pour six ounces"))
  }

  @Test("tasks report each plan, and a gesture-only task fails with exit 1")
  func taskReport() throws {
    let result = try runExecutable("axreach", ["tasks", "Scenes/mail-list.json"])
    #expect(result.status == 0)
    expectGolden(result.standardOutput, named: "axreach-tasks-mail.txt")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("axreach-tasks-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("swipe-only.json")
    try """
      {"format": "axscene/1", "name": "swipe only", "screen": {"width": 390, "height": 844},
       "vars": {"archived": false},
       "windows": [{"root": {"id": "row", "type": "cell", "label": "Mail", "frame": [0, 0, 390, 60],
         "gestures": [{"gesture": "swipeLeft", "effects": [{"set": "archived", "to": true}]}]}}],
       "tasks": [{"name": "Archive the mail", "goal": {"var": "archived", "equals": true}}]}
      """.write(to: file, atomically: true, encoding: .utf8)
    let failing = try runExecutable("axreach", ["tasks", file.path])
    #expect(failing.status == 1)
    #expect(failing.standardOutput == "FAIL Archive the mail\n       no plan of direct actions: every reachable state was searched (1 state)\n")
  }

  @Test("exit statuses for bad input", arguments: [
    (["tree", "/nonexistent/scene.json"], Int32(66), "/nonexistent/scene.json: error: no such file\n"),
    (["tree"], 64, "Error: Missing expected argument '<scene>'"),
    (["tree", "Scenes/coffee-dispenser.json", "--depth", "3"], 64, "Error: Unknown option '--depth'"),
    (["do", "Scenes/coffee-dispenser.json", "activate"], 64, "Error: 'activate' takes an element id, got 0 arguments"),
    (["do", "Scenes/coffee-dispenser.json", "activate", "brew", "then"], 64, "Error: Missing action after 'then'"),
    (["do", "Scenes/coffee-dispenser.json", "activate", "brew", "then", "tap", "brew"], 64, "Error: Unknown action 'tap'"),
    (["do", "Scenes/archive.json", "scroll", "sideways", "archive"], 64, "Error: Unknown direction 'sideways'. Expected one of: up, down, left, right"),
    (["do", "Scenes/login-form.json", "enter", "email"], 64, "Error: 'enter' takes a text and a text field's id, got 1 argument"),
  ])
  func badInput(arguments: [String], status: Int32, message: String) throws {
    let result = try runExecutable("axreach", arguments)
    #expect(result.status == status)
    #expect(result.standardError.hasPrefix(message))
  }

  @Test("a malformed scene is one located line and exit 65")
  func badScene() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("axreach-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("bad.json")
    try """
      {"format": "axscene/1", "name": "bad", "screen": {"width": 10, "height": 10},
       "windows": [{"root": {"id": "r", "type": "buton"}}]}
      """.write(to: file, atomically: true, encoding: .utf8)
    let result = try runExecutable("axreach", ["tree", file.path])
    #expect(result.status == 65)
    #expect(
      result.standardError
        == "\(file.path):2:43: error: unknown view type 'buton' at windows[0].root.type; did you mean 'button'?\n")
  }

  @Test("--help and --version exit 0")
  func help() throws {
    let help = try runExecutable("axreach", ["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("SUBCOMMANDS:"))
    let version = try runExecutable("axreach", ["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput == "0.1.0\n")
  }
}
