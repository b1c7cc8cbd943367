import AXModel

/// An error in a grammar file (`Grammars/<language>.json`), with the place it was found and
/// what was expected.
///
/// Its description is the same one-line, located form as a scene file's (``LocatedError``),
/// with the grammar's text in it escaped by the same rule (``TerminalText``):
///
///     Grammars/en-US.json:14:22: error: unknown slot 'itme' at commands[3].patterns[0]; did you mean 'item'?
public typealias GrammarError = FileError<GrammarErrorCode>

/// What kind of problem a ``GrammarError`` is.
public enum GrammarErrorCode: String, FileErrorCode {
  /// The file does not exist or can't be read.
  case fileNotFound
  /// The file is not valid JSON.
  case malformedJSON
  /// A value has the wrong JSON type.
  case typeMismatch
  /// A required key is missing.
  case missingKey
  /// A key is not part of the format.
  case unknownKey
  /// A name (intent, direction, source) is not one the format defines.
  case unknownName
  /// A value breaks a rule of the format: a pattern that doesn't parse, a slot the intent
  /// doesn't take, a number word of two words.
  case invalidValue
  /// The file is larger than the loader reads.
  case limitExceeded
  /// The format tag is missing or not supported.
  case unsupportedFormat

  /// Whether the file is missing or unreadable, rather than malformed.
  public var isMissingFile: Bool { self == .fileNotFound }
}

extension GrammarErrorCode: JSONFileErrorCode {}
