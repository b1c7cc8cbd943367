import CPocketSphinx

/// The word graph of a loaded grammar, which tells whether the words heard so far are a whole
/// command and whether any command goes on from them.
///
/// An utterance can end as soon as its words form a whole command that is not the start of a
/// longer one and the speaker has fallen silent (see ``VoiceActivitySettings/commandEndFrames``),
/// instead of waiting for the voice activity detector's hang-over. The graph is read once per
/// grammar from the finite-state grammar PocketSphinx compiled the JSGF into, so it is the graph
/// the decoder searches, not a second reading of the JSGF.
struct CommandGraph: Sendable, Equatable {
  /// A word that leads from one state to another.
  struct Arc: Sendable, Equatable {
    /// The word, without the number of an alternate pronunciation.
    var word: String
    /// The state it leads to.
    var target: Int
    /// The CMU phones of this pronunciation, empty when unknown.
    var phones: [String]
  }

  /// Where the words heard so far stand in the grammar.
  enum Position: Sendable, Equatable {
    /// No command has these words: a misrecognition in progress, or the rejection path.
    case outside
    /// A command starts with these words and needs more.
    case incomplete
    /// These words are a command, and a longer one starts with them ("tap seven" and "tap seven
    /// of clubs"), or a longer word sounds like the last one at first ("six" and "sixty").
    case completeAndContinued
    /// These words are a command and no command goes on from them.
    case complete
  }

  /// The state the grammar starts in.
  var start: Int
  /// The state every command ends in.
  var final: Int
  /// The word arcs leaving each state, fillers and the rejection path's words left out.
  var wordArcs: [[Arc]]
  /// The states each state reaches without a word.
  var nullArcs: [[Int]]

  /// Reads the graph of a compiled grammar, with the pronunciation of each word (and of each
  /// alternate, such as "to(2)") as CMU phones. The corresponding C functions are
  /// `fsg_model_arcs`, `fsg_arciter_get` and `fsg_arciter_next`.
  init(fsg: UnsafeMutablePointer<fsg_model_t>, pronunciation: (String) -> [String]?) {
    let model = fsg.pointee
    let count = Int(model.n_state)
    start = Int(model.start_state)
    final = Int(model.final_state)
    wordArcs = Array(repeating: [], count: count)
    nullArcs = Array(repeating: [], count: count)
    var phones: [String: [String]] = [:]
    for state in 0..<count {
      // The iterator frees itself when it returns NULL.
      var iterator = fsg_model_arcs(fsg, Int32(state))
      while let current = iterator {
        if let link = fsg_arciter_get(current)?.pointee {
          let target = Int(link.to_state)
          if link.wid < 0 {
            nullArcs[state].append(target)
          } else if let (spelling, word) = Self.word(Int(link.wid), in: model) {
            if phones[spelling] == nil { phones[spelling] = pronunciation(spelling) ?? [] }
            wordArcs[state].append(Arc(word: word, target: target, phones: phones[spelling] ?? []))
          }
        }
        iterator = fsg_arciter_next(current)
      }
    }
  }

  /// The vocabulary entry of word `id` ("to(2)") and its base form ("to"), or `nil` for a
  /// filler, which the search adds as a loop on every state, and for the rejection path's
  /// words, which no command continues with (the phone loop, the unspeakable word).
  private static func word(_ id: Int, in model: fsg_model_t) -> (String, String)? {
    guard id < Int(model.n_word), let pointer = model.vocab[id] else { return nil }
    let spelling = String(cString: pointer)
    let word = WordSegment.baseWord(spelling)
    guard !WordSegment.isFiller(word), !word.hasPrefix(RejectionSettings.reservedPrefix) else {
      return nil
    }
    return (spelling, word)
  }

  /// Where `words` (fillers left out) stand in the grammar.
  func position(of words: [String]) -> Position {
    var states = closure([start])
    var before = states
    for word in words {
      var next: Set<Int> = []
      for state in states {
        for arc in wordArcs[state] where arc.word == word {
          next.insert(arc.target)
        }
      }
      guard !next.isEmpty else { return .outside }
      before = states
      states = closure(next)
    }
    guard states.contains(final) else { return .incomplete }
    if states.contains(where: { !wordArcs[$0].isEmpty }) { return .completeAndContinued }
    guard let last = words.last else { return .complete }
    return startsLongerWord(last, from: before) ? .completeAndContinued : .complete
  }

  /// The commands of the grammar that end with `words` (fillers left out) after one to
  /// `maximumLead` words before them, alphabetically word by word: "double tap brew", "show
  /// actions for brew", "tap brew" for "brew".
  ///
  /// When a sentence's words leave speech before them unexplained (`SpeechCoverage`), these are
  /// the sentences that would place a word there: the command word the decoder heard as
  /// nothing.
  func commands(endingWith words: [String], maximumLead: Int = 3) -> [[String]] {
    guard !words.isEmpty else { return [] }
    let count = wordArcs.count
    // The fewest words from each state to one from which `words` end the command, searched
    // backwards over the arcs (a null arc costs no word), so that the leads tried below are
    // only those that can still reach such a state within `maximumLead` words.
    var distance = Array(repeating: Int.max, count: count)
    var queue: [Int] = []
    for state in 0..<count where ends(words[...], from: closure([state])) {
      distance[state] = 0
      queue.append(state)
    }
    var incoming: [[(from: Int, cost: Int)]] = Array(repeating: [], count: count)
    for state in 0..<count {
      for arc in wordArcs[state] { incoming[arc.target].append((state, 1)) }
      for target in nullArcs[state] { incoming[target].append((state, 0)) }
    }
    var head = 0
    while head < queue.count {
      let state = queue[head]
      head += 1
      for (from, cost) in incoming[state] where distance[state] + cost < distance[from] {
        distance[from] = distance[state] + cost
        queue.append(from)
      }
    }
    var found: [[String]] = []
    func extend(_ lead: [String], from states: Set<Int>) {
      if !lead.isEmpty, states.contains(where: { distance[$0] == 0 }) {
        found.append(lead + words)
      }
      let left = maximumLead - lead.count
      guard left > 0 else { return }
      var targets: [String: Set<Int>] = [:]
      for state in states {
        for arc in wordArcs[state] where distance[arc.target] < left {
          targets[arc.word, default: []].insert(arc.target)
        }
      }
      for (word, reached) in targets.sorted(by: { $0.key < $1.key }) {
        extend(lead + [word], from: closure(reached))
      }
    }
    extend([], from: closure([start]))
    return found
  }

  /// Whether `words` lead from `states` to the final state.
  private func ends(_ words: ArraySlice<String>, from states: Set<Int>) -> Bool {
    var current = states
    for word in words {
      let next = current.flatMap { state in wordArcs[state].filter { $0.word == word }.map(\.target) }
      current = closure(Set(next))
      if current.isEmpty { return false }
    }
    return current.contains(final)
  }

  /// Whether a word that can come instead of `word` from `states` starts with the sounds of one
  /// of its pronunciations ("sixty" for "six"): the closure of its t is a pause that can sound
  /// like the end of `word`.
  private func startsLongerWord(_ word: String, from states: Set<Int>) -> Bool {
    let arcs = states.flatMap { wordArcs[$0] }
    let spoken = arcs.filter { $0.word == word && !$0.phones.isEmpty }.map(\.phones)
    return arcs.contains { arc in
      spoken.contains { short in arc.phones.count > short.count && arc.phones.starts(with: short) }
    }
  }

  /// `states` and every state they reach without a word.
  private func closure(_ states: Set<Int>) -> Set<Int> {
    var reached = states
    var pending = Array(states)
    while let state = pending.popLast() {
      for target in nullArcs[state] where reached.insert(target).inserted {
        pending.append(target)
      }
    }
    return reached
  }
}
