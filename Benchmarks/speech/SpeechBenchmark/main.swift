// The speech benchmark: decodes a corpus (see Benchmarks/speech/make-speech-corpus.sh) with the
// SpeechRecognition front and reports accuracy, false accepts, real-time factor, latency and
// memory. Run it from a release build: `Benchmarks/speech/run`.
import Foundation
import AXModel
import SpeechRecognition

do {
  let options = try BenchmarkOptions(CommandLine.arguments.dropFirst())
  if !options.listCommands.isEmpty {
    // scene, prelude, text: the input of Benchmarks/speech/make-scene-corpus.sh.
    for scene in options.listCommands {
      for command in try SceneCommands.commands(scene: scene) {
        print("\(command.scene)\t\(command.prelude)\t\(command.text)")
      }
    }
  } else if !options.sessionCorpus.isEmpty {
    try SessionBenchmark(options: options).run()
  } else if !options.sceneCorpus.isEmpty {
    try SceneBenchmark(options: options).run()
  } else {
    try Benchmark(options: options).run()
  }
} catch {
  FileHandle.standardError.write(Data("speech-benchmark: error: \(TerminalText.escapingHazards("\(error)"))\n".utf8))
  exit(1)
}
