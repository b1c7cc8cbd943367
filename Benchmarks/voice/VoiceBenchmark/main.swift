// Voice benchmark: typed matching of one utterance against a generated 10,000-element scene.
//
// Matching is what the typed front does per utterance before anything is dispatched:
// normalise the words, read them against the grammar, and resolve the item slot through the
// name index. The index is built once per tree (after every change); its cost is reported
// separately, as is a whole `handle(utterance:)` that also taps and rebuilds the tree.
import AXModel
import Foundation
import VoiceControl

if CommandLine.arguments.dropFirst().first == "hittest" {
  let arguments = CommandLine.arguments.dropFirst(2).map { Int($0) }
  do {
    try hitTestBenchmark(
      count: (arguments.first ?? nil) ?? 10_000, points: (arguments.dropFirst().first ?? nil) ?? 1_000_000)
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(65)
  }
  exit(0)
}

let elementCount = max(30, Int(CommandLine.arguments.dropFirst().first ?? "") ?? 10_000)
let iterations = Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 2_000
// The item the utterances name: near the end of the scene whatever its size (item 4821 of
// 10,000), so the index can't find it early.
let target = max(22, elementCount * 4821 / 10_000)

func sceneJSON(count: Int) -> String {
  let columns = 100
  var children: [String] = []
  children.reserveCapacity(count)
  for index in 0..<count {
    let x = (index % columns) * 10
    let y = (index / columns) * 10
    children.append(
      #"{"id": "item-\#(index + 1)", "type": "button", "frame": [\#(x), \#(y), 10, 10], "text": "Item \#(index + 1) options"}"#)
  }
  let height = (count / columns + 1) * 10
  return """
    {"format": "axscene/1", "name": "Generated", "screen": {"width": 1000, "height": \(height)},
     "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 1000, \(height)],
       "children": [\(children.joined(separator: ",\n"))]}}]}
    """
}

/// `duration` in microseconds, the unit of the benchmark's tables.
func microseconds(_ duration: Duration) -> Double {
  duration / .microseconds(1)
}

func report(_ name: String, _ samples: [Double], outcome: String? = nil) {
  let sorted = samples.sorted()
  let median = sorted[sorted.count / 2]
  let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
  print(
    String(format: "%@: median %.1f µs, p99 %.1f µs (%d runs)", name, median, p99, samples.count)
      + (outcome.map { ": \($0)" } ?? ""))
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let grammarPath = root.appendingPathComponent("Grammars/en-US.json").path
let clock = ContinuousClock()
do {
  let grammar = try GrammarLoader().load(path: grammarPath)
  let scene = try SceneLoader().load(text: sceneJSON(count: elementCount), path: "<generated>")
  var session = VoiceSession(scene: scene, vocabulary: grammar)
  print("scene: \(session.sceneSession.tree.elements.count) elements, \(session.index.targets.count) targets")

  var builds: [Double] = []
  for _ in 0..<5 {
    let start = clock.now
    let index = NameIndex(tree: session.sceneSession.tree, normalizer: grammar.normalizer)
    builds.append(microseconds(clock.now - start))
    precondition(index.targets.count == elementCount)
  }
  report("name index build (once per tree change)", builds)

  // `show actions for X` resolves X like every item command but dispatches nothing (these
  // buttons have no custom actions, so it is refused without touching the tree), which makes
  // `handle` measure the typed front alone: normalise, read, resolve, answer.
  let utterances: [(kind: String, utterance: String, outcome: VoiceOutcome.Kind)] = [
    ("exact", "show actions for item \(target) options", .refused),
    ("digit pairs, no such name", "show actions for item forty eight twenty one options button", .noSuchName),
    ("without trait words", "show actions for item \(target) options button", .refused),
    ("contained", "show actions for item \(target)", .refused),
    ("number words", "show actions for item twenty one options", .refused),
    ("no such name", "show actions for nothing at all", .noSuchName),
    ("not understood", "make me a sandwich", .notUnderstood),
  ]
  for (kind, utterance, expected) in utterances {
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    var last: VoiceOutcome?
    for _ in 0..<iterations {
      var copy = session
      let start = clock.now
      last = copy.handle(utterance: utterance)
      samples.append(microseconds(clock.now - start))
    }
    precondition(last?.kind == expected, "\(utterance): \(last?.message ?? "")")
    // What it read, after the timings, for the peer script to print beside its own reading.
    let read = "\(expected)" + (last?.target.map { " \($0)" } ?? "")
    report("typed matching, \(kind) ('\(utterance)')", samples, outcome: read)
  }

  var handles: [Double] = []
  for _ in 0..<5 {
    var copy = session
    let start = clock.now
    let outcome = copy.handle(utterance: "tap item \(target) options")
    handles.append(microseconds(clock.now - start))
    precondition(outcome.kind == .done)
  }
  report("whole handle(utterance:) with the tap and the tree and index rebuild", handles)
  _ = session.handle(utterance: "show numbers")
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(65)
}
