import Foundation

/// Reads the files the loaders take, so that scenes and grammars are checked alike: a missing
/// file, a folder or an unreadable file is one failure, a file over the size limit another,
/// found before it is read.
package enum DataFile {
  /// Why a file could not be read.
  package enum Failure: Error {
    /// It does not exist.
    case missing
    /// It is a folder or can't be read; the message says which.
    case unreadable(String)
    /// It has more bytes than the limit.
    case tooLarge(Int)
  }

  /// The bytes of the file at `path`, of at most `maximumSize` bytes; `noun` names the kind of
  /// file in the message for a folder ("is a directory, expected a scene file").
  package static func contents(
    ofFile path: String, maximumSize: Int, noun: String
  ) throws(Failure) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .missing
    }
    if isDirectory.boolValue { throw .unreadable("is a directory, expected a \(noun)") }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
      size > maximumSize
    {
      throw .tooLarge(size)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable("file is not readable")
    }
    return [UInt8](data)
  }

  /// The message for a file of `size` bytes over `limit`.
  package static func sizeMessage(_ size: Int, limit: Int) -> String {
    "file is \(size) bytes, larger than the limit of \(limit) bytes"
  }
}
