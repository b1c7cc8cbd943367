/// An error in a scene file or an imported dump, with the place it was found and what was
/// expected.
///
/// Its description is one line in swift-format's form (see ``LocatedError``):
///
///     Scenes/home.json:12:7: error: unknown type 'buton' at windows[0].root.children[3].type; did you mean 'button'?
public typealias SceneError = FileError<SceneErrorCode>

/// What kind of problem a ``SceneError`` is.
public enum SceneErrorCode: String, FileErrorCode {
  /// The file does not exist or can't be read.
  case fileNotFound
  /// The file is not valid JSON.
  case malformedJSON
  /// A dump is not well-formed XML or text of its format, or is truncated.
  case malformedDump
  /// A value has the wrong JSON type.
  case typeMismatch
  /// A required key is missing.
  case missingKey
  /// A key is not part of the format.
  case unknownKey
  /// A name (view type, trait, effect, gesture ...) is not one the format defines.
  case unknownName
  /// A number is out of range (negative size, NaN, alpha above 1 ...).
  case invalidValue
  /// Two views share an id.
  case duplicateIdentifier
  /// A reference names an id, screen or variable that does not exist.
  case unresolvedReference
  /// `elements` arrays refer to each other in a cycle.
  case cycle
  /// The file exceeds a size, depth or count limit.
  case limitExceeded
  /// The format tag is missing or not supported.
  case unsupportedFormat

  /// Whether the file is missing or unreadable, rather than malformed.
  public var isMissingFile: Bool { self == .fileNotFound }
}
