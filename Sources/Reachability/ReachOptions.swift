import AXModel
import SwitchControl
import VoiceControl

/// What a reachability report measures with: the voice vocabulary, the switch settings in force,
/// the thresholds of the cost and size rules, and the bounds of its searches.
public struct ReachOptions: Sendable {
  /// The Voice Control command vocabulary.
  public var vocabulary: VoiceGrammar
  /// The Switch Control settings in force; item mode is reported in every scanning style.
  public var switchSettings: SwitchSettings
  /// More switch presses than this to reach and perform an action is a finding.
  public var maximumPresses: Int = 20
  /// More virtual seconds than this (auto scanning) is a finding.
  public var maximumSeconds: Double = 30
  /// More utterances than this is a finding.
  public var maximumUtterances: Int = 3
  /// The smallest width and height of a target, in points (Apple's 44 x 44).
  public var minimumTargetSize: Double = 44
  /// More input labels than this is a note.
  public var maximumInputLabels: Int = 3
  /// The planner for tasks and for reaching named screens.
  public var planner = TaskPlanner(maximumDepth: 12, maximumStates: 5_000)
  /// Replay every planned path on the sessions when a screen has at most this many targets.
  public var verificationLimit = 400

  /// Creates options with the given vocabulary and switch settings and default thresholds.
  public init(vocabulary: VoiceGrammar, switchSettings: SwitchSettings = SwitchSettings()) {
    self.vocabulary = vocabulary
    self.switchSettings = switchSettings
  }
}
