import AXModel
import CommandLineSupport
import SpeechRecognition

/// `axvoice listen --speaker FILE`: the session starts from the speaker's profile and keeps what
/// it learns in the file.
extension VoiceListener {
  /// The one error line for the `--speaker` file: its path, then what is wrong, both escaped.
  static func speakerErrorLine(path: String, _ error: RecognizerError) -> String {
    "\(TerminalText.escaped(path)): error: \(TerminalText.escapingHazards(error.message))"
  }

  /// Adapts `recognizer` to the profile read from the `--speaker` file, if there was one.
  ///
  /// - Throws: A ``CommandFailure`` already written: 65 for a profile of another model, 1 when
  ///   PocketSphinx can't apply it.
  mutating func adoptSpeakerProfile(
    into recognizer: SpeechRecognizer, errors: inout some TextOutputStream
  ) throws(CommandFailure) {
    guard let speaker, let profile = speaker.profile else { return }
    do {
      try recognizer.adopt(profile)
      // Adopting weighs the profile down; a session that learns nothing leaves its file alone.
      profileFrames = recognizer.speakerProfile?.frames
      log?.record("speaker", ["path": .string(speaker.path), "frames": .number(Double(profile.frames))])
    } catch {
      log?.record("error", ["message": .string(error.description)])
      throw written(
        CommandFailure(
          Self.speakerErrorLine(path: speaker.path, error),
          status: error.code == .invalidSpeakerProfile ? .dataError : .failure),
        to: &errors)
    }
  }

  /// Writes what the recognizer learned of the speaker to the `--speaker` file, when it has
  /// grown since it was adopted or last written (never with adaptation off), and returns
  /// whether that went well; a failure is reported.
  @discardableResult
  mutating func saveSpeakerProfile(
    of recognizer: SpeechRecognizer, errors: inout some TextOutputStream
  ) -> Bool {
    guard let speaker, recognizer.configuration.speakerAdaptation.isEnabled,
      let profile = recognizer.speakerProfile, profile.frames != profileFrames
    else { return true }
    do {
      try profile.write(toFile: speaker.path)
      profileFrames = profile.frames
      log?.record("speakerSaved", ["path": .string(speaker.path), "frames": .number(Double(profile.frames))])
      return true
    } catch {
      errors.write(Self.speakerErrorLine(path: speaker.path, error) + "\n")
      log?.record("error", ["message": .string(error.description)])
      return false
    }
  }
}
