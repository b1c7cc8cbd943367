import Testing

@testable import SpeechRecognition

@Suite("espeak-ng phonemes and letter spelling")
struct PronunciationTests {
  @Test(
    "espeak-ng mnemonics map to CMU phones",
    arguments: [
      ("d_'E_k_r_I_m_@_n_t", "D EH K R IH M AH N T"),
      ("tS_'E_k_b_0_k_s", "CH EH K B AA K S"),
      ("h_'3:_r_i", "HH ER IY"),
      ("b_'V_?_n-", "B AH T AH N"),
      ("'e@ pl'eI", nil),  // unseparated mnemonics are not guessed
      ("'e@_ p_l_'eI", "EH R P L EY"),
      ("f_'A@_r_I_d", "F AA R IH D"),  // "farid": the r after an r-coloured vowel is the vowel's R
    ])
  func mapping(espeak: String, expected: String?) {
    let phones = EspeakTranscriber.cmuPhones(fromEspeak: espeak)
    #expect(phones?.joined(separator: " ") == expected)
  }

  @Test(
    "only words of the Latin script, or with one Greek letter, are given to espeak-ng",
    arguments: [
      ("decrement", true), ("café", true), ("naïve", true), ("Ærø", true), ("İstanbul", true),
      ("Straße", true), ("ﬁle", true), ("Ｗｉｆｉ", true), ("7", true), ("—", true), ("e\u{301}", true),
      ("关闭", false), ("東京", false), ("ليلى", false), ("Привет", false), ("שלום", false),
      ("नमस्ते", false), ("한국", false), ("ｶﾀｶﾅ", false), ("wi关", false), ("Ⅻ", false),
      ("π", true), ("Δ", true), ("Δx", true), ("Ωmega", true), ("Αθήνα", false), ("αβ", false),
    ])
  func speakableScript(word: String, isSpeakable: Bool) {
    #expect(EspeakTranscriber.isInSpeakableScript(word) == isSpeakable)
  }

  @Test("every mapped phone is in the en-us phone set")
  func mappedPhonesExist() {
    let phoneSet = Set(RejectionSettings.garbageWords.map(\.phone))
    for (mnemonic, phones) in EspeakTranscriber.espeakToCMU {
      for phone in phones.split(separator: " ") {
        #expect(phoneSet.contains(String(phone)), "'\(mnemonic)' maps to unknown phone '\(phone)'")
      }
    }
  }

  @Test("espeak-ng pronounces words missing from the dictionary")
  func espeak() throws {
    let transcriber = EspeakTranscriber()
    try #require(transcriber.isAvailable, "espeak-ng is not installed")
    #expect(try transcriber.phones(for: "decrement") == ["D", "EH", "K", "R", "IH", "M", "AH", "N", "T"])
    #expect(try transcriber.phones(for: "7") == ["S", "EH", "V", "AH", "N"])
    #expect(try transcriber.phones(for: "—") == nil)
  }

  @Test("a missing espeak-ng is a clear error")
  func missingEspeak() {
    let transcriber = EspeakTranscriber(executable: "/nonexistent/espeak-ng")
    let error = #expect(throws: RecognizerError.self) { try transcriber.phones(for: "word") }
    #expect(error?.code == .transcriberUnavailable)
    #expect(error?.description.contains("/nonexistent/espeak-ng") == true)
  }

  @Test("spelling uses letter and digit names")
  func spelling() {
    #expect(LetterSpelling.phones(for: "TV")?.joined(separator: " ") == "T IY V IY")
    #expect(LetterSpelling.phones(for: "b2")?.joined(separator: " ") == "B IY T UW")
    #expect(LetterSpelling.phones(for: "—★") == nil)
  }
}
