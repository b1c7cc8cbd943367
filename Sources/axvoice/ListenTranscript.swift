import AXModel
import Foundation
import VoiceControl

/// Renders the transcript of `axvoice listen` on standard output: each utterance as `axvoice
/// run` prints an outcome, headed by when it was heard, or as one JSON object per utterance.
///
/// Every piece is rendered whole, the heading and the `heard` member given to the outcome
/// renderer rather than patched into its output. The heard text comes from the grammar, whose
/// words come from the scene's labels, so it is escaped as they are.
struct ListenTranscript {
  /// How utterances are printed on standard output.
  enum Format {
    /// The `axvoice run` transcript, with what was heard and when.
    case text
    /// One JSON object per utterance: `axvoice run`'s object plus `heard`.
    case json
  }

  let format: Format
  private let outcomes = VoiceOutcomeRenderer()

  init(format: Format) {
    self.format = format
  }

  /// The JSON object of a handled utterance: `axvoice run`'s object of the outcome plus
  /// `heard`, as the JSON transcript prints it and the event log records it.
  func object(_ outcome: VoiceOutcome, heard text: String) -> [String: JSONOutput] {
    var fields = outcomes.fields(outcome)
    fields["heard"] = .string(text)
    return fields
  }

  /// An utterance that was handled, performed or not: `[1.20-2.05 s] heard "tap brew"` and
  /// the outcome's lines, or its JSON object with `heard`: `object` when the caller built it
  /// already (``object(_:heard:)``), built here otherwise.
  func handled(
    _ outcome: VoiceOutcome, object: [String: JSONOutput]? = nil, heard text: String, start: Double,
    end: Double
  ) -> String {
    switch format {
    case .json:
      return JSONOutput.object(object ?? self.object(outcome, heard: text)).rendered() + "\n"
    case .text:
      return outcomes.text(
        outcome, heading: "\(span(start, end)) heard \(TerminalText.quoted(text))")
    }
  }

  /// An utterance on which nothing was done: `[5.01-6.13 s] (rejected: out of grammar)`, or
  /// an object whose `heard` is null.
  ///
  /// - Parameters:
  ///   - reason: Why, in a few words (`out of grammar`, `ambiguous`).
  ///   - detail: What the text line adds after the reason, escaped by the caller.
  ///   - message: The sentence the JSON object gives.
  func rejected(
    reason: String, detail: String = "", message: String, start: Double, end: Double
  ) -> String {
    switch format {
    case .json:
      let object: JSONOutput = .object([
        "heard": .null, "outcome": .string("rejected"), "reason": .string(reason),
        "message": .string(message),
      ])
      return object.rendered() + "\n"
    case .text:
      return "\(span(start, end)) (rejected: \(reason)\(detail))\n"
    }
  }

  /// The overlay after a command changed it: its badge list (the ASCII layout of `axvoice
  /// overlay` is too tall for a live transcript), or `overlay: hidden`. Nothing in JSON, whose
  /// objects name the overlay already.
  func overlay(_ snapshot: OverlaySnapshot?) -> String {
    guard format == .text else { return "" }
    return snapshot.map(OverlayRenderer().list) ?? "overlay: hidden\n"
  }

  /// The utterance's place in the audio, such as `[1.20-2.05 s]`.
  private func span(_ start: Double, _ end: Double) -> String {
    String(format: "[%.2f-%.2f s]", start, end)
  }
}
