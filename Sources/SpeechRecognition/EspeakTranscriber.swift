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
        // espeak-ng writes r-coloured vowels as "3 r-" or "3: r"; CMU has a single ER.
        if phone == "R", phones.last == "ER" {
          continue
        }
        phones.append(String(phone))
      }
    }
    return phones.isEmpty ? nil : phones
  }

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
