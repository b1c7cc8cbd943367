import Foundation

/// Derives pronunciations in the CMU (en-us model) phone set from espeak-ng's phonemes.
///
/// espeak-ng is run as `espeak-ng -q -x --sep=_ -v en-us WORD`, which prints its ASCII phoneme
/// mnemonics (`d_'E_k_r_I_m_@_n_t` for "decrement"); each mnemonic is mapped to CMU phones
/// (`D EH K R IH M AH N T`). Results are cached, so a word costs one process launch (about
/// 10 ms) for the life of the transcriber.
final class EspeakTranscriber {
  /// The executable, a path or a name looked up in `PATH`.
  let executable: String
  /// The espeak-ng voice whose letter-to-sound rules are used.
  let voice: String
  private var cache: [String: [String]?] = [:]

  init(executable: String = "espeak-ng", voice: String = "en-us") {
    self.executable = executable
    self.voice = voice
  }

  /// Whether the espeak-ng executable can be found.
  var isAvailable: Bool { resolvedExecutable != nil }

  private lazy var resolvedExecutable: String? = {
    if executable.contains("/") {
      return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(executable)"
      if FileManager.default.isExecutableFile(atPath: candidate) {
        return candidate
      }
    }
    return nil
  }()

  /// The CMU phones of `word`, or `nil` when espeak-ng gives phonemes that don't map.
  ///
  /// - Throws: ``RecognizerError/Code/transcriberUnavailable`` when espeak-ng can't be run.
  func phones(for word: String) throws(RecognizerError) -> [String]? {
    if let cached = cache[word] {
      return cached
    }
    let mnemonics = try espeakPhonemes(for: word)
    let phones = EspeakTranscriber.cmuPhones(fromEspeak: mnemonics)
    cache[word] = phones
    return phones
  }

  /// Runs espeak-ng and returns its phoneme output, one line per clause joined by spaces.
  private func espeakPhonemes(for word: String) throws(RecognizerError) -> String {
    guard let path = resolvedExecutable else {
      throw RecognizerError(
        .transcriberUnavailable,
        "'\(executable)' was not found in PATH; install it with 'apt-get install espeak-ng'")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    // "--" keeps a word that starts with "-" from being read as an option.
    process.arguments = ["-q", "-x", "--sep=_", "-v", voice, "--", word]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw RecognizerError(
        .transcriberUnavailable, "'\(path)' for word '\(word)'", function: "posix_spawn",
        log: "\(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw RecognizerError(
        .transcriberUnavailable,
        "'\(path)' exited with status \(process.terminationStatus) for word '\(word)'")
    }
    let text = String(decoding: data, as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// Maps espeak-ng's en-us phoneme mnemonics, separated by `_` and spaces, to CMU phones.
  ///
  /// Stress and syllable marks are dropped. Returns `nil` if any mnemonic is unknown or nothing
  /// is left, so that the caller can fall back to spelling.
  static func cmuPhones(fromEspeak text: String) -> [String]? {
    var phones: [String] = []
    let tokens = text.split(whereSeparator: { $0 == "_" || $0 == " " })
    for rawToken in tokens {
      let token = rawToken.filter { !"',%=;|!".contains($0) }
      if token.isEmpty || token.allSatisfy({ $0 == ":" }) {
        continue  // a stress mark, a pause or a clause separator
      }
      guard let mapped = espeakToCMU[String(token)] else {
        return nil
      }
      for phone in mapped.split(separator: " ") {
        // espeak-ng writes r-coloured vowels as "3 r-" or "A@ r" before a vowel; CMU has a
        // single ER or R.
        if phone == "R", phones.last == "ER" || phones.last == "R" {
          continue
        }
        phones.append(String(phone))
      }
    }
    return phones.isEmpty ? nil : phones
  }

  /// Whether espeak-ng's en-us voice reads `word` as a word: every letter is of the Latin
  /// script, accented or not, but for at most one Greek letter.
  ///
  /// Digits, marks and symbols don't count. espeak-ng's en-us voice reads a word of another
  /// script by its letters' Unicode names ("chinese letter" for every CJK character, "hebrew
  /// letter shin", "letter ff seven six" for half-width katakana) or switches language, so
  /// its phonemes say nothing of how the word sounds. A Greek letter alone is read by the name
  /// a speaker would say ("π" as "pie", "Δ" as "delta"); a Greek word only letter by letter.
  static func isInSpeakableScript(_ word: String) -> Bool {
    var greekLetters = 0
    return word.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .letterNumber:
        if (0x370...0x3FF).contains(scalar.value) {
          greekLetters += 1
          return greekLetters == 1
        }
        return latinLetters.contains { $0.contains(scalar.value) }
      default:
        return true
      }
    }
  }

  /// The Unicode blocks of Latin letters: ASCII, Latin-1, Extended-A and -B, IPA and spacing
  /// modifiers, phonetic extensions, Extended Additional, -C, -D, -E, ligatures, full-width.
  private static let latinLetters: [ClosedRange<UInt32>] = [
    0x41...0x5A, 0x61...0x7A, 0xAA...0xAA, 0xB5...0xB5, 0xBA...0xBA, 0xC0...0x2FF,
    0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F,
    0xFB00...0xFB06, 0xFF21...0xFF3A, 0xFF41...0xFF5A,
  ]

  /// espeak-ng en-us mnemonics and their CMU/ARPAbet equivalents.
  static let espeakToCMU: [String: String] = [
    // Vowels and diphthongs.
    "@": "AH", "@2": "AH", "@5": "AH", "@-": "AH", "a#": "AH", "V": "AH",
    "a": "AE", "aa": "AE", "a2": "AE",
    "A:": "AA", "A": "AA", "0": "AA", "0#": "AA",
    "O:": "AO", "O": "AO", "O2": "AO",
    "E": "EH", "E2": "EH", "e": "EY", "eI": "EY",
    "I": "IH", "I2": "IH", "I#": "IH", "i": "IY", "i:": "IY",
    "U": "UH", "u:": "UW", "u": "UW",
    "oU": "OW", "o": "OW", "OI": "OY", "aI": "AY", "aU": "AW",
    "3": "ER", "3:": "ER",
    // R-coloured vowels and syllabic consonants.
    "A@": "AA R", "O@": "AO R", "o@": "AO R", "e@": "EH R", "i@": "IH R", "i@3": "IH R",
    "U@": "UH R", "aI@": "AY ER", "aI3": "AY ER", "aU@": "AW ER", "IR": "IH R", "VR": "AH R",
    "@L": "AH L", "l-": "AH L", "n-": "AH N", "m-": "AH M", "r-": "R",
    // Consonants.
    "p": "P", "b": "B", "t": "T", "t#": "T", "t2": "T", "?": "T", "d": "D", "k": "K", "g": "G",
    "x": "K", "f": "F", "v": "V", "T": "TH", "D": "DH", "s": "S", "z": "Z", "S": "SH", "Z": "ZH",
    "tS": "CH", "dZ": "JH", "h": "HH", "m": "M", "n": "N", "N": "NG", "l": "L", "r": "R",
    "w": "W", "hw": "W", "j": "Y",
  ]
}
