import Foundation
import Testing

@testable import SpeechRecognition

/// Real human recordings from Debian's pocketsphinx-testdata, streamed as a microphone would
/// give them: the first utterance of a fresh recognizer, so each calibrates it.
@Suite("Human recordings (pocketsphinx-testdata)", .serialized, .tags(.decoder))
struct HumanRecordingTests {
  static let data = "/usr/share/pocketsphinx/test/data"

  /// The 16-bit little-endian PCM of a headerless .raw file, or a WAV file's samples.
  static func samples(_ file: String) throws -> [Int16] {
    let path = "\(data)/\(file)"
    guard file.hasSuffix(".raw") else { return try WAVFile.samples(atPath: path) }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    return stride(from: 0, to: bytes.count - 1, by: 2).map {
      Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
    }
  }

  static func heard(_ file: String, grammar: String) throws -> [String?] {
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: grammar)
    return try SpeechFixtures.results(of: recognizer.utterances(from: .samples(samples(file))))
      .map(\.text)
  }

  /// Strings of digits, as TIDIGITS speaks them.
  static let digits = """
    #JSGF V1.0;
    grammar digits;
    public <digits> = (zero | oh | one | two | three | four | five | six | seven | eight | nine)+;
    """

  @Test(
    "cards and digit strings are recognized word for word",
    arguments: [
      ("cards/001.wav", "ten of clubs"), ("cards/003.wav", "seven of clubs"),
      ("cards/005.wav", "eight of spades four of clubs seven of hearts"),
      ("tidigits/dhd.2934z.raw", "two nine three four zero"),
    ])
  func recognized(file: String, text: String) throws {
    let grammar = file.hasPrefix("cards")
      ? try String(contentsOfFile: "\(Self.data)/cards/cards.gram", encoding: .utf8) : Self.digits
    #expect(try Self.heard(file, grammar: grammar) == [text])
  }

  @Test("a librivox sentence is rejected against a command grammar")
  func librivox() throws {
    let heard = try Self.heard(
      "librivox/sense_and_sensibility_01_austen_64kb-0880.wav", grammar: SpeechFixtures.commandGrammar)
    #expect(!heard.isEmpty)
    #expect(heard.allSatisfy { $0 == nil })
  }
}
