import AXModel

/// An error in a grammar file: the same located, one-line error as a scene file's, with the
/// grammar's text in it escaped by the same rule (``TerminalText``).
///
///     Grammars/en-US.json:14:22: error: unknown slot 'itme' at commands[3].patterns[0]; did you mean 'item'?
public typealias GrammarError = SceneError
