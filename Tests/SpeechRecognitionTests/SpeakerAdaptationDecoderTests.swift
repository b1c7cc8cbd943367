import Foundation
import Testing

@testable import SpeechRecognition

/// ``SpeechRecognizer/adapt(to:)`` on a decoder: what it changes, when, and how
/// ``SpeechRecognizer/forgetChannel()`` undoes it.
@Suite("Speaker adaptation on the decoder", .serialized, .tags(.decoder))
struct SpeakerAdaptationDecoderTests {
  /// The hypothesis and its acoustic scores, which a change of the model's means changes.
  static func scores(_ recognizer: SpeechRecognizer, _ audio: [Int16]) throws -> String {
    let result = try recognizer.recognize(samples: audio)
    return "\(result.hypothesis.text) \(result.hypothesis.score) \(result.hypothesis.segments.map(\.acousticScore))"
  }

  // Without the dither, whose generator other suites share, the scores are the model's alone.
  static func makeRecognizer(
    _ adjust: (inout RecognizerConfiguration) -> Void = { _ in }
  ) throws -> SpeechRecognizer {
    try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
      $0.dither = false
      adjust(&$0)
    }
  }

  @Test("the identity transform changes no score; one that moves the means does, until the channel is forgotten")
  func transforms() throws {
    let audio = try SpeechFixtures.speech("tap add to cart")
    // Each decode is a new channel's first, so that only the model differs.
    let before = try Self.scores(Self.makeRecognizer(), audio)
    let identity = try Self.makeRecognizer()
    try identity.apply(.identity(streamLengths: [13, 13, 13]))
    #expect(try Self.scores(identity, audio) == before)

    var moved = MLLRTransform.identity(streamLengths: [13, 13, 13])
    moved.streams[0].bias[1] = 2
    moved.streams[0].rotation[0][0] = 0.9
    // A variance scale alone changes the scores too.
    var scaled = MLLRTransform.identity(streamLengths: [13, 13, 13])
    scaled.streams[1].varianceScales[2] = 2
    for transform in [moved, scaled] {
      let recognizer = try Self.makeRecognizer()
      try recognizer.apply(transform)
      recognizer.isSpeakerAdapted = true
      #expect(try Self.scores(recognizer, audio) != before)
      recognizer.forgetChannel()
      #expect(!recognizer.isSpeakerAdapted && recognizer.adaptedFrames == 0)
      #expect(try Self.scores(recognizer, audio) == before)
    }
  }

  /// Feeds the commands in one stream and calls `adapt(to:)` after each accepted one, as
  /// `axvoice listen` does after a command is performed; returns the texts and what adapt said.
  static func listen(
    _ recognizer: SpeechRecognizer, to commands: [String]
  ) throws -> [(text: String?, adapted: Bool, frames: Int)] {
    let audio = try commands.flatMap { try SpeechFixtures.speech($0) }
    let stream = recognizer.utterances(from: .samples(audio))
    var heard: [(text: String?, adapted: Bool, frames: Int)] = []
    while let result = try stream.next() {
      let adapted = result.text == nil ? false : try recognizer.adapt(to: result)
      heard.append((result.text, adapted, recognizer.adaptedFrames))
      // Only the last accepted utterance adapts, once.
      #expect(try recognizer.adapt(to: result) == false)
    }
    return heard
  }

  @Test("each command performed adds its aligned frames; the first adapts once they reach the minimum")
  func adaptsAfterCommands() throws {
    let recognizer = try Self.makeRecognizer { $0.speakerAdaptation.minimumFrames = 150 }
    let commands = ["tap add to cart", "show numbers", "tap seven", "hide numbers"]
    let heard = try Self.listen(recognizer, to: commands)
    #expect(heard.map(\.text) == commands)
    let frames = heard.map(\.frames)
    // "tap add to cart" is about 120 frames of phones: too few alone.
    #expect(heard.first?.adapted == false && frames.first == 0, "\(heard)")
    #expect(heard.dropFirst().allSatisfy { $0.adapted }, "\(heard)")
    #expect(zip(frames.dropFirst(), frames.dropFirst(2)).allSatisfy { $0 < $1 }, "\(frames)")
    #expect(frames.last.map { $0 > 150 && $0 < 600 } == true, "\(frames)")
    // The adapted model still hears the commands, with other scores than the same history
    // unadapted gives.
    let audio = try commands.flatMap { try SpeechFixtures.speech($0) }
    let unadapted = try Self.makeRecognizer { $0.speakerAdaptation.isEnabled = false }
    _ = try Self.listen(unadapted, to: commands)
    // The variances are adapted too: the means alone, after the same history, score otherwise.
    let meansOnly = try Self.makeRecognizer {
      $0.speakerAdaptation.minimumFrames = 150
      $0.speakerAdaptation.adaptsVariances = false
    }
    _ = try Self.listen(meansOnly, to: commands)
    let clip = try SpeechFixtures.speech("tap add to cart")
    let adaptedScores = try Self.scores(recognizer, clip)
    #expect(try adaptedScores != Self.scores(unadapted, clip))
    #expect(try adaptedScores != Self.scores(meansOnly, clip))
    let again = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(again.map(\.text) == commands)
  }

  @Test("nothing adapts when adaptation is off, or for a result that is not the last accepted")
  func adaptsOnlyWhenAsked() throws {
    let off = try Self.makeRecognizer {
      $0.speakerAdaptation.isEnabled = false
      $0.speakerAdaptation.minimumFrames = 1
    }
    let heard = try Self.listen(off, to: ["tap add to cart", "show numbers"])
    #expect(heard.map(\.text) == ["tap add to cart", "show numbers"])
    #expect(heard.allSatisfy { !$0.adapted && $0.frames == 0 })

    let on = try Self.makeRecognizer { $0.speakerAdaptation.minimumFrames = 1 }
    let audio = try ["tap add to cart", "show numbers"].flatMap { try SpeechFixtures.speech($0) }
    let results = try SpeechFixtures.results(of: on.utterances(from: .samples(audio)))
    #expect(results.count == 2)
    // The first was replaced by the second before anyone asked.
    #expect(try on.adapt(to: results[0]) == false)
    #expect(try on.adapt(to: results[1]) == true)
  }

  @Test("past maximumFrames the transform is kept as it is: later commands add nothing")
  func settles() throws {
    let recognizer = try Self.makeRecognizer {
      $0.speakerAdaptation.minimumFrames = 1
      $0.speakerAdaptation.maximumFrames = 150
    }
    let heard = try Self.listen(recognizer, to: ["tap add to cart", "tap add to cart", "tap add to cart"])
    #expect(heard.map(\.text) == ["tap add to cart", "tap add to cart", "tap add to cart"])
    // About 120 frames each: under 150 after one, over it after two.
    #expect(heard.map(\.adapted) == [true, true, false], "\(heard)")
    #expect(heard[2].frames == heard[1].frames)
  }

  @Test("a word's pronunciations, which the alignment offers: its own, then every alternate in order")
  func pronunciations() throws {
    let recognizer = try Self.makeRecognizer()
    #expect(recognizer.pronunciations(of: "to") == [["T", "UW"], ["T", "IH"], ["T", "AH"]])
    #expect(recognizer.pronunciations(of: "cart") == [["K", "AA", "R", "T"]])
    #expect(recognizer.pronunciations(of: "zzqx").isEmpty)
  }
}
