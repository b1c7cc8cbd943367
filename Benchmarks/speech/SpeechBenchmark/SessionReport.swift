import Foundation

/// The tables of the session benchmark: by split and condition, by voice, by command length, by
/// position in the session and by command, then the wrong dispatches (and, verbose, every miss).
struct SessionReport {
  var scores: [SessionBenchmark.Score]
  var extraWrong: [(SessionBenchmark.Session, String)]

  func print(verbose: Bool) {
    let conditions = Set(scores.map(\.session.condition)).sorted()
    let splits = ["tuned", "heldout"].filter { split in scores.contains { $0.session.split == split } }
    printLine("| split | " + conditions.joined(separator: " | ") + " | all | wrong dispatches |")
    Swift.print("|---" + String(repeating: "|---", count: conditions.count + 2) + "|")
    for split in splits {
      let rows = scores.filter { $0.session.split == split }
      let cells = conditions.map { condition in cell(rows.filter { $0.session.condition == condition }) }
      printLine("| \(split) | " + cells.joined(separator: " | ") + " | \(cell(rows)) | \(wrongCount(split: split)) |")
    }
    Swift.print("\nby voice (performed of the commands in each condition):")
    printLine("| split | voice | rate | " + conditions.joined(separator: " | ") + " |")
    Swift.print("|---|---|---" + String(repeating: "|---", count: conditions.count) + "|")
    let voices = Dictionary(grouping: scores) { "\($0.session.split)\t\($0.session.voice)\t\($0.session.rate)" }
    for key in voices.keys.sorted(by: { ($0.hasPrefix("tuned") ? 0 : 1, $0) < ($1.hasPrefix("tuned") ? 0 : 1, $1) }) {
      let rows = voices[key] ?? []
      let cells = conditions.map { condition in count(rows.filter { $0.session.condition == condition }) }
      printLine("| " + key.split(separator: "\t").joined(separator: " | ") + " | " + cells.joined(separator: " | ") + " |")
    }
    Swift.print("\nby command length (words), all conditions:")
    Swift.print("| words | " + splits.joined(separator: " | ") + " |")
    Swift.print("|---" + String(repeating: "|---", count: splits.count) + "|")
    for words in Set(scores.map { $0.command.split(separator: " ").count }).sorted() {
      let cells = splits.map { split in
        cell(scores.filter { $0.session.split == split && $0.command.split(separator: " ").count == words })
      }
      Swift.print("| \(words) | " + cells.joined(separator: " | ") + " |")
    }
    // The first commands of a session are decoded before the channel's mean has settled and
    // before any adaptation to the speaker: a table of their own shows what that costs.
    Swift.print("\nby position in the session, all conditions:")
    Swift.print("| position | " + splits.joined(separator: " | ") + " |")
    Swift.print("|---" + String(repeating: "|---", count: splits.count) + "|")
    for position in Set(scores.map(\.position)).sorted() {
      let cells = splits.map { split in cell(scores.filter { $0.session.split == split && $0.position == position }) }
      Swift.print("| \(position + 1) | " + cells.joined(separator: " | ") + " |")
    }
    Swift.print("\nby command, all conditions:")
    Swift.print("| command | " + splits.joined(separator: " | ") + " |")
    Swift.print("|---" + String(repeating: "|---", count: splits.count) + "|")
    for command in Set(scores.map(\.command)).sorted() {
      let cells = splits.map { split in count(scores.filter { $0.session.split == split && $0.command == command }) }
      printLine("| \(command) | " + cells.joined(separator: " | ") + " |")
    }
    for score in scores where !score.wrong.isEmpty {
      printLine("WRONG \(label(score.session)): '\(score.command)' performed as \(score.wrong) (\(score.detail))")
    }
    for (session, text) in extraWrong {
      printLine("WRONG \(label(session)): \(text) outside every command")
    }
    if verbose {
      for score in scores where !score.performed && score.wrong.isEmpty {
        printLine("  missed \(label(score.session)): '\(score.command)' \(score.detail)")
      }
    }
    intervals(conditions: conditions, splits: splits)
    summary(conditions: conditions)
  }

  /// How far each split's figures could move with other voices like these: a 95% interval,
  /// from drawing the voices again with replacement (2,000 draws, a fixed seed). A voice's
  /// commands are not independent of each other (one accent, one rate, sessions that adapt to
  /// the voice), so it is the voices that are drawn, not the commands.
  private func intervals(conditions: [String], splits: [String]) {
    for split in splits {
      let rows = scores.filter { $0.session.split == split }
      let cells = (conditions + ["all"]).map { condition -> String in
        let chosen = condition == "all" ? rows : rows.filter { $0.session.condition == condition }
        guard let interval = Self.voiceInterval(chosen) else { return "\(condition) -" }
        return String(format: "%@ %.1f-%.1f%%", condition, interval.low, interval.high)
      }
      printLine("95% interval by voice, \(split): " + cells.joined(separator: ", "))
    }
  }

  /// The 2.5th and 97.5th percentiles of the performed rate of `rows` over `draws` samples of
  /// their voices drawn with replacement, or `nil` without rows.
  static func voiceInterval(_ rows: [SessionBenchmark.Score], draws: Int = 2000) -> (low: Double, high: Double)? {
    let voices = Dictionary(grouping: rows) { "\($0.session.voice)@\($0.session.rate)" }
      .sorted { $0.key < $1.key }
      .map { (performed: $0.value.filter(\.performed).count, total: $0.value.count) }
    guard !voices.isEmpty else { return nil }
    var generator = SplitMix64(seed: 0x5EED_AB1E)
    var rates: [Double] = []
    rates.reserveCapacity(draws)
    for _ in 0..<draws {
      var performed = 0
      var total = 0
      for _ in voices.indices {
        let voice = voices[Int(generator.next() % UInt64(voices.count))]
        performed += voice.performed
        total += voice.total
      }
      rates.append(Double(performed) * 100 / Double(max(total, 1)))
    }
    rates.sort()
    return (rates[Int(Double(draws - 1) * 0.025)], rates[Int(Double(draws - 1) * 0.975)])
  }

  /// The line the targets are read from: the worst held-out condition, and the gap to tuned.
  private func summary(conditions: [String]) {
    func rate(_ split: String, _ condition: String?) -> Double? {
      let rows = scores.filter { $0.session.split == split && (condition == nil || $0.session.condition == condition) }
      return rows.isEmpty ? nil : Double(rows.filter(\.performed).count) * 100 / Double(rows.count)
    }
    let worst = conditions.compactMap { rate("heldout", $0) }.min()
    let tuned = rate("tuned", nil)
    let held = rate("heldout", nil)
    let wrong = scores.reduce(0) { $0 + $1.wrong.count } + extraWrong.count
    Swift.print(
      "summary: tuned \(format(tuned)), held-out \(format(held)) (worst condition \(format(worst))), "
        + "gap \(tuned.flatMap { t in held.map { format(t - $0) } } ?? "-") points, wrong dispatches \(wrong)")
  }

  private func format(_ value: Double?) -> String {
    value.map { String(format: "%.1f%%", $0) } ?? "-"
  }

  private func wrongCount(split: String) -> Int {
    scores.filter { $0.session.split == split }.reduce(0) { $0 + $1.wrong.count }
      + extraWrong.filter { $0.0.split == split }.count
  }

  private func count(_ rows: [SessionBenchmark.Score]) -> String {
    rows.isEmpty ? "-" : "\(rows.filter(\.performed).count)/\(rows.count)"
  }

  private func cell(_ rows: [SessionBenchmark.Score]) -> String {
    guard !rows.isEmpty else { return "-" }
    let performed = rows.filter(\.performed).count
    return String(format: "%d/%d (%.1f%%)", performed, rows.count, Double(performed) * 100 / Double(rows.count))
  }

  private func label(_ session: SessionBenchmark.Session) -> String {
    "\(session.split) \(session.voice)@\(session.rate) \(session.condition) \(session.path.split(separator: "/").last ?? "")"
  }
}

/// A small, fast generator with a fixed sequence for a seed (Steele, Lea and Flood's SplitMix64),
/// so that the intervals are the same on every run.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
