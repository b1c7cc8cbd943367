import AXModel
import Foundation

/// Loads grammar files (`Grammars/<language>.json`): reads, parses with source positions and
/// checks every command, so a mistake is reported at its line and column.
public struct GrammarLoader: Sendable {
  /// The largest grammar file read, in bytes; a real one is a few kilobytes.
  public var maximumFileSize: Int

  /// Creates a loader.
  public init(maximumFileSize: Int = 16 << 20) {
    self.maximumFileSize = maximumFileSize
  }

  /// Loads the grammar file at `path`.
  public func load(path: String) throws(GrammarError) -> VoiceGrammar {
    let bytes: [UInt8]
    do {
      bytes = try DataFile.contents(ofFile: path, maximumSize: maximumFileSize, noun: "grammar file")
    } catch {
      switch error {
      case .missing: throw GrammarError(.fileNotFound, "no such grammar file", path: path)
      case .unreadable(let message): throw GrammarError(.fileNotFound, message, path: path)
      case .tooLarge(let size): throw oversized(size, path: path)
      }
    }
    return try load(bytes: bytes, path: path)
  }

  /// The error for a file over the size limit, at 1:1 as the scene loader reports it.
  func oversized(_ size: Int, path: String) -> GrammarError {
    GrammarError(.limitExceeded, DataFile.sizeMessage(size, limit: maximumFileSize), path: path, line: 1, column: 1)
  }

  /// Loads a grammar from JSON text; `path` names it in errors.
  public func load(text: String, path: String = "<grammar>") throws(GrammarError) -> VoiceGrammar {
    try load(bytes: Array(text.utf8), path: path)
  }

  /// Loads a grammar from the bytes of a file; `path` names it in errors.
  public func load(bytes: [UInt8], path: String) throws(GrammarError) -> VoiceGrammar {
    if bytes.count > maximumFileSize { throw oversized(bytes.count, path: path) }
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes, maxDepth: 64)
    } catch {
      throw GrammarError(.malformedJSON, error.message, path: path, at: error.position)
    }
    var decoder = GrammarDecoder(path: path)
    var grammar = try decoder.decode(root)
    grammar.path = path
    return grammar
  }

  /// The grammar file for a language in a directory: `<directory>/<language>.json`.
  public static func path(language: String, in directory: String) -> String {
    (directory as NSString).appendingPathComponent("\(language).json")
  }

  /// Finds the `Grammars` directory: `AXVOICE_GRAMMARS` if set, else the nearest `Grammars`
  /// folder above the executable or the current directory.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: String = CommandLine.arguments.first ?? ""
  ) -> String? {
    if let explicit = environment["AXVOICE_GRAMMARS"], !explicit.isEmpty { return explicit }
    let starts = [
      URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent(),
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    ]
    for start in starts {
      var url = start
      while true {
        let candidate = url.appendingPathComponent("Grammars")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
          isDirectory.boolValue
        {
          return candidate.path
        }
        let parent = url.deletingLastPathComponent()
        if parent.path == url.path { break }
        url = parent
      }
    }
    return nil
  }
}

/// Decodes the parsed JSON of a grammar file, checking keys, kinds and patterns.
struct GrammarDecoder {
  let path: String

  private static let topKeys = [
    "format", "language", "description", "numbers", "traitWords", "commands", "dictation",
  ]
  private static let commandKeys = ["intent", "direction", "continuous", "source", "patterns", "comment"]

  /// The slots each intent must have and may have.
  private static func slotRule(_ intent: VoiceIntent) -> (required: Set<VoiceSlot>, allowed: Set<VoiceSlot>) {
    switch intent {
    case .tap, .doubleTap, .longPress, .swipe, .showActions: return ([.item], [.item])
    case .increment, .decrement: return ([.item], [.item, .count])
    case .scroll: return ([], [.item])
    case .scrollToEdge: return ([], [])
    case .showGrid: return ([], [.columns, .rows])
    case .number: return ([.number], [.number])
    case .customAction: return ([.action], [.action, .item])
    case .showNames, .hideNames, .showNumbers, .hideNumbers, .hideGrid, .goBack, .escape:
      return ([], [])
    case .deleteThat, .deletePreviousWord, .deletePreviousCharacter, .deleteAll, .selectAll, .undoThat,
      .tapReturn:
      return ([], [])
    }
  }

  mutating func decode(_ root: JSONNode) throws(GrammarError) -> VoiceGrammar {
    let members = try object(root, at: "")
    // The format first: a scene file passed by mistake is reported as such.
    let format = try string(try required(root, "format", at: ""), at: "format")
    guard format == VoiceGrammar.currentFormat else {
      throw GrammarError(
        .unsupportedFormat, "unsupported format '\(format)'", path: path,
        at: root["format"]?.position ?? root.position, keyPath: "format",
        hint: "expected '\(VoiceGrammar.currentFormat)'")
    }
    try checkKeys(members, allowed: GrammarDecoder.topKeys, at: "")
    let language = try string(try required(root, "language", at: ""), at: "language")
    let numbers = try decodeNumbers(try required(root, "numbers", at: ""))
    var traitTexts: [String] = []
    if let node = root["traitWords"] {
      for (index, item) in try array(node, at: "traitWords").enumerated() {
        traitTexts.append(try string(item, at: "traitWords[\(index)]"))
      }
    }
    let plain = NameNormalizer(numbers: numbers, traitWords: [])
    let traitWords = traitTexts.map { plain.tokens($0) }.filter { !$0.isEmpty }
    let normalizer = NameNormalizer(numbers: numbers, traitWords: traitWords)
    let commandNodes = try array(try required(root, "commands", at: ""), at: "commands")
    var commands: [VoiceCommand] = []
    for (index, node) in commandNodes.enumerated() {
      commands.append(try decodeCommand(node, at: "commands[\(index)]", normalizer: normalizer))
    }
    var grammar = VoiceGrammar(
      language: language, commands: commands, numbers: numbers, traitWords: traitWords)
    if let node = root["dictation"] { grammar.dictation = try decodeDictation(node) }
    return grammar
  }

  private func decodeCommand(_ node: JSONNode, at keyPath: String, normalizer: NameNormalizer)
    throws(GrammarError) -> VoiceCommand
  {
    let members = try object(node, at: keyPath)
    try checkKeys(members, allowed: GrammarDecoder.commandKeys, at: keyPath)
    let intent = try name(VoiceIntent.self, try required(node, "intent", at: keyPath), "intent", at: keyPath)
    let direction = try node["direction"].map { (value) throws(GrammarError) in
      try name(VoiceDirection.self, value, "direction", at: keyPath)
    }
    let needsDirection = intent == .swipe || intent == .scroll || intent == .scrollToEdge
    if needsDirection && direction == nil {
      throw GrammarError(
        .missingKey, "missing key 'direction' for intent '\(intent.rawValue)'", path: path,
        at: node.position, keyPath: keyPath)
    }
    if !needsDirection, let directionNode = node["direction"] {
      throw GrammarError(
        .invalidValue, "intent '\(intent.rawValue)' takes no direction", path: path,
        at: directionNode.position, keyPath: "\(keyPath).direction")
    }
    var isContinuous = false
    if let continuousNode = node["continuous"] {
      guard let flag = continuousNode.boolValue else {
        throw mismatch("a Boolean", continuousNode, "\(keyPath).continuous")
      }
      isContinuous = flag
    }
    let source = try node["source"].map { (value) throws(GrammarError) in
      try name(CommandSource.self, value, "source", at: keyPath)
    } ?? .apple
    let patternNodes = try array(try required(node, "patterns", at: keyPath), at: "\(keyPath).patterns")
    guard !patternNodes.isEmpty else {
      throw GrammarError(
        .invalidValue, "a command needs at least one pattern", path: path,
        at: node["patterns"]?.position ?? node.position, keyPath: "\(keyPath).patterns")
    }
    let rule = GrammarDecoder.slotRule(intent)
    var patterns: [PhrasePattern] = []
    for (index, patternNode) in patternNodes.enumerated() {
      let patternPath = "\(keyPath).patterns[\(index)]"
      let text = try string(patternNode, at: patternPath)
      var parser = PatternParser(normalizer: normalizer)
      let nodes: [PatternNode]
      do {
        nodes = try parser.parse(text)
      } catch {
        var position = patternNode.position
        position.column += 1 + error.offset
        throw GrammarError(
          .invalidValue, error.message, path: path, at: position, keyPath: patternPath,
          hint: error.hint)
      }
      let pattern = PhrasePattern(source: text, nodes: nodes)
      let slots = Set(pattern.slots)
      if let extra = slots.subtracting(rule.allowed).map(\.rawValue).sorted().first {
        throw GrammarError(
          .invalidValue, "intent '\(intent.rawValue)' takes no slot '<\(extra)>'", path: path,
          at: patternNode.position, keyPath: patternPath)
      }
      if let missing = rule.required.subtracting(slots).map(\.rawValue).sorted().first {
        throw GrammarError(
          .invalidValue, "intent '\(intent.rawValue)' needs a slot '<\(missing)>'", path: path,
          at: patternNode.position, keyPath: patternPath)
      }
      patterns.append(pattern)
    }
    return VoiceCommand(
      intent: intent, direction: direction, isContinuous: isContinuous, source: source,
      patterns: patterns)
  }

  // MARK: Helpers

  func object(_ node: JSONNode, at keyPath: String) throws(GrammarError) -> [JSONMember] {
    guard let members = node.objectMembers else { throw mismatch("an object", node, keyPath) }
    return members
  }

  func array(_ node: JSONNode, at keyPath: String) throws(GrammarError) -> [JSONNode] {
    guard let items = node.arrayValue else { throw mismatch("an array", node, keyPath) }
    return items
  }

  func string(_ node: JSONNode, at keyPath: String) throws(GrammarError) -> String {
    guard let text = node.stringValue else { throw mismatch("a string", node, keyPath) }
    return text
  }

  private func required(_ node: JSONNode, _ key: String, at keyPath: String) throws(GrammarError) -> JSONNode {
    guard let value = node[key] else {
      throw GrammarError(
        .missingKey, "missing key '\(key)'", path: path, at: node.position,
        keyPath: keyPath.isEmpty ? nil : keyPath)
    }
    return value
  }

  func checkKeys(_ members: [JSONMember], allowed: [String], at keyPath: String) throws(GrammarError) {
    for member in members where !allowed.contains(member.key) {
      throw GrammarError(
        .unknownKey, "unknown key '\(member.key)'", path: path, at: member.keyPosition,
        keyPath: keyPath.isEmpty ? member.key : "\(keyPath).\(member.key)",
        hint: nearestName(to: member.key, in: allowed).map { "did you mean '\($0)'?" })
    }
  }

  func mismatch(_ expected: String, _ node: JSONNode, _ keyPath: String) -> GrammarError {
    GrammarError(
      .typeMismatch, "expected \(expected), found \(node.kindName)", path: path, at: node.position,
      keyPath: keyPath.isEmpty ? nil : keyPath)
  }

  /// Reads the value of `key` in the object at `keyPath` as one of an enumeration's names.
  private func name<Name: RawRepresentable & CaseIterable>(
    _ type: Name.Type, _ node: JSONNode, _ key: String, at keyPath: String
  ) throws(GrammarError) -> Name where Name.RawValue == String {
    let text = try string(node, at: "\(keyPath).\(key)")
    guard let value = Name(rawValue: text) else {
      throw GrammarError(
        .unknownName, "unknown \(key) '\(text)'", path: path, at: node.position, keyPath: "\(keyPath).\(key)",
        hint: nearestName(to: text, in: Name.allCases.map(\.rawValue)).map { "did you mean '\($0)'?" })
    }
    return value
  }
}
