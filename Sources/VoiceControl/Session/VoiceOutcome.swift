import AXModel

/// How an utterance found its target.
public enum TargetMatch: String, Hashable, Sendable {
  /// The words equal one of the element's names.
  case exact
  /// They equal a name once trailing trait words are dropped.
  case withoutTraitWords
  /// They are a contiguous run of words inside a name.
  case contained
  /// A number of the numbers overlay.
  case number
  /// A cell of the grid, hit-tested at its centre.
  case gridCell
  /// A number picked from the chooser.
  case chooser
  /// The only element offering the custom action said.
  case action

  init(_ kind: NameMatchKind) {
    switch kind {
    case .exact: self = .exact
    case .withoutTraitWords: self = .withoutTraitWords
    case .contained: self = .contained
    }
  }
}

/// One numbered choice of the chooser.
public struct VoiceChoice: Hashable, Sendable {
  /// The number to say.
  public var number: Int
  /// The element's id.
  public var id: String
  /// The name it matched by.
  public var name: String
}

/// What one utterance did: exactly one outcome, with the command matched, the target, the
/// action dispatched and what it changed.
public struct VoiceOutcome: Hashable, Sendable {
  /// The kind of outcome.
  public enum Kind: String, Hashable, Sendable {
    /// The command ran.
    case done
    /// Several elements have the name; a numbered chooser is shown.
    case ambiguous
    /// The words are no command.
    case notUnderstood
    /// The command named an item that is not on the screen.
    case noSuchName
    /// The command was understood but could not be carried out.
    case refused
    /// The command reached the element, whose handler returned `false`: nothing changed, and
    /// Voice Control shows nothing more than the command it heard.
    case failed
  }

  /// The text as said or typed.
  public var utterance: String
  /// The kind of outcome.
  public var kind: Kind
  /// The command's intent, when one matched.
  public var intent: VoiceIntent?
  /// The element acted on, if any.
  public var target: String?
  /// The name the target was found by (or its shown name).
  public var targetName: String?
  /// How the target was found.
  public var match: TargetMatch?
  /// The point acted at, for grid cells.
  public var point: Point?
  /// The action dispatched to the scene session, if any.
  public var action: SceneAction?
  /// The results of the actions run (several for `increment X by 3`).
  public var results: [ActionResult]
  /// One sentence telling the user what happened.
  public var message: String
  /// The chooser's choices, for an ambiguous outcome.
  public var choices: [VoiceChoice]
  /// Further lines: the actions listed by "show actions for", unnamed items.
  public var details: [String]
  /// The overlay shown after the utterance.
  public var overlay: Overlay?

  /// Creates an outcome.
  public init(
    utterance: String, kind: Kind, intent: VoiceIntent? = nil, target: String? = nil,
    targetName: String? = nil, match: TargetMatch? = nil, point: Point? = nil,
    action: SceneAction? = nil, results: [ActionResult] = [], message: String,
    choices: [VoiceChoice] = [], details: [String] = [], overlay: Overlay? = nil
  ) {
    self.utterance = utterance
    self.kind = kind
    self.intent = intent
    self.target = target
    self.targetName = targetName
    self.match = match
    self.point = point
    self.action = action
    self.results = results
    self.message = message
    self.choices = choices
    self.details = details
    self.overlay = overlay
  }

  /// Whether the utterance did something (done, or a chooser opened).
  public var didSomething: Bool { kind == .done || kind == .ambiguous }

  /// Every change the actions made, in order.
  public var changes: [SceneChange] { results.flatMap(\.changes) }

  /// Every announcement posted, in order.
  public var announcements: [String] { results.flatMap(\.announcements) }

  /// The last focus move, if any.
  public var focus: String? { results.compactMap(\.focus).last }
}
