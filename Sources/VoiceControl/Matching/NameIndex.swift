import AXModel

/// How a spoken name found its element.
public enum NameMatchKind: String, Hashable, Sendable {
  /// The words equal one of the element's names.
  case exact
  /// They equal it once trailing trait words are dropped ("tap play button" for "Play").
  case withoutTraitWords
  /// They are a contiguous run of words inside a name ("tap cart" for "Add to Cart").
  case contained
}

/// The elements a spoken name found, with the name each one matched by.
public struct NameMatch: Hashable, Sendable {
  /// How the name matched.
  public var kind: NameMatchKind
  /// The targets found, in accessibility order.
  public var targets: [VoiceTarget]
  /// The name each target matched by, in the same order.
  public var names: [String]
}

/// The spoken names of a tree's targets, indexed for matching.
///
/// Built once per tree (the session rebuilds it after every change, so numbers and names are
/// never stale). Exact lookups are hash lookups; a contained lookup scans only the names that
/// contain the rarest spoken word, so matching stays fast on a 10,000-element scene.
public struct NameIndex: Sendable {
  /// The targets in accessibility order; `targets[n - 1]` has number `n`.
  public let targets: [VoiceTarget]
  /// The normaliser names went through.
  public let normalizer: NameNormalizer

  private struct Posting: Hashable, Sendable {
    var target: Int
    var name: Int
  }

  private var exact: [String: [Posting]] = [:]
  private var stripped: [String: [Posting]] = [:]
  private var postings: [String: [Posting]] = [:]
  private var actions: [String: [(target: Int, name: String)]] = [:]
  private var targetIndex: [String: Int] = [:]
  private var unnamedPositions: [Int] = []

  /// Indexes the targets of a tree.
  public init(tree: AccessibilityTree, normalizer: NameNormalizer) {
    self.normalizer = normalizer
    var targets: [VoiceTarget] = []
    for element in tree.elements where VoiceTarget.isTarget(element) {
      targets.append(
        VoiceTarget(
          element: element, number: targets.count + 1,
          names: VoiceTarget.names(of: element, normalizer: normalizer)))
    }
    self.targets = targets
    for (targetNumber, target) in targets.enumerated() {
      targetIndex[target.id] = targetNumber
      if !target.hasUsableName { unnamedPositions.append(targetNumber) }
      for (nameNumber, name) in target.names.enumerated() where name.isUsable {
        let posting = Posting(target: targetNumber, name: nameNumber)
        NameIndex.add(posting, to: &exact, key: name.tokens.joined(separator: " "))
        NameIndex.add(posting, to: &stripped, key: name.strippedTokens.joined(separator: " "))
        for token in Set(name.tokens) { NameIndex.add(posting, to: &postings, key: token) }
      }
      for action in target.element.customActionNames {
        let key = normalizer.tokens(action).joined(separator: " ")
        guard !key.isEmpty else { continue }
        actions[key, default: []].append((targetNumber, action))
      }
    }
  }

  private static func add(_ posting: Posting, to table: inout [String: [Posting]], key: String) {
    guard !key.isEmpty else { return }
    if table[key]?.last?.target == posting.target { return }
    table[key, default: []].append(posting)
  }

  /// The target with the given number (1-based), if there is one.
  public func target(number: Int) -> VoiceTarget? {
    targets.indices.contains(number - 1) ? targets[number - 1] : nil
  }

  /// The target for an element id, if the element is a target.
  public func target(id: String) -> VoiceTarget? {
    targetIndex[id].map { targets[$0] }
  }

  /// The targets with no usable name, reachable only by number or grid.
  public var unnamedTargets: [VoiceTarget] { unnamedPositions.map { targets[$0] } }

  /// Finds the targets a spoken name refers to: exact matches first, then matches without
  /// trailing trait words, then names that contain the words; `nil` when nothing matches.
  public func match(_ tokens: [String]) -> NameMatch? {
    guard !tokens.isEmpty else { return nil }
    let key = tokens.joined(separator: " ")
    if let found = exact[key] { return result(.exact, found) }
    let spokenStripped = normalizer.strippingTraitWords(tokens)
    let strippedKey = spokenStripped.joined(separator: " ")
    for (table, lookup) in [(stripped, key), (exact, strippedKey), (stripped, strippedKey)] {
      if let found = table[lookup] { return result(.withoutTraitWords, found) }
    }
    return contained(spokenStripped)
  }

  private func contained(_ tokens: [String]) -> NameMatch? {
    var rarest: [Posting]?
    for token in Set(tokens) {
      guard let list = postings[token] else { return nil }
      if list.count < (rarest?.count ?? Int.max) { rarest = list }
    }
    guard let candidates = rarest else { return nil }
    var found: [Posting] = []
    for posting in candidates {
      let name = targets[posting.target].names[posting.name].tokens
      if NameIndex.containsRun(tokens, in: name), found.last?.target != posting.target {
        found.append(posting)
      }
    }
    return found.isEmpty ? nil : result(.contained, found)
  }

  private func result(_ kind: NameMatchKind, _ postings: [Posting]) -> NameMatch {
    var seen = Set<Int>()
    let unique = postings.filter { seen.insert($0.target).inserted }.sorted { $0.target < $1.target }
    return NameMatch(
      kind: kind, targets: unique.map { targets[$0.target] },
      names: unique.map { targets[$0.target].names[$0.name].text })
  }

  /// Whether `run` occurs as contiguous tokens inside `tokens`.
  package static func containsRun(_ run: [String], in tokens: [String]) -> Bool {
    guard run.count <= tokens.count else { return false }
    for start in 0...(tokens.count - run.count)
    where tokens[start..<(start + run.count)].elementsEqual(run) {
      return true
    }
    return false
  }

  /// The targets offering a custom action with the spoken name, with the action's name as
  /// the scene writes it, in accessibility order.
  public func actionTargets(_ tokens: [String]) -> [(target: VoiceTarget, action: String)] {
    guard let found = actions[tokens.joined(separator: " ")] else { return [] }
    return found.map { (targets[$0.target], $0.name) }
  }

  /// Whether any target offers a custom action with the spoken name.
  public func isActionName(_ tokens: [String]) -> Bool {
    !actions.isEmpty && actions[tokens.joined(separator: " ")] != nil
  }

  /// Whether any target offers a custom action at all, so that an utterance may name one.
  public var hasActionNames: Bool { !actions.isEmpty }

  /// Whether the words are exactly one of the names, the first thing ``match(_:)`` looks
  /// for: `isExactName(t)` is `match(t)?.kind == .exact`, without building the match.
  public func isExactName(_ tokens: [String]) -> Bool {
    !tokens.isEmpty && exact[tokens.joined(separator: " ")] != nil
  }
}
