import CommandLineSupport
import Testing

@Suite("Exit statuses")
struct ExitStatusTests {
  @Test(
    "Statuses have the sysexits values",
    arguments: [
      (ExitStatus.success, 0), (.failure, 1), (.usage, 64), (.dataError, 65), (.noInput, 66),
    ] as [(ExitStatus, Int32)])
  func rawValues(status: ExitStatus, code: Int32) {
    #expect(status.rawValue == code)
    #expect(ExitStatus(rawValue: code) == status)
  }

  @Test("Codes outside the list are not statuses")
  func unknownCodes() {
    #expect(ExitStatus(rawValue: 2) == nil)
    #expect(ExitStatus.allCases.count == 5)
  }

  @Test("The help section lists every status, aligned")
  func helpSection() {
    #expect(
      ExitStatus.helpSection == """
        EXIT STATUS:
          0   Success.
          1   Runtime failure (for axreach: findings were reported).
          64  Usage error: an unknown option, or a missing or invalid value.
          65  Data error: an input file is malformed.
          66  No input: an input file does not exist or cannot be read.
        """)
  }

  @Test("A tool can choose the statuses listed and reword them")
  func customHelpSection() {
    let section = ExitStatus.helpSection(
      for: [.success, .failure, .usage], summaries: [.failure: "Findings were reported."])
    #expect(
      section == """
        EXIT STATUS:
          0   Success.
          1   Findings were reported.
          64  Usage error: an unknown option, or a missing or invalid value.
        """)
  }
}
