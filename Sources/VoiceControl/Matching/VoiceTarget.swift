import AXModel

/// A name an element can be called by.
public struct VoiceName: Hashable, Sendable {
  /// Where the name comes from.
  public enum Source: Hashable, Sendable {
    /// `accessibilityUserInputLabels[index]`.
    case inputLabel(Int)
    /// `accessibilityLabel`.
    case label
  }

  /// The name as written in the scene.
  public var text: String
  /// Its normalised tokens; empty when nothing speakable is left.
  public var tokens: [String]
  /// Its tokens without trailing trait words.
  public var strippedTokens: [String]
  /// Where it comes from.
  public var source: Source

  /// Whether the name can be spoken: something other than emoji, symbols and punctuation.
  public var isUsable: Bool { !tokens.isEmpty }
}

/// An element Voice Control can act on: interactive and on screen, with its spoken names and
/// its number in the numbers overlay.
public struct VoiceTarget: Hashable, Sendable {
  /// The element.
  public var element: AXElement
  /// Its number: 1-based, in accessibility order.
  public var number: Int
  /// Its names: the input labels in order, else the label. Unusable names are kept so
  /// reports can say why an element has no name.
  public var names: [VoiceName]

  /// The element's id.
  public var id: String { element.id }

  /// The names that can be spoken.
  public var usableNames: [VoiceName] { names.filter(\.isUsable) }

  /// The name "show names" draws: the first usable one.
  public var shownName: String? { usableNames.first?.text }

  /// Whether the element can be reached by name at all.
  public var hasUsableName: Bool { !usableNames.isEmpty }

  /// The spoken names of an element, as Apple derives them: the input labels when there are
  /// any, otherwise the accessibility label.
  public static func names(of element: AXElement, normalizer: NameNormalizer) -> [VoiceName] {
    func name(_ text: String, _ source: VoiceName.Source) -> VoiceName {
      let tokens = normalizer.tokens(text)
      return VoiceName(
        text: text, tokens: tokens, strippedTokens: normalizer.strippingTraitWords(tokens),
        source: source)
    }
    if !element.userInputLabels.isEmpty {
      return element.userInputLabels.enumerated().map { name($1, .inputLabel($0)) }
    }
    guard let label = element.label else { return [] }
    return [name(label, .label)]
  }

  /// Whether Voice Control offers the element: it responds to user interaction (declared, or
  /// inferred from traits, actions and gestures), is on the screen and has a frame of some size.
  ///
  /// An element with an empty frame gets no name or number: iOS draws no badge for it, so
  /// nothing on the screen shows what to say.
  public static func isTarget(_ element: AXElement) -> Bool {
    element.respondsToUserInteraction && element.isOnScreen && !element.frame.isEmpty
  }
}
