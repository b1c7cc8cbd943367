/// Pronounces a word letter by letter, the fallback when espeak-ng gives nothing usable.
///
/// Letters use their English names ("tv" is `T IY V IY`); digits use their number names
/// ("b2" is `B IY T UW`). Other characters are skipped.
enum LetterSpelling {
  /// The CMU phones spelling `word`, or `nil` if it has no letter or digit.
  static func phones(for word: String) -> [String]? {
    var phones: [String] = []
    for character in word.lowercased() {
      if let name = names[character] {
        phones += name.split(separator: " ").map(String.init)
      }
    }
    return phones.isEmpty ? nil : phones
  }

  private static let names: [Character: String] = [
    "a": "EY", "b": "B IY", "c": "S IY", "d": "D IY", "e": "IY", "f": "EH F", "g": "JH IY",
    "h": "EY CH", "i": "AY", "j": "JH EY", "k": "K EY", "l": "EH L", "m": "EH M", "n": "EH N",
    "o": "OW", "p": "P IY", "q": "K Y UW", "r": "AA R", "s": "EH S", "t": "T IY", "u": "Y UW",
    "v": "V IY", "w": "D AH B AH L Y UW", "x": "EH K S", "y": "W AY", "z": "Z IY",
    "0": "Z IH R OW", "1": "W AH N", "2": "T UW", "3": "TH R IY", "4": "F AO R", "5": "F AY V",
    "6": "S IH K S", "7": "S EH V AH N", "8": "EY T", "9": "N AY N",
  ]
}
