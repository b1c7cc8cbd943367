import AXModel

/// A command-line tool: a declared command line and the code that runs it.
///
/// A tool declares its command line as a ``CommandSpec`` and implements
/// ``execute(_:output:errors:)``. The protocol supplies the rest: parsing,
/// `--help` and `--version`, reporting usage errors, and choosing the exit
/// status. Its ``run(_:output:errors:)`` takes the arguments and the two
/// output streams as parameters so tests can call it directly, and an
/// executable's `main.swift` shrinks to:
///
/// ```swift
/// import CommandLineSupport
/// AXReach.main()
/// ```
public protocol CommandLineTool {
  /// The declaration of the tool's whole command line.
  static var command: CommandSpec { get }

  /// Runs the tool with a valid command line.
  ///
  /// Throw a ``UsageError`` (see ``ParsedArguments/usageError(_:)``) for a
  /// mistake in the command line that parsing cannot catch; it is reported
  /// with the usage line and exit status ``ExitStatus/usage``. Throw a
  /// ``CommandFailure`` (or a ``LocatedError``) for any other failure: its line
  /// goes to `errors` and its status is the tool's. Any other error thrown is
  /// printed as `Error: …` and exits with ``ExitStatus/failure``.
  ///
  /// - Parameters:
  ///   - arguments: The parsed values and the chosen subcommand.
  ///   - output: The stream for results (standard output).
  ///   - errors: The stream for diagnostics (standard error).
  /// - Returns: The status to exit with.
  static func execute(
    _ arguments: ParsedArguments,
    output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus
}

extension CommandLineTool {
  /// Parses `arguments`, handles help, version and usage errors, and runs
  /// the tool.
  ///
  /// Help and the version go to `output` with status ``ExitStatus/success``.
  /// Usage errors go to `errors` as three lines (`Error:`, `Usage:` and a
  /// pointer to `--help`) with status ``ExitStatus/usage``.
  ///
  /// - Parameters:
  ///   - arguments: The words after the program name.
  ///   - output: The stream for help, the version and results.
  ///   - errors: The stream for error messages.
  /// - Returns: The status the process should exit with.
  public static func run(
    _ arguments: [String],
    output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> ExitStatus {
    let result: ParseResult
    do {
      result = try command.parse(arguments)
    } catch {
      errors.write(error.rendered + "\n")
      return .usage
    }
    switch result {
    case .help(let text):
      output.write(text + "\n")
      return .success
    case .version(let version):
      output.write(version + "\n")
      return .success
    case .arguments(let parsed):
      do {
        return try execute(parsed, output: &output, errors: &errors)
      } catch let error as UsageError {
        errors.write(error.rendered + "\n")
        return .usage
      } catch let failure as CommandFailure {
        return report(failure, errors: &errors)
      } catch let error as any LocatedError {
        return report(CommandFailure(error), errors: &errors)
      } catch {
        errors.write("Error: \(error)\n")
        return .failure
      }
    }
  }

  /// Writes a failure's line, if it has one, and returns its status.
  static func report(_ failure: CommandFailure, errors: inout some TextOutputStream) -> ExitStatus {
    if let message = failure.message { errors.write(message + "\n") }
    return failure.status
  }

  /// Runs the tool with the process's arguments and standard streams, then
  /// exits the process with the resulting status.
  ///
  /// Call it from the executable's `main.swift`. Standard output is flushed
  /// before the process exits.
  public static func main() -> Never {
    var output = StandardOutput()
    var errors = StandardError()
    let arguments = Array(CommandLine.arguments.dropFirst())
    let status = run(arguments, output: &output, errors: &errors)
    status.exit()
  }
}
