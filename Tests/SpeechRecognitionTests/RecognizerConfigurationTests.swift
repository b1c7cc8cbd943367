import Foundation
import SpeechRecognition
import Testing

@Suite("Recognizer configuration")
struct RecognizerConfigurationTests {
  /// The value that follows `name` in `arguments`, or nil.
  private func value(of name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
  }

  @Test(
    "each setting becomes its PocketSphinx option, once",
    arguments: [
      ("-topn", "7"), ("-lw", "9.5"), ("-beam", "1e-70"), ("-wbeam", "1e-50"), ("-fsgusefiller", "no"),
      ("-seed", "5"),
    ])
  func settings(name: String, expected: String) {
    var configuration = RecognizerConfiguration(acousticModel: "/model", dictionary: "/dict")
    // Values unlike the defaults, so that an option the setting does not reach would show.
    configuration.topGaussians = 7
    configuration.languageWeight = 9.5
    configuration.beam = 1e-70
    configuration.wordBeam = 1e-50
    configuration.usesFillers = false
    configuration.ditherSeed = 5
    #expect(value(of: name, in: configuration.arguments) == expected)
    #expect(configuration.arguments.filter { $0 == name }.count == 1)
  }

  @Test("PocketSphinx's own number of Gaussians a frame is the default")
  func defaultTopGaussians() {
    let configuration = RecognizerConfiguration(acousticModel: "/model", dictionary: "/dict")
    #expect(value(of: "-topn", in: configuration.arguments) == "4")
  }

  @Test("an additional option replaces the setting it names, since PocketSphinx refuses one given twice")
  func additionalOptionReplacesSetting() {
    var configuration = RecognizerConfiguration(acousticModel: "/model", dictionary: "/dict")
    configuration.additionalOptions = ["-topn": "6", "-remove_noise": "no"]
    let arguments = configuration.arguments
    #expect(arguments.filter { $0 == "-topn" }.count == 1)
    #expect(value(of: "-topn", in: arguments) == "6")
    #expect(value(of: "-remove_noise", in: arguments) == "no")
    #expect(arguments.count == RecognizerConfiguration(acousticModel: "/model", dictionary: "/dict").arguments.count + 2)
  }

  @Test("the decoder scores with as many Gaussians as the setting says", .tags(.decoder))
  func decoderUsesTopGaussians() throws {
    let audio = try SpeechFixtures.withNoiseFloor(SpeechFixtures.speech("show numbers"), level: 300, seed: 3)
    // The same clip through four Gaussians a frame and through six: if the setting did not
    // reach PocketSphinx, both decodes would be one computation and score alike. Without the
    // dither, whose generator is process-wide and shared with the suites decoding beside this
    // one, a decode scores the same every time (the clip has a noise floor of its own).
    var scores: [Int] = []
    for count in [4, 6, 6] {
      let recognizer = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
        $0.topGaussians = count
        $0.dither = false
      }
      let result = try recognizer.recognize(samples: audio)
      #expect(result.outcome == .accepted("show numbers"), "heard '\(result.hypothesis.text)' with \(count)")
      scores.append(result.hypothesis.score)
    }
    #expect(scores[0] != scores[1], "scores \(scores)")
    #expect(scores[1] == scores[2], "scores \(scores)")
    // The benchmark's `--option -topn=6` goes through additionalOptions: the decoder accepts
    // it and scores as with the setting at 6.
    let overridden = try SpeechFixtures.makeRecognizer(grammar: SpeechFixtures.commandGrammar) {
      $0.additionalOptions["-topn"] = "6"
      $0.dither = false
    }
    #expect(try overridden.recognize(samples: audio).hypothesis.score == scores[1])
  }
}
