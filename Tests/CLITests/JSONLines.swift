import Foundation

/// The objects of a JSON Lines output (`--format json` of `run`, `scan` and `listen`), one a
/// line; a line that is not a JSON object fails the test that reads it.
func jsonLines(_ text: String) throws -> [[String: Any]] {
  try text.split(separator: "\n").map { line in
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      throw JSONLinesError(line: String(line))
    }
    return object
  }
}

/// A line of a JSON Lines output that is not a JSON object.
struct JSONLinesError: Error, CustomStringConvertible {
  var line: String
  var description: String { "not a JSON object: \(line)" }
}
