import AXModel
import VoiceControl

/// Voice routes to targets scrolled out of view: "scroll down" (or up, left, right) as many
/// times as it takes to bring the target on screen, the outer scroll views first, then the
/// route a target on screen gets in that scrolled state.
///
/// A row below the fold is reachable, at the cost of the scrolls: Voice Control names and
/// numbers only what is on screen, so its name is accepted once it has scrolled into view.
/// The scroll views scroll outermost first (see ``ScrollPlan``), and "scroll down" moves the
/// frontmost scroll view on screen that can move that way: a card of a carousel below the
/// fold of a feed takes "scroll down" for the feed, then "scroll right" for the carousel. The
/// routes for one scrolled state (its runs of pages) are planned once and shared by every row
/// that state shows. Switch Control's routes scroll through the scanner menu (see
/// `SwitchPathFinder`).
struct ScrolledRoutes {
  let vocabulary: VoiceGrammar
  /// The scrolled states, shared by the rows of a scroll view.
  var planner: ScrollPlanner
  /// The voice routes of each scrolled state planned so far, with the utterances that scroll
  /// to it (`nil` when no words do), which depend on the pages alone.
  var routes: [[ScrollPlan.Step]: (voice: VoiceRoutes, scrolls: [String]?)] = [:]

  init(session: SceneSession, vocabulary: VoiceGrammar) {
    planner = ScrollPlanner(session: session)
    self.vocabulary = vocabulary
  }

  /// The scrolls that show an off-screen target, if scrolling can.
  mutating func plan(_ id: String) -> ScrollPlan? {
    planner.plan(toShow: id)
  }

  /// The voice reach of a target once scrolled into view, each route opening with the scrolls.
  mutating func voiceReach(_ id: String, actions: [SceneAction], plan: ScrollPlan) -> VoiceReach? {
    let (voice, scrolls): (VoiceRoutes, [String]?)
    if let planned = routes[plan.steps] {
      (voice, scrolls) = planned
    } else {
      voice = VoiceRoutes(session: VoiceSession(sceneSession: plan.session, vocabulary: vocabulary))
      scrolls = Self.utterances(plan, phrases: voice.phrases, from: planner.session)?.utterances
      routes[plan.steps] = (voice, scrolls)
    }
    guard let element = plan.session.tree.element(id: id), let scrolls else { return nil }
    var reach = voice.reach(element, actions: actions, reachable: true)
    for position in reach.routes.indices where reach.routes[position].failure == nil {
      reach.routes[position].utterances = scrolls + reach.routes[position].utterances
    }
    return reach
  }

  /// The "scroll down"/"scroll right" utterances of a plan from `session`, a page each, and
  /// what the last of them touched; `nil` when the vocabulary has no phrase for a direction,
  /// or no words reach a scroll view.
  ///
  /// Each page is said as Voice Control would take it then (``VoiceSession/scrollWording(toScroll:_:)``):
  /// the bare command where it picks the plan's scroll view, else "scroll right on" its label
  /// or an item in it (the second of two carousels), and is handled before the next is asked,
  /// so that a scroll view once named is what the bare command moves from then on.
  /// `lastTouched` is what the command before the plan touched (the card a task's previous
  /// step tapped), which decides what the first bare command moves.
  static func utterances(
    _ plan: ScrollPlan, phrases: CommandPhrases, from session: SceneSession, lastTouched: String? = nil
  ) -> (utterances: [String], lastTouched: String?)? {
    var voice = VoiceSession(sceneSession: session, vocabulary: phrases.vocabulary, lastTouched: lastTouched)
    var utterances: [String] = []
    for step in plan.steps {
      for _ in 0..<step.pages {
        guard let said = sayScroll(step.container, step.direction, in: &voice, phrases: phrases) else { return nil }
        utterances.append(said.utterance)
      }
    }
    return (utterances, voice.lastTouched)
  }

  /// Says one page of a scroll as Voice Control would take it in the voice session's state
  /// (``VoiceSession/scrollWording(toScroll:_:)``), and handles it; `nil` when no wording or
  /// phrase moves that scroll view.
  static func sayScroll(
    _ container: String, _ direction: ScrollDirection, in voice: inout VoiceSession, phrases: CommandPhrases
  ) -> (utterance: String, outcome: VoiceOutcome)? {
    guard let wording = voice.scrollWording(toScroll: container, direction),
      let scroll = phrases.phrase(.scroll, direction: VoiceDirection(direction), item: wording.item)
    else { return nil }
    return (scroll, voice.handle(utterance: scroll))
  }
}

extension ScreenReaderRoutes {
  /// Gives the rows scrolled out of a scroll view a place in Full Keyboard Access's focus
  /// order: the arrow keys go on from the rows on screen through the rest of the list, in tree
  /// order, and the focused row scrolls into view, as on iOS. A row before the first one on
  /// screen counts from that one (the arrows back to it are not modelled).
  static func addScrolledRows(_ tree: AccessibilityTree, to groups: inout [String: (tabs: Int, arrows: Int)]) {
    var rows: [String: [AXElement]] = [:]
    for element in tree.elements where element.respondsToUserInteraction && element.clipFrame != nil {
      if let container = tree.innermostScrollView(of: element) {
        rows[container, default: []].append(element)
      }
    }
    for members in rows.values where members.contains(where: { !$0.isOnScreen }) {
      guard let anchor = members.firstIndex(where: { groups[$0.id] != nil }),
        let place = groups[members[anchor].id]
      else { continue }
      for (position, element) in members.enumerated() where groups[element.id] == nil && !element.isOnScreen {
        groups[element.id] = (place.tabs, max(0, place.arrows + position - anchor))
      }
    }
  }
}
