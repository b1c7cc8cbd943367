import AXModel

/// How much a finding matters; the order is the order of `--fail-on`.
public enum Severity: String, CaseIterable, Comparable, Hashable, Sendable {
  /// Worth knowing; nothing is blocked.
  case note
  /// A user is slowed down or confused.
  case warning
  /// A user can't do something.
  case error

  var rank: Int {
    switch self {
    case .note: return 0
    case .warning: return 1
    case .error: return 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A reachability rule: a stable id, its severity, the equivalent audit checks and a fix hint.
public enum ReachRule: String, CaseIterable, Hashable, Sendable {
  case noName = "no-name"
  case unspeakableName = "unspeakable-name"
  case duplicateName = "duplicate-name"
  case nameRepeatsRole = "name-repeats-role"
  case labelNotVisibleText = "label-not-visible-text"
  case tooManyInputLabels = "too-many-input-labels"
  case smallTarget = "small-target"
  case duplicateBounds = "duplicate-bounds"
  case zeroSize = "zero-size"
  case offScreen = "off-screen"
  case covered = "covered"
  case gestureOnly = "gesture-only"
  case adjustableWithoutActions = "adjustable-without-actions"
  case hiddenInteractive = "hidden-interactive"
  case containerIsElement = "container-is-element"
  case modalWithoutEscape = "modal-without-escape"
  case focusNotReturned = "focus-not-returned"
  case unreachableBehindModal = "unreachable-behind-modal"
  case costOverThreshold = "cost-over-threshold"

  /// The severity findings of this rule have.
  public var severity: Severity {
    switch self {
    case .noName, .unspeakableName, .labelNotVisibleText, .zeroSize, .covered, .gestureOnly,
      .adjustableWithoutActions, .hiddenInteractive, .modalWithoutEscape:
      return .error
    case .duplicateName, .nameRepeatsRole, .smallTarget, .duplicateBounds, .offScreen,
      .focusNotReturned, .costOverThreshold, .containerIsElement, .unreachableBehindModal:
      return .warning
    case .tooManyInputLabels: return .note
    }
  }

  /// One line on what the rule checks.
  public var summary: String {
    switch self {
    case .noName: return "A target has no name: Voice Control reaches it only by number, VoiceOver reads nothing useful."
    case .unspeakableName: return "A target's name is only symbols or emoji, or has words the recognizer can't say."
    case .duplicateName: return "Several targets share a name, so Voice Control asks which one."
    case .nameRepeatsRole: return "A label repeats the role its traits already speak (\"Play Button\")."
    case .labelNotVisibleText: return "The label does not contain the visible text, so saying what is shown fails (WCAG 2.5.3)."
    case .tooManyInputLabels: return "More input labels than a user can remember."
    case .smallTarget: return "A target smaller than 44 x 44 points."
    case .duplicateBounds: return "Two targets have the same frame."
    case .zeroSize: return "A target whose frame has no area: nothing can touch or highlight it."
    case .offScreen: return "A target outside the screen: scanned and numbered only once scrolled into view."
    case .covered: return "Another target is in front of this one at its activation point."
    case .gestureOnly: return "An interaction only a gesture performs, with no custom action as an alternative."
    case .adjustableWithoutActions: return "An adjustable element that handles neither increment nor decrement."
    case .hiddenInteractive: return "A view that responds to touches but is hidden from the accessibility tree."
    case .containerIsElement: return "A view is both an accessibility element and a container."
    case .modalWithoutEscape: return "A modal view or presented screen that the escape action does not dismiss."
    case .focusNotReturned: return "After dismissal, focus does not return to the element that presented the view."
    case .unreachableBehindModal: return "A visible target that a modal view hides from every assistive technology."
    case .costOverThreshold: return "Reaching a target costs more than the thresholds in force."
    }
  }

  /// How to fix a finding of this rule.
  public var hint: String {
    switch self {
    case .noName: return "Set accessibilityLabel (and accessibilityUserInputLabels for Voice Control)."
    case .unspeakableName: return "Give it a label of words, or accessibilityUserInputLabels a user can say."
    case .duplicateName: return "Make each label unique, e.g. name the row it acts on (\"Edit note 2\")."
    case .nameRepeatsRole: return "Drop the role word from the label; the trait already says it."
    case .labelNotVisibleText: return "Start the label with the visible text, or add it to accessibilityUserInputLabels."
    case .tooManyInputLabels: return "Keep the few names users actually say, most likely first."
    case .smallTarget: return "Make the touch area at least 44 x 44 points."
    case .duplicateBounds: return "Merge the two into one element, or give each its own frame."
    case .zeroSize: return "Give it a frame, or hide it from accessibility while it has none."
    case .offScreen: return "Check that it scrolls into view, or hide it while off screen."
    case .covered: return "Move the covering view, or make it not respond to touches."
    case .gestureOnly: return "Add an accessibilityCustomAction that does what the gesture does."
    case .adjustableWithoutActions: return "Implement accessibilityIncrement() and accessibilityDecrement()."
    case .hiddenInteractive: return "Make it an accessibility element, or expose its action on an element."
    case .containerIsElement: return "Make the view either an element or a container, not both."
    case .modalWithoutEscape: return "Implement accessibilityPerformEscape() to dismiss it."
    case .focusNotReturned: return "Post screenChanged (or layoutChanged) with the presenting element on dismissal."
    case .unreachableBehindModal: return "Let the modal cover what it hides, or don't mark it accessibilityViewIsModal."
    case .costOverThreshold: return "Group related targets (shouldGroupAccessibilityChildren) or move it earlier."
    }
  }

  /// The Xcode `performAccessibilityAudit` audit type meaning the same, if any.
  public var xcodeAuditType: String? {
    switch self {
    case .noName, .unspeakableName: return "sufficientElementDescription"
    case .smallTarget: return "hitRegion"
    case .nameRepeatsRole: return "trait"
    case .hiddenInteractive: return "elementDetection"
    case .covered, .duplicateBounds: return "hitRegion"
    default: return nil
    }
  }

  /// The Accessibility Test Framework check meaning the same, if any.
  public var atfCheck: String? {
    switch self {
    case .noName, .unspeakableName: return "SpeakableTextPresentCheck"
    case .duplicateName: return "DuplicateSpeakableTextCheck"
    case .nameRepeatsRole: return "RedundantDescriptionCheck"
    case .smallTarget: return "TouchTargetSizeCheck"
    case .duplicateBounds: return "DuplicateClickableBoundsCheck"
    default: return nil
    }
  }
}

/// One finding: a rule broken by a target (or a screen), with a message and a fix.
public struct Finding: Hashable, Sendable {
  /// The rule.
  public var rule: ReachRule
  /// The severity (the rule's).
  public var severity: Severity { rule.severity }
  /// The scene's name.
  public var scene = ""
  /// The screen it was found on.
  public var screen: String
  /// The target's id, or the screen's modal view for screen-level findings.
  public var target: String
  /// What is wrong, one sentence.
  public var message: String
  /// Which of several findings of one rule on one target this is (`switch`, `voice`), or empty.
  public var aspect = ""
  /// Where the view is written in the scene file.
  public var location: FileLocation?

  /// Creates a finding.
  public init(
    rule: ReachRule, screen: String, target: String, message: String, location: FileLocation?
  ) {
    self.rule = rule
    self.screen = screen
    self.target = target
    self.message = message
    self.location = location
  }

  /// The key a baseline compares: rule, scene (its file's path, else its name), screen, target
  /// and aspect, not the wording; `|` and `\` in the parts are escaped so no two keys collide.
  public var fingerprint: String {
    [rule.rawValue, scene, screen, target, aspect].map { part in
      // Most parts have neither character, and Foundation's search costs more than the rest of
      // a finding; no other character is canonically equivalent to either, so a part without
      // them comes out of the replacements as it went in.
      guard part.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "|") }) else {
        return part
      }
      return part.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
    }.joined(separator: "|")
  }
}
