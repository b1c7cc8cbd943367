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
    let recognizer = try Self.makeRecognizer {
      $0.speakerAdaptation.minimumFrames = 150
      $0.speakerAdaptation.transformGrowth = 1
    }
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
      $0.speakerAdaptation.transformGrowth = 1
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

  @Test("after the first transform, the next waits until the frames have grown by transformGrowth")
  func transformsAsFramesGrow() throws {
    let recognizer = try Self.makeRecognizer {
      $0.speakerAdaptation.minimumFrames = 100
      $0.speakerAdaptation.transformGrowth = 1.5
    }
    let commands = ["tap add to cart", "show numbers", "tap seven", "hide numbers", "tap add to cart", "show numbers"]
    let audio = try commands.flatMap { try SpeechFixtures.speech($0) }
    let stream = recognizer.utterances(from: .samples(audio))
    var transformed = 0
    var skipped = 0
    while let result = try stream.next() {
      #expect(result.text != nil)
      let before = recognizer.adaptedFrames
      let adapted = try recognizer.adapt(to: result)
      let aligned = recognizer.speakerAdaptation?.frames ?? 0
      let due = aligned >= 100 && (before == 0 || Double(aligned) >= 1.5 * Double(before))
      #expect(adapted == due, "\(aligned) frames, last transform at \(before)")
      // adaptedFrames is the transform's: it stays where it was until the next one.
      #expect(recognizer.adaptedFrames == (adapted ? aligned : before))
      if adapted { transformed += 1 } else if before > 0 { skipped += 1 }
    }
    // Some commands after the first transform waited, and a later one transformed again.
    #expect(transformed >= 2 && skipped >= 1, "\(transformed) transforms, \(skipped) waited")
    // A new speaker starts again from the minimum, not from the last speaker's frames.
    recognizer.forgetChannel()
    #expect(recognizer.adaptedFrames == 0 && recognizer.speakerAdaptation == nil)
    let again = recognizer.utterances(from: .samples(try SpeechFixtures.speech("tap add to cart")))
    let first = try #require(try again.next())
    #expect(try recognizer.adapt(to: first), "about 120 frames, past the minimum of 100")
  }

  @Test("a new recognizer that adopts a speaker's profile decodes with the speaker's transform, weighed; forgetChannel forgets it")
  func adoptsProfile() throws {
    let settings: (inout RecognizerConfiguration) -> Void = {
      $0.speakerAdaptation.minimumFrames = 150
      $0.speakerAdaptation.transformGrowth = 1
    }
    let speaker = try Self.makeRecognizer(settings)
    #expect(speaker.speakerProfile == nil)
    let commands = ["tap add to cart", "show numbers", "tap seven", "hide numbers"]
    _ = try Self.listen(speaker, to: commands)
    let profile = try #require(speaker.speakerProfile)
    #expect(profile.frames == speaker.adaptedFrames && profile.frames > 150)
    // Through the file's text, at full weight: the very transform the speaker's recognizer has.
    let read = try SpeakerProfile(json: profile.jsonData())
    let clip = try SpeechFixtures.speech("tap add to cart")
    let whole = try Self.makeRecognizer {
      settings(&$0)
      $0.speakerAdaptation.profileWeight = 1
    }
    try whole.adopt(read)
    #expect(whole.adaptedFrames == profile.frames && whole.speakerProfile?.frames == profile.frames)
    // Each clip is a new channel's first, so that only the model differs: the speaker's
    // transform applied to a new recognizer is what the speaker's recognizer decodes with.
    let strangerScores = try Self.scores(Self.makeRecognizer(settings), clip)
    let replay = try Self.makeRecognizer(settings)
    let statistics = try #require(speaker.speakerAdaptation)
    try replay.apply(statistics.transform(priorFrames: 200, scalesVariances: true))
    let speakerScores = try Self.scores(replay, clip)
    #expect(try Self.scores(whole, clip) == speakerScores)
    #expect(speakerScores != strangerScores)
    // At the default weight, half the frames, still past the minimum: adapted, but otherwise.
    let weighed = try Self.makeRecognizer(settings)
    try weighed.adopt(read)
    #expect(weighed.adaptedFrames == profile.frames / 2 && weighed.speakerProfile?.frames == profile.frames / 2)
    let weighedScores = try Self.scores(weighed, clip)
    #expect(weighedScores != speakerScores && weighedScores != strangerScores)
    // The session's commands add to it, and the next transform is of both.
    let next = weighed.utterances(from: .samples(try SpeechFixtures.speech("show numbers")))
    let result = try #require(try next.next())
    #expect(try weighed.adapt(to: result))
    #expect(weighed.adaptedFrames > profile.frames / 2)
    weighed.forgetChannel()
    #expect(weighed.adaptedFrames == 0 && weighed.speakerProfile == nil)
    // The model is the stranger's again: the same history unadapted scores the same.
    let unadapted = try Self.makeRecognizer {
      settings(&$0)
      $0.speakerAdaptation.isEnabled = false
    }
    _ = try unadapted.utterances(from: .samples(try SpeechFixtures.speech("show numbers"))).next()
    unadapted.forgetChannel()
    #expect(try Self.scores(weighed, clip) == Self.scores(unadapted, clip))

    // A profile under the minimum waits for the session's commands.
    let small = try Self.makeRecognizer { $0.speakerAdaptation.minimumFrames = 10_000 }
    try small.adopt(read)
    #expect(small.adaptedFrames == 0 && small.speakerProfile?.frames == profile.frames / 2)
    // Another model's profile (its means moved) is refused, naming the key.
    var text = String(decoding: profile.jsonData(), as: UTF8.self)
    text = text.replacingOccurrences(of: "\"fingerprint\":\"", with: "\"fingerprint\":\"0")
    let other = try SpeakerProfile(json: Data(text.utf8))
    #expect(
      throws: RecognizerError(
        .invalidSpeakerProfile, "model: expected the acoustic model this recognizer uses, found another one (its means differ)")
    ) { try small.adopt(other) }
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

  @Test("the words of an accepted sentence are aligned where the decoder placed them, phones in order")
  func alignsPerformedSentence() throws {
    let recognizer = try Self.makeRecognizer()
    let audio = try SpeechFixtures.speech("tap add to cart")
    let stream = recognizer.utterances(from: .samples(audio))
    let result = try #require(try stream.next())
    #expect(result.text == "tap add to cart")
    let utterance = try #require(recognizer.lastAccepted)
    let words = recognizer.alignedWords(of: utterance)
    #expect(words.map(\.pronunciations.first) == [["T", "AE", "P"], ["AE", "D"], ["T", "UW"], ["K", "AA", "R", "T"]])
    let codebooks = try #require(PhoneCodebooks(modelFolder: recognizer.configuration.acousticModel))
    let features = SpeakerAdaptation.features(
      cepstra: utterance.cepstra, dimension: recognizer.frontEnd.dimension, mean: utterance.mean)
    let aligned = PhoneAligner(codebooks: codebooks).align(words, features: features)
    // "to" is heard with one of its three pronunciations; every other phone is the dictionary's.
    let phones = aligned.map(\.phone)
    #expect(phones.count == 11 && Array(phones.prefix(5)) == ["T", "AE", "P", "AE", "D"] && phones.suffix(4) == ["K", "AA", "R", "T"])
    for (word, next) in zip(words, words.dropFirst()) { #expect(word.frames.upperBound <= next.frames.lowerBound) }
    // Each phone's frames follow the last one's, at least three long, and a word's phones cover
    // exactly the frames the decoder gave it.
    for (phone, next) in zip(aligned, aligned.dropFirst()) { #expect(phone.frames.upperBound <= next.frames.lowerBound) }
    #expect(aligned.allSatisfy { $0.frames.count >= 3 })
    let lengths = words.map { $0.pronunciations.first?.count ?? 0 }
    var next = 0
    for (word, length) in zip(words, lengths) {
      let phones = aligned[next..<(next + length)]
      next += length
      #expect(phones.first?.frames.lowerBound == word.frames.lowerBound)
      #expect(phones.last?.frames.upperBound == min(word.frames.upperBound, features.count))
      #expect(zip(phones, phones.dropFirst()).allSatisfy { $0.frames.upperBound == $1.frames.lowerBound })
    }
  }

  @Test("a word's pronunciations, which the alignment offers: its own, then every alternate in order")
  func pronunciations() throws {
    let recognizer = try Self.makeRecognizer()
    #expect(recognizer.pronunciations(of: "to") == [["T", "UW"], ["T", "IH"], ["T", "AH"]])
    #expect(recognizer.pronunciations(of: "cart") == [["K", "AA", "R", "T"]])
    #expect(recognizer.pronunciations(of: "zzqx").isEmpty)
  }
}
