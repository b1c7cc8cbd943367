import AXModel
import SwitchControl
import VoiceControl

/// An assistive technology a task is checked with.
public enum Modality: String, CaseIterable, Hashable, Sendable {
  case voiceControl, switchControl, voiceOver, fullKeyboardAccess

  /// The name reports print.
  public var title: String {
    switch self {
    case .voiceControl: return "Voice Control"
    case .switchControl: return "Switch Control"
    case .voiceOver: return "VoiceOver"
    case .fullKeyboardAccess: return "Full Keyboard Access"
    }
  }
}

/// Whether a task can be completed with each assistive technology, with the steps as evidence.
///
/// The plan is the shortest sequence of direct accessibility actions that reaches the task's
/// goal (``TaskPlanner``); each of its steps is then performed the way each technology performs
/// it, in the state the step starts from: the cheapest utterances, the switch inputs in the
/// scanning style in force, VoiceOver's swipes and gestures, the keyboard's keys. A step that
/// a technology can't perform makes the task not completable with it.
public struct TaskEvidence: Hashable, Sendable {
  /// The task's name.
  public var name: String
  /// The plan of direct actions, or `nil` when the planner found none.
  public var plan: [PlannedStep]?
  /// Why no plan was found, when none was.
  public var planFailure: String?
  /// One entry per technology, in ``Modality`` order.
  public var modalities: [Entry]

  /// What one technology needs for the task.
  public struct Entry: Hashable, Sendable {
    /// The technology.
    public var modality: Modality
    /// Whether every step can be performed.
    public var isCompletable: Bool
    /// Utterances, switch presses, gestures or key presses, over the whole task.
    public var steps: Int
    /// Seconds, where the technology has a time model (switch virtual time; voice at 150 words
    /// a minute plus the 300 ms pause that ends each utterance).
    public var seconds: Double?
    /// One line per planned step: what the user does.
    public var transcript: [String]
    /// The first step that can't be performed, and why.
    public var failure: String?
    /// Per transcript line, what to replay: the utterances for voice, the key script for a
    /// switch (each on a fresh scanner over the state the line starts from), nothing for others.
    public var inputs: [[String]] = []
  }

  /// Plans a task from the start state and checks it with every technology.
  public init(task: SceneTask, start: SceneSession, options: ReachOptions) {
    name = task.name
    let outcome = options.planner.search(task.goal, from: start)
    guard case .found(let steps) = outcome else {
      plan = nil
      planFailure = outcome.reason
      modalities = Modality.allCases.map {
        Entry(modality: $0, isCompletable: false, steps: 0, seconds: nil, transcript: [],
              failure: "no plan of direct actions: \(outcome.reason)")
      }
      return
    }
    plan = steps
    planFailure = nil
    var entries = Modality.allCases.map {
      Entry(modality: $0, isCompletable: true, steps: 0, seconds: 0, transcript: [], failure: nil)
    }
    // Each technology goes on from the state its own inputs left, as its user would: a row a
    // voice step scrolled into view stays in view for the next step.
    var sessions = Array(repeating: start, count: entries.count)
    var voiceCovered = 0
    // What the voice steps so far touched last: it decides the scroll view a later bare
    // "scroll right" moves, as in one Voice Control session.
    var voiceTouched: String?
    for (position, step) in steps.enumerated() {
      // Voice says a run of the same increment or decrement once, with a count.
      let repeats = Self.repeats(of: step, at: position, in: steps)
      for index in entries.indices where entries[index].failure == nil {
        let modality = entries[index].modality
        let isVoice = modality == .voiceControl
        // The count's utterance performed this step too.
        if isVoice, voiceCovered > 0 { continue }
        let performer = StepPerformer(session: sessions[index], options: options, lastTouched: voiceTouched)
        let done = performer.perform(step, with: modality, repeats: isVoice ? repeats : 1)
        if isVoice { voiceTouched = done.touched ?? voiceTouched }
        if let failure = done.failure {
          entries[index].isCompletable = false
          entries[index].failure = "\(step): \(failure)"
          entries[index].transcript.append("\(step): not possible (\(failure))")
        } else {
          entries[index].steps += done.count
          entries[index].seconds = done.seconds.flatMap { seconds in entries[index].seconds.map { $0 + seconds } }
          entries[index].transcript.append(done.line)
          entries[index].inputs.append(done.inputs)
          if let next = performer.state(after: done, of: step, with: modality) {
            sessions[index] = next
          } else {
            // What the transcript says to do did not do it: nothing after it can be trusted.
            entries[index].isCompletable = false
            entries[index].failure = "\(step): its inputs, replayed, do nothing"
          }
        }
      }
      voiceCovered = voiceCovered > 0 ? voiceCovered - 1 : repeats - 1
    }
    modalities = entries
  }

  /// How many increments or decrements of the same target start at `position` (at most the
  /// largest count the grammar offers), 1 for any other step.
  static func repeats(of step: PlannedStep, at position: Int, in steps: [PlannedStep]) -> Int {
    guard step.action == .increment || step.action == .decrement else { return 1 }
    var count = 1
    while position + count < steps.count, steps[position + count] == step, count < JSGFCompiler.largestCount {
      count += 1
    }
    return count
  }
}

/// Performs one planned step with a technology, in the state the step starts from.
struct StepPerformer {
  let session: SceneSession
  let options: ReachOptions
  /// What the previous voice step touched last (see ``VoiceSession/lastTouched``).
  var lastTouched: String? = nil

  struct Done {
    var line: String
    var count: Int
    var seconds: Double?
    var failure: String?
    var inputs: [String] = []
    /// For voice, what the step's last command touched, when it touched something.
    var touched: String? = nil
  }

  func perform(_ step: PlannedStep, with modality: Modality, repeats: Int = 1) -> Done {
    switch modality {
    case .voiceControl: return voice(step, repeats: repeats)
    case .switchControl: return switchControl(step)
    case .voiceOver: return voiceOver(step)
    case .fullKeyboardAccess: return keyboard(step)
    }
  }

  static func failed(_ reason: String) -> Done { Done(line: "", count: 0, seconds: nil, failure: reason) }

  /// The state a step done leaves: its utterances handled by a voice session over the step's
  /// state, its key scripts run by a scanner each (as they replay), or, for a technology whose
  /// inputs are not simulated, the step's action performed directly. Scrolls a step made stay
  /// made. `nil` when an utterance does nothing or a script doesn't parse.
  func state(after done: Done, of step: PlannedStep, with modality: Modality) -> SceneSession? {
    switch modality {
    case .voiceControl where !done.inputs.isEmpty:
      var voice = VoiceSession(sceneSession: session, vocabulary: options.vocabulary, lastTouched: lastTouched)
      for utterance in done.inputs {
        guard voice.handle(utterance: utterance).didSomething else { return nil }
      }
      return voice.sceneSession
    case .switchControl where !done.inputs.isEmpty:
      var state = session
      for script in done.inputs {
        guard let keys = try? KeyScript.parse(script) else { return nil }
        var scanner = SwitchScanner(session: state, settings: options.switchSettings)
        _ = scanner.run(keys)
        state = scanner.session
      }
      return state
    default:
      var state = session
      _ = state.perform(step.action, on: step.target)
      return state
    }
  }

  func voice(_ step: PlannedStep, repeats: Int) -> Done {
    // A row below the fold is named once scrolled into view: the scrolls come first.
    if let id = step.target, session.tree.element(id: id)?.isOnScreen == false,
      let plan = session.scrollPlan(toShow: id),
      let scrolls = ScrolledRoutes.utterances(
        plan, phrases: CommandPhrases(vocabulary: options.vocabulary), from: session, lastTouched: lastTouched)
    {
      let rest = StepPerformer(session: plan.session, options: options, lastTouched: scrolls.lastTouched)
        .voice(step, repeats: repeats)
      guard rest.failure == nil else { return rest }
      var done = Self.spoken(scrolls.utterances + rest.inputs)
      done.touched = rest.touched ?? scrolls.lastTouched
      return done
    }
    if let done = voiceAboveKeyboard(step, repeats: repeats) { return done }
    let voiceSession = VoiceSession(sceneSession: session, vocabulary: options.vocabulary, lastTouched: lastTouched)
    let routes = VoiceRoutes(session: voiceSession)
    let route: VoiceReach.Route
    if let id = step.target, let element = session.tree.element(id: id) {
      let target = voiceSession.index.target(id: id)
      route = routes.route(
        step.action, element: element, target: target, naming: target.flatMap { routes.naming(for: $0) },
        repeats: repeats)
    } else if step.action == .escape, let back = CommandPhrases(vocabulary: options.vocabulary).phrase(.goBack) {
      route = VoiceReach.Route(action: .escape, utterances: [back], failure: nil)
    } else {
      return Self.failed("Voice Control has no command for it")
    }
    if let failure = route.failure { return Self.failed(failure) }
    var done = Self.spoken(route.utterances)
    // The route's last command acts on the step's target ("go back" touches nothing).
    done.touched = step.target
    return done
  }

  /// Utterances as a step done: about 0.4 s a word and 0.3 s between utterances.
  static func spoken(_ utterances: [String]) -> Done {
    let words = utterances.map { $0.split(separator: " ").count }.reduce(0, +)
    return Done(
      line: utterances.map { "\"\($0)\"" }.joined(separator: ", "), count: utterances.count,
      seconds: Double(words) * 0.4 + 0.3 * Double(utterances.count), failure: nil,
      inputs: utterances)
  }

  func switchControl(_ step: PlannedStep) -> Done {
    let settings = options.switchSettings
    let start = SwitchScanner(session: session, settings: settings)
    if step.action == .escape {
      return EscapeByMenu(start: start).done()
    }
    if case .edit(let edit) = step.action, let id = step.target { return switchTyping(edit, into: id, from: start) }
    guard let id = step.target, let goal = SwitchGoal(action: step.action) else {
      return Self.failed("Switch Control has no menu entry for it")
    }
    switch SwitchPathFinder(settings: settings).path(to: id, goal: goal, from: start) {
    case .success(let path):
      let menu = SwitchRoutes.menuPath(goal, tapBehavior: settings.tapBehavior)
      let via = menu.isEmpty ? "" : " via menu \(menu.joined(separator: " > "))"
      return Done(
        line: "keys \(KeyScript.text(path.keys))\(via)", count: path.presses,
        seconds: Double(path.milliseconds) / 1000, failure: nil, inputs: [KeyScript.text(path.keys)])
    case .failure(let failure):
      return Self.failed(failure.reason)
    }
  }

  func voiceOver(_ step: PlannedStep) -> Done {
    switch step.action {
    case .escape: return Done(line: "two-finger scrub (escape)", count: 1, seconds: nil, failure: nil)
    case .magicTap: return Done(line: "two-finger double tap (magic tap)", count: 1, seconds: nil, failure: nil)
    case .edit(let edit): return voiceOverTyping(edit, into: step.target)
    default: break
    }
    guard let id = step.target, let element = session.tree.element(id: id),
      let position = session.tree.positions[id]
    else { return Self.failed("not in the accessibility tree") }
    let swipes = position
    let reach = swipes == 0 ? "" : "swipe right x\(swipes), "
    switch step.action {
    case .activate: return Done(line: "\(reach)double tap", count: swipes + 1, seconds: nil, failure: nil)
    case .increment: return Done(line: "\(reach)swipe up", count: swipes + 1, seconds: nil, failure: nil)
    case .decrement: return Done(line: "\(reach)swipe down", count: swipes + 1, seconds: nil, failure: nil)
    case .custom(let name):
      let moves = (element.customActionNames.firstIndex(of: name) ?? 0) + 1
      return Done(
        line: "\(reach)swipe down x\(moves) (actions rotor: \(name)), double tap", count: swipes + moves + 1,
        seconds: nil, failure: nil)
    default:
      return Self.failed("VoiceOver performs no \(step.action) without a custom action")
    }
  }

  func keyboard(_ step: PlannedStep) -> Done {
    if step.action == .escape { return Done(line: "Escape", count: 1, seconds: nil, failure: nil) }
    guard let id = step.target else { return Self.failed("Full Keyboard Access has no key for it") }
    if case .edit(let edit) = step.action { return keyboardTyping(edit, into: id) }
    let focus = keyboardFocus(id, for: step.action)
    if let failure = focus.reach.failure { return Self.failed(failure) }
    guard let keys = focus.reach.actions.first?.keys else { return Self.failed("no key performs \(step.action)") }
    let all = focus.moves + keys.split(separator: ",").map(String.init)
    return Done(line: all.joined(separator: ","), count: all.count, seconds: nil, failure: nil)
  }

  /// Full Keyboard Access's reach of `id` for `action` in the step's state, with the Tab and
  /// Right presses that move the focus to it (none when it can't be focused: see the reach's
  /// failure).
  func keyboardFocus(_ id: String, for action: SceneAction) -> (reach: KeyboardReach, moves: [String]) {
    let layout = ScanLayout(tree: session.tree, groupsItems: true)
    let reach = ScreenReaderRoutes(tree: session.tree, layout: layout).keyboard(
      id, actions: [action], element: session.tree.element(id: id))
    let moves = Array(repeating: "Tab", count: reach.tabs ?? 0) + Array(repeating: "Right", count: reach.arrows ?? 0)
    return (reach, moves)
  }
}
