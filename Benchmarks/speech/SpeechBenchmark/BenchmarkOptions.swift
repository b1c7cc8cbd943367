import Foundation
import SpeechRecognition

/// Command-line options of the speech benchmark.
struct BenchmarkOptions {
  var corpus = "Benchmarks/corpus/speech"
  var grammar = "Benchmarks/speech/commands.gram"
  var conditions: Set<String> = []
  var testData = "/usr/share/pocketsphinx/test/data"
  var includesTestData = true
  var isVerbose = false
  var limit = Int.max
  var every = 1
  var wholeUtterance = false
  /// Every clip on a fresh channel: the recognizer forgets its cepstral mean before each one,
  /// so that every clip is the first utterance of a session.
  var isCold = false
  /// A scene corpus (Benchmarks/speech/make-scene-corpus.sh) to decode through voice sessions.
  var sceneCorpus = ""
  /// A session corpus (Benchmarks/speech/make-session-corpus.sh) to decode as continuous sessions.
  var sessionCorpus = ""
  /// The speaker splits of the session corpus to decode (`tuned`, `heldout`); empty is both.
  var splits: Set<String> = []
  /// Decode every command of a session as a clip of its own.
  var singleClips = false
  /// Whether each voice's sessions, in the corpus's order, carry its speaker profile from one to
  /// the next (written and read as `axvoice listen --speaker` does).
  var carriesSpeakerProfiles = false
  /// Where the session benchmark leaves each voice's last profile (`--keep-profiles`), and where
  /// the scene benchmark reads the profile of each clip's voice (`--profiles`).
  var keptProfiles: String?
  var profiles: String?
  /// Decode with the general language model and match the text (the baseline).
  var baseline = false
  /// Scenes whose spoken commands to list, instead of benchmarking.
  var listCommands: [String] = []
  var configuration: RecognizerConfiguration

  static let usage = """
    usage: speech-benchmark [--corpus DIR] [--grammar FILE] [--conditions clean,snr10,...]
                            [--beam X] [--wbeam X] [--pbeam X] [--lw X] [--garbage P] [--phone P]
                            [--no-garbage] [--fillprob P] [--silprob P] [--postspeech N] [--command-end N] [--command-end-noise N]
                            [--vad-threshold X]
                            [--no-calibration] [--check FRAMES] [--tolerance X] [--batch] [--cold] [--option -name=value]
                            [--whole] [--limit N] [--every N] [--no-testdata] [--verbose]
                            [--scene-corpus DIR [--baseline] [--profiles DIR]] [--list-commands SCENE...]
                            [--sessions DIR [--split tuned,heldout] [--single] [--speaker-profiles [--keep-profiles DIR]]] [--max-utterance S] [--noise-floor RMS] [--noise-in-first-mean] [--no-coverage] [--no-lead-opinion] [--lead-phones-after-opinion N] [--no-join] [--no-adapt] [--adapt-means-only] [--adapt-prior N] [--adapt-frames N] [--adapt-growth G] [--profile-weight W] [--accents none|all|NAME,...] [--accent-scope every|second] [--lead-phone P] [--lead-phones N] [--alternatives [--intent-margin M]] [--no-sound-alikes] [--max-gap G] [--max-short-gap G] [--short-phones N] [--max-variant-gap G] [--max-unmatched-variant-gap G]
    """

  init(_ arguments: ArraySlice<String>) throws {
    configuration = try RecognizerConfiguration.installed()
    var rest = arguments
    func value(_ name: String) throws -> String {
      guard let next = rest.popFirst() else { throw BenchmarkError("missing value for '\(name)'") }
      return next
    }
    func number(_ name: String) throws -> Double {
      let text = try value(name)
      guard let number = Double(text) else { throw BenchmarkError("bad number '\(text)' for '\(name)'") }
      return number
    }
    // `Int(_:)` of a Double traps on nan, infinities and numbers past Int's range.
    func integer(_ name: String) throws -> Int {
      let number = try number(name)
      guard let whole = Int(exactly: number.rounded(.towardZero)) else {
        throw BenchmarkError("bad whole number '\(number)' for '\(name)'")
      }
      return whole
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--corpus": corpus = try value(argument)
      case "--grammar": grammar = try value(argument)
      case "--conditions": conditions = Set(try value(argument).split(separator: ",").map(String.init))
      case "--beam": configuration.beam = try number(argument)
      case "--wbeam": configuration.wordBeam = try number(argument)
      case "--pbeam": configuration.phoneBeam = try number(argument)
      case "--lw": configuration.languageWeight = try number(argument)
      case "--garbage": configuration.rejection.garbageProbability = try number(argument)
      case "--phone": configuration.rejection.phoneProbability = try number(argument)
      case "--fillprob": configuration.fillerProbability = try number(argument)
      case "--silprob": configuration.silenceProbability = try number(argument)
      case "--no-garbage": configuration.rejection.usesGarbageModel = false
      case "--no-calibration": configuration.calibratesChannel = false
      case "--cold": isCold = true
      case "--check": configuration.meanCheckFrames = try integer(argument)
      case "--tolerance": configuration.cepstralMeanTolerance = try number(argument)
      case "--batch": configuration.decodesUtterancesInBatch = true
      case "--command-end": configuration.voiceActivity.commandEndFrames = try integer(argument)
      case "--command-end-noise":
        configuration.voiceActivity.commandEndFramesInNoise = try integer(argument)
      case "--postspeech": configuration.voiceActivity.postSpeechFrames = try integer(argument)
      case "--vad-threshold": configuration.voiceActivity.threshold = try number(argument)
      case "--option":
        let pair = try value(argument).split(separator: "=", maxSplits: 1).map(String.init)
        guard pair.count == 2 else { throw BenchmarkError("--option takes -name=value") }
        configuration.additionalOptions[pair[0]] = pair[1]
      case "--whole": wholeUtterance = true
      case "--scene-corpus": sceneCorpus = try value(argument)
      case "--baseline": baseline = true
      case "--sessions": sessionCorpus = try value(argument)
      case "--split": splits = Set(try value(argument).split(separator: ",").map(String.init))
      case "--single": singleClips = true
      case "--speaker-profiles": carriesSpeakerProfiles = true
      case "--keep-profiles": keptProfiles = try value(argument)
      case "--profiles": profiles = try value(argument)
      case "--intent-margin": configuration.rejection.competingIntentMargin = try integer(argument)
      case "--alternatives": configuration.rejection.listsAlternatives = true
      case "--no-sound-alikes": configuration.rejection.listsSoundAlikes = false
      case "--no-lead-opinion": configuration.rejection.recoversLeadingWords = false
      case "--lead-phones-after-opinion":
        configuration.rejection.maximumLeadWordPhonesAfterSecondOpinion = try integer(argument)
      case "--no-join": configuration.rejection.joinsRejectedSpeech = false
      case "--lead-phone": configuration.rejection.leadingPhoneProbability = try number(argument)
      case "--lead-phones": configuration.rejection.leadingPhones = try integer(argument)
      case "--max-gap": configuration.rejection.maximumPhoneLoopGap = try number(argument)
      case "--max-short-gap": configuration.rejection.maximumShortSentenceGap = try number(argument)
      case "--max-variant-gap": configuration.rejection.maximumAccentVariantGap = try number(argument)
      case "--max-unmatched-variant-gap":
        configuration.rejection.maximumAccentVariantGapWithoutDictionarySentence = try number(argument)
      case "--short-phones": configuration.rejection.shortSentencePhones = try integer(argument)
      case "--no-coverage": configuration.rejection.rejectsUnexplainedSpeech = false
      case "--noise-in-first-mean": configuration.excludesNoiseFromFirstMean = false
      case "--no-adapt": configuration.speakerAdaptation.isEnabled = false
      case "--adapt-means-only": configuration.speakerAdaptation.adaptsVariances = false
      case "--adapt-prior": configuration.speakerAdaptation.priorFrames = try number(argument)
      case "--adapt-frames": configuration.speakerAdaptation.minimumFrames = try integer(argument)
      case "--profile-weight":
        let weight = try number(argument)
        guard weight.isFinite, weight >= 0 else { throw BenchmarkError("--profile-weight takes a number of at least 0") }
        configuration.speakerAdaptation.profileWeight = weight
      case "--adapt-growth":
        let growth = try number(argument)
        guard growth.isFinite, growth >= 1 else { throw BenchmarkError("--adapt-growth takes a number of at least 1") }
        configuration.speakerAdaptation.transformGrowth = growth
      case "--accents": configuration.accentVariants.accents = try accents(try value(argument))
      case "--accent-scope":
        switch try value(argument) {
        case "every": configuration.accentVariants.scope = .everyDecode
        case "second": configuration.accentVariants.scope = .secondOpinion
        case let other: throw BenchmarkError("bad accent scope '\(other)': every or second")
        }
      case "--noise-floor": configuration.noiseFloorLevel = try number(argument)
      case "--max-utterance": configuration.voiceActivity.maximumUtteranceSeconds = try number(argument)
      case "--list-commands":
        listCommands = Array(rest)
        rest = []
      case "--limit": limit = try integer(argument)
      case "--every": every = max(1, try integer(argument))
      case "--no-testdata": includesTestData = false
      case "--verbose", "-v": isVerbose = true
      case "--help", "-h":
        print(Self.usage)
        exit(0)
      default: throw BenchmarkError("unknown option '\(argument)'\n\(Self.usage)")
      }
    }
  }
}

/// The accents `--accents` names: `none`, `all`, or accents by name without spaces or case
/// (`westmidlands,scotland`).
private func accents(_ list: String) throws -> [AccentVariants.Accent] {
  if list == "none" { return [] }
  if list == "all" { return AccentVariants.english.accents }
  func key(_ name: String) -> String { name.lowercased().filter(\.isLetter) }
  let wanted = list.split(separator: ",").map { key(String($0)) }
  let chosen = AccentVariants.english.accents.filter { wanted.contains(key($0.name)) }
  guard chosen.count == Set(wanted).count else {
    let known = AccentVariants.english.accents.map { key($0.name) }.joined(separator: ", ")
    throw BenchmarkError("unknown accent in '\(list)'; known: \(known)")
  }
  return chosen
}

/// A benchmark usage or input error.
struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
