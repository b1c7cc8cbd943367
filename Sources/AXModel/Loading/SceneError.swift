/// A place in a source file: its path and a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file's path as the user gave it.
  public var path: String
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int

  /// Creates a location.
  public init(path: String, line: Int, column: Int) {
    self.path = path
    self.line = line
    self.column = column
  }

  public var description: String { "\(path):\(line):\(column)" }
}

/// An error in a data file the tools read (a scene, a grammar), with the place it was found
/// and what was expected.
///
/// Its description is one line in swift-format's form:
///
///     Scenes/home.json:12:7: error: unknown type 'buton' at windows[0].root.children[3].type; did you mean 'button'?
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem it is.
  public enum Code: String, Hashable, Sendable {
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
  }

  /// What kind of problem it is.
  public var code: Code
  /// The one-phrase message, lower case, without the location.
  public var message: String
  /// The file's path.
  public var path: String
  /// The 1-based line, or 0 when the problem is the file as a whole.
  public var line: Int
  /// The 1-based column, or 0 when the problem is the file as a whole.
  public var column: Int
  /// The key path of the offending value (`windows[0].root.children[3].type`), if any.
  public var keyPath: String?
  /// A suggestion, such as the nearest valid name.
  public var hint: String?

  /// Creates an error.
  public init(
    _ code: Code, _ message: String, path: String, line: Int = 0, column: Int = 0,
    keyPath: String? = nil, hint: String? = nil
  ) {
    self.code = code
    self.message = message
    self.path = path
    self.line = line
    self.column = column
    self.keyPath = keyPath
    self.hint = hint
  }

  /// Creates an error located at a position of the file.
  public init(
    _ code: Code, _ message: String, path: String, at position: SourcePosition,
    keyPath: String? = nil, hint: String? = nil
  ) {
    self.init(
      code, message, path: path, line: position.line, column: position.column, keyPath: keyPath,
      hint: hint)
  }

  /// The location part of the description: `path:line:col`, or the path alone.
  public var locationText: String {
    line > 0 ? "\(path):\(line):\(column)" : path
  }

  /// The error as one line. The path, the message, the key path and the hint quote the
  /// input (keys, type names, values), so each has its hazards escaped by
  /// ``TerminalText/escapingHazards(_:)``: no control reaches the terminal and no line break
  /// splits the line. Backslashes are kept, as the parts that quote a value escaped it already.
  public var description: String {
    let escaped = TerminalText.escapingHazards
    var text = "\(escaped(locationText)): error: \(escaped(message))"
    if let keyPath, !keyPath.isEmpty { text += " at \(escaped(keyPath))" }
    if let hint { text += "; \(escaped(hint))" }
    return text
  }
}

/// The limits the loader enforces so that no input exhausts memory or the stack.
public struct SceneLimits: Hashable, Sendable {
  /// The largest file, in bytes.
  public var maximumFileSize: Int
  /// The deepest JSON nesting.
  public var maximumJSONDepth: Int
  /// The deepest view nesting.
  public var maximumViewDepth: Int
  /// The most views in one scene, screens included.
  public var maximumViewCount: Int

  /// Creates limits.
  public init(
    maximumFileSize: Int = 256 << 20, maximumJSONDepth: Int = 512, maximumViewDepth: Int = 200,
    maximumViewCount: Int = 1_000_000
  ) {
    self.maximumFileSize = maximumFileSize
    self.maximumJSONDepth = maximumJSONDepth
    self.maximumViewDepth = maximumViewDepth
    self.maximumViewCount = maximumViewCount
  }

  /// The limits used unless a caller sets others.
  public static let standard = SceneLimits()
}

/// Returns the candidate closest to `name` by edit distance, when it is close enough to be a
/// plausible typo.
public func nearestName(to name: String, in candidates: [String]) -> String? {
  let lowered = name.lowercased()
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let distance = editDistance(lowered, candidate.lowercased())
    if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
  }
  guard let best else { return nil }
  let allowed = max(1, min(3, best.name.count / 3))
  return best.distance <= allowed ? best.name : nil
}

/// The optimal-string-alignment distance between two strings, over Unicode scalars: insertions,
/// deletions, substitutions and swaps of adjacent characters each cost one, so the usual typos
/// ("lable", "buton") are one edit away. Every "did you mean" in AXInput uses it.
public func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var beforePrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], beforePrevious[j - 2] + 1)
      }
    }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  return previous[b.count]
}
