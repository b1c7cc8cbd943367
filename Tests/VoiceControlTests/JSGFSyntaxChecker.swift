/// A small checker for the JSGF 1.0 grammar syntax, enough to prove the compiler's output
/// parses: a header, a grammar name, then rules `[public] <name> = expansion ;` whose
/// expansions use words, rule references, `|`, `( )`, `[ ]`, `*` and `+`; every referenced
/// rule must be defined (or be `<NULL>` / `<VOID>`).
struct JSGFSyntaxChecker {
  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  enum Token: Equatable {
    case word(String)
    case rule(String)
    case symbol(Character)
  }

  /// Checks a document and returns the names of its public rules, in order.
  static func check(_ text: String) throws -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.first, header.hasPrefix("#JSGF V1.0"), header.hasSuffix(";") else {
      throw Failure(message: "missing '#JSGF V1.0 ...;' header")
    }
    lines.removeFirst()
    let tokens = try tokenize(lines.joined(separator: "\n"))
    var index = 0
    func next() -> Token? {
      defer { index += 1 }
      return index < tokens.count ? tokens[index] : nil
    }
    guard next() == .word("grammar"), case .word(let name)? = next(), !name.isEmpty,
      next() == .symbol(";")
    else { throw Failure(message: "missing 'grammar NAME;'") }
    var defined = Set<String>()
    var referenced = Set<String>()
    var publicRules: [String] = []
    while index < tokens.count {
      var isPublic = false
      if tokens[index] == .word("public") {
        isPublic = true
        index += 1
      }
      guard case .rule(let rule)? = next() else { throw Failure(message: "expected a rule name at token \(index)") }
      guard defined.insert(rule).inserted else { throw Failure(message: "rule <\(rule)> defined twice") }
      if isPublic { publicRules.append(rule) }
      guard next() == .symbol("=") else { throw Failure(message: "expected '=' after <\(rule)>") }
      var body: [Token] = []
      while let token = next(), token != .symbol(";") { body.append(token) }
      guard index <= tokens.count, tokens[index - 1] == .symbol(";") else {
        throw Failure(message: "rule <\(rule)> is not closed by ';'")
      }
      var position = 0
      try expansion(body, &position, &referenced)
      guard position == body.count else { throw Failure(message: "unexpected token in <\(rule)>") }
    }
    let missing = referenced.subtracting(defined).subtracting(["NULL", "VOID"])
    guard missing.isEmpty else { throw Failure(message: "undefined rules: \(missing.sorted())") }
    return publicRules
  }

  /// alternatives := sequence ('|' sequence)*
  static func expansion(_ tokens: [Token], _ position: inout Int, _ referenced: inout Set<String>) throws {
    try sequence(tokens, &position, &referenced)
    while position < tokens.count, tokens[position] == .symbol("|") {
      position += 1
      try sequence(tokens, &position, &referenced)
    }
  }

  /// sequence := item+ ; item := (word | rule | '(' alternatives ')' | '[' alternatives ']') ('*' | '+')?
  static func sequence(_ tokens: [Token], _ position: inout Int, _ referenced: inout Set<String>) throws {
    var count = 0
    while position < tokens.count {
      switch tokens[position] {
      case .word:
        position += 1
      case .rule(let name):
        referenced.insert(name)
        position += 1
      case .symbol(let open) where open == "(" || open == "[":
        position += 1
        try expansion(tokens, &position, &referenced)
        let close: Character = open == "(" ? ")" : "]"
        guard position < tokens.count, tokens[position] == .symbol(close) else {
          throw Failure(message: "missing '\(close)'")
        }
        position += 1
      default:
        guard count > 0 else { throw Failure(message: "empty sequence") }
        return
      }
      count += 1
      if position < tokens.count, tokens[position] == .symbol("*") || tokens[position] == .symbol("+") {
        position += 1
      }
    }
    guard count > 0 else { throw Failure(message: "empty sequence") }
  }

  static func tokenize(_ text: String) throws -> [Token] {
    var tokens: [Token] = []
    var characters = Array(text)[...]
    while let character = characters.first {
      if character.isWhitespace {
        characters.removeFirst()
      } else if character == "<" {
        guard let end = characters.firstIndex(of: ">") else { throw Failure(message: "unclosed '<'") }
        let name = String(characters[characters.index(after: characters.startIndex)..<end])
        guard !name.isEmpty, name.allSatisfy({ !$0.isWhitespace && !"<>;=|()[]*+".contains($0) }) else {
          throw Failure(message: "bad rule name '<\(name)>'")
        }
        tokens.append(.rule(name))
        characters = characters[characters.index(after: end)...]
      } else if "=;|()[]*+".contains(character) {
        tokens.append(.symbol(character))
        characters.removeFirst()
      } else if "{}/\"\\#!".contains(character) {
        throw Failure(message: "special character '\(character)' outside its construct")
      } else {
        var word = ""
        while let next = characters.first, !next.isWhitespace, !"<>=;|()[]*+{}/\"\\".contains(next) {
          word.append(next)
          characters.removeFirst()
        }
        tokens.append(.word(word))
      }
    }
    return tokens
  }
}
