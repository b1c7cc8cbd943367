import AXModel

/// The scrolled states of one start scanner, shared by the paths to every element scrolled out
/// of view: each Scroll step from a given state is driven once, however many paths go through
/// it (every row of a list, every action of a row, planned or driven).
///
/// A path to a row below the fold opens with Scroll steps through the scanner menu (see
/// ``SwitchPathFinder/plannedPath(to:goal:from:aimingAt:withTranscript:)``), each depending only
/// on the state it starts from and the page it scrolls (scroll view and direction), not on the
/// row or the action. Each page rebuilds the tree, so planning every row of a long list would
/// otherwise rebuild it once per page, row, action and scanning style. As ``ScrollPlanner`` does
/// for scene sessions, the states form a tree of pages from the start.
///
///     let states = SwitchScrollStates(start: SwitchScanner(session: session, settings: settings))
///     let finder = SwitchPathFinder(settings: settings)
///     for id in rowsBelowTheFold {
///       let path = finder.plannedPath(to: id, sharing: states, withTranscript: false)
///     }
///
/// It is a reference: the paths found with it add the states they reach. One value serves one
/// thread at a time.
public final class SwitchScrollStates {
  /// The scanner every path starts from.
  public let start: SwitchScanner
  /// The builders after each run of Scroll steps from ``start``, and where each page from each
  /// leads, keyed as a run of one page (`nil` where no Scroll step scrolls it). Builders with
  /// and without a transcript (see ``roots``) are kept apart, since those with one hold their
  /// steps.
  var states: [(builder: PathBuilder, next: [ScrollPlan.Step: Int?])] = []
  /// The first state of each transcript choice, once used.
  var roots: [Bool: Int] = [:]

  /// Creates the states of a start scanner, with none reached yet.
  public init(start: SwitchScanner) {
    self.start = start
  }

  /// The state the start is in for a path, with a transcript or not (a path finder searches
  /// from a scanner with its own settings, so the start's are the finder's).
  func root(transcript: Bool) -> Int {
    if let root = roots[transcript] { return root }
    let builder = PathBuilder(scanner: start, settings: start.settings, plans: false, transcript: transcript)
    states.append((builder, [:]))
    roots[transcript] = states.count - 1
    return states.count - 1
  }

  /// The state after one Scroll step of `page` (a run of one) from `state`, scrolled once for
  /// every path; `nil` when nothing in the scroll view opens a scanner menu with Scroll (see
  /// `SwitchPathFinder.handle(in:of:)`).
  func state(after page: ScrollPlan.Step, from state: Int, finder: SwitchPathFinder) -> Int? {
    if let known = states[state].next[page] { return known }
    var builder = states[state].builder
    var reached: Int?
    if let handle = finder.handle(in: page.container, of: builder.scanner),
      builder.scroll(page.direction, via: handle.id, at: handle.point)
    {
      // Every path from here copies this scanner: what its copies would each work out again
      // for the scrolled session is worked out once.
      builder.scanner.prepareForCopies()
      states.append((builder, [:]))
      reached = states.count - 1
    }
    states[state].next[page] = .some(reached)
    return reached
  }
}
