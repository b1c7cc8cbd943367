import AXModel
import CommandLineSupport
import Foundation
import Reachability

/// Reads the finding fingerprints of an earlier `axreach report --format json`.
enum Baseline {
  /// A baseline that could not be read: the one-line message and the exit status.
  struct Failure: Error {
    var message: String
    var status: ExitStatus
  }

  /// The fingerprints of the findings in the report at `path`.
  static func load(_ path: String) -> Result<Set<String>, Failure> {
    let shown = ReachTextRenderer().safe(path)
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Failure(message: "\(shown): error: no such file or not readable", status: .noInput))
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse([UInt8](data))
    } catch {
      return .failure(
        Failure(message: "\(shown):\(error.position.line):\(error.position.column): error: \(error.message)", status: .dataError))
    }
    func bad(_ node: JSONNode, _ what: String) -> Result<Set<String>, Failure> {
      .failure(
        Failure(
          message: "\(shown):\(node.position.line):\(node.position.column): error: \(what)",
          status: .dataError))
    }
    guard root["format"]?.stringValue == ReachReport.formatVersion else {
      return bad(root["format"] ?? root, "expected an axreach JSON report (format '\(ReachReport.formatVersion)') at format")
    }
    guard let findings = root["findings"], let list = findings.arrayValue else {
      return bad(root["findings"] ?? root, "expected an array at findings")
    }
    var fingerprints: Set<String> = []
    for (index, finding) in list.enumerated() {
      guard let fingerprint = finding["fingerprint"]?.stringValue else {
        return bad(finding, "expected a string at findings[\(index)].fingerprint")
      }
      fingerprints.insert(fingerprint)
    }
    return .success(fingerprints)
  }
}
