import Foundation
import Testing

@testable import SpeechRecognition

/// The first utterance a recognizer hears calibrates its live cepstral mean, and later ones are
/// decoded again when it moves (see `UtteranceStream`); these tests read the mean from the
/// decoder itself.
@Suite("Calibrating the cepstral mean", .serialized, .tags(.decoder))
struct CalibrationTests {
  /// The model's prior mean: `-cmninit` in the acoustic model's `feat.params`.
  static func priorMean(of configuration: RecognizerConfiguration) throws -> [Float] {
    let parameters = try String(
      contentsOfFile: configuration.acousticModel + "/feat.params", encoding: .utf8)
    let line = try #require(parameters.split(separator: "\n").first { $0.hasPrefix("-cmninit ") })
    return try line.dropFirst("-cmninit ".count).split(separator: ",").map {
      try #require(Float($0.trimmingCharacters(in: .whitespaces)))
    }
  }

  /// The recognizer's live mean.
  static func liveMean(_ recognizer: SpeechRecognizer) throws -> [Float] {
    try #require(recognizer.cepstralState?.mean)
  }

  static func makeRecognizer(
    _ adjust: (inout RecognizerConfiguration) -> Void = { _ in }
  ) throws -> SpeechRecognizer {
    try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar, adjust)
  }

  /// Commands in one stream, each with 0.5 s before and 0.8 s after it, the second
  /// `secondGain` times as loud as the first.
  static func twoCommands(
    _ texts: [String] = ["tap add to cart", "show numbers"], secondGain: Double = 1
  ) throws -> [Int16] {
    let first = try SpeechFixtures.speech(texts[0])
    let second = try SpeechFixtures.speech(texts[1])
    return first + second.map { Int16(clamping: Int((Double($0) * secondGain).rounded())) }
  }

  @Test("a new recognizer starts from the model's -cmninit, with nothing accumulated")
  func prior() throws {
    let recognizer = try Self.makeRecognizer()
    let prior = try Self.priorMean(of: recognizer.configuration)
    #expect(prior.count == 13)
    #expect(CepstralState.distance(try Self.liveMean(recognizer), prior) < 0.01)
    #expect(recognizer.cepstralState?.frames == 0)
  }

  @Test("the first utterance calibrates after it ends; the next, alike, is decoded once")
  func firstUtterance() throws {
    let recognizer = try Self.makeRecognizer { $0.cepstralMeanTolerance = 3 }
    let prior = try Self.priorMean(of: recognizer.configuration)
    let audio = try Self.twoCommands(["tap add to cart", "tap add to cart"])
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(results.map(\.text) == ["tap add to cart", "tap add to cart"])
    #expect(results.map(\.calibration) == [.afterEnd, nil])
    // The mean moved off the prior, to this channel's: the mean of the frames heard, each
    // counted once although the first utterance was decoded twice.
    let state = try #require(recognizer.cepstralState)
    #expect(CepstralState.distance(state.mean, prior) > 1)
    #expect(CepstralState.distance(state.mean, try #require(state.runningMean)) < 0.01)
    #expect(state.frames > 100 && state.frames < 400, "\(state.frames) frames for 2 commands")
  }

  @Test("a later utterance four times as loud as the channel so far is decoded again while spoken")
  func louder() throws {
    let recognizer = try Self.makeRecognizer {
      $0.cepstralMeanTolerance = 3
      $0.meanCheckFrames = 50
    }
    let audio = try Self.twoCommands(["tap add to cart", "tap add to cart"], secondGain: 4)
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(results.map(\.text) == ["tap add to cart", "tap add to cart"])
    #expect(results.map(\.calibration) == [.afterEnd, .duringSpeech])
  }

  /// Fed in one call, the audio decoded again overran PocketSphinx's feature buffer with a
  /// short hang-over (the assertion `n_feat_frame <= n_feat_alloc` in `acmod_process_cep`
  /// aborted the process).
  @Test(
    "decoding again during speech feeds the decoder chunk by chunk, whatever the hang-over",
    arguments: [15, 30])
  func refeedInChunks(postSpeechFrames: Int) throws {
    let recognizer = try Self.makeRecognizer {
      $0.voiceActivity.postSpeechFrames = postSpeechFrames
      $0.cepstralMeanTolerance = 0
      $0.meanCheckFrames = 50
    }
    let audio = try Self.twoCommands(["tap add to cart", "tap add to cart"], secondGain: 4)
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(results.contains { $0.calibration == .duringSpeech })
    #expect(results.last?.text == "tap add to cart")
  }

  @Test("with no check frames, a later utterance is decoded once, however loud")
  func noCheck() throws {
    // The default checks after 50 frames: decoded once, off-grammar sentences dispatched.
    #expect(RecognizerConfiguration(acousticModel: "", dictionary: "").meanCheckFrames == 50)
    let recognizer = try Self.makeRecognizer {
      $0.cepstralMeanTolerance = 0
      $0.meanCheckFrames = 0
    }
    let audio = try Self.twoCommands(["tap add to cart", "tap add to cart"], secondGain: 4)
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(results.map(\.calibration) == [.afterEnd, nil])
  }

  @Test("the next stream keeps the adapted mean; forgetChannel restores the prior and recalibrates")
  func forgetChannel() throws {
    let recognizer = try Self.makeRecognizer { $0.cepstralMeanTolerance = 3 }
    let prior = try Self.priorMean(of: recognizer.configuration)
    let audio = try SpeechFixtures.speech("tap add to cart")
    _ = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    let again = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(again.map(\.calibration) == [nil])
    recognizer.forgetChannel()
    #expect(CepstralState.distance(try Self.liveMean(recognizer), prior) < 0.01)
    #expect(recognizer.cepstralState?.frames == 0)
    let fresh = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(fresh.map(\.calibration) == [.afterEnd])
    #expect(fresh.map(\.text) == ["tap add to cart"])
  }

  @Test("after forgetChannel a recording decodes exactly as on a new recognizer, whatever came before it")
  func forgottenChannelIsNew() throws {
    let audio = try SpeechFixtures.speech("tap add to cart")
    func decode(_ recognizer: SpeechRecognizer) throws -> [String] {
      try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio))).map {
        "\($0.hypothesis.text) \($0.hypothesis.score) \($0.hypothesis.segments.map(\.acousticScore))"
      }
    }
    // Without the dither: its generator is process-wide, and other suites decode at the same
    // time, so the scores would also depend on them. What is left to forget is the mean and
    // the front ends' noise estimates.
    let fresh = try decode(Self.makeRecognizer { $0.dither = false })
    let used = try Self.makeRecognizer { $0.dither = false }
    _ = try SpeechFixtures.results(of: used.utterances(from: .samples(Self.twoCommands(secondGain: 3))))
    let unforgotten = try decode(used)
    used.forgetChannel()
    #expect(try decode(used) == fresh)
    // Without forgetting, the channel learned before changes the scores.
    #expect(unforgotten != fresh)
  }

  /// What came before a clip given to `recognize(samples:)`.
  enum BeforeClip: String, CaseIterable, CustomTestStringConvertible {
    case stream = "a stream"
    case forgottenStream = "a stream, then forgetChannel"
    case clip = "another clip"
    var testDescription: String { rawValue }
  }

  @Test("a clip decodes as on a new recognizer, whatever came before it, and leaves the stream's mean", arguments: BeforeClip.allCases)
  func clipAfter(_ before: BeforeClip) throws {
    let audio = try SpeechFixtures.speech("tap add to cart")
    func decode(_ recognizer: SpeechRecognizer) throws -> String {
      let result = try recognizer.recognize(samples: audio)
      return "\(result.hypothesis.text) \(result.hypothesis.score) \(result.hypothesis.segments.map(\.acousticScore))"
    }
    let fresh = try decode(Self.makeRecognizer { $0.dither = false })
    #expect(fresh.hasPrefix("tap add to cart "))
    let used = try Self.makeRecognizer { $0.dither = false }
    switch before {
    case .stream, .forgottenStream:
      // A stream decodes live, which switches the decoder's batch mean to a live one for good;
      // left at the prior by forgetChannel, the live mean heard this clip as phones.
      _ = try SpeechFixtures.results(of: used.utterances(from: .samples(Self.twoCommands(secondGain: 3))))
      if before == .forgottenStream { used.forgetChannel() }
    case .clip:
      _ = try used.recognize(samples: Self.twoCommands(secondGain: 3))
    }
    let channel = used.cepstralState
    #expect(try decode(used) == fresh)
    #expect(used.cepstralState == channel)
  }

  @Test("frames only listened to add to the running mean, unsearched; decoded later, they are the command")
  func listeningOnly() throws {
    let recognizer = try Self.makeRecognizer()
    let audio = try SpeechFixtures.speech("tap add to cart")
    var frames: [Float] = []
    recognizer.frontEnd.startUtterance()
    try audio.withUnsafeBufferPointer { try recognizer.frontEnd.process($0, appendingTo: &frames) }
    recognizer.frontEnd.endUtterance(appendingTo: &frames)
    let count = frames.count / recognizer.frontEnd.dimension
    // The voice activity detector keeps the speech and its margins, not the silence around it.
    #expect(count > 50 && count < audio.count / 160)
    let untouched = frames

    let before = try #require(recognizer.cepstralState)
    try recognizer.startUtterance()
    recognizer.accumulateMean(of: frames[...])
    let listened = try #require(recognizer.cepstralState)
    #expect(listened.frames > before.frames && listened.frames <= before.frames + count)
    #expect(listened.mean == before.mean)
    #expect(try recognizer.endUtterance().words == [])

    try recognizer.startUtterance()
    try recognizer.process(cepstra: frames[...], isComplete: true)
    #expect(try recognizer.endUtterance().words == ["tap", "add", "to", "cart"])
    // Normalized in a copy: the frames can be decoded again.
    #expect(frames == untouched)
  }

  @Test("a stream starts its own utterance, whatever another stream left open")
  func utteranceLeftOpen() throws {
    // No mean check: decoding again during speech would hide an utterance decoded wrongly.
    let recognizer = try Self.makeRecognizer { $0.meanCheckFrames = 0 }
    let audio = try SpeechFixtures.speech("tap add to cart")
    _ = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    // What a stream that threw in the middle of its calibrating utterance leaves behind.
    try recognizer.startUtterance()
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(results.map(\.text) == ["tap add to cart"])
  }

  @Test("decoding every utterance after it ends: right words, never an early end")
  func batch() throws {
    let recognizer = try Self.makeRecognizer { $0.decodesUtterancesInBatch = true }
    let audio = try Self.twoCommands(["tap add to cart", "tap add to cart"])
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(results.map(\.text) == ["tap add to cart", "tap add to cart"])
    #expect(results.map(\.ending) == [.silence, .silence])
  }

  /// Channels far from the model's prior: six times louder (c0 moves), and a first-order
  /// high-pass that tilts the spectrum the way a thin microphone does.
  static let channels: [(String, @Sendable ([Int16]) -> [Int16])] = [
    ("six times louder", { $0.map { Int16(clamping: Int($0) * 6) } }),
    ("tilted", { samples in
      var previous = 0.0
      return samples.map { sample in
        defer { previous = Double(sample) }
        return Int16(clamping: Int(Double(sample) - 0.97 * previous))
      }
    }),
  ]

  @Test(
    "a channel the prior mean mishears is understood from its first utterance",
    arguments: channels.map(\.0))
  func mismatchedChannel(_ name: String) throws {
    let transform = try #require(Self.channels.first { $0.0 == name }?.1)
    let audio = transform(try Self.twoCommands())
    // Without the second opinion, which hears what the loop won on a mismatched mean too.
    let uncalibrated = try Self.makeRecognizer {
      $0.calibratesChannel = false
      $0.rejection.maximumPhoneLoopGap = 0
    }
    let once = try SpeechFixtures.results(of: uncalibrated.utterances(from: .samples(audio)))
    #expect(once.first?.text != "tap add to cart", "the prior mean suited this channel after all")
    #expect(once.allSatisfy { $0.calibration == nil })
    let recognizer = try Self.makeRecognizer()
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(audio)))
    #expect(results.map(\.text) == ["tap add to cart", "show numbers"])
  }
}

/// Commands between stretches of exact digital silence, as a noise-gated microphone, a null
/// sink or a synthetic recording gives: the noise floor makes them sound like a quiet room.
@Suite("Digital quiet", .serialized, .tags(.decoder))
struct DigitalQuietTests {
  /// espeak-ng's words with nothing between them but zeros: 1 s before, 1.2 s between.
  static func session(_ commands: [String], voice: String = "en-us", rate: Int = 160) throws -> [Int16] {
    let folder = try SpeechFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var samples = SpeechFixtures.silence(1)
    for command in commands {
      let wav = folder.appendingPathComponent("c.wav").path
      try SpeechFixtures.run("espeak-ng", ["-v", voice, "-s", String(rate), "-w", wav, "--", command])
      samples += try WAVFile.samples(atPath: wav) + SpeechFixtures.silence(1.2)
    }
    return samples
  }

  /// A stream that starts in digital silence: the noise floor rising out of it is what a fresh
  /// voice activity detector takes for speech, and that noise must not calibrate the recognizer
  /// (it did, and every later command lost to the phone loop).
  @Test("short commands in digital quiet are each recognized in turn")
  func shortCommands() throws {
    let commands = ["show numbers", "hide numbers", "show numbers", "hide numbers"]
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar)
    let results = try SpeechFixtures.results(of: recognizer.utterances(from: .samples(try Self.session(commands))))
    #expect(results.compactMap(\.text) == commands, "\(results.map { ($0.outcome, $0.hypothesis.text, $0.start, $0.end) })")
    // Only the first utterance with words calibrated; noise before it was decoded, not learned.
    #expect(results.filter { $0.calibration == .afterEnd }.map(\.text) == ["show numbers"])
  }

  /// The noise heard before the first command leaves nothing in the sums its mean is taken
  /// from: the first command is decoded with the mean of its own frames, as it would be had
  /// the detector not fired. (With the noise's frames in, its c0 was some 4 lower than the
  /// channel's once it had settled, and first commands were lost most often.)
  /// Without ``RecognizerConfiguration/excludesNoiseFromFirstMean`` the noise's frames stay.
  @Test("noise before the first command is not in the mean it is decoded with", arguments: [true, false])
  func noiseLeavesNoFrames(excludesNoise: Bool) throws {
    let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
      $0.excludesNoiseFromFirstMean = excludesNoise
    }
    let prior = try #require(recognizer.cepstralState)
    let stream = recognizer.utterances(from: .samples(try Self.session(["show numbers"])))
    let noise = try #require(try stream.next())
    // The fixture's premise: the floor rising out of digital silence was taken for speech.
    #expect(noise.outcome == .rejected(.noSpeech), "\(noise.outcome) \(noise.hypothesis.text)")
    let afterNoise = try #require(recognizer.cepstralState)
    #expect((afterNoise == prior) == excludesNoise, "\(afterNoise.frames) frames summed")
    let command = try #require(try stream.next())
    #expect(command.text == "show numbers")
    #expect(command.calibration == .afterEnd)
    #expect(try #require(recognizer.cepstralState).frames > prior.frames)
  }
}
