import Foundation

/// What a finished process printed and returned.
public struct ProcessOutput: Sendable {
  /// The exit status.
  public var status: Int32
  /// Everything written to standard output.
  public var standardOutput: String
  /// Everything written to standard error.
  public var standardError: String
}

/// The built executable with the given name, next to the test bundle.
public func builtExecutable(_ name: String) -> URL {
  let bundle = Bundle.main.bundleURL
  let candidates = [
    bundle.deletingLastPathComponent().appendingPathComponent(name),
    bundle.appendingPathComponent(name),
  ]
  for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
    return candidate
  }
  // `swift test` runs the bundle from the build products directory.
  var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
  for _ in 0..<3 {
    let candidate = directory.appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    directory = directory.deletingLastPathComponent()
  }
  return candidates[0]
}

/// Runs a built executable with arguments and optional standard input, in the package root,
/// and waits for it (at most `timeout` seconds, then it is killed).
public func runExecutable(
  _ name: String, _ arguments: [String], input: String? = nil, timeout: TimeInterval = 60,
  filePath: String = #filePath
) throws -> ProcessOutput {
  let process = Process()
  process.executableURL = builtExecutable(name)
  process.arguments = arguments
  process.currentDirectoryURL = packageRoot(filePath: filePath)
  let output = Pipe()
  let error = Pipe()
  let inputPipe = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = inputPipe
  try process.run()
  if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
  try? inputPipe.fileHandleForWriting.close()
  // Read both pipes concurrently so a full pipe never blocks the child.
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  let group = DispatchGroup()
  group.enter()
  DispatchQueue.global().async {
    outData = output.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  group.enter()
  DispatchQueue.global().async {
    errData = error.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  if group.wait(timeout: .now() + timeout) == .timedOut {
    // Foundation's children start with SIGTERM blocked, so only SIGKILL ends a hung one.
    kill(process.processIdentifier, SIGKILL)
    group.wait()
  }
  process.waitUntilExit()
  return ProcessOutput(
    status: process.terminationStatus,
    standardOutput: String(decoding: outData, as: UTF8.self),
    standardError: String(decoding: errData, as: UTF8.self))
}
