/// The error codes a JSON file format needs for the shared readers (``JSONFileDecoder``) and
/// file checks (``DataFile``) to report in its own codes.
///
/// ``SceneErrorCode`` and VoiceControl's `GrammarErrorCode` conform with cases of these names.
package protocol JSONFileErrorCode: FileErrorCode {
  /// The file does not exist or can't be read.
  static var fileNotFound: Self { get }
  /// The file is not valid JSON.
  static var malformedJSON: Self { get }
  /// The file is larger than the loader reads.
  static var limitExceeded: Self { get }
  /// A value has the wrong JSON type.
  static var typeMismatch: Self { get }
  /// A required key is missing.
  static var missingKey: Self { get }
  /// A key is not part of the format.
  static var unknownKey: Self { get }
  /// A name is not one the format defines.
  static var unknownName: Self { get }
  /// A value breaks a rule of the format.
  static var invalidValue: Self { get }
}

extension SceneErrorCode: JSONFileErrorCode {}

/// How one file format words the messages of the shared readers, so that each keeps the
/// wording its users (and tests) know while the reading is done once.
///
/// A scene names what each value is ("expected view object", "unknown key 'x' in view");
/// a grammar says less ("expected an object", "unknown key 'x'" at the key's own path).
/// `Code` is the format's error codes, so that the wording passed to ``DataFile`` also says
/// which errors it throws.
package struct JSONFileWording<Code: JSONFileErrorCode>: Sendable {
  /// The kind of file, for a folder given instead ("is a directory, expected a scene file").
  package var fileNoun: String
  /// The message for a file that does not exist.
  package var missingFile: String
  /// Whether an object's messages name what the object is (`what`): "expected view object"
  /// and "unknown key 'x' in view", rather than "expected an object" and "unknown key 'x'".
  package var namesObjects: Bool
  /// Whether an unknown key's key path ends with the key (`commands[0].pattern`) rather than
  /// naming the object that holds it (`windows[0].root`).
  package var unknownKeyPathEndsWithKey: Bool
  /// The start of a missing key's message, before the quoted key.
  package var missingKey: String
  /// What a Boolean is called when another kind is found.
  package var boolean: String
  /// Whether an array's mismatch names its items ("an array of strings").
  package var namesArrayItems: Bool

  /// Creates a wording.
  package init(
    fileNoun: String, missingFile: String, namesObjects: Bool, unknownKeyPathEndsWithKey: Bool,
    missingKey: String, boolean: String, namesArrayItems: Bool
  ) {
    self.fileNoun = fileNoun
    self.missingFile = missingFile
    self.namesObjects = namesObjects
    self.unknownKeyPathEndsWithKey = unknownKeyPathEndsWithKey
    self.missingKey = missingKey
    self.boolean = boolean
    self.namesArrayItems = namesArrayItems
  }
}

extension JSONFileWording<SceneErrorCode> {
  /// The wording of scene files.
  package static var scene: Self {
    JSONFileWording(
      fileNoun: "scene file", missingFile: "no such file", namesObjects: true,
      unknownKeyPathEndsWithKey: false, missingKey: "missing required key", boolean: "true or false",
      namesArrayItems: true)
  }
}

/// A decoder of one JSON file format: the readers that check a value's kind, an object's keys
/// and an enumeration's names, each failing with a located error in the format's own codes and
/// wording.
///
/// The readers take key paths as autoclosures: a path is text built from its parent's, and
/// only an error needs it, so building one for every value read was most of the cost of
/// decoding a large scene.
package protocol JSONFileDecoder {
  /// The format's error codes.
  associatedtype Code: JSONFileErrorCode
  /// The path of the file decoded, as the user gave it.
  var path: String { get }
  /// How the format words the readers' messages.
  static var wording: JSONFileWording<Code> { get }
}

extension JSONFileDecoder {
  // MARK: Errors

  /// An error at `position`; an empty key path is none.
  package func error(
    _ code: Code, _ message: String, at position: SourcePosition, _ keyPath: String,
    hint: String? = nil
  ) -> FileError<Code> {
    FileError(
      code, message, path: path, line: position.line, column: position.column,
      keyPath: keyPath.isEmpty ? nil : keyPath, hint: hint)
  }

  /// The error for a value of another kind than `expected` ("a string").
  package func mismatch(_ node: JSONNode, expected: String, _ keyPath: String) -> FileError<Code> {
    error(.typeMismatch, "expected \(expected), found \(node.kindName)", at: node.position, keyPath)
  }

  /// The error for a name of a `kind` ("trait") that is not among `names`, with the nearest as
  /// a hint.
  package func unknownName(
    _ kind: String, _ name: String, among names: [String], at position: SourcePosition,
    _ keyPath: String
  ) -> FileError<Code> {
    let hint = nearestName(to: name, in: names).map { "did you mean '\($0)'?" }
    return error(.unknownName, "unknown \(kind) '\(name)'", at: position, keyPath, hint: hint)
  }

  // MARK: Readers

  /// Returns the members of an object, whatever its keys; `what` names the object in errors.
  ///
  /// The members are looked up by scanning them (``JSONFields``), not through a hash table:
  /// objects have a few members, and hashing every key was the other large cost.
  package func object(_ node: JSONNode, _ keyPath: @autoclosure () -> String, what: String)
    throws(FileError<Code>) -> JSONFields
  {
    guard case .object(let members) = node.value else {
      throw mismatch(node, expected: Self.wording.namesObjects ? "\(what) object" : "an object", keyPath())
    }
    return JSONFields(members: members)
  }

  /// Checks that every key of an object is one of `allowed`.
  package func checkKeys(
    _ fields: JSONFields, allowed: [String], _ keyPath: @autoclosure () -> String, what: String
  ) throws(FileError<Code>) {
    let members = fields.members
    for index in members.indices where !JSONFields.contains(members[index].key, in: allowed) {
      let member = members[index]
      let wording = Self.wording
      let hint = nearestName(to: member.key, in: allowed).map { "did you mean '\($0)'?" }
      let objectPath = keyPath()
      let memberPath =
        !wording.unknownKeyPathEndsWithKey ? objectPath
        : objectPath.isEmpty ? member.key : "\(objectPath).\(member.key)"
      throw error(
        .unknownKey, "unknown key '\(member.key)'\(wording.namesObjects ? " in \(what)" : "")",
        at: member.keyPosition, memberPath, hint: hint)
    }
  }

  /// Returns the members of an object after checking that every key is one of `allowed`.
  package func members(
    _ node: JSONNode, _ keyPath: @autoclosure () -> String, allowed: [String], what: String
  ) throws(FileError<Code>) -> JSONFields {
    let fields = try object(node, keyPath(), what: what)
    try checkKeys(fields, allowed: allowed, keyPath(), what: what)
    return fields
  }

  /// The value of a key the object at `node` must have.
  package func required(
    _ members: JSONFields, _ key: String, in node: JSONNode, _ keyPath: @autoclosure () -> String
  ) throws(FileError<Code>) -> JSONNode {
    guard let value = members[key] else {
      throw error(.missingKey, "\(Self.wording.missingKey) '\(key)'", at: node.position, keyPath())
    }
    return value
  }

  /// A string value.
  package func string(_ node: JSONNode, _ keyPath: @autoclosure () -> String) throws(FileError<Code>)
    -> String
  {
    guard case .string(let text) = node.value else {
      throw mismatch(node, expected: "a string", keyPath())
    }
    return text
  }

  /// A Boolean value.
  package func bool(_ node: JSONNode, _ keyPath: @autoclosure () -> String) throws(FileError<Code>)
    -> Bool
  {
    guard case .bool(let flag) = node.value else {
      throw mismatch(node, expected: Self.wording.boolean, keyPath())
    }
    return flag
  }

  /// A finite number.
  package func number(_ node: JSONNode, _ keyPath: @autoclosure () -> String) throws(FileError<Code>)
    -> Double
  {
    guard case .number(let number) = node.value else {
      throw mismatch(node, expected: "a number", keyPath())
    }
    guard number.isFinite else {
      throw error(.invalidValue, "expected a finite number", at: node.position, keyPath())
    }
    return number
  }

  /// The items of an array; `what` names them in errors ("strings").
  package func array(_ node: JSONNode, _ keyPath: @autoclosure () -> String, of what: String)
    throws(FileError<Code>) -> [JSONNode]
  {
    guard case .array(let items) = node.value else {
      throw mismatch(
        node, expected: Self.wording.namesArrayItems ? "an array of \(what)" : "an array", keyPath())
    }
    return items
  }

  /// An array of strings.
  package func strings(_ node: JSONNode, _ keyPath: @autoclosure () -> String)
    throws(FileError<Code>) -> [String]
  {
    var result: [String] = []
    for (index, item) in try array(node, keyPath(), of: "strings").enumerated() {
      result.append(try string(item, "\(keyPath())[\(index)]"))
    }
    return result
  }

  /// One of an enumeration's names; `kind` names it in errors ("layout direction").
  package func enumValue<T: RawRepresentable & CaseIterable>(
    _ type: T.Type, _ node: JSONNode, _ keyPath: @autoclosure () -> String, kind: String
  ) throws(FileError<Code>) -> T where T.RawValue == String {
    let name = try string(node, keyPath())
    guard let value = T(rawValue: name) else {
      throw unknownName(
        kind, name, among: T.allCases.map(\.rawValue), at: node.position, keyPath())
    }
    return value
  }
}
