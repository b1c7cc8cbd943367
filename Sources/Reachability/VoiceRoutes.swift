import AXModel
import VoiceControl

/// Plans the cheapest Voice Control utterances for each action of a target, as the voice session
/// reads them.
///
/// The cheapest route names the target alone in one utterance ("tap Bob", with the shortest run of
/// its shown name's words that finds it and nothing else); a name shared with other targets costs a
/// second utterance to pick from the chooser; a target with no speakable name is reached by number
/// ("show numbers", then "tap 7"). Every route is a plan: ``ReachReport/verify()`` replays it on a
/// fresh ``VoiceSession`` and checks that it dispatches the action on the target.
struct VoiceRoutes {
  let index: NameIndex
  let compiler: JSGFCompiler
  let normalizer: NameNormalizer
  let phrases: CommandPhrases
  /// The session the routes start from, which a text route replays its utterances on.
  let session: VoiceSession

  init(session: VoiceSession) {
    self.session = session
    phrases = CommandPhrases(vocabulary: session.vocabulary)
    index = session.index
    compiler = JSGFCompiler(vocabulary: session.vocabulary)
    normalizer = session.normalizer
  }

  /// How to name a target: the words to say and how they find it.
  struct Naming {
    var words: String
    var access: VoiceReach.Access
    /// The chooser number to say after, for a shared name.
    var choice: Int?
  }

  /// The reach of one element by voice, with a route for each action.
  func reach(_ element: AXElement, actions: [SceneAction], reachable: Bool) -> VoiceReach {
    let names = VoiceTarget.names(of: element, normalizer: normalizer)
    let target = reachable ? index.target(id: element.id) : nil
    let unspeakable = Self.unspeakableReason(names, compiler: compiler)
    let found = target.flatMap { self.naming(for: $0) }
    var access: VoiceReach.Access = found?.access ?? .none
    if target != nil, found == nil { access = .number }
    let routes = actions.map { action in
      route(action, element: element, target: target, naming: found)
    }
    return VoiceReach(
      names: names.map(\.text), shownName: target?.shownName ?? names.first { $0.isUsable }?.text,
      unspeakable: unspeakable, number: target?.number, access: access, routes: routes)
  }

  /// Why none of the names can be spoken, or `nil` when one can.
  static func unspeakableReason(_ names: [VoiceName], compiler: JSGFCompiler) -> String? {
    let written = names.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
    if written.isEmpty { return "it has no name" }
    let usable = written.filter(\.isUsable)
    if usable.isEmpty { return "its name is only symbols, emoji or punctuation" }
    if usable.allSatisfy({ compiler.spokenWords($0.tokens) == nil }) {
      return "its name has words the recognizer can't say"
    }
    return nil
  }

  /// The fewest words that name the target alone, else a shared name and its chooser number.
  func naming(for target: VoiceTarget) -> Naming? {
    var shared: Naming?
    for name in target.usableNames where compiler.spokenWords(name.tokens) != nil {
      // A short name is said whole, as written; a long one by its shortest run that is unique.
      if name.tokens.count <= 4, let match = index.match(name.tokens), match.targets.count == 1,
        match.targets[0].id == target.id
      {
        return Naming(words: name.text, access: .name, choice: nil)
      }
      if let run = shortestUniqueRun(name.tokens, target: target) {
        return Naming(words: CommandPhrases.joined(run), access: .name, choice: nil)
      }
      if shared == nil, let match = index.match(name.tokens),
        let position = match.targets.firstIndex(where: { $0.id == target.id })
      {
        shared = Naming(words: name.text, access: .chooser, choice: position + 1)
      }
    }
    return shared
  }

  /// The shortest contiguous run of the name's words that finds only this target, preferring
  /// the earliest run of that length; the whole name is tried first among equals of its length.
  func shortestUniqueRun(_ tokens: [String], target: VoiceTarget) -> [String]? {
    guard !tokens.isEmpty else { return nil }
    let limit = min(tokens.count, 8)
    for length in 1...limit {
      for start in 0...(tokens.count - length) {
        let run = Array(tokens[start..<(start + length)])
        guard !isCommandWord(run) else { continue }
        if let match = index.match(run), match.targets.count == 1, match.targets[0].id == target.id {
          return run
        }
      }
    }
    if tokens.count > limit, let match = index.match(tokens), match.targets.count == 1,
      match.targets[0].id == target.id
    {
      return tokens
    }
    return nil
  }

  /// Runs that are numbers would be read as a number, not a name, once an overlay shows one.
  func isCommandWord(_ run: [String]) -> Bool {
    run.count == 1 && Int(run[0]) != nil
  }

  /// The utterances for one action.
  /// The utterances for one action, performed `repeats` times where a count can be said
  /// ("increment volume by 3").
  func route(
    _ action: SceneAction, element: AXElement, target: VoiceTarget?, naming: Naming?, repeats: Int = 1
  ) -> VoiceReach.Route {
    let count = repeats > 1 ? repeats : nil
    func fail(_ reason: String) -> VoiceReach.Route {
      VoiceReach.Route(action: action, utterances: [], failure: reason)
    }
    guard let target else { return fail("not a Voice Control target on this screen") }
    guard element.isEnabled else { return fail("it is dimmed (not enabled)") }
    let command: (String) -> String?
    switch action {
    case .activate: command = { phrases.phrase(.tap, item: $0) }
    case .increment: command = { phrases.phrase(.increment, item: $0, count: count) }
    case .decrement: command = { phrases.phrase(.decrement, item: $0, count: count) }
    case .custom(let name):
      let words = normalizer.tokens(name)
      guard !words.isEmpty, compiler.spokenWords(words) != nil else {
        return fail("the action name '\(name)' can't be spoken")
      }
      command = { phrases.phrase(.customAction, item: $0, action: name) }
    case .gesture(let kind):
      guard let (intent, direction) = Self.gestureIntent(kind) else {
        return fail("Voice Control has no command for a \(kind.rawValue)")
      }
      command = { phrases.phrase(intent, direction: direction, item: $0) }
    case .escape:
      guard let back = phrases.phrase(.goBack) else { return fail("the vocabulary has no 'go back'") }
      return VoiceReach.Route(action: action, utterances: [back], failure: nil)
    case .magicTap: return fail("Voice Control has no magic tap")
    case .scroll: return fail("a scroll is said on the screen, not on an item")
    case .edit(let edit): return textRoute(edit, element: element, target: target, naming: naming)
    }
    if let naming {
      guard let first = command(naming.words) else { return fail("the vocabulary has no command for it") }
      var utterances = [first]
      if let choice = chooserChoice(naming, action: action, target: target) {
        utterances.append(String(choice))
      }
      return VoiceReach.Route(action: action, utterances: utterances, failure: nil)
    }
    guard let show = phrases.phrase(.showNumbers), let numbered = command(String(target.number)) else {
      return fail("the vocabulary has no command for it by number")
    }
    return VoiceReach.Route(action: action, utterances: [show, numbered], failure: nil)
  }

  /// The number to pick from the chooser a shared name opens, or `nil` when the command needs
  /// none: a custom action's chooser lists only the elements that offer the action, as the
  /// session's does, so a shared name with one such element goes straight to it.
  func chooserChoice(_ naming: Naming, action: SceneAction, target: VoiceTarget) -> Int? {
    guard let choice = naming.choice else { return nil }
    guard case .custom(let name) = action, let match = index.match(normalizer.tokens(naming.words))
    else { return choice }
    let named = Set(match.targets.map(\.id))
    let offering = index.actionTargets(normalizer.tokens(name)).map(\.target.id).filter {
      named.contains($0)
    }
    guard offering.count > 1, let position = offering.firstIndex(of: target.id) else { return nil }
    return position + 1
  }

  /// The command for a gesture Voice Control can perform on an item.
  static func gestureIntent(_ kind: GestureKind) -> (VoiceIntent, VoiceDirection?)? {
    switch kind {
    case .tap: return (.tap, nil)
    case .doubleTap: return (.doubleTap, nil)
    case .longPress: return (.longPress, nil)
    case .swipeUp: return (.swipe, .up)
    case .swipeDown: return (.swipe, .down)
    case .swipeLeft: return (.swipe, .left)
    case .swipeRight: return (.swipe, .right)
    case .pinch, .spread, .rotate, .drag, .twoFingerTap, .pan: return nil
    }
  }
}
