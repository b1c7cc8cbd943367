import Foundation
import SpeechRecognition

let configuration = try RecognizerConfiguration.installed()
let recognizer = try SpeechRecognizer(configuration: configuration)
let grammar = """
  #JSGF V1.0;
  grammar command;
  public <command> = tap add to cart | show numbers | tap seven | hide numbers | tap decrement;
  """
let report = try recognizer.loadGrammar(jsgf: grammar)
print(report.addedWords)
for path in CommandLine.arguments.dropFirst() {
  let stream = recognizer.utterances(from: .wavFile(path))
  while let result = try stream.next() {
    print(path, result.outcome, result.hypothesis.text, result.start, result.end, result.finalizationTime)
  }
}
