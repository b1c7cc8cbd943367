import Foundation
import SpeechRecognition
import Testing

@Suite("Decoding spoken commands", .serialized, .tags(.decoder))
struct DecodingTests {
  let recognizer: SpeechRecognizer

  init() throws {
    recognizer = try SpeechFixtures.makeRecognizer()
    try recognizer.loadGrammar(jsgf: SpeechFixtures.commandGrammar)
  }

  @Test(
    "espeak-ng commands are recognized exactly",
    arguments: [
      ("tap add to cart", "en-us", 160), ("show numbers", "en-us", 160), ("tap seven", "en-us", 160),
      ("hide numbers", "en-us+f3", 170), ("tap add to cart", "en-us+m3", 150),
    ])
  func commands(text: String, voice: String, rate: Int) throws {
    let result = try recognizer.recognize(samples: SpeechFixtures.speech(text, voice: voice, rate: rate))
    #expect(result.outcome == .accepted(text), "heard '\(result.hypothesis.text)'")
    let words = result.hypothesis.segments.filter { !$0.isFiller }
    #expect(words.map(\.word) == text.split(separator: " ").map(String.init))
    #expect(zip(words, words.dropFirst()).allSatisfy { $0.end <= $1.start + 0.011 })
  }

  @Test(
    "speech outside the grammar is rejected",
    arguments: ["what time is it", "the weather is nice today", "call my mother tomorrow", "open the window please"])
  func offGrammar(text: String) throws {
    let result = try recognizer.recognize(samples: SpeechFixtures.speech(text))
    #expect(result.isRejected, "accepted '\(result.text ?? "")'")
  }

  @Test("noise alone is rejected")
  func noise() throws {
    let loud = SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(2), level: 2_000, seed: 7)
    let result = try recognizer.recognize(samples: loud)
    #expect(result.isRejected, "accepted '\(result.text ?? "")'")
  }

  @Test("a stream is split into utterances in order, with timings")
  func stream() throws {
    var audio: [Int16] = []
    for text in ["show numbers", "what time is it", "tap seven"] {
      audio += try SpeechFixtures.speech(text) + SpeechFixtures.withNoiseFloor(SpeechFixtures.silence(0.5))
    }
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(
      results.map(\.text) == ["show numbers", nil, "tap seven"],
      "heard \(results.map { "\($0.hypothesis.text) [\($0.start)-\($0.end)]" })")
    #expect(results.map(\.outcome).dropFirst().first == .rejected(.outOfGrammar))
    let starts = results.map(\.start)
    #expect(starts == starts.sorted())
    for result in results {
      #expect(result.end > result.start)
      #expect(result.end <= Double(audio.count) / 16_000 + 0.01)
    }
  }

  @Test("a WAV file source is read, converted and decoded")
  func wavSource() throws {
    let folder = try SpeechFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("tap-seven.wav").path
    try SpeechFixtures.writeWAV(SpeechFixtures.speech("tap seven"), to: path)
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .wavFile(path)))
    #expect(
      results.compactMap(\.text) == ["tap seven"],
      "heard \(results.map { "\($0.hypothesis.text) [\($0.start)-\($0.end)]" })")
    let missing = recognizer.utterances(from: .wavFile(folder.appendingPathComponent("none.wav").path))
    #expect(throws: RecognizerError.self) { try missing.next() }
  }

  @Test("the grammar can be replaced between utterances")
  func reload() throws {
    try recognizer.loadGrammar(jsgf: "#JSGF V1.0; grammar g; public <c> = go back | go home;", name: "nav")
    let result = try recognizer.recognize(samples: SpeechFixtures.speech("go home"))
    #expect(result.text == "go home")
    #expect(recognizer.grammar?.name == "nav")
  }

  @Test("cancelling a stream ends it")
  func cancellation() throws {
    let cancellation = ListeningCancellation()
    cancellation.cancel()
    let stream = recognizer.utterances(
      from: .samples(try SpeechFixtures.speech("tap seven")), cancellation: cancellation)
    #expect(try stream.next() == nil)
  }
}
