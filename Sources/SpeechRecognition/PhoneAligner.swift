/// Aligns the frames of an utterance's words to their phones with the model's phone codebooks,
/// without decoding it again.
///
/// The decoder already placed each word of the sentence in the utterance; within a word, the
/// frames go to its phones in order, each phone at least a few frames long (one a state of its
/// three-state model, fewer when the word is shorter than that), by the best path of each frame's
/// likelihood under the phone's codebook (its Gaussians equally weighted, as
/// ``SpeakerAdaptation`` weighs them). A word with several pronunciations (the dictionary's
/// alternates, and the accents' when it was heard in one) gets the one whose path fits best.
///
/// It replaced a decode of the utterance with a grammar of the sentence's phones, which cost as
/// much as decoding the utterance again: the en-us model scores every codebook's top Gaussians
/// at every frame, whatever the search (docs/benchmarks.md, Listening).
struct PhoneAligner {
  /// A word of the sentence: where the decoder placed it and how it may be pronounced.
  struct Word {
    /// Its frames in the utterance.
    var frames: Range<Int>
    /// Its pronunciations, as CMU phones.
    var pronunciations: [[String]]
  }

  /// The frames a phone takes at least, when the word is long enough: its model's states.
  static let statesPerPhone = 3

  let codebooks: PhoneCodebooks

  /// The phones of `words` with the frames each was aligned to, in order. A word shorter than
  /// its phones, or whose phones have no codebook, is left out.
  ///
  /// - Parameter features: The utterance's feature vectors (``SpeakerAdaptation/features(cepstra:dimension:mean:)``).
  func align(_ words: [Word], features: [[Double]]) -> [(phone: String, frames: Range<Int>)] {
    var aligned: [(phone: String, frames: Range<Int>)] = []
    for word in words {
      let frames = word.frames.clamped(to: 0..<features.count)
      var scores = FrameScores(codebooks: codebooks, features: features, frames: frames)
      var best: (score: Double, phones: [String], path: [Int])?
      for phones in word.pronunciations where !phones.isEmpty && phones.count <= frames.count {
        let codebookIndices = phones.compactMap(codebooks.codebook(of:))
        guard codebookIndices.count == phones.count,
          let path = Self.bestPath(frames: frames.count, phones: codebookIndices.count, scores: { frame, phone in
            scores.logLikelihood(frame: frame, codebook: codebookIndices[phone])
          })
        else { continue }
        if path.score > best?.score ?? -.infinity { best = (path.score, phones, path.phoneOfFrame) }
      }
      guard let best else { continue }
      var start = 0
      for end in 1...best.path.count where end == best.path.count || best.path[end] != best.path[start] {
        let base = frames.lowerBound
        aligned.append((best.phones[best.path[start]], (base + start)..<(base + end)))
        start = end
      }
    }
    return aligned
  }

  /// The best left-to-right path of `frames` frames through `phones` phones, each held at least
  /// ``statesPerPhone`` frames (fewer, the same for all, when the frames are too few), starting
  /// in the first and ending in the last: its score and each frame's phone; `nil` when there
  /// are fewer frames than phones.
  static func bestPath(
    frames: Int, phones: Int, scores: (_ frame: Int, _ phone: Int) -> Double
  ) -> (score: Double, phoneOfFrame: [Int])? {
    guard phones > 0, frames >= phones else { return nil }
    let repeats = min(statesPerPhone, frames / phones)
    let states = phones * repeats
    var previous = [Double](repeating: -.infinity, count: states)
    var current = previous
    // Whether the best way into each state at each frame came from the state before it.
    var advanced = [Bool](repeating: false, count: frames * states)
    previous[0] = scores(0, 0)
    for frame in 1..<frames {
      // Only the states a path can be in: it has advanced at most one state a frame, and must
      // still reach the last.
      let lowest = max(0, states - (frames - frame))
      let highest = min(states - 1, frame)
      for state in 0..<states { current[state] = -.infinity }
      var cached = (phone: -1, score: 0.0)
      for state in lowest...highest {
        let stay = previous[state]
        let advance = state > 0 ? previous[state - 1] : -.infinity
        guard stay > -.infinity || advance > -.infinity else { continue }
        let phone = state / repeats
        if cached.phone != phone { cached = (phone, scores(frame, phone)) }
        advanced[frame * states + state] = advance > stay
        current[state] = max(stay, advance) + cached.score
      }
      swap(&previous, &current)
    }
    let score = previous[states - 1]
    guard score > -.infinity else { return nil }
    var phoneOfFrame = [Int](repeating: 0, count: frames)
    var state = states - 1
    for frame in stride(from: frames - 1, through: 0, by: -1) {
      phoneOfFrame[frame] = state / repeats
      if frame > 0, advanced[frame * states + state] { state -= 1 }
    }
    return (score, phoneOfFrame)
  }
}

/// Each frame's log-likelihood under a phone codebook, computed once a frame and codebook.
private struct FrameScores {
  let codebooks: PhoneCodebooks
  let features: [[Double]]
  let frames: Range<Int>
  private var cache: [Int: [Double]] = [:]

  init(codebooks: PhoneCodebooks, features: [[Double]], frames: Range<Int>) {
    self.codebooks = codebooks
    self.features = features
    self.frames = frames
  }

  /// The log-likelihood of the word's `frame`-th frame under `codebook`.
  mutating func logLikelihood(frame: Int, codebook: Int) -> Double {
    if let scores = cache[codebook] { return scores[frame] }
    let scores = codebooks.logLikelihoods(of: features[frames], codebook: codebook)
    cache[codebook] = scores
    return scores[frame]
  }
}
