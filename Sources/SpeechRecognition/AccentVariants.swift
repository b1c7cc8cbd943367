/// Pronunciations of a word in other accents of English, derived from its dictionary entry.
///
/// The en-us model's dictionary gives one General American pronunciation for most words, and a
/// speaker whose vowels are not its vowels loses to the phone loop: "hide" said with the West
/// Midlands' price vowel sounds like "hoyd", "show" in the north of England has no glide, and
/// "three" in the Caribbean starts with a t. Each ``Accent`` is a bundle of the systematic
/// differences the accent descriptions list for that region (J. C. Wells, *Accents of English*,
/// 1982, by lexical set), written in the model's phone set, and ``variants(of:)`` applies each
/// bundle to a pronunciation. The second opinion on what the phone loop won then hears any of
/// them as the same word (see ``Scope``).
///
/// The differences are whole phone classes, as an accent changes a lexical set in every word: a
/// bundle is applied to every phone of the word at once, so "hide" in the West Midlands is both
/// h-dropped and given the choice vowel ("oy d"). Stress is not in the dictionary, so a vowel
/// rule changes weak syllables too.
public struct AccentVariants: Sendable, Hashable {
  /// One accent's systematic differences from the dictionary's General American.
  public struct Accent: Sendable, Hashable {
    /// The accent's name, as in reports.
    public var name: String
    /// Phones replaced by others, each in every position.
    public var replacements: [String: String]
    /// Whether an r after a vowel is silent unless a vowel follows (the r-less accents).
    public var dropsPostvocalicR = false
    /// Whether a word's first h is silent.
    public var dropsInitialH = false

    /// Creates an accent from its differences, in the model's phones.
    public init(
      name: String, replacements: [String: String], dropsPostvocalicR: Bool = false,
      dropsInitialH: Bool = false
    ) {
      self.name = name
      self.replacements = replacements
      self.dropsPostvocalicR = dropsPostvocalicR
      self.dropsInitialH = dropsInitialH
    }
  }

  /// Which decodes hear the variants.
  public enum Scope: Sendable, Hashable {
    /// Every decode of the grammar.
    case everyDecode
    /// Only the second opinion on what the phone loop won; the first decode hears the
    /// dictionary's pronunciations alone.
    case secondOpinion
  }

  /// The accents whose variants are added.
  public var accents: [Accent]
  /// Which decodes hear the variants.
  public var scope: Scope

  /// Creates variants for the given accents.
  public init(accents: [Accent], scope: Scope = .secondOpinion) {
    self.accents = accents
    self.scope = scope
  }

  /// No variants: only the dictionary's pronunciations.
  public static let none = AccentVariants(accents: [])

  /// The accents of England, Scotland, Ireland, the Caribbean, New York and India.
  public static let english = AccentVariants(accents: [
    // Lancashire, Yorkshire, Manchester: no foot-strut split, monophthongal face and goat.
    Accent(
      name: "northern England", replacements: ["AH": "UH", "EY": "EH", "OW": "AO"],
      dropsPostvocalicR: true, dropsInitialH: true),
    // Birmingham and the Black Country: the diphthong shift of price, face and goat.
    Accent(
      name: "West Midlands", replacements: ["AY": "OY", "EY": "AY", "OW": "AW", "AH": "UH"],
      dropsPostvocalicR: true, dropsInitialH: true),
    // London and the south-east (and Australia's similar shift): th-fronting too.
    Accent(
      name: "south-east England",
      replacements: ["AY": "OY", "EY": "AY", "OW": "AW", "TH": "F", "DH": "V"],
      dropsPostvocalicR: true, dropsInitialH: true),
    // Scotland: monophthongal face and goat, one vowel for foot and goose, an open a; rhotic.
    Accent(name: "Scotland", replacements: ["EY": "EH", "OW": "AO", "UW": "UH", "AE": "AA"]),
    // Ireland: th-stopping, monophthongal face and goat; rhotic.
    Accent(name: "Ireland", replacements: ["TH": "T", "DH": "D", "EY": "EH", "OW": "AO"]),
    // Jamaica and Trinidad: th-stopping, monophthongal face and goat, a rounded strut.
    Accent(
      name: "Caribbean", replacements: ["TH": "T", "DH": "D", "EY": "EH", "OW": "AO", "AH": "AO"],
      dropsPostvocalicR: true),
    // New York City: a raised trap and thought, th-stopping in "the"; r-less.
    Accent(
      name: "New York", replacements: ["AE": "EH", "AO": "OW", "DH": "D"], dropsPostvocalicR: true),
    // India: one labial for v and w, th-stopping, monophthongal face and goat.
    Accent(name: "India", replacements: ["W": "V", "TH": "T", "DH": "D", "EY": "EH", "OW": "AO"]),
  ])

  /// What separates a word from the number of its variant in the variant's dictionary spelling.
  ///
  /// The variants are words of their own ("hide__2"), not alternate pronunciations
  /// ("hide(2)"): a decode hears a word's alternates in every search, and the variants are for
  /// the second opinion only. The marker is reserved: no grammar word may contain it.
  static let marker = RejectionSettings.reservedPrefix

  /// The dictionary spelling of a word's variant: "hide__2" for its second.
  static func spelling(of word: String, variant: Int) -> String {
    "\(word)\(marker)\(variant)"
  }

  /// The vowels of the model's phone set.
  static let vowels: Set<String> = [
    "AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW",
  ]

  /// The pronunciations the accents give `phones`, each once, without `phones` itself, in the
  /// order of ``accents``.
  public func variants(of phones: [String]) -> [[String]] {
    var seen: Set<[String]> = [phones]
    var found: [[String]] = []
    for accent in accents {
      let variant = accent.apply(to: phones)
      if !variant.isEmpty, seen.insert(variant).inserted {
        found.append(variant)
      }
    }
    return found
  }
}

extension AccentVariants.Accent {
  /// `phones` as this accent says them.
  func apply(to phones: [String]) -> [String] {
    var result: [String] = []
    for (index, phone) in phones.enumerated() {
      if dropsInitialH, index == 0, phone == "HH", phones.count > 1 { continue }
      let followedByVowel = index + 1 < phones.count && AccentVariants.vowels.contains(phones[index + 1])
      if dropsPostvocalicR, !followedByVowel {
        if phone == "ER" {
          result.append("AH")
          continue
        }
        if phone == "R", index > 0, AccentVariants.vowels.contains(phones[index - 1]) { continue }
      }
      result.append(replacements[phone] ?? phone)
    }
    return result
  }
}
