// The speech benchmark: decodes a corpus (see scripts/make-speech-corpus.sh) with the
// SpeechRecognition front and reports accuracy, false accepts, real-time factor, latency and
// memory. Run it from a release build: `Benchmarks/speech/run`.
import Foundation
import SpeechRecognition

do {
  let options = try BenchmarkOptions(CommandLine.arguments.dropFirst())
  try Benchmark(options: options).run()
} catch {
  FileHandle.standardError.write(Data("speech-benchmark: error: \(error)\n".utf8))
  exit(1)
}
