import CommandLineSupport
import Testing

/// Thrown by the helpers when parsing produced something other than expected.
struct UnexpectedParseResult: Error, CustomStringConvertible {
  var description: String
}

/// Parses `words` and returns the values, failing if help, the version or
/// an error was produced instead.
func parsed(_ spec: CommandSpec, _ words: [String]) throws -> ParsedArguments {
  let result = try spec.parse(words)
  guard case .arguments(let arguments) = result else {
    throw UnexpectedParseResult(description: "expected arguments, got \(result)")
  }
  return arguments
}

/// Parses `words` and returns the usage error, or `nil` if parsing succeeded.
func usageError(_ spec: CommandSpec, _ words: [String]) -> UsageError? {
  do {
    _ = try spec.parse(words)
    return nil
  } catch {
    return error
  }
}

/// Parses `words` and returns the help text, failing for any other result.
func helpText(_ spec: CommandSpec, _ words: [String]) throws -> String {
  let result = try spec.parse(words)
  guard case .help(let text) = result else {
    throw UnexpectedParseResult(description: "expected help, got \(result)")
  }
  return text
}

/// Swift Testing also declares an `ExitStatus` (for exit tests); this module's
/// tests always mean the tools' status.
typealias ExitStatus = CommandLineSupport.ExitStatus
