/// A place in a source file: its path and a 1-based line and column.
///
/// Where ``SourcePosition`` is a place in a text already being read (a parsed JSON value
/// carries one), a location also names the file, so it stays meaningful after loading: every
/// view of a loaded or imported scene keeps the location of its definition, and findings and
/// reports point back at it.
///
/// Its description is the `path:line:column` prefix that compilers and editors read:
///
///     Scenes/home.json:12:7
///
/// It is not called `SourceLocation`, which Swift Testing declares: a test file imports both.
public struct FileLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file's path as the user gave it.
  public var path: String
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int

  /// Creates a location.
  ///
  /// - Parameters:
  ///   - path: The file's path as the user gave it, not resolved or normalised.
  ///   - line: The 1-based line.
  ///   - column: The 1-based column, counted in Unicode scalars from the start of the line.
  public init(path: String, line: Int, column: Int) {
    self.path = path
    self.line = line
    self.column = column
  }

  /// The location as `path:line:column`.
  public var description: String { "\(path):\(line):\(column)" }
}
