import AXModel

extension CostReport {
  /// One stop's cost, or why it can't be reached.
  ///
  /// A row keeps what the table prints: the presses, the time and the keys, the keys as runs
  /// of one input. A manual or step scan's path is mostly runs of Next, hundreds of keys long
  /// on a large screen, and a table holds every stop's path at once.
  public struct Row: Sendable {
    /// The element.
    public var id: String
    /// Why no path exists.
    public var failure: SwitchPathFailure?
    /// The path's cost, when one exists.
    var cost: Cost?

    /// A reachable stop's cost: everything of its ``SwitchPath`` but the steps.
    struct Cost: Hashable, Sendable {
      var keyRuns: [KeyScript.Run]
      var presses: Int
      var milliseconds: Int
      var point: Point?
    }

    /// Creates a row of a path or a failure; the path's steps are not kept.
    public init(id: String, path: SwitchPath?, failure: SwitchPathFailure?) {
      self.id = id
      self.failure = failure
      cost = path.map {
        Cost(
          keyRuns: KeyScript.Run.runs(of: $0.keys), presses: $0.presses, milliseconds: $0.milliseconds,
          point: $0.point)
      }
    }

    /// Whether a path exists (``path`` is not `nil`), known without making the path.
    public var isReachable: Bool { cost != nil }

    /// The path, when one exists: its keys, presses, time and point, and no steps.
    public var path: SwitchPath? {
      cost.map {
        SwitchPath(
          keys: $0.keyRuns.flatMap { repeatElement($0.input, count: $0.count) },
          milliseconds: $0.milliseconds, point: $0.point, steps: [])
      }
    }

    /// The keys as a key script writes them (``KeyScript/text(_:)``), made from the runs.
    var keysText: String {
      KeyScript.text(runs: cost?.keyRuns ?? [])
    }

    /// The keys as JSON strings, one a key (``CostReport/json()``).
    var keysJSON: [JSONOutput] {
      let runs = cost?.keyRuns ?? []
      var keys: [JSONOutput] = []
      keys.reserveCapacity(runs.reduce(0) { $0 + $1.count })
      for run in runs {
        keys.append(contentsOf: repeatElement(.string(run.input.description), count: run.count))
      }
      return keys
    }
  }
}
