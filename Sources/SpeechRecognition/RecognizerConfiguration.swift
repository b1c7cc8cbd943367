import Foundation

/// The settings of a speech recognizer: model files, search beams, fillers, voice activity
/// detection, rejection and logging.
///
/// The defaults are the values tuned on the speech benchmark (`Benchmarks/speech`). Start from
/// ``installed()``, which finds the en-us model of Debian's `pocketsphinx-en-us` package:
///
///     var configuration = try RecognizerConfiguration.installed()
///     configuration.log = .standardError
///     let recognizer = try SpeechRecognizer(configuration: configuration)
public struct RecognizerConfiguration: Sendable, Equatable {
  /// The acoustic model folder (PocketSphinx's `-hmm`).
  public var acousticModel: String
  /// The pronunciation dictionary (PocketSphinx's `-dict`).
  public var dictionary: String
  /// The sample rate of the audio given to the decoder, in hertz.
  public var sampleRate: Int = 16_000

  /// The HMM state beam (`-beam`): smaller values prune less.
  ///
  /// The beams were swept on the scene benchmark (`docs/benchmarks.md`, Speech): from the
  /// PocketSphinx defaults (1e-48 / 7e-29 / 1e-48) to 1e-100 / 1e-80 / 1e-100 accuracy was the
  /// same, while the CPU time grew from RTF 0.041 to 0.072; 1e-60 / 1e-40 / 1e-60 kept RTF
  /// under 0.05 and had no off-grammar false dispatch where the defaults had one.
  public var beam: Double = 1e-60
  /// The word-exit beam (`-wbeam`).
  public var wordBeam: Double = 1e-40
  /// The phone-transition beam (`-pbeam`).
  public var phoneBeam: Double = 1e-60
  /// The language weight (`-lw`), which scales grammar and rejection-path probabilities.
  ///
  /// 8 was chosen on the development voices of the held-out sessions (docs/benchmarks.md,
  /// Held-out sessions): from 6.5, the weight the scene benchmark had chosen, to 8 they went
  /// from 89.8% to 92.4% (10 dB SNR 84.4% to 89.8%), with no clean off-grammar or librivox
  /// clip dispatched; 7 and 10 to 15 did worse. A larger weight makes the phone loop's prices
  /// dearer, so a noisy command is less often taken for free phones, and the second opinion
  /// still refuses what the grammar explains badly.
  public var languageWeight: Double = 8
  /// How many of each codebook's Gaussians score every frame (`-topn`): PocketSphinx weighs
  /// all of them and sums only the best ones.
  ///
  /// 4 is PocketSphinx's own value. 6 did better on the development splits of the held-out
  /// sessions (723 to 732 of 768 commands performed, mostly at 10 dB SNR, 9 wrong dispatches
  /// instead of 11) and, measured once each way, on a split no choice had seen (87.3% to 88.2%
  /// held out; docs/benchmarks.md, A second fresh split, and more Gaussians a frame). It is
  /// not the default because it also narrows the gap between the phone loop and the grammar
  /// for speech the grammar does not hold: chatter around a name ("open the coffee dispenser")
  /// then passes the second opinion as "increment coffee dispenser", which the decoder tests
  /// refuse. It costs about 15% more processor time as well.
  public var topGaussians: Int = 4
  /// Whether silence and noise fillers may occur between grammar words (`-fsgusefiller`).
  public var usesFillers: Bool = true
  /// The probability of inserting silence between words (`-silprob`).
  public var silenceProbability: Double = 0.005
  /// The probability of inserting a noise filler between words (`-fillprob`).
  public var fillerProbability: Double = 1e-8

  /// Whether the recognizer calibrates its cepstral mean to the channel (see
  /// ``UtteranceStream``): the first utterance it hears is only listened to while spoken and
  /// decoded after it ends, with the mean of its own cepstra, and later ones are decoded during
  /// speech, with the mean of the channel so far once their own start has been checked against
  /// it (``meanCheckFrames``).
  ///
  /// Without it every utterance is decoded once, the first with the model's prior mean, which
  /// can be far from the channel's.
  public var calibratesChannel: Bool = true

  /// Whether an utterance with no words, heard before the recognizer is calibrated
  /// (``calibratesChannel``), leaves the running cepstral sums as they were before it, so that
  /// the first command is decoded with the mean of its own frames alone.
  ///
  /// A fresh voice activity detector takes the start of a stream for speech (a noise floor
  /// rising out of digital silence, a click, a room's first half-second), and its frames used to
  /// stay in the sums: the first command's mean was pulled towards the noise (c0 about 50
  /// against the 54 the channel settled at on the session benchmark), and the first commands of
  /// a session were lost more often than any later ones. An utterance the phone loop won keeps
  /// its frames either way: it is mostly speech, and leaving it out too lost commands.
  public var excludesNoiseFromFirstMean: Bool = true

  /// The speech, in 10 ms frames, for which a later utterance is only listened to before its
  /// cepstral mean is checked and it is decoded from its start: with the running mean if that
  /// has moved past ``cepstralMeanTolerance``, with the mean in use otherwise (see
  /// ``UtteranceStream``). An utterance that pauses or ends sooner is checked then. Zero checks
  /// nothing after calibration: every utterance is decoded live from its first frame with the
  /// mean of the channel before it.
  ///
  /// 50, the default, is what keeps off-grammar speech from dispatching: decoded with the mean
  /// before it, 1 of the scene benchmark's 340 off-grammar clips dispatched, none with the
  /// check, and no guard on what the decode gives separates it from commands as cheaply. The
  /// check doesn't change the accuracy on commands (held-out sessions 88.7% with it and 88.9%
  /// without) and costs next to nothing: until the check the frames only add to the running
  /// mean, unsearched, and are decoded once after it (`axvoice listen` about 0.99 times a bare
  /// decode's CPU; `docs/benchmarks.md`, Speech and Listening).
  public var meanCheckFrames: Int = 50

  /// How far the cepstral mean may move, in any coefficient, before a later utterance is decoded
  /// with the new one rather than the one in use (see ``meanCheckFrames``).
  ///
  /// The mean keeps adapting to the channel; an utterance much louder or quieter than the ones
  /// before, or in more noise, moves it past this. Larger values save those decodes on a
  /// changing channel at some accuracy. Tuned on the speech benchmark.
  public var cepstralMeanTolerance: Double = 1.0

  /// Whether every utterance of a stream is decoded again in one pass once it has ended, with
  /// the running cepstral mean that includes it (see ``UtteranceStream``). It is more robust to
  /// level changes between utterances and costs a full decode of the utterance (about 0.04 × its
  /// length) after the end of speech; while spoken, the utterance is only listened to, so it
  /// never ends early at a complete command.
  public var decodesUtterancesInBatch: Bool = false

  /// Whether a little random noise is added to the audio (`-dither`), so that digital silence
  /// (a PulseAudio null sink, padded files) doesn't take the logarithm of zero energy.
  public var dither: Bool = true

  /// The RMS, in sample units, of a seeded noise floor added to the audio (streamed, as `listen`
  /// and the session benchmark decode it, and clips given to `recognize(samples:)`) before the
  /// decoder and the pause detector hear it (see `NoiseFloor`); 0 adds none. An AXInput
  /// setting.
  ///
  /// 30 is about -60 dBFS: digital silence then sounds like a quiet room, which the recognizer
  /// handles far better, and a real room's floor is left as it was. The tuned voices' 67% in
  /// digital quiet was measured before both this floor and calibrating only on utterances with
  /// words; what the floor alone adds is in docs/benchmarks.md (levels 30 against 100).
  public var noiseFloorLevel: Double = 30

  /// The seed of the dither's noise (`-seed`): fixed, so that a recognizer decodes the same audio
  /// the same way on every run. PocketSphinx's default (-1) seeds from the clock, and a digit
  /// string that decoded right on one run came out wrong on the next. The generator is
  /// process-wide, so recognizers decoding at the same time share its sequence.
  public var ditherSeed: Int = 1

  /// Voice activity detection, which splits a stream into utterances.
  public var voiceActivity = VoiceActivitySettings()
  /// How speech that is not in the grammar is rejected.
  public var rejection = RejectionSettings()
  /// How the acoustic model adapts to the speaker of the commands performed (see
  /// ``SpeechRecognizer/adapt(to:)``).
  public var speakerAdaptation = SpeakerAdaptationSettings()
  /// The espeak-ng executable used to pronounce out-of-vocabulary words, a path or a name in
  /// `PATH`.
  public var espeakExecutable: String = "espeak-ng"
  /// The espeak-ng voice whose letter-to-sound rules are used.
  public var espeakVoice: String = "en-us"
  /// The other accents' pronunciations every grammar word is given (see ``AccentVariants``).
  public var accentVariants: AccentVariants = .english
  /// Where PocketSphinx's own log goes.
  public var log: RecognizerLog = .discard
  /// A statistical language model (PocketSphinx's `-lm`, such as the model's `en-us.lm.bin`)
  /// to decode free speech with instead of a grammar. With one, utterances can be recognized
  /// without ``SpeechRecognizer/loadGrammar(jsgf:name:pronunciations:)`` and nothing is
  /// rejected as out of grammar; it is the baseline of the speech benchmark, not a command mode.
  public var languageModel: String?
  /// Further PocketSphinx options, such as `["-remove_noise": "no"]`, applied last: one that
  /// names an option a setting gives (`-topn`) replaces the setting's value.
  public var additionalOptions: [String: String] = [:]

  /// The general US English language model installed with the acoustic model, if found by
  /// ``installed(searching:)``; set ``languageModel`` to it for free-speech decoding.
  public var installedLanguageModel: String?

  /// Creates a configuration for a model folder and dictionary.
  public init(acousticModel: String, dictionary: String) {
    self.acousticModel = acousticModel
    self.dictionary = dictionary
  }

  /// The folders searched by ``installed(searching:)`` for the en-us model, in order.
  ///
  /// `POCKETSPHINX_MODEL_DIR`, when set, names a folder holding `en-us/` and
  /// `cmudict-en-us.dict`; then come the Debian and `/usr/local` locations.
  public static var modelSearchPath: [String] {
    var folders: [String] = []
    if let custom = ProcessInfo.processInfo.environment["POCKETSPHINX_MODEL_DIR"], !custom.isEmpty {
      folders.append(custom)
    }
    folders += ["/usr/share/pocketsphinx/model/en-us", "/usr/local/share/pocketsphinx/model/en-us"]
    return folders
  }

  /// Finds the installed US English model (Debian's `pocketsphinx-en-us`).
  ///
  /// - Throws: ``RecognizerError/Code/modelNotFound`` naming the folders searched.
  public static func installed(
    searching folders: [String] = modelSearchPath
  ) throws(RecognizerError) -> RecognizerConfiguration {
    for folder in folders {
      let model = folder + "/en-us"
      let dictionary = folder + "/cmudict-en-us.dict"
      if FileManager.default.fileExists(atPath: model + "/mdef"),
        FileManager.default.isReadableFile(atPath: dictionary)
      {
        var configuration = RecognizerConfiguration(acousticModel: model, dictionary: dictionary)
        configuration.installedLanguageModel = folder + "/en-us.lm.bin"
        return configuration
      }
    }
    let list = folders.map { "'\($0)'" }.joined(separator: ", ")
    throw RecognizerError(
      .modelNotFound,
      "no en-us model in \(list); install it with 'apt-get install pocketsphinx-en-us'")
  }

  /// Checks that the model files exist before PocketSphinx reads them (it exits the process on
  /// some missing files instead of returning an error).
  func validateFiles() throws(RecognizerError) {
    let manager = FileManager.default
    for name in ["mdef", "means", "variances", "transition_matrices"] {
      let path = acousticModel + "/" + name
      guard manager.isReadableFile(atPath: path) else {
        throw RecognizerError(.modelNotFound, "acoustic model '\(acousticModel)' has no '\(name)'")
      }
    }
    guard manager.isReadableFile(atPath: dictionary) else {
      throw RecognizerError(.modelNotFound, "dictionary '\(dictionary)' is missing or unreadable")
    }
  }

  /// The PocketSphinx command-line arguments for this configuration, name then value:
  /// `["-hmm", "/usr/share/…", "-beam", "1e-60", …]`.
  ///
  /// The AXInput settings (voice activity pauses, the noise floor, calibration, rejection) are
  /// not PocketSphinx options and are not among them.
  public var arguments: [String] {
    var options: [(String, String)] = [
      ("-hmm", acousticModel),
      ("-dict", dictionary),
      ("-samprate", String(sampleRate)),
      ("-beam", format(beam)),
      ("-wbeam", format(wordBeam)),
      ("-pbeam", format(phoneBeam)),
      ("-lw", format(languageWeight)),
      ("-topn", String(topGaussians)),
      ("-fsgusefiller", usesFillers ? "yes" : "no"),
      ("-dither", dither ? "yes" : "no"),
      ("-seed", String(ditherSeed)),
      ("-silprob", format(silenceProbability)),
      ("-fillprob", format(fillerProbability)),
      ("-vad_threshold", format(voiceActivity.threshold)),
      ("-vad_prespeech", String(voiceActivity.preSpeechFrames)),
      ("-vad_startspeech", String(voiceActivity.startSpeechFrames)),
      ("-vad_postspeech", String(voiceActivity.postSpeechFrames)),
    ]
    if let languageModel {
      options.append(("-lm", languageModel))
    }
    // PocketSphinx refuses an option given twice, so an additional option takes the place of
    // the setting it names.
    for (name, value) in additionalOptions.sorted(by: { $0.key < $1.key }) {
      if let index = options.firstIndex(where: { $0.0 == name }) {
        options[index].1 = value
      } else {
        options.append((name, value))
      }
    }
    return options.flatMap { [$0.0, $0.1] }
  }

  private func format(_ value: Double) -> String {
    String(value)
  }
}

/// Voice activity detection settings, in 10 ms frames (PocketSphinx's `-vad_*` options).
public struct VoiceActivitySettings: Sendable, Equatable {
  /// The speech-to-noise threshold in decibels (`-vad_threshold`).
  public var threshold: Double = 2.0
  /// Frames kept before the detected start of speech (`-vad_prespeech`).
  public var preSpeechFrames: Int = 20
  /// Speech frames needed to start an utterance (`-vad_startspeech`).
  public var startSpeechFrames: Int = 10
  /// Silence frames that end an utterance (`-vad_postspeech`); this hang-over is the main part
  /// of the delay between the end of speech and a result.
  public var postSpeechFrames: Int = 30
  /// Silent frames that end an utterance early, without the hang-over, when its words so far
  /// are a whole command of two words or more and not the start of a longer one: "tap brew",
  /// but not "tap seven" while "tap seven of clubs" is a command too, nor "tap six" while
  /// "tap sixty" is, nor a name alone. Zero turns this off (``alwaysWaitForHangOver()`` turns
  /// off both pauses). (An AXInput setting, not a PocketSphinx option.)
  ///
  /// A frame is silent when it is near the background heard before the utterance and 30 dB
  /// below the loudest frame of the speech (see `PauseDetector`), which only happens in a quiet
  /// room. Three frames ended "tap six" at the closure of its k on the speech benchmark; five
  /// did not. An utterance decoded after it ends has no live words to go by and always
  /// waits: the first one of an uncalibrated recognizer (see ``UtteranceStream``), or every one
  /// with ``RecognizerConfiguration/decodesUtterancesInBatch``.
  public var commandEndFrames: Int = 5
  /// Background frames that end an utterance at a complete command, as ``commandEndFrames``
  /// silent ones do: frames within 8 dB of the background heard before the utterance and 10 dB
  /// below the loudest frame of the speech, however close the background is to the speech.
  /// Silent frames are background frames too, but in a quiet room ``commandEndFrames`` of
  /// silence come first, so these end commands in noise. Zero turns this off.
  ///
  /// In a noisy room weak consonants and stop closures sound like the background, so the pause
  /// must be longer: on the speech benchmark 10 to 15 frames split long commands at inner
  /// pauses at 10 dB SNR, and 20 were as accurate as waiting for the hang-over, 0.1 s sooner.
  public var commandEndFramesInNoise: Int = 20
  /// The longest an utterance may last, in seconds, before it is cut and rejected as
  /// ``RejectionReason/tooLong`` (ending ``RecognitionResult/Ending/maximumLength``). (An
  /// AXInput setting, not a PocketSphinx option.)
  ///
  /// Continuous speech or noise that the voice activity detector never hears pause would
  /// otherwise be buffered for as long as it lasts: this bounds the audio a stream keeps to
  /// this many seconds. The longest command of the benchmarks takes under 5 s at 120 words a
  /// minute; the librivox sentences last up to 9 s and are rejected either way.
  public var maximumUtteranceSeconds: Double = 12

  /// Creates the default settings.
  public init() {}

  /// Makes every utterance wait for the ``postSpeechFrames`` hang-over, even a whole command:
  /// turns off both ``commandEndFrames`` and ``commandEndFramesInNoise``. For speakers who
  /// pause inside commands.
  public mutating func alwaysWaitForHangOver() {
    commandEndFrames = 0
    commandEndFramesInNoise = 0
  }
}
