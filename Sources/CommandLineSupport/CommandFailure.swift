import AXModel

/// An error that ends a command with an exit status, after one line saying why.
///
/// Code anywhere below a tool's ``CommandLineTool/execute(_:output:errors:)`` throws it
/// instead of writing to standard error and handing a status back up by hand: the tool's
/// ``CommandLineTool/run(_:output:errors:)`` writes the line and returns the status, the one
/// place a failure becomes an exit status. A ``LocatedError`` (a scene's or a grammar's)
/// thrown the same way becomes one too, so a loader just uses `try`.
///
///     guard let data = FileManager.default.contents(atPath: path) else {
///       throw CommandFailure("\(shown): error: no such file or not readable", status: .noInput)
///     }
public struct CommandFailure: Error, Sendable, Equatable {
  /// The line written to standard error, without its newline; `nil` when the failure was
  /// already explained (a runtime failure whose output says it all).
  public var message: String?
  /// The status the tool exits with.
  public var status: ExitStatus

  /// Creates a failure with its one-line message, already escaped for a terminal.
  public init(_ message: String?, status: ExitStatus) {
    self.message = message
    self.status = status
  }

  /// Creates a failure from a located diagnostic.
  public init(_ diagnostic: Diagnostic, status: ExitStatus) {
    self.init(diagnostic.description, status: status)
  }

  /// Creates the failure for a scene, dump or grammar that could not be read: its located line,
  /// with status 66 when the file is missing and 65 when its contents are malformed.
  public init(_ error: some LocatedError) {
    self.init(error.description, status: error.isMissingFile ? .noInput : .dataError)
  }
}
