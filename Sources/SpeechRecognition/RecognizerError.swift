/// An error from the speech recognizer, naming the C function that failed and its input.
///
/// The description is one line in the house diagnostic style, for example
/// `jsgf_parse_string failed for grammar 'command': ERROR: "jsgf.c", line 42: syntax error`.
/// The text after the colon is the last warning PocketSphinx logged, when there was one.
public struct RecognizerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kind of failure, as an extensible set of values.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case modelNotFound = "model not found"
      case invalidConfiguration = "invalid configuration"
      case decoderFailure = "decoder failure"
      case grammarRejected = "grammar rejected"
      case invalidWord = "invalid word"
      case unreadableAudio = "unreadable audio"
      case unsupportedAudio = "unsupported audio"
      case audioDeviceUnavailable = "audio device unavailable"
      case transcriberUnavailable = "phonetic transcriber unavailable"
      case invalidSpeakerProfile = "invalid speaker profile"
      case speakerProfileUnavailable = "speaker profile unavailable"
    }

    private let value: Value

    private init(_ value: Value) {
      self.value = value
    }

    /// The acoustic model or dictionary is missing or incomplete.
    public static let modelNotFound = Code(.modelNotFound)
    /// PocketSphinx refused an option or its value.
    public static let invalidConfiguration = Code(.invalidConfiguration)
    /// A decoding call failed.
    public static let decoderFailure = Code(.decoderFailure)
    /// The JSGF grammar could not be compiled into a search.
    public static let grammarRejected = Code(.grammarRejected)
    /// A word or pronunciation could not be added to the dictionary.
    public static let invalidWord = Code(.invalidWord)
    /// An audio file or stream could not be opened or read.
    public static let unreadableAudio = Code(.unreadableAudio)
    /// An audio file was read but its format is not supported.
    public static let unsupportedAudio = Code(.unsupportedAudio)
    /// The microphone (a PulseAudio source) could not be opened or read.
    public static let audioDeviceUnavailable = Code(.audioDeviceUnavailable)
    /// espeak-ng could not be run to derive pronunciations.
    public static let transcriberUnavailable = Code(.transcriberUnavailable)
    /// A speaker profile is not one this build reads, or was made with another acoustic model.
    public static let invalidSpeakerProfile = Code(.invalidSpeakerProfile)
    /// A speaker profile could not be read or written.
    public static let speakerProfileUnavailable = Code(.speakerProfileUnavailable)

    public var description: String { value.rawValue }
  }

  /// The kind of failure.
  public var code: Code
  /// What failed, in a short phrase that names the input, such as `grammar 'command'`.
  public var message: String
  /// The C function that failed, when the failure came from C.
  public var function: String?
  /// The last warning or error PocketSphinx logged before the failure, if any.
  public var log: String?

  /// Creates an error.
  public init(_ code: Code, _ message: String, function: String? = nil, log: String? = nil) {
    self.code = code
    self.message = message
    self.function = function
    self.log = log
  }

  public var description: String {
    var text = function.map { "\($0) failed for \(message)" } ?? message
    if let log, !log.isEmpty {
      text += ": \(log)"
    }
    return text
  }
}
