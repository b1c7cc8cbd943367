import AXModel
import VoiceControl

extension StepPerformer {
  /// A voice step whose target is on screen but wholly under the keyboard: "scroll down" in
  /// the scroll view holding it, a page at a time, until it shows above the keyboard, then
  /// the step's own route; `nil` when the target is not under the keyboard.
  ///
  /// Voice Control names and numbers only what is drawn, and the keyboard is drawn over the
  /// screen's bottom (see `VoiceSession`'s keyboard handling): the sign-up form's Create
  /// account button is reached by "scroll down", then "tap Create account". When no scroll
  /// view around it can bring it up, the step fails as under the keyboard (ending editing is
  /// no action of the plan's).
  func voiceAboveKeyboard(_ step: PlannedStep, repeats: Int) -> Done? {
    guard let id = step.target, let element = session.tree.element(id: id), session.isUnderKeyboard(element)
    else { return nil }
    let phrases = CommandPhrases(vocabulary: options.vocabulary)
    var voice = VoiceSession(sceneSession: session, vocabulary: options.vocabulary, lastTouched: lastTouched)
    var scrolls: [String] = []
    let reason = "under the keyboard, and no scroll brings it above"
    while let shown = voice.sceneSession.tree.element(id: id), voice.sceneSession.isUnderKeyboard(shown) {
      let before = voice.sceneSession.state
      guard scrolls.count < ScrollPlan.mostPages,
        let container = voice.sceneSession.raisingScrollView(of: shown.id),
        let said = ScrolledRoutes.sayScroll(container, .down, in: &voice, phrases: phrases),
        said.outcome.kind == .done, voice.sceneSession.state != before
      else { return Self.failed(reason) }
      scrolls.append(said.utterance)
    }
    guard voice.sceneSession.tree.element(id: id)?.isOnScreen == true else { return Self.failed(reason) }
    let rest = StepPerformer(session: voice.sceneSession, options: options, lastTouched: voice.lastTouched)
      .voice(step, repeats: repeats)
    guard rest.failure == nil else { return rest }
    var done = Self.spoken(scrolls + rest.inputs)
    done.touched = rest.touched
    return done
  }
}
