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
    try load(
      bytes: DataFile.contents(ofFile: path, maximumSize: maximumFileSize, wording: .grammar),
      path: path)
  }

  /// Loads a grammar from JSON text; `path` names it in errors.
  public func load(text: String, path: String = "<grammar>") throws(GrammarError) -> VoiceGrammar {
    try load(bytes: Array(text.utf8), path: path)
  }

  /// Loads a grammar from the bytes of a file; `path` names it in errors.
  public func load(bytes: [UInt8], path: String) throws(GrammarError) -> VoiceGrammar {
    let root = try DataFile.parse(
      bytes, path: path, maximumSize: maximumFileSize, maxDepth: 64, wording: .grammar)
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

extension JSONFileWording<GrammarErrorCode> {
  /// The wording of grammar files: plainer than a scene's, naming neither objects nor the
  /// items of arrays.
  static var grammar: Self {
    JSONFileWording(
      fileNoun: "grammar file", missingFile: "no such grammar file", namesObjects: false,
      unknownKeyPathEndsWithKey: true, missingKey: "missing key", boolean: "a Boolean",
      namesArrayItems: false)
  }
}

/// Decodes the parsed JSON of a grammar file, checking keys, kinds and patterns with the
/// shared readers (``JSONFileDecoder``) in the grammar's wording.
struct GrammarDecoder: JSONFileDecoder {
  static let wording = JSONFileWording<GrammarErrorCode>.grammar

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
      .tapReturn, .moveToBeginning, .moveToEnd, .selectPreviousWord, .selectNextWord:
      return ([], [])
    case .moveBefore, .moveAfter, .selectPhrase, .deletePhrase: return ([.phrase], [.phrase])
    case .replacePhrase: return ([.phrase, .replacement], [.phrase, .replacement])
    }
  }

  mutating func decode(_ root: JSONNode) throws(GrammarError) -> VoiceGrammar {
    let fields = try object(root, "", what: "grammar")
    // The format first, before the keys: a scene file passed by mistake is reported as such.
    let formatNode = try required(fields, "format", in: root, "")
    let format = try string(formatNode, "format")
    guard format == VoiceGrammar.currentFormat else {
      throw error(
        .unsupportedFormat, "unsupported format '\(format)'", at: formatNode.position, "format",
        hint: "expected '\(VoiceGrammar.currentFormat)'")
    }
    try checkKeys(fields, allowed: GrammarDecoder.topKeys, "", what: "grammar")
    let language = try string(try required(fields, "language", in: root, ""), "language")
    let numbers = try decodeNumbers(try required(fields, "numbers", in: root, ""))
    let traitTexts = try fields["traitWords"].map { (node) throws(GrammarError) in
      try strings(node, "traitWords")
    } ?? []
    let plain = NameNormalizer(numbers: numbers, traitWords: [])
    let traitWords = traitTexts.map { plain.tokens($0) }.filter { !$0.isEmpty }
    let normalizer = NameNormalizer(numbers: numbers, traitWords: traitWords)
    let commandNodes = try array(
      try required(fields, "commands", in: root, ""), "commands", of: "commands")
    var commands: [VoiceCommand] = []
    for (index, node) in commandNodes.enumerated() {
      commands.append(try decodeCommand(node, at: "commands[\(index)]", normalizer: normalizer))
    }
    var grammar = VoiceGrammar(
      language: language, commands: commands, numbers: numbers, traitWords: traitWords)
    if let node = fields["dictation"] { grammar.dictation = try decodeDictation(node) }
    return grammar
  }

  private func decodeCommand(_ node: JSONNode, at keyPath: String, normalizer: NameNormalizer)
    throws(GrammarError) -> VoiceCommand
  {
    let fields = try members(node, keyPath, allowed: GrammarDecoder.commandKeys, what: "command")
    let intent = try enumValue(
      VoiceIntent.self, try required(fields, "intent", in: node, keyPath), "\(keyPath).intent",
      kind: "intent")
    let direction = try fields["direction"].map { (value) throws(GrammarError) in
      try enumValue(VoiceDirection.self, value, "\(keyPath).direction", kind: "direction")
    }
    let needsDirection = intent == .swipe || intent == .scroll || intent == .scrollToEdge
    if needsDirection && direction == nil {
      throw error(
        .missingKey, "missing key 'direction' for intent '\(intent.rawValue)'", at: node.position,
        keyPath)
    }
    if !needsDirection, let directionNode = fields["direction"] {
      throw error(
        .invalidValue, "intent '\(intent.rawValue)' takes no direction", at: directionNode.position,
        "\(keyPath).direction")
    }
    let isContinuous = try fields["continuous"].map { (value) throws(GrammarError) in
      try bool(value, "\(keyPath).continuous")
    } ?? false
    let source = try fields["source"].map { (value) throws(GrammarError) in
      try enumValue(CommandSource.self, value, "\(keyPath).source", kind: "source")
    } ?? .apple
    let patternsNode = try required(fields, "patterns", in: node, keyPath)
    let patternNodes = try array(patternsNode, "\(keyPath).patterns", of: "patterns")
    guard !patternNodes.isEmpty else {
      throw error(
        .invalidValue, "a command needs at least one pattern", at: patternsNode.position,
        "\(keyPath).patterns")
    }
    let rule = GrammarDecoder.slotRule(intent)
    var patterns: [PhrasePattern] = []
    for (index, patternNode) in patternNodes.enumerated() {
      let patternPath = "\(keyPath).patterns[\(index)]"
      let text = try string(patternNode, patternPath)
      var parser = PatternParser(normalizer: normalizer)
      let nodes: [PatternNode]
      do {
        nodes = try parser.parse(text)
      } catch {
        var position = patternNode.position
        position.column += 1 + error.offset
        throw self.error(.invalidValue, error.message, at: position, patternPath, hint: error.hint)
      }
      let pattern = PhrasePattern(source: text, nodes: nodes)
      let slots = Set(pattern.slots)
      if let extra = slots.subtracting(rule.allowed).map(\.rawValue).sorted().first {
        throw error(
          .invalidValue, "intent '\(intent.rawValue)' takes no slot '<\(extra)>'",
          at: patternNode.position, patternPath)
      }
      if let missing = rule.required.subtracting(slots).map(\.rawValue).sorted().first {
        throw error(
          .invalidValue, "intent '\(intent.rawValue)' needs a slot '<\(missing)>'",
          at: patternNode.position, patternPath)
      }
      patterns.append(pattern)
    }
    return VoiceCommand(
      intent: intent, direction: direction, isContinuous: isContinuous, source: source,
      patterns: patterns)
  }
}
