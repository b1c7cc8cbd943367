import AXTestSupport
import Foundation
import Testing

/// Files that are not UTF-8 are bad data at a place in them (exit 65, one located line), never
/// a missing or unreadable file (66): key files, scenes and grammars alike.
@Suite struct InvalidUTF8CLITests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    /// The file's bytes.
    var bytes: [UInt8]
    /// The command, with `FILE` where the file's path goes.
    var arguments: [String]
    /// The tool to run.
    var tool: String
    /// The error line after `path:`.
    var located: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a key file with a stray byte", bytes: Array("select\nnext, s".utf8) + [0xFF] + Array("elect\n".utf8),
      arguments: ["scan", "Scenes/product-page.json", "--keys-file", "FILE"], tool: "axswitch",
      located: "2:8: error: invalid UTF-8 byte 0xff"),
    Case(
      name: "a key file with a cut multibyte character after one",
      bytes: Array("select\n".utf8) + [0xE4, 0xB8, 0xAD, 0xE6] + Array("next\n".utf8),
      arguments: ["scan", "Scenes/product-page.json", "--keys-file", "FILE"], tool: "axswitch",
      located: "2:2: error: invalid UTF-8 byte 0xe6"),
    Case(
      name: "a key file with CRLF lines and a Latin-1 byte", bytes: Array("select\r\nnext\r\n".utf8) + [0xE9],
      arguments: ["scan", "Scenes/product-page.json", "--keys-file", "FILE"], tool: "axswitch",
      located: "3:1: error: invalid UTF-8 byte 0xe9"),
    Case(
      name: "a scene for axswitch", bytes: Array("{\"format\": \"axscene/1\",\n \"name\": \"".utf8) + [0xFF, 0x22, 0x7D],
      arguments: ["scan", "FILE", "--keys", "select"], tool: "axswitch",
      located: "2:11: error: invalid UTF-8 byte 0xff"),
    Case(
      name: "a scene for axreach", bytes: Array("{\"format\": \"axscene/1\",\n \"name\": \"".utf8) + [0xC0, 0x80, 0x22, 0x7D],
      arguments: ["tree", "FILE"], tool: "axreach", located: "2:11: error: invalid UTF-8 byte 0xc0"),
    Case(
      name: "a grammar", bytes: Array("{\"format\": \"axgrammar/1\",\n \"language\": \"".utf8) + [0xFF, 0x22, 0x7D],
      arguments: ["run", "Scenes/coffee-dispenser.json", "--grammar", "FILE", "--say", "tap brew"],
      tool: "axvoice", located: "2:15: error: invalid UTF-8 byte 0xff"),
  ]

  @Test("invalid UTF-8 is exit 65 with one located line", arguments: cases)
  func invalidUTF8(_ test: Case) throws {
    let path = NSTemporaryDirectory() + "axinput-utf8-\(UUID().uuidString).txt"
    try Data(test.bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runExecutable(test.tool, test.arguments.map { $0 == "FILE" ? path : $0 })
    #expect(result.status == 65)
    #expect(result.standardError == "\(path):\(test.located)\n")
    #expect(result.standardOutput.isEmpty)
  }

  @Test("a key file that is a folder or missing is still exit 66", arguments: ["/nonexistent/keys", "Scenes"])
  func unreadable(_ path: String) throws {
    let result = try runExecutable("axswitch", ["scan", "Scenes/product-page.json", "--keys-file", path])
    #expect(result.status == 66)
    #expect(result.standardError == "\(path): error: no such file or not readable\n")
  }

  @Test("a key file over 16 MiB is exit 65 at 1:1, never read whole")
  func oversizeKeyFile() throws {
    let path = NSTemporaryDirectory() + "axinput-keys-\(UUID().uuidString).txt"
    // A sparse file: its size is what is checked, so the test writes almost nothing.
    #expect(FileManager.default.createFile(atPath: path, contents: Data("select\n".utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(16 << 20) + 1)
    try handle.close()
    let result = try runExecutable("axswitch", ["scan", "Scenes/product-page.json", "--keys-file", path])
    #expect(result.status == 65)
    #expect(result.standardError == "\(path):1:1: error: key file is \((16 << 20) + 1) bytes, larger than the limit of \(16 << 20) bytes\n")
  }
}
