/// The words of a grammar that sound alike to the recognizer: pronunciations that differ in one
/// phone, where the two phones are ones the acoustic model hardly tells apart.
///
/// A sentence heard with such a word could as well have been the sentence with its partner,
/// and the acoustic scores don't say which. On the photo grid, with the numbers overlay up,
/// "tap free" (a storage row named "Free") was performed as "tap three" in 46 of 96 sessions of
/// the development voices, and "tap three" as "tap free" in 15 of 48 of the second fresh split,
/// tuned voices among them. A prior on the numbers did not help: a thousand to one still left 7
/// of those 15, and made the names said over the numbers more often wrong (39 and 53 wrong
/// dispatches of 768 became 54 and 70; docs/benchmarks.md, Sound-alike words). A voice session
/// handed the partner sentences (``RecognitionResult/soundAlikes``) does not guess: it asks the
/// speaker to choose when both would touch an element, refuses the utterance when a partner
/// would do something else, and acts on it when the partner would do nothing ("tap free" with
/// the numbers hidden is a tap).
///
///     let words = SoundAlikeWords(words: ["free", "three", "photos"]) { pronunciations[$0] ?? [] }
///     words.sentences(soundingLike: "tap free")  // ["tap three"]
public struct SoundAlikeWords: Sendable, Equatable {
  /// The phones that stand for one another: the non-sibilant fricatives of each voicing,
  /// which listeners confuse most of all consonants even in quiet (Miller and Nicely, 1955),
  /// and the nasals. "free" and "three" differ by the first pair.
  public static let confusablePhones: [Set<String>] = [["F", "TH"], ["V", "DH"], ["M", "N"]]

  /// Each word's partners, sorted; words without any are left out.
  public private(set) var partners: [String: [String]] = [:]

  /// Finds the sound-alike pairs among `words`, each word pronounced every way
  /// `pronunciations` gives (CMU phones); a word without a pronunciation has no partner.
  public init(words: [String], pronunciations: (String) -> [[String]]) {
    // A pair differs in one phone, so only pronunciations of the same length can pair: only
    // those are compared.
    var byLength: [Int: [(word: String, phones: [String])]] = [:]
    for word in Set(words).sorted() {
      for phones in pronunciations(word) where !phones.isEmpty {
        byLength[phones.count, default: []].append((word, phones))
      }
    }
    var found: [String: Set<String>] = [:]
    for bucket in byLength.values {
      for (first, one) in bucket.enumerated() {
        for other in bucket[(first + 1)...] where other.word != one.word {
          guard Self.soundAlike(one.phones, other.phones) else { continue }
          found[one.word, default: []].insert(other.word)
          found[other.word, default: []].insert(one.word)
        }
      }
    }
    partners = found.mapValues { $0.sorted() }
  }

  /// Whether two pronunciations of the same length differ in exactly one phone, and that
  /// phone's pair is one of ``confusablePhones``.
  static func soundAlike(_ one: [String], _ other: [String]) -> Bool {
    guard one.count == other.count else { return false }
    var difference: (String, String)?
    for (a, b) in zip(one, other) where a != b {
      guard difference == nil else { return false }
      difference = (a, b)
    }
    guard let (a, b) = difference else { return false }
    return confusablePhones.contains { $0.contains(a) && $0.contains(b) }
  }

  /// The sentences that differ from `text` (words separated by spaces) in one word, that word
  /// replaced by one of its partners, in the order of the words and their partners.
  public func sentences(soundingLike text: String) -> [String] {
    let words = text.split(separator: " ").map(String.init)
    var result: [String] = []
    for (index, word) in words.enumerated() {
      for partner in partners[word] ?? [] {
        var swapped = words
        swapped[index] = partner
        result.append(swapped.joined(separator: " "))
      }
    }
    return result
  }
}
