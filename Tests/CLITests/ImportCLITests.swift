import AXTestSupport
import Foundation
import Testing

/// One dump per format, with an element to act on and a name to say.
struct DumpCase: CustomTestStringConvertible, Sendable {
  var file: String
  var id: String
  var utterance: String
  var testDescription: String { file }

  var path: String { "Tests/ImportingTests/Fixtures/\(file)" }
}

@Suite("Real dumps end to end: tree, voice, switch, report, convert", .serialized)
struct ImportCLITests {
  static let dumps = [
    DumpCase(file: "idb/coffee-flat.json", id: "oat", utterance: "tap oat milk"),
    DumpCase(file: "idb/coffee-nested.json", id: "back", utterance: "tap back"),
    DumpCase(file: "wda-xml/settings.xml", id: "airplane", utterance: "tap airplane mode"),
    DumpCase(file: "wda-json/springboard.json", id: "wifi", utterance: "tap wi-fi"),
    DumpCase(file: "xcuitest/settings.txt", id: "airplane", utterance: "tap airplane mode"),
    DumpCase(file: "android/settings-uiautomator.xml", id: "cell-13", utterance: "tap airplane mode"),
    DumpCase(file: "android/settings-uiautomator2.xml", id: "cell-13", utterance: "tap airplane mode"),
  ]

  func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("axinput-import-\(getpid())-\(name)")
  }

  @Test("axreach tree prints the dump's tree", arguments: dumps)
  func tree(dump: DumpCase) throws {
    let result = try runExecutable("axreach", ["tree", dump.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("id \(dump.id)"))
  }

  @Test("axvoice run speaks to the dump and activates the element", arguments: dumps)
  func voice(dump: DumpCase) throws {
    let result = try runExecutable("axvoice", ["run", dump.path, "--say", dump.utterance])
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    #expect(result.standardOutput.contains("(\(dump.id),"), "\(result.standardOutput)")
  }

  @Test("axswitch path reaches the element, and its keys replay with axswitch scan", arguments: dumps)
  func switchPath(dump: DumpCase) throws {
    let path = try runExecutable("axswitch", ["path", dump.path, dump.id, "--format", "json"])
    #expect(path.status == 0, "\(path.standardOutput)\(path.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(path.standardOutput.utf8)) as? [String: Any]
    let keys = try #require(object?["keys"] as? [String])
    let scan = try runExecutable("axswitch", ["scan", dump.path, "--keys", keys.joined(separator: ",")])
    #expect(scan.status == 0, "\(scan.standardError)")
    #expect(scan.standardOutput.contains(dump.id), "\(scan.standardOutput)")
  }

  @Test("axreach report measures every target and its planned paths replay", arguments: dumps)
  func report(dump: DumpCase) throws {
    let result = try runExecutable("axreach", ["report", dump.path, "--format", "json", "--fail-on", "never", "--verify"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let targets = try #require(object?["targets"] as? [[String: Any]])
    #expect(targets.contains { $0["id"] as? String == dump.id })
  }

  @Test("axreach convert writes a scene with the same tree", arguments: dumps)
  func convert(dump: DumpCase) throws {
    let file = temporaryFile("\(dump.file.replacingOccurrences(of: "/", with: "-")).scene.json")
    defer { try? FileManager.default.removeItem(at: file) }
    let converted = try runExecutable("axreach", ["convert", dump.path, "-o", file.path])
    #expect(converted.status == 0, "\(converted.standardError)")
    let original = try runExecutable("axreach", ["tree", dump.path, "--format", "json"])
    let reloaded = try runExecutable("axreach", ["tree", file.path, "--format", "json"])
    #expect(reloaded.status == 0, "\(reloaded.standardError)")
    #expect(original.standardOutput == reloaded.standardOutput)
  }

  @Test("-o writes into a FIFO in place instead of replacing it with a file")
  func outputToFIFO() throws {
    let fifo = temporaryFile("out.fifo")
    try? FileManager.default.removeItem(at: fifo)
    #expect(mkfifo(fifo.path, 0o600) == 0)
    defer { try? FileManager.default.removeItem(at: fifo) }
    // A reader that doesn't block lets the writer open the FIFO; the scene fits in its buffer.
    let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let result = try runExecutable("axreach", ["convert", "Scenes/dumps/coffee-idb.json", "-o", fifo.path])
    #expect(result.status == 0, "\(result.standardError)")
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = read(reader, &buffer, buffer.count)
    #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).contains("\"axscene/1\""))
    let type = try FileManager.default.attributesOfItem(atPath: fifo.path)[.type] as? FileAttributeType
    #expect(type != nil && type != .typeRegular)
  }

  @Test("a malformed dump is one located error line and exit 65; a missing one is 66", arguments: [
    ("idb/truncated.json", Int32(65)), ("wda-xml/mismatched.xml", 65), ("wda-json/bad-rect.json", 65), ("xcuitest/truncated-frame.txt", 65),
    ("android/truncated.xml", 65), ("android/bad-bounds.xml", 65),
    ("idb/empty-application.json", 65), ("no-such-dump.xml", 66),
  ])
  func malformed(file: String, status: Int32) throws {
    let path = "Tests/ImportingTests/Fixtures/\(file)"
    for command in [["axreach", "tree"], ["axreach", "report"], ["axswitch", "costs"], ["axvoice", "run"]] {
      let result = try runExecutable(command[0], [command[1], path] + (command[1] == "run" ? ["--say", "tap ok"] : []))
      #expect(result.status == status, "\(command) \(result.standardError)")
      let lines = result.standardError.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].hasPrefix("\(path):"), "\(command) \(result.standardError)")
    }
  }

  @Test("axreach report on a folder reads every scene and dump in it")
  func folder() throws {
    let result = try runExecutable("axreach", ["report", "Scenes/dumps", "--fail-on", "never", "--format", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let scenes = try #require(object?["scenes"] as? [[String: Any]])
    let names = try FileManager.default.contentsOfDirectory(atPath: packagePath("Scenes/dumps"))
    #expect(scenes.count == names.count && names.count == 5)
  }

  @Test("--from forces the format and --density is checked")
  func options() throws {
    let forced = try runExecutable("axreach", ["tree", "Tests/ImportingTests/Fixtures/wda-xml/alert.xml", "--from", "idb"])
    #expect(forced.status == 65)
    #expect(forced.standardError.hasPrefix("Tests/ImportingTests/Fixtures/wda-xml/alert.xml:1:1: error:"))
    let unknown = try runExecutable("axreach", ["tree", "Tests/ImportingTests/Fixtures/wda-xml/alert.xml", "--from", "pdf"])
    #expect(unknown.status == 64)
    let density = try runExecutable("axreach", ["tree", "Tests/ImportingTests/Fixtures/wda-xml/alert.xml", "--density", "0"])
    #expect(density.status == 64)
  }
}
