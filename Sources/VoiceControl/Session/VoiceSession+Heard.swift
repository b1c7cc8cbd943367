import AXModel

/// A sentence a speech recognizer nearly heard instead of the one it accepted.
public struct HeardAlternative: Sendable, Equatable {
  /// The sentence, words separated by spaces.
  public var text: String
  /// How far its score fell short of the accepted sentence's; 0 is a tie.
  public var margin: Int

  /// Creates an alternative.
  public init(text: String, margin: Int) {
    self.text = text
    self.margin = margin
  }
}

/// What a sentence a speech recognizer heard did to the session.
public enum HeardOutcome: Sendable, Equatable {
  /// It was handled as typed text is, performed or not.
  case handled(VoiceOutcome)
  /// Nothing was done: an alternative that would have done something else came within the
  /// margin of it.
  case ambiguous(with: HeardAlternative)
  /// Nothing was done: the sentence is only a name or a number (a tap), and the recognizer
  /// accepted it in doubt (a number the overlay shows, only barely), or right after speech it
  /// rejected, where the command word before it was likely lost.
  case doubtfulTap
  /// The sentence was a bare name or number after speech the recognizer rejected, and the
  /// whole command it found in the two (the sentence with its command word) was handled
  /// instead, performed or not.
  case whole(String, VoiceOutcome)
  /// Nothing was done yet: the sentence sounds like others that would touch other elements,
  /// and the chooser over them opened (the outcome), the heard sentence's element first.
  case soundsAlike(VoiceOutcome)
}

extension VoiceSession {
  /// Handles a sentence a speech recognizer heard, unless one of its near alternatives would
  /// do something else.
  ///
  /// A recognizer that hesitates between "tap two" and "tap ten" should do neither: Voice
  /// Control performs one command per utterance, and a wrong tap is worse than none. The
  /// closest alternative that would perform a different command (intent or target) decides:
  /// within `margin` of the heard sentence, the utterance is ambiguous and nothing is done.
  /// Alternatives that would do nothing, or the same thing, don't count. To find out, each is
  /// run on a copy of the session, so nothing is performed twice.
  ///
  /// - Parameters:
  ///   - text: The sentence accepted.
  ///   - alternatives: The other sentences the recognizer came close to, in any order.
  ///   - margin: The score difference under which an alternative competes; 0 never does.
  ///   - isDoubtful: Whether the recognizer accepted the sentence only on a second look (the
  ///     rejection path had won). Such a sentence is not performed when it is a bare name:
  ///     "tap three" heard as "wi fi", "hide numbers" as "bluetooth" lost the command word, and
  ///     tapping by name is then a different command than the one spoken. A number the
  ///     numbers overlay or the grid shows is performed unless `isBarelyAccepted`: it is what
  ///     the speaker is asked to say while they are up, the grammar has numbers only then, and
  ///     a number alone is short enough that the rejection path often wins it.
  ///   - isBarelyAccepted: Whether the recognizer accepted the sentence in doubt only on the
  ///     allowance short sentences get, further behind the rejection path than a longer
  ///     sentence may be. Chatter while numbers are shown came that way as "eleven" and
  ///     "twenty five"; a number heard so is not performed either.
  ///   - followsRejectedSpeech: Whether speech the recognizer rejected came just before, with
  ///     only a short pause between. A bare name or number is then not performed either: its
  ///     command word may be in that speech ("increment … coffee dispenser" split at the pause).
  ///   - wholeCommand: The command the recognizer found by hearing that speech and this
  ///     sentence together, if any. It is performed instead of a bare name or number, doubtful
  ///     or not; `alternatives` are the bare sentence's, so they don't compete with it.
  ///   - soundAlikes: Sentences the recognizer can't tell from `text`, whatever the margin: a
  ///     word of theirs sounds like one of its words ("tap three" and "tap free"). When those
  ///     that do something touch other elements the way `text` does, the chooser over all of
  ///     them opens (``HeardOutcome/soundsAlike(_:)``); one that would do anything else makes
  ///     the utterance ambiguous, at margin 0. One that would do nothing (no number is shown
  ///     to tap) or the same thing does not count.
  public mutating func handle(
    heard text: String, alternatives: [HeardAlternative], margin: Int, isDoubtful: Bool = false,
    isBarelyAccepted: Bool = false, followsRejectedSpeech: Bool = false, wholeCommand: String? = nil,
    soundAlikes: [String] = []
  ) -> HeardOutcome {
    let competes = margin > 0 && !alternatives.isEmpty
    guard isDoubtful || competes || followsRejectedSpeech || !soundAlikes.isEmpty else {
      return .handled(handle(utterance: text))
    }
    // Run once, on a copy: the checks read its outcome, and it is kept if they pass.
    var probe = self
    let best = probe.handle(utterance: text)
    if followsRejectedSpeech, isBareTap(text, outcome: best) {
      guard let wholeCommand else { return .doubtfulTap }
      return .whole(wholeCommand, handle(utterance: wholeCommand))
    }
    // The flags first: `isBareTap` reads the words again on a copy of the session.
    if isDoubtful, isBarelyAccepted || !isOverlayNumber(best), isBareTap(text, outcome: best) {
      return .doubtfulTap
    }
    if competes, let competitor = competitor(of: best, among: alternatives), competitor.margin < margin {
      return .ambiguous(with: competitor)
    }
    if let answer = answer(toSoundAlikes: soundAlikes, of: text, outcome: best) { return answer }
    self = probe
    return .handled(best)
  }

  /// What sound-alike sentences make of `text`, whose outcome on this session is `outcome`:
  /// `nil` when none competes, the chooser over the elements they touch when each touches one
  /// the way `text` does, else ambiguous.
  ///
  /// With "Free" on the screen and the numbers up, "tap three" and "tap free" sound alike to the
  /// recognizer, and so do "three" and "free": refusing both would leave number 3 out of the
  /// speaker's reach. The chooser numbers the candidates from 1, and "one" and "two" don't
  /// sound alike (with three candidates or more, "three" may ask once more). A number of the
  /// overlay said alone is a tap on its item, so it meets a name's tap, and on that same item
  /// it is the same command. A grid cell is touched at a point, not an element, and a chooser
  /// (a name two elements share) touches nothing yet: either competes as another command.
  mutating func answer(toSoundAlikes soundAlikes: [String], of text: String, outcome: VoiceOutcome) -> HeardOutcome? {
    guard !soundAlikes.isEmpty, outcome.didSomething else { return nil }
    func touch(_ outcome: VoiceOutcome) -> (intent: VoiceIntent, target: String)? {
      guard outcome.kind == .done, let intent = outcome.intent, [.tap, .doubleTap, .longPress].contains(intent),
        outcome.match != .gridCell, let target = outcome.target, index.targets.contains(where: { $0.id == target })
      else { return nil }
      return (intent, target)
    }
    func same(_ one: VoiceOutcome, _ other: VoiceOutcome) -> Bool {
      one.intent == other.intent && one.target == other.target && one.choices.map(\.id) == other.choices.map(\.id)
    }
    let heard = touch(outcome)
    var targets = heard.map { [$0.target] } ?? []
    var others: [String] = []
    for other in soundAlikes {
      var probe = self
      let rival = probe.handle(utterance: other)
      guard rival.didSomething, !same(rival, outcome) else { continue }
      guard let heard, let touched = touch(rival), touched.intent == heard.intent else {
        return .ambiguous(with: HeardAlternative(text: other, margin: 0))
      }
      if !targets.contains(touched.target) {
        targets.append(touched.target)
        others.append(other)
      }
    }
    guard let heard, targets.count > 1 else { return nil }
    let pending = PendingCommand(intent: heard.intent, direction: nil, count: 1, actionNames: [:])
    var chooser = openChooser(targets, spoken: normalizer.tokens(text), pending: pending, intent: heard.intent)
    chooser.utterance = text
    chooser.overlay = overlay
    let alike = others.map { "'\($0)'" }.joined(separator: " or ")
    let say = targets.count == 2 ? "say 1 or 2" : "say a number from 1 to \(targets.count)"
    chooser.message = "which one? '\(text)' sounds like \(alike): \(say)"
    return .soundsAlike(chooser)
  }

  /// Whether `outcome` is a number the overlay shows: a numbered item tapped or a grid cell
  /// zoomed into. (A chooser's number picks its candidate; it is no bare tap to begin with.)
  func isOverlayNumber(_ outcome: VoiceOutcome) -> Bool {
    outcome.intent == .number || outcome.match == .number
  }

  /// Whether `text` alone taps something, with no command word: a name on the screen, or a
  /// number of the numbers overlay, grid or chooser. A tap whose element refuses it counts.
  public func isBareTap(_ text: String) -> Bool {
    var probe = self
    return isBareTap(text, outcome: probe.handle(utterance: text))
  }

  /// ``isBareTap(_:)`` of `text`, whose outcome on this session is `outcome`.
  func isBareTap(_ text: String, outcome: VoiceOutcome) -> Bool {
    if outcome.intent == .number { return true }
    // The words as the bare `<item>` reading: a tap that resolves to the same target.
    let tokens = normalizer.tokens(text)
    guard outcome.intent == .tap, let bare = parser.bareItemParse(tokens) else { return false }
    var reading = self
    guard case .final(let tapped) = reading.attempt(bare, bareUtterance: text) else { return false }
    return tapped.target == outcome.target
  }

  /// The closest of `alternatives` that would do something other than `text`, or `nil`.
  public func competitor(
    of text: String, among alternatives: [HeardAlternative]
  ) -> HeardAlternative? {
    var probe = self
    return competitor(of: probe.handle(utterance: text), among: alternatives)
  }

  /// The closest of `alternatives` that would do something other than `best`, the outcome of
  /// the heard sentence on this session.
  func competitor(of best: VoiceOutcome, among alternatives: [HeardAlternative]) -> HeardAlternative? {
    alternatives.sorted { $0.margin < $1.margin }.first { alternative in
      var other = self
      let outcome = other.handle(utterance: alternative.text)
      return outcome.didSomething && (outcome.intent != best.intent || outcome.target != best.target)
    }
  }
}
