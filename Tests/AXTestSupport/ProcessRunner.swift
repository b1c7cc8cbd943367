import Foundation

/// What a finished process printed and returned.
public struct ProcessOutput: Sendable {
  /// The exit status.
  public var status: Int32
  /// Everything written to standard output.
  public var standardOutput: String
  /// Everything written to standard error.
  public var standardError: String

  /// Standard output, or a ``ProcessFailure`` naming `command`, the status and standard error
  /// when the program failed.
  public func checkedOutput(of command: [String]) throws -> String {
    guard status == 0 else {
      throw ProcessFailure(
        description: "'\(command.joined(separator: " "))' exited with \(status): \(standardError)")
    }
    return standardOutput
  }
}

/// A program run by a test fixture that exited with a failure status.
public struct ProcessFailure: Error, CustomStringConvertible {
  /// The command, its status and what it wrote to standard error.
  public var description: String
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

/// Runs a program found in `PATH` (through `/usr/bin/env`), bounded like ``runProcess``.
public func runTool(
  _ name: String, _ arguments: [String], timeout: TimeInterval = 60, directory: URL? = nil,
  environment: [String: String] = [:]
) throws -> ProcessOutput {
  try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, timeout: timeout,
    directory: directory, environment: environment)
}

/// Runs a built executable with arguments and optional standard input, in the package root,
/// and waits for it (at most `timeout` seconds, then it is killed).
public func runExecutable(
  _ name: String, _ arguments: [String], input: String? = nil, timeout: TimeInterval = 60,
  filePath: String = #filePath
) throws -> ProcessOutput {
  try runProcess(
    builtExecutable(name), arguments, input: input, timeout: timeout,
    directory: packageRoot(filePath: filePath))
}

/// Runs a program and waits for it, never for more than about `timeout` seconds.
///
/// A test must fail rather than hang, so every wait is bounded: a child still running at the
/// deadline is killed with SIGKILL (Foundation's children start with SIGTERM blocked), and a
/// descendant that keeps the child's pipes or Foundation's exit-watching socket open (a daemon
/// it forked) can't stall the caller either: after a short grace the call returns with status
/// 137, as a shell reports a killed process, and without the output of a pipe still held open.
///
/// - Parameters:
///   - executable: The program to run.
///   - input: Written to standard input, which is then closed.
///   - directory: The working directory, or the test process's own.
///   - environment: Added to the test process's environment.
public func runProcess(
  _ executable: URL, _ arguments: [String], input: String? = nil, timeout: TimeInterval = 60,
  directory: URL? = nil, environment: [String: String] = [:]
) throws -> ProcessOutput {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if !environment.isEmpty {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  }
  let output = Pipe()
  let error = Pipe()
  let inputPipe = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = inputPipe
  try process.run()
  // Read both pipes concurrently so a full pipe never blocks the child, and write its input
  // alongside, so that input larger than a pipe holds never blocks this side.
  let collected = CollectedOutput()
  let group = DispatchGroup()
  let writer = inputPipe.fileHandleForWriting
  // A child that exits before reading all its input must not take the tests down with SIGPIPE:
  // the write fails with EPIPE instead.
  signal(SIGPIPE, SIG_IGN)
  DispatchQueue.global().async(group: group) {
    if let input { writeAll(Array(input.utf8), to: writer.fileDescriptor) }
    try? writer.close()
  }
  // Each reader closes its end: Foundation leaves a Pipe's handles open after a run, and a test
  // process that leaked two descriptors a run (about 1,400 by the end of the suite) crashed in
  // Foundation's Process.run, which reads /proc/self/fd past its buffer.
  DispatchQueue.global().async(group: group) {
    collected.setOutput(readToEnd(output.fileHandleForReading))
  }
  DispatchQueue.global().async(group: group) {
    collected.setError(readToEnd(error.fileHandleForReading))
  }
  var killed = false
  if group.wait(timeout: .now() + timeout) == .timedOut {
    kill(process.processIdentifier, SIGKILL)
    killed = true
    _ = group.wait(timeout: .now() + 5)
  }
  let status = exitStatus(of: process, timeout: killed ? 5 : timeout)
  return ProcessOutput(
    status: killed ? 128 + SIGKILL : status,
    standardOutput: String(decoding: collected.output, as: UTF8.self),
    standardError: String(decoding: collected.error, as: UTF8.self))
}

/// The two streams of a child, filled by reader threads.
private final class CollectedOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var outputData = Data()
  private var errorData = Data()

  var output: Data { lock.withLock { outputData } }
  var error: Data { lock.withLock { errorData } }
  func setOutput(_ data: Data) { lock.withLock { outputData = data } }
  func setError(_ data: Data) { lock.withLock { errorData = data } }
}

/// Waits at most about `timeout` seconds for `process` to exit and returns its status; a process
/// still running then is killed and reported as 137 (128 + SIGKILL).
///
/// Foundation learns of an exit through a socket the child inherits, so `waitUntilExit` would
/// also wait for any daemon the child forked that kept it open; this polls instead.
public func exitStatus(of process: Process, timeout: TimeInterval) -> Int32 {
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning, Date() < deadline {
    Thread.sleep(forTimeInterval: 0.005)
  }
  guard !process.isRunning else {
    kill(process.processIdentifier, SIGKILL)
    return 128 + SIGKILL
  }
  return process.terminationStatus
}

/// Everything `handle` yields until end of file; the handle is closed then.
private func readToEnd(_ handle: FileHandle) -> Data {
  let data = handle.readDataToEndOfFile()
  try? handle.close()
  return data
}

/// The descriptors this process has open that are pipes: what a run that leaks its pipes
/// leaves behind.
public func openPipeDescriptors() -> Int {
  let folder = "/proc/self/fd"
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  return names.filter { name in
    (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name))?.hasPrefix("pipe:") ?? false
  }.count
}

/// Writes `bytes` to `descriptor`, again where a signal interrupted the write (FileHandle's
/// `write(_:)` traps on EINTR, which a loaded machine's signals cause), until all are written or
/// the reader has gone.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written > 0 {
      offset += written
    } else if written < 0, errno == EINTR {
      continue
    } else {
      return
    }
  }
}
