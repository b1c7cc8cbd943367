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

  /// The report as JSON but for its lists of rows, which ``rowLists`` has.
  var summaryJSON: [String: JSONOutput] {
    [
      "settings": .string(settingsName),
      "stops": .number(Double(stopCount)),
      "meanPresses": .number(meanPresses),
      "meanSeconds": .number(meanSeconds),
      "linearEstimate": .number(linearEstimate),
      "groupedEstimate": .number(groupedEstimate),
    ]
  }

  /// The report's lists of rows by their JSON key: `scrolledRows` only when some row is
  /// reached by scrolling.
  var rowLists: [String: [Row]] {
    scrolledRows.isEmpty ? ["rows": rows] : ["rows": rows, "scrolledRows": scrolledRows]
  }

  /// The report as JSON; `scrolledRows` only when some row is reached by scrolling.
  public func json() -> JSONOutput {
    .object(summaryJSON.merging(rowLists.mapValues { .array($0.map(Self.json)) }) { $1 })
  }

  /// Writes `json().rendered(pretty: true)` to `output`, one row at a time.
  ///
  /// No tree of every row is made: a table of 10,000 stops in step scanning holds a million
  /// and more keys, each a value of the tree. Only one row's value is held at a time.
  public func write(jsonTo output: inout some TextOutputStream) {
    var json = JSONOutputStream(pretty: true)
    let lists = rowLists
    json.object(summaryJSON, streaming: lists.keys) { key, json in
      json.array(lists[key] ?? [], flushingTo: &output, Self.json)
    }
    json.flush(to: &output, minimum: 0)
  }
}
