import AXModel
import CommandLineSupport
import Foundation
import Reachability

/// Reads the finding fingerprints of an earlier `axreach report --format json`.
enum Baseline {
  /// The fingerprints of the findings in the report at `path`.
  ///
  /// - Throws: A ``CommandFailure`` with the located line: 66 when the file can't be read,
  ///   65 when it is not an axreach JSON report.
  static func load(_ path: String) throws(CommandFailure) -> Set<String> {
    let shown = ReachTextRenderer().safe(path)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure("\(shown): error: no such file or not readable", status: .noInput)
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse([UInt8](data))
    } catch {
      throw CommandFailure(
        "\(shown):\(error.position.line):\(error.position.column): error: \(error.message)", status: .dataError)
    }
    func bad(_ node: JSONNode, _ what: String) -> CommandFailure {
      CommandFailure("\(shown):\(node.position.line):\(node.position.column): error: \(what)", status: .dataError)
    }
    guard root["format"]?.stringValue == ReachReport.formatVersion else {
      throw bad(root["format"] ?? root, "expected an axreach JSON report (format '\(ReachReport.formatVersion)') at format")
    }
    guard let findings = root["findings"], let list = findings.arrayValue else {
      throw bad(root["findings"] ?? root, "expected an array at findings")
    }
    var fingerprints: Set<String> = []
    for (index, finding) in list.enumerated() {
      guard let fingerprint = finding["fingerprint"]?.stringValue else {
        throw bad(finding, "expected a string at findings[\(index)].fingerprint")
      }
      fingerprints.insert(fingerprint)
    }
    return fingerprints
  }
}
