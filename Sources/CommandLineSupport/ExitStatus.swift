#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// The status a command-line tool reports to its caller when it exits.
///
/// The values follow the BSD `sysexits.h` conventions, so shell scripts and
/// build systems can tell a usage mistake from bad input or a missing file.
/// Every tool in the package reports its outcome through this single type.
public enum ExitStatus: Int32, CaseIterable, Sendable {
  /// The command completed and found nothing to report.
  case success = 0

  /// The command failed at run time, or (for `axreach`) it reported findings.
  case failure = 1

  /// The command line was malformed: an unknown option, a missing or
  /// invalid value, or an unexpected argument (`EX_USAGE`).
  case usage = 64

  /// An input file was read but its contents were malformed (`EX_DATAERR`).
  case dataError = 65

  /// An input file did not exist or could not be read (`EX_NOINPUT`).
  case noInput = 66

  /// A one-line, human-readable description of the status.
  ///
  /// The text is used by ``helpSection`` and is phrased to complete the
  /// sentence "The tool exits with this status when…".
  public var summary: String {
    switch self {
    case .success:
      return "Success."
    case .failure:
      return "Runtime failure (for axreach: findings were reported)."
    case .usage:
      return "Usage error: an unknown option, or a missing or invalid value."
    case .dataError:
      return "Data error: an input file is malformed."
    case .noInput:
      return "No input: an input file does not exist or cannot be read."
    }
  }

  /// The "EXIT STATUS:" section that tools append to their `--help` output.
  ///
  /// Pass it as a command's ``CommandSpec/epilogue`` so that every tool
  /// documents its exit statuses the same way.
  public static let helpSection: String = helpSection(for: allCases)

  /// Renders an "EXIT STATUS:" help section for a chosen set of statuses.
  ///
  /// - Parameters:
  ///   - statuses: The statuses to list, in the order given.
  ///   - summaries: Tool-specific descriptions that replace the default
  ///     ``summary`` of the statuses they name.
  /// - Returns: The section heading followed by one aligned line per status.
  public static func helpSection(
    for statuses: [ExitStatus], summaries: [ExitStatus: String] = [:]
  ) -> String {
    let lines = statuses.map { status in
      let code = String(status.rawValue)
      let padding = String(repeating: " ", count: max(1, 4 - code.count))
      return "  " + code + padding + (summaries[status] ?? status.summary)
    }
    return (["EXIT STATUS:"] + lines).joined(separator: "\n")
  }

  /// Terminates the process, reporting this status to the caller.
  ///
  /// Buffered standard output is flushed before the process ends, so text
  /// written through ``StandardOutput`` is never lost.
  public func exit() -> Never {
    terminateProcess(rawValue)
  }
}

/// Ends the process with `code`; the C library flushes the standard streams.
private func terminateProcess(_ code: Int32) -> Never {
  exit(code)
}
