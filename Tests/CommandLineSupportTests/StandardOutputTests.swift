import CommandLineSupport
import Testing

@Suite("Standard streams and process exit")
struct StandardOutputTests {
  @Test(
    "exit() ends the process with the status's code",
    arguments: [ExitStatus.success, .failure, .usage, .dataError, .noInput])
  func exitCode(status: ExitStatus) async {
    await #expect(processExitsWith: .exitCode(status.rawValue)) {
      [code = status.rawValue as Int32] in
      ExitStatus(rawValue: code)?.exit()
    }
  }

  @Test("Buffered standard output is flushed when the process exits")
  func flushedAtExit() async throws {
    let result = try await #require(
      processExitsWith: .exitCode(65), observing: [\.standardOutputContent, \.standardErrorContent]
    ) {
      var output = StandardOutput()
      var errors = StandardError()
      print("tree of shop.json", to: &output)
      output.write("no newline, é and \u{0}nul")
      print("shop.json:3: error: bad", to: &errors)
      ExitStatus.dataError.exit()
    }
    #expect(
      String(decoding: result.standardOutputContent, as: UTF8.self)
        == "tree of shop.json\nno newline, é and \u{0}nul")
    #expect(
      String(decoding: result.standardErrorContent, as: UTF8.self) == "shop.json:3: error: bad\n")
  }
}
