/// A JSGF grammar for the recognizer, compiled for one scene state.
///
/// `text` is a complete JSGF document whose first public rule, `<command>`, covers every
/// command of the vocabulary with the current names, numbers and actions filled in. `words`
/// lists every word it uses, once, in order of first use, so the recognizer can check its
/// pronunciation dictionary (and add the missing ones) before loading the grammar.
public struct JSGFGrammar: Hashable, Sendable {
  /// The JSGF document.
  public var text: String
  /// Every word of the rule bodies, in order of first use.
  public var words: [String]
  /// Names left out because nothing speakable remained (emoji or symbols only), by element id.
  public var unspeakable: [String]

  /// Creates a grammar.
  public init(text: String, words: [String], unspeakable: [String]) {
    self.text = text
    self.words = words
    self.unspeakable = unspeakable
  }
}

extension JSGFGrammar {
  /// The characters JSGF gives a meaning to. A word containing one is rejected: labels are
  /// untrusted input, and PocketSphinx's parser does not support quoted tokens.
  public static let specialCharacters: Set<Character> = [
    ";", "=", "|", "*", "+", "<", ">", "(", ")", "[", "]", "{", "}", "/", "\"", "\\", "#", "!",
  ]

  /// Whether a word can appear in a rule body as is: letters, digits and combining marks
  /// only, no JSGF special character, no whitespace.
  public static func isSafeWord(_ word: String) -> Bool {
    guard !word.isEmpty else { return false }
    for character in word {
      if specialCharacters.contains(character) { return false }
      for scalar in character.unicodeScalars {
        let properties = scalar.properties
        let isMark =
          properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
        guard properties.isAlphabetic || properties.numericType == .decimal || isMark else {
          return false
        }
      }
    }
    return true
  }
}
