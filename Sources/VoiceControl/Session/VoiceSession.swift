import AXModel
import Foundation

/// A Voice Control session over a running scene: it turns each utterance into exactly one
/// ``VoiceOutcome`` and keeps the overlay state between utterances.
///
/// The session holds a ``SceneSession`` and rebuilds its ``NameIndex`` after every action, so
/// names and numbers always describe the current tree (stale numbers that hit the wrong
/// element are a Voice Control bug this model does not copy).
///
///     var voice = VoiceSession(scene: scene, vocabulary: grammar)
///     voice.handle(utterance: "show numbers").kind  // .done
///     voice.handle(utterance: "tap 3").target       // "add-to-cart"
public struct VoiceSession: Sendable {
  /// The scene session actions are dispatched to.
  public internal(set) var sceneSession: SceneSession
  /// The command vocabulary.
  public let vocabulary: VoiceGrammar
  /// The overlay shown, if any.
  public internal(set) var overlay: Overlay?
  /// The targets of the current tree with their names and numbers.
  public internal(set) var index: NameIndex

  let parser: UtteranceParser
  /// The utterance being handled, as said, for the words a replacement types.
  var spoken = ""
  /// The element (or scroll view) the last command acted on, which decides the scroll view a
  /// bare "scroll right" moves when several could (see ``scrollTarget(_:)``).
  public internal(set) var lastTouched: String?

  /// Starts a session in the scene's start state.
  public init(scene: Scene, vocabulary: VoiceGrammar) {
    self.init(sceneSession: SceneSession(scene: scene), vocabulary: vocabulary)
  }

  /// Starts a session over an existing scene session.
  ///
  /// `lastTouched` carries what an earlier session's last command acted on (``lastTouched``)
  /// into this one, as when a plan goes on from a state another session left: the same user
  /// is still talking to the same screen.
  public init(sceneSession: SceneSession, vocabulary: VoiceGrammar, lastTouched: String? = nil) {
    self.sceneSession = sceneSession
    self.vocabulary = vocabulary
    self.lastTouched = lastTouched
    self.parser = UtteranceParser(grammar: vocabulary)
    self.index = NameIndex(tree: Self.visibleTree(of: sceneSession), normalizer: vocabulary.normalizer)
  }

  /// The normaliser of the vocabulary's language.
  public var normalizer: NameNormalizer { index.normalizer }

  /// Handles one utterance, typed or recognised, and returns what it did.
  ///
  /// Readings are tried in the grammar's order, except that an utterance that is exactly a
  /// target's name is tried first as that name: a visible item named "取消" is tapped rather
  /// than read as "cancel" (seed 000, 6.2). The first reading that resolves wins; when none
  /// does, the first failure is reported. An utterance of more than
  /// ``UtteranceParser/maximumTokens`` words is not understood, without being read.
  public mutating func handle(utterance: String) -> VoiceOutcome {
    var outcome = evaluate(normalizer.tokens(utterance), spoken: utterance)
    // While a field is being edited, what is not a command is dictated into it.
    if outcome.kind == .notUnderstood || outcome.kind == .noSuchName, let dictated = dictate(utterance) {
      outcome = dictated
    }
    outcome.utterance = utterance
    outcome.overlay = overlay
    return outcome
  }

  /// The reading results of one parse: a final outcome, or a miss to report if nothing else
  /// fits.
  enum Attempt {
    case final(VoiceOutcome)
    case miss(VoiceOutcome)
    case skip
  }

  /// Reads the tokens of an utterance and runs the first reading that resolves; `spoken` is
  /// what the user said, echoed when nothing is understood.
  ///
  /// The order is that of all readings (``UtteranceParser/parses(_:)``) rearranged: the bare
  /// `<item>` reading first when the words are exactly a name, then the custom actions the
  /// screen offers, then the rest in the grammar's order. Readings are made one at a time in
  /// that order, so the first that resolves ends the reading: most utterances never read the
  /// `<action> <item>` splits at all.
  mutating func evaluate(_ tokens: [String], spoken: String) -> VoiceOutcome {
    self.spoken = spoken
    guard !tokens.isEmpty else {
      return VoiceOutcome(utterance: "", kind: .notUnderstood, message: "nothing to understand")
    }
    let limit = UtteranceParser.maximumTokens
    guard tokens.count <= limit else {
      return VoiceOutcome(
        utterance: "", kind: .notUnderstood,
        message: "utterance too long (\(tokens.count) words, at most \(limit))")
    }
    // Echo the words as said: the tokens are normalised ("退出" is "退 出").
    func said() -> String { spoken.trimmingCharacters(in: .whitespacesAndNewlines) }
    // A copy, so that reading (of `parser`) and attempting (which mutates `self`) can overlap.
    let parser = self.parser
    // A custom action the screen offers wins over a built-in command of the same words: an
    // element's own "Long press" action is what "long press <item>" means for it.
    var offered: [UtteranceParser.Reading] = []
    if index.hasActionNames {
      parser.forEachReading(tokens, intents: { $0 == .customAction }) { reading in
        let action = reading.range(.action).map { Array(tokens[$0]) }
        if let action, index.isActionName(action) { offered.append(reading) }
        return false
      }
    }
    if case .chooser(let chooser)? = overlay {
      let all = parser.parses(tokens)
      let first = offered.map { parser.parsed($0, tokens) }
      let parses = first + all.filter { parse in !first.contains { $0 == parse } }
      if let outcome = answerChooser(chooser, parses) { return outcome }
    }
    var firstMiss: VoiceOutcome?
    func tryParse(_ parse: ParsedUtterance) -> VoiceOutcome? {
      switch attempt(parse, bareUtterance: isBareItem(parse, tokens) ? said() : nil) {
      case .final(let outcome): return outcome
      case .miss(let outcome): if firstMiss == nil { firstMiss = outcome }
      case .skip: break
      }
      return nil
    }
    // Words that are exactly a name (what `index.match` answers `.exact` for) are that name
    // first: a visible "取消" is tapped rather than read as "cancel".
    let bare = index.isExactName(tokens) ? parser.bareItemParse(tokens) : nil
    if let bare, let outcome = tryParse(bare) { return outcome }
    for reading in offered {
      if let outcome = tryParse(parser.parsed(reading, tokens)) { return outcome }
    }
    // Readings of a custom action the screen does not offer are left out: they are the
    // readings `attempt` skips, having no such action to run.
    var skipBare = bare != nil
    var final: VoiceOutcome?
    parser.forEachReading(tokens, intents: { $0 != .customAction }) { reading in
      let parse = parser.parsed(reading, tokens)
      if skipBare, isBareItem(parse, tokens) {
        skipBare = false
        return false
      }
      final = tryParse(parse)
      return final != nil
    }
    if let final { return final }
    if let firstMiss { return firstMiss }
    return VoiceOutcome(
      utterance: "", kind: .notUnderstood,
      message: "not understood: '\(said())' is no command")
  }

  /// Whether a parse is the bare `<item>` reading of the whole utterance.
  func isBareItem(_ parse: ParsedUtterance, _ tokens: [String]) -> Bool {
    parse.command.intent == .tap && parse.slots.count == 1 && parse.slots[.item] == tokens
  }

  /// Picks from an open chooser; `nil` when the utterance is something else, which closes
  /// the chooser and is then handled normally.
  mutating func answerChooser(_ chooser: Chooser, _ parses: [ParsedUtterance]) -> VoiceOutcome? {
    for parse in parses {
      let intent = parse.command.intent
      if intent == .escape || intent == .goBack {
        overlay = chooser.previous
        return VoiceOutcome(
          utterance: "", kind: .done, intent: intent, message: "closed the chooser")
      }
      let number: Int? =
        intent == .number ? parse.number(.number)
        : intent == .tap ? parse.slots[.item].flatMap { $0.count == 1 ? Int($0[0]) : nil } : nil
      guard let number else { continue }
      guard chooser.candidates.indices.contains(number - 1) else {
        return VoiceOutcome(
          utterance: "", kind: .refused, intent: intent,
          message: "say a number from 1 to \(chooser.candidates.count)",
          choices: choices(of: chooser))
      }
      let id = chooser.candidates[number - 1]
      overlay = chooser.previous
      guard let element = sceneSession.tree.element(id: id) else {
        return VoiceOutcome(
          utterance: "", kind: .refused, intent: chooser.pending.intent, target: id,
          message: "'\(id)' is no longer on the screen")
      }
      let name = index.target(id: id)?.shownName ?? element.displayName
      return perform(
        chooser.pending, on: element, name: name, match: .chooser, point: nil,
        actionName: chooser.pending.actionNames[id])
    }
    overlay = chooser.previous
    return nil
  }

  /// The choices of a chooser, numbered from 1.
  func choices(of chooser: Chooser) -> [VoiceChoice] {
    chooser.candidates.enumerated().map { offset, id in
      VoiceChoice(
        number: offset + 1, id: id,
        name: index.target(id: id)?.shownName ?? sceneSession.tree.element(id: id)?.displayName ?? id)
    }
  }
}

extension VoiceSession {
  /// Shows the names overlay, as "show names" does.
  public mutating func showNames(continuously: Bool = false) {
    overlay = .names(isContinuous: continuously)
  }

  /// Shows the numbers overlay, as "show numbers" does.
  public mutating func showNumbers(continuously: Bool = false) {
    overlay = .numbers(isContinuous: continuously)
  }

  /// Shows the grid, as "show grid with N columns and M rows" does; sizes are clamped to
  /// 1...``GridOverlay/maximumSize``.
  public mutating func showGrid(
    columns: Int = GridOverlay.defaultSize, rows: Int = GridOverlay.defaultSize,
    continuously: Bool = false
  ) {
    let range = 1...GridOverlay.maximumSize
    overlay = .grid(
      GridOverlay(
        columns: min(max(columns, range.lowerBound), range.upperBound),
        rows: min(max(rows, range.lowerBound), range.upperBound), isContinuous: continuously,
        screen: sceneSession.scene.screenFrame))
  }

  /// Hides whatever overlay is shown.
  public mutating func hideOverlay() {
    overlay = nil
  }
}
