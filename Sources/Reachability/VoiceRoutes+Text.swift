import AXModel
import VoiceControl

extension VoiceRoutes {
  /// The utterances that enter a text into a field: tap it unless it is being edited, "delete
  /// all" if it holds text, then the text itself, dictated.
  ///
  /// The route is replayed on a copy of the session before it is offered, so a text that would
  /// be read as a command or a name, or that dictation would space or capitalise differently
  /// (a default keyboard capitalises the first word), is a failure with what was typed instead.
  func textRoute(
    _ edit: TextEdit, element: AXElement, target: VoiceTarget, naming: Naming?
  ) -> VoiceReach.Route {
    let action = SceneAction.edit(edit)
    func fail(_ reason: String) -> VoiceReach.Route {
      VoiceReach.Route(action: action, utterances: [], failure: reason)
    }
    if edit == .return {
      guard session.sceneSession.editingField == element.id else { return fail("it is not being edited") }
      guard let enter = phrases.phrase(.tapReturn) else { return fail("the vocabulary has no 'tap return'") }
      return VoiceReach.Route(action: action, utterances: [enter], failure: nil)
    }
    guard case .replace(let text) = edit else { return fail("only entering a whole text is planned by voice") }
    var utterances: [String] = []
    var voice = session
    if voice.sceneSession.editingField != element.id {
      let tap = route(.activate, element: element, target: target, naming: naming)
      if let failure = tap.failure { return fail(failure) }
      for utterance in tap.utterances { _ = voice.handle(utterance: utterance) }
      utterances += tap.utterances
    }
    guard voice.sceneSession.editingField == element.id else { return fail("tapping it does not start editing it") }
    if !voice.sceneSession.text(of: element.id).isEmpty {
      guard let clear = phrases.phrase(.deleteAll) else { return fail("the vocabulary has no 'delete all'") }
      _ = voice.handle(utterance: clear)
      utterances.append(clear)
    }
    if !text.isEmpty {
      let outcome = voice.handle(utterance: text)
      guard outcome.action == .edit(.insert(text)) || voice.sceneSession.text(of: element.id) == text else {
        let typed = voice.sceneSession.text(of: element.id)
        return fail(
          outcome.action.map { _ in "dictating it types '\(typed)'" }
            ?? "'\(text)' is read as a command, not dictated")
      }
      utterances.append(text)
    }
    guard voice.sceneSession.text(of: element.id) == text else {
      return fail("dictation leaves '\(voice.sceneSession.text(of: element.id))' in it")
    }
    return VoiceReach.Route(action: action, utterances: utterances, failure: nil)
  }
}
