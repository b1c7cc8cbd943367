import AXTestSupport
import Foundation
import Testing

/// The test helpers' waits on children are bounded: a test fails rather than hangs CI.
@Suite("Bounded process runs")
struct ProcessRunnerTests {
  @Test("a child that outlives its timeout is killed and reported as 137")
  func hungChild() throws {
    let result = try runProcess(URL(fileURLWithPath: "/bin/sleep"), ["30"], timeout: 0.5)
    #expect(result.status == 137)
  }

  /// The case that hung CI: a forked daemon keeps the child's pipes and Foundation's
  /// exit-watching socket open after the child itself has exited.
  @Test("a daemon holding the child's pipes doesn't stall the caller")
  func daemonHoldsPipes() throws {
    let started = Date()
    let result = try runProcess(
      URL(fileURLWithPath: "/bin/bash"), ["-c", "echo started; sleep 20 & exit 0"], timeout: 1)
    #expect(result.status == 137)
    #expect(Date().timeIntervalSince(started) < 19, "returned only when the daemon ended")
  }

  /// The case that crashed CI: a suite that kept two descriptors a run had 1,400 open by its
  /// end, and Foundation's Process.run read past its buffer listing them.
  @Test("a run leaves no pipe open")
  func closesPipes() throws {
    let before = openPipeDescriptors()
    for _ in 0..<300 { _ = try runProcess(URL(fileURLWithPath: "/bin/true"), []) }
    // A leak would add 600; other tests running meanwhile hold a few pipes for a moment.
    #expect(openPipeDescriptors() - before < 150)
  }

  @Test("a failing tool's output names the command, its status and its standard error")
  func checkedOutput() throws {
    let failed = try runTool("bash", ["-c", "echo oops >&2; exit 3"])
    let error = #expect(throws: ProcessFailure.self) {
      try failed.checkedOutput(of: ["bash", "-c", "..."])
    }
    #expect(error?.description == "'bash -c ...' exited with 3: oops\n")
    #expect(try runTool("echo", ["fine"]).checkedOutput(of: ["echo", "fine"]) == "fine\n")
  }
}
