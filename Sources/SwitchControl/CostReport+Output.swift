import AXModel
import Foundation

extension CostReport {
  /// The report as text: one line per stop, then the means and the estimates. Ids and
  /// reasons are escaped with ``TerminalText``.
  public func text() -> String {
    var text = ""
    write(textTo: &text)
    return text
  }

  /// Writes ``text()`` to `output` a line at a time, so that the whole table is never held
  /// as one string (a manual scan's table of 10,000 stops is megabytes of keys).
  public func write(textTo output: inout some TextOutputStream) {
    output.write("settings: \(settingsName)\nstops: \(stopCount)\n")
    Self.write(rows, to: &output)
    if !scrolledRows.isEmpty {
      output.write("below the fold, through Scroll: \(scrolledRows.count)\n")
      Self.write(scrolledRows, to: &output)
    }
    output.write(
      "mean: presses \(formatNumber(meanPresses)), seconds \(formatNumber(meanSeconds))\n")
    output.write(
      "estimates (moves): linear (N-1)/2 = \(formatNumber(linearEstimate)), grouped sqrt(N)-1 = \(formatNumber(groupedEstimate)), point 4 presses\n")
  }

  /// Writes one line per row, the ids escaped and padded to the longest.
  static func write(_ rows: [Row], to output: inout some TextOutputStream) {
    let ids = rows.map { TerminalText.escaped($0.id) }
    let width = ids.map(\.count).max() ?? 0
    for (row, id) in zip(rows, ids) {
      output.write(line(row, id + String(repeating: " ", count: width - id.count)) + "\n")
    }
  }

  /// One row's line: its cost and keys, or why it is unreachable; `id` is escaped and padded.
  static func line(_ row: Row, _ id: String) -> String {
    if let cost = row.cost {
      return "  \(id)  presses \(cost.presses)  seconds \(SwitchClock.seconds(cost.milliseconds))  keys \(row.keysText)"
    }
    return "  \(id)  unreachable: \(TerminalText.escaped(row.failure?.reason ?? "no path"))"
  }

  /// One row as a JSON object.
  static func json(_ row: Row) -> JSONOutput {
    var object: [String: JSONOutput] = ["id": .string(row.id)]
    if let cost = row.cost {
      object["presses"] = .number(Double(cost.presses))
      object["seconds"] = .number(Double(cost.milliseconds) / 1000)
      object["keys"] = .array(row.keysJSON)
    }
    if let failure = row.failure { object["reason"] = .string(failure.reason) }
    return .object(object)
  }

  /// The report as JSON with the given values for its lists of rows (`scrolledRows` only when
  /// some row is reached by scrolling): the rows themselves, or markers to write them in place of.
  func summaryJSON(rows rowsValue: JSONOutput, scrolledRows scrolledValue: JSONOutput) -> JSONOutput {
    var object: [String: JSONOutput] = [
      "settings": .string(settingsName),
      "stops": .number(Double(stopCount)),
      "meanPresses": .number(meanPresses),
      "meanSeconds": .number(meanSeconds),
      "linearEstimate": .number(linearEstimate),
      "groupedEstimate": .number(groupedEstimate),
      "rows": rowsValue,
    ]
    if !scrolledRows.isEmpty { object["scrolledRows"] = scrolledValue }
    return .object(object)
  }

  /// The report as JSON; `scrolledRows` only when some row is reached by scrolling.
  public func json() -> JSONOutput {
    summaryJSON(rows: .array(rows.map(Self.json)), scrolledRows: .array(scrolledRows.map(Self.json)))
  }

  /// Writes `json().rendered(pretty: true)` to `output`, one row at a time.
  ///
  /// No tree of the rows is made: a table of 10,000 stops in step scanning holds a million
  /// and more keys, each a value of the tree. The text is the same: the rest of the report is
  /// rendered whole with a marker for each list of rows, and each row is written in the pretty
  /// form, its members in key order, each value rendered by ``JSONOutput``.
  public func write(jsonTo output: inout some TextOutputStream) {
    let rowsMarker = "@rows@"
    let scrolledMarker = "@scrolledRows@"
    var rest = Substring(
      summaryJSON(rows: .string(rowsMarker), scrolledRows: .string(scrolledMarker))
        .rendered(pretty: true))
    var lists = [(rowsMarker, rows)]
    if !scrolledRows.isEmpty { lists.append((scrolledMarker, scrolledRows)) }
    // The keys are sorted, so "rows" comes before "scrolledRows"; the markers are written as
    // strings in quotes, and no other value of the report can hold them.
    for (marker, list) in lists {
      let quoted = JSONOutput.string(marker).rendered()
      guard let range = rest.range(of: quoted) else { continue }
      output.write(String(rest[..<range.lowerBound]))
      Self.write(list, level: 1, to: &output)
      rest = rest[range.upperBound...]
    }
    output.write(String(rest))
  }

  /// Writes rows as a pretty JSON array that starts at `level` (two spaces a level).
  static func write(_ rows: [Row], level: Int, to output: inout some TextOutputStream) {
    guard !rows.isEmpty else { return output.write("[]") }
    let indent = String(repeating: "  ", count: level + 1)
    output.write("[")
    for (index, row) in rows.enumerated() {
      output.write((index > 0 ? ",\n" : "\n") + indent)
      output.write(jsonText(row, level: level + 1))
    }
    output.write("\n" + String(repeating: "  ", count: level) + "]")
  }

  /// The pretty text of ``json(_:)`` for a row that starts at `level`.
  static func jsonText(_ row: Row, level: Int) -> String {
    let outer = String(repeating: "  ", count: level)
    let inner = outer + "  "
    // The members ``json(_:)`` makes, in the sorted order the writer puts them in.
    var members = [("id", JSONOutput.string(row.id).rendered())]
    if let cost = row.cost {
      members.append(("keys", keysJSONText(cost.keyRuns, level: level + 1)))
      members.append(("presses", JSONOutput.number(Double(cost.presses)).rendered()))
    }
    if let failure = row.failure {
      members.append(("reason", JSONOutput.string(failure.reason).rendered()))
    }
    if let cost = row.cost {
      members.append(("seconds", JSONOutput.number(Double(cost.milliseconds) / 1000).rendered()))
    }
    var text = "{"
    for (index, (key, value)) in members.enumerated() {
      text += (index > 0 ? ",\n" : "\n") + inner + "\"" + key + "\": " + value
    }
    return text + "\n" + outer + "}"
  }

  /// The pretty text of a path's keys as a JSON array of strings that starts at `level`.
  static func keysJSONText(_ runs: [KeyRun], level: Int) -> String {
    guard !runs.isEmpty else { return "[]" }
    let separator = Array(("\n" + String(repeating: "  ", count: level + 1)).utf8)
    var bytes = Array("[".utf8)
    for run in runs {
      // One token a run: a key's text is a new string each time.
      let token = Array(JSONOutput.string(run.input.description).rendered().utf8)
      bytes.reserveCapacity(bytes.count + run.count * (token.count + separator.count + 1))
      // Each key's bytes at once, read in place (an array appended is retained each time).
      let key = [UInt8(ascii: ",")] + separator + token
      key.withUnsafeBufferPointer { key in
        for _ in 0..<run.count {
          // The first key of the array has no comma.
          bytes.append(contentsOf: bytes.count > 1 ? key : UnsafeBufferPointer(rebasing: key[1...]))
        }
      }
    }
    bytes.append(contentsOf: ("\n" + String(repeating: "  ", count: level) + "]").utf8)
    return String(decoding: bytes, as: UTF8.self)
  }
}
