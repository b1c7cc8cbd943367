import AXModel

/// An error in a key script: the offending token, where it is, and what was expected.
public struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The offending token (empty for a missing one between separators).
  public var token: String
  /// Its 1-based position among the script's keys.
  public var position: Int
  /// The 1-based line of the script it is on.
  public var line: Int
  /// The 1-based column (in characters) where it starts.
  public var column: Int
  /// What is wrong, in lowercase without a final period, such as
  /// `unknown key 'bogus'; did you mean 'select'?`.
  public var message: String

  /// Creates an error.
  public init(token: String, position: Int, line: Int, column: Int, message: String) {
    self.token = token
    self.position = position
    self.line = line
    self.column = column
    self.message = message
  }

  /// `key 2: unknown key 'jump'; ...`, for a script given on the command line.
  public var description: String {
    "key \(position): \(message)"
  }
}

/// Parses key scripts: tokens separated by commas or white space (`select, next, wait:1.5`).
///
/// A `#` starts a comment that runs to the end of the line, and blank lines are skipped; a
/// missing token between two commas (`select,,next`) or after a trailing comma is an error, as
/// is an unknown token, rather than being skipped. A key file is parsed from its bytes
/// (``parse(bytes:)``), so that bytes that are not UTF-8 are an error at a line too.
public enum KeyScript {
  /// The tokens a script accepts, for messages.
  public static let tokenNames = SwitchAction.allCases.map(\.rawValue) + ["wait", "wait:SECONDS"]

  /// The longest `wait:SECONDS` a script accepts, in milliseconds (one day).
  public static let longestWait = 86_400_000

  /// Parses a script into inputs.
  public static func parse(_ text: String) throws(KeyScriptError) -> [SwitchInput] {
    var inputs: [SwitchInput] = []
    var position = 0
    var lineNumber = 0
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let content = line.prefix { $0 != "#" }
      guard content.contains(where: { !isSpace($0) }) else { continue }
      for field in content.split(separator: ",", omittingEmptySubsequences: false) {
        let tokens = field.split(whereSeparator: isSpace)
        guard !tokens.isEmpty else {
          position += 1
          throw KeyScriptError(
            token: "", position: position, line: lineNumber,
            column: line.distance(from: line.startIndex, to: field.startIndex) + 1,
            message: "missing key between separators; expected one of "
              + tokenNames.joined(separator: ", "))
        }
        for token in tokens {
          position += 1
          let column = line.distance(from: line.startIndex, to: token.startIndex) + 1
          do {
            inputs.append(try parseToken(String(token)))
          } catch let failure {
            throw KeyScriptError(
              token: String(token), position: position, line: lineNumber, column: column,
              message: failure.message)
          }
        }
      }
    }
    return inputs
  }

  static func isSpace(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\r"
  }

  struct TokenError: Error {
    var message: String
  }

  static func parseToken(_ token: String) throws(TokenError) -> SwitchInput {
    let lowered = token.lowercased()
    if let action = SwitchAction(rawValue: lowered) { return .press(action) }
    if lowered == "wait" { return .waitInterval }
    if lowered.hasPrefix("wait:") {
      let number = lowered.dropFirst(5)
      let longest = Double(longestWait) / 1000
      guard let seconds = Double(number), seconds >= 0, seconds <= longest else {
        throw TokenError(
          message: "invalid wait '\(token)'; expected a number of seconds from 0 to "
            + "\(SwitchClock.seconds(longestWait)) after 'wait:'")
      }
      return .wait(milliseconds: SwitchSettings.milliseconds(seconds))
    }
    var message = "unknown key '\(token)'"
    if let near = nearestToken(lowered) {
      message += "; did you mean '\(near)'?"
    } else {
      message += "; expected one of " + tokenNames.joined(separator: ", ")
    }
    throw TokenError(message: message)
  }

  /// The token a mistyped one most likely meant: one it starts or is started by, or one at
  /// most two edits away (one for short words).
  static func nearestToken(_ token: String) -> String? {
    let names = SwitchAction.allCases.map(\.rawValue) + ["wait"]
    if let prefixed = names.first(where: { $0.hasPrefix(token) || token.hasPrefix($0) }) {
      return prefixed
    }
    return NameSuggestion(maximumDistance: 2, measure: .typedName).nearest(to: token, in: names)
  }

  /// The script text for inputs, comma-separated as `--keys` takes it.
  public static func text(_ inputs: [SwitchInput]) -> String {
    text(runs: inputs.lazy.map { Run(input: $0, count: 1) })
  }

  /// The script text for runs of one input, as ``text(_:)`` writes their keys one by one.
  static func text(runs: some Collection<Run>) -> String {
    // Written as bytes, then made a string once: a report makes this for every path of every
    // target, and a manual scan's path runs to hundreds of keys, too many to append one by one
    // to a string.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(runs.reduce(0) { $0 + $1.count } * 7)
    for run in runs {
      // One token a run, not one a key: a key's text is a new string each time.
      var token = run.input.description
      token.withUTF8 { token in
        for _ in 0..<run.count {
          if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
          bytes.append(contentsOf: token)
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension KeyScript {
  /// One input repeated: a run of a script's keys, as a cost report keeps a path's keys
  /// (``CostReport/Row``) and ``text(runs:)`` writes them.
  struct Run: Hashable, Sendable {
    var input: SwitchInput
    var count: Int

    /// The runs that make up `keys`, in order, each as long as it goes.
    static func runs(of keys: [SwitchInput]) -> [Run] {
      var runs: [Run] = []
      for key in keys {
        if let last = runs.last, last.input == key {
          runs[runs.count - 1].count += 1
        } else {
          runs.append(Run(input: key, count: 1))
        }
      }
      return runs
    }
  }
}

// MARK: - Key files

extension KeyScript {
  /// Parses a key file's bytes, which must be UTF-8.
  ///
  /// Invalid UTF-8 is a ``KeyScriptError`` at the line and column (in characters) of the first
  /// byte that is not, such as `invalid UTF-8 byte 0xff`, so a damaged file is bad data at a
  /// place in it, not a file that can't be read.
  public static func parse(bytes: [UInt8]) throws(KeyScriptError) -> [SwitchInput] {
    try parse(text(decoding: bytes))
  }

  /// The text of UTF-8 bytes, or the error at the first ill-formed sequence.
  public static func text(decoding bytes: [UInt8]) throws(KeyScriptError) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    // Not UTF-8: walk the scalars only to find where the first bad byte is.
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        offset += encoded.count
      case .emptyInput:
        return String(decoding: bytes, as: UTF8.self)
      case .error:
        throw invalidUTF8(in: bytes, at: offset)
      }
    }
  }

  /// The error for the ill-formed sequence at `offset`: its line, and its column counted in
  /// characters as ``parse(_:)`` counts them.
  static func invalidUTF8(in bytes: [UInt8], at offset: Int) -> KeyScriptError {
    let before = String(decoding: bytes[..<offset], as: UTF8.self)
    var line = 1
    var column = 1
    for character in before {
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    let byte = bytes[offset]
    let hex = String(byte, radix: 16)
    return KeyScriptError(
      token: "", position: 0, line: line, column: column,
      message: "invalid UTF-8 byte 0x\(hex.count < 2 ? "0" + hex : hex)")
  }
}
