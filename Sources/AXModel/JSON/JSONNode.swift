/// A location in a source text, given as a line and a column.
///
/// Both numbers are 1-based. The column counts Unicode scalars from the start of the line,
/// so a character outside ASCII takes one column however many bytes it needs in UTF-8.
/// Positions order by line, then by column.
///
/// Every parsed value and key carries one, so both numbers are stored in 32 bits, which halves
/// the position's size; a file under the loader's size limit never comes near 2^31 lines or
/// columns, and larger numbers are clamped.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  private var storedLine: Int32
  private var storedColumn: Int32

  /// The 1-based line number.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Int32(clamping: newValue) }
  }

  /// The 1-based column, counted in Unicode scalars from the start of the line.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(clamping: newValue) }
  }

  /// Creates a position from a 1-based line and column.
  public init(line: Int, column: Int) {
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
  }

  /// The position as `line:column`, the form used in compiler diagnostics.
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A parsed JSON value together with the position where it starts in the source.
///
/// The position of a string, array or object is that of its opening `"`, `[` or `{`;
/// the position of a number or literal is that of its first character.
public struct JSONNode: Sendable, Equatable {
  /// The value, whose arrays and objects hold further nodes.
  public var value: JSONNode.Value
  /// Where the value starts in the source.
  public var position: SourcePosition

  /// Creates a node from a value and the position where it starts.
  public init(value: JSONNode.Value, position: SourcePosition) {
    self.value = value
    self.position = position
  }
}

extension JSONNode {
  /// The kinds of JSON value, with their contents.
  ///
  /// Objects keep their members in source order; a parsed object never holds two
  /// members with the same key.
  public enum Value: Sendable, Equatable {
    /// The literal `null`.
    case null
    /// The literal `true` or `false`.
    case bool(Bool)
    /// A number; always finite when produced by ``JSONParser``.
    case number(Double)
    /// A string, with its escapes resolved.
    case string(String)
    /// An array of nodes in source order.
    case array([JSONNode])
    /// An object's members in source order.
    case object([JSONMember])
  }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
  /// The key, with its escapes resolved.
  public var key: String
  /// The position of the key's opening quote.
  public var keyPosition: SourcePosition
  /// The member's value.
  public var value: JSONNode

  /// Creates a member from a key, the key's position and a value.
  public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
    self.key = key
    self.keyPosition = keyPosition
    self.value = value
  }
}

extension JSONNode.Value {
  /// The kind of the value with an article, for error messages: "a string", "an object".
  ///
  /// The literal null is named "null", so a message reads "expected a number, found null".
  public var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a Boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

extension JSONNode {
  /// The kind of the node's value with an article, for error messages: "a string", "an object".
  public var kindName: String { value.kindName }

  /// Whether the node is the literal `null`.
  public var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  /// The Boolean value, or `nil` if the node is not `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let flag) = value { return flag }
    return nil
  }

  /// The number, or `nil` if the node is not a number.
  public var numberValue: Double? {
    if case .number(let number) = value { return number }
    return nil
  }

  /// The string, or `nil` if the node is not a string.
  public var stringValue: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  /// The elements, or `nil` if the node is not an array.
  public var arrayValue: [JSONNode]? {
    if case .array(let elements) = value { return elements }
    return nil
  }

  /// The members in source order, or `nil` if the node is not an object.
  public var objectMembers: [JSONMember]? {
    if case .object(let members) = value { return members }
    return nil
  }

  /// Returns the member with the given key, or `nil` if there is none or the node is not an object.
  ///
  /// The lookup is a linear scan, which suits the small objects of scene files.
  public func member(_ key: String) -> JSONMember? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }
  }

  /// The value of the member with the given key, or `nil` if there is none or the node is
  /// not an object.
  public subscript(key: String) -> JSONNode? {
    member(key)?.value
  }
}

/// An object's members, looked up by key.
///
/// Scene objects have a handful of members, so a scan of their keys (short strings compare in
/// a few instructions) beats building a hash table for each object and hashing every key
/// looked up, which is what decoding a large scene spent most of its time on.
package struct JSONFields {
  /// The members in source order; keys are unique, as ``JSONParser`` guarantees.
  package let members: [JSONMember]

  /// Wraps an object's members.
  package init(members: [JSONMember]) {
    self.members = members
  }

  /// The value of the member with the given key, or `nil` if there is none.
  ///
  /// Keys are told apart by their lengths first, which is inlined: `==` on two different
  /// strings calls into the standard library, and a view's decoding looks up some 30 keys
  /// among its few members.
  package subscript(key: String) -> JSONNode? {
    for index in members.indices where Self.isSameKey(members[index].key, key) {
      return members[index].value
    }
    return nil
  }

  /// Whether `key` is one of `keys`, told as ``subscript(_:)`` tells keys apart.
  package static func contains(_ key: String, in keys: [String]) -> Bool {
    for index in keys.indices where isSameKey(keys[index], key) { return true }
    return false
  }

  /// Whether two keys are the same: their lengths first (a stored count, compared inline),
  /// then `==`.
  @inline(__always)
  package static func isSameKey(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a == b
  }

  /// The number of members.
  package var count: Int { members.count }

  /// Whether the object has no members.
  package var isEmpty: Bool { members.isEmpty }
}
