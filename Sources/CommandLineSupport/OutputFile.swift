import AXModel
import Foundation

/// Writes a command's output to the file `-o` names.
///
/// A regular file (or a new one) is replaced atomically, so a reader never sees half a report.
/// Anything else that exists, `/dev/null`, a FIFO or a terminal, is written in place: an
/// atomic write would rename a temporary file over it and replace the device with a file.
public enum OutputFile {
  /// Writes `text` to `path`.
  ///
  /// - Throws: A ``CommandFailure`` `error: can't write 'PATH': REASON`, status 1.
  public static func write(_ text: String, to path: String) throws(CommandFailure) {
    let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    do {
      if let type, type != .typeRegular {
        guard let handle = FileHandle(forWritingAtPath: path) else {
          throw CocoaError(.fileWriteNoPermission)
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(text.utf8))
      } else {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
      }
    } catch {
      throw CommandFailure(
        "error: can't write \(quotedPath(path)): \(TerminalText.escapingHazards(error.localizedDescription))",
        status: .failure)
    }
  }

  /// The path in single quotes with every hazard escaped, for an error line.
  static func quotedPath(_ path: String) -> String {
    "'\(TerminalText.escaped(path))'"
  }
}
