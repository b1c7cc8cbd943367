import Foundation
import Testing

/// Compares output with a golden file beside the test, recording it when asked.
///
/// The file is `Golden/<name>` in the directory of the calling test file. When it is missing, or
/// `AX_RECORD_GOLDEN=1` is set, the output is written and the test fails ("recorded"), so a new
/// baseline is always looked at once. A mismatch fails with a line diff.
public func expectGolden(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")
  let url = directory.appendingPathComponent(name)
  let record = ProcessInfo.processInfo.environment["AX_RECORD_GOLDEN"] == "1"
  let expected = try? String(contentsOf: url, encoding: .utf8)
  if record || expected == nil {
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    do {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("Recorded golden file \(url.path); run again to compare", sourceLocation: sourceLocation)
    } catch {
      Issue.record("Could not write golden file \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let expected else { return }
  let normalizedActual = actual.replacingOccurrences(of: "\r\n", with: "\n")
  let normalizedExpected = expected.replacingOccurrences(of: "\r\n", with: "\n")
  if normalizedActual != normalizedExpected {
    let diff = lineDiff(expected: normalizedExpected, actual: normalizedActual)
    Issue.record(
      "Output differs from golden file \(name) (set AX_RECORD_GOLDEN=1 to re-record):\n\(diff)",
      sourceLocation: sourceLocation)
  }
}

/// A compact `-`/`+` line diff, at most 40 lines.
public func lineDiff(expected: String, actual: String) -> String {
  let old = expected.components(separatedBy: "\n")
  let new = actual.components(separatedBy: "\n")
  var lines: [String] = []
  for change in new.difference(from: old) {
    switch change {
    case .remove(let offset, let line, _): lines.append("-\(offset + 1): \(line)")
    case .insert(let offset, let line, _): lines.append("+\(offset + 1): \(line)")
    }
    if lines.count >= 40 {
      lines.append("...")
      break
    }
  }
  return lines.joined(separator: "\n")
}

/// The root of the package, found from a test file's path.
public func packageRoot(filePath: String = #filePath) -> URL {
  var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
  while url.path != "/" {
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      return url
    }
    url = url.deletingLastPathComponent()
  }
  return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}

/// The path of a file in the package, such as `Scenes/coffee-dispenser.json`.
public func packagePath(_ relative: String, filePath: String = #filePath) -> String {
  packageRoot(filePath: filePath).appendingPathComponent(relative).path
}
