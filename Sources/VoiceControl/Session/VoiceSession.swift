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

  /// Starts a session in the scene's start state.
  public init(scene: Scene, vocabulary: VoiceGrammar) {
    self.init(sceneSession: SceneSession(scene: scene), vocabulary: vocabulary)
  }

  /// Starts a session over an existing scene session.
  public init(sceneSession: SceneSession, vocabulary: VoiceGrammar) {
    self.sceneSession = sceneSession
    self.vocabulary = vocabulary
    self.parser = UtteranceParser(grammar: vocabulary)
    self.index = NameIndex(tree: sceneSession.tree, normalizer: vocabulary.normalizer)
  }

  /// The normaliser of the vocabulary's language.
  public var normalizer: NameNormalizer { index.normalizer }

  /// The screen as a rectangle.
  var screenFrame: Rect {
    Rect(x: 0, y: 0, width: sceneSession.scene.screen.width, height: sceneSession.scene.screen.height)
  }

  /// Handles one utterance, typed or recognised, and returns what it did.
  ///
  /// Readings are tried in the grammar's order, except that an utterance that is exactly a
  /// target's name is tried first as that name: a visible item named "取消" is tapped rather
  /// than read as "cancel" (seed 000, 6.2). The first reading that resolves wins; when none
  /// does, the first failure is reported. An utterance of more than
  /// ``UtteranceParser/maximumTokens`` words is not understood, without being read.
  public mutating func handle(utterance: String) -> VoiceOutcome {
    var outcome = evaluate(normalizer.tokens(utterance), spoken: utterance)
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
  mutating func evaluate(_ tokens: [String], spoken: String) -> VoiceOutcome {
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
    let said = spoken.trimmingCharacters(in: .whitespacesAndNewlines)
    var parses = parser.parses(tokens)
    // A custom action the screen offers wins over a built-in command of the same words: an
    // element's own "Long press" action is what "long press <item>" means for it.
    let offered = parses.filter { parse in
      parse.command.intent == .customAction && parse.slots[.action].map(index.isActionName) == true
    }
    if !offered.isEmpty {
      parses = offered + parses.filter { parse in !offered.contains { $0 == parse } }
    }
    if case .chooser(let chooser)? = overlay {
      if let outcome = answerChooser(chooser, parses) { return outcome }
    }
    if let bare = parses.firstIndex(where: { isBareItem($0, tokens) }),
      index.match(tokens)?.kind == .exact
    {
      parses.insert(parses.remove(at: bare), at: 0)
    }
    var firstMiss: VoiceOutcome?
    for parse in parses {
      switch attempt(parse, bareUtterance: isBareItem(parse, tokens) ? said : nil) {
      case .final(let outcome): return outcome
      case .miss(let outcome): if firstMiss == nil { firstMiss = outcome }
      case .skip: continue
      }
    }
    if let firstMiss { return firstMiss }
    return VoiceOutcome(
      utterance: "", kind: .notUnderstood,
      message: "not understood: '\(said)' is no command")
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
        screen: screenFrame))
  }

  /// Hides whatever overlay is shown.
  public mutating func hideOverlay() {
    overlay = nil
  }
}
