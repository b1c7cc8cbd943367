import Foundation

/// Reads and parses the files the loaders take, so that scenes and grammars are checked alike:
/// a missing file, a folder or an unreadable file is one failure, a file over the size limit
/// another, found before it is read, and malformed JSON a third, each in the format's own codes
/// and wording (``JSONFileWording``).
package enum DataFile {
  /// The bytes of the file at `path`, of at most `maximumSize` bytes.
  ///
  /// - Throws: `fileNotFound` for a missing file, a folder or an unreadable file;
  ///   `limitExceeded` at 1:1 for a file over the limit (``oversized(_:limit:path:)``).
  package static func contents<Code: JSONFileErrorCode>(
    ofFile path: String, maximumSize: Int, wording: JSONFileWording<Code>
  ) throws(FileError<Code>) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw FileError(.fileNotFound, wording.missingFile, path: path)
    }
    if isDirectory.boolValue {
      throw FileError(.fileNotFound, "is a directory, expected a \(wording.fileNoun)", path: path)
    }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
      size > maximumSize
    {
      throw oversized(size, limit: maximumSize, path: path)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FileError(.fileNotFound, "file is not readable", path: path)
    }
    return [UInt8](data)
  }

  /// Parses the bytes of a file, with source positions; `path` names it in errors, and
  /// `wording` is the format whose codes they are in.
  ///
  /// - Throws: `limitExceeded` at 1:1 for more than `maximumSize` bytes, `malformedJSON` at
  ///   the place the JSON goes wrong.
  package static func parse<Code: JSONFileErrorCode>(
    _ bytes: [UInt8], path: String, maximumSize: Int, maxDepth: Int, wording: JSONFileWording<Code>
  ) throws(FileError<Code>) -> JSONNode {
    if bytes.count > maximumSize { throw oversized(bytes.count, limit: maximumSize, path: path) }
    do {
      return try JSONParser.parse(bytes, maxDepth: maxDepth)
    } catch {
      throw FileError(.malformedJSON, error.message, path: path, at: error.position)
    }
  }

  /// The error for a file of `size` bytes over `limit`, at line 1, column 1: the file is not
  /// read, so no later place is known, and tools that read `path:line:col:` lines need one.
  package static func oversized<Code: JSONFileErrorCode>(_ size: Int, limit: Int, path: String)
    -> FileError<Code>
  {
    FileError(
      .limitExceeded, "file is \(size) bytes, larger than the limit of \(limit) bytes", path: path,
      line: 1, column: 1)
  }
}
