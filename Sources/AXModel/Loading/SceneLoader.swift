import Foundation

/// Loads scene files: reads, parses with source positions, decodes and validates.
///
/// Every failure is a ``SceneError`` that names the file, the line and column, the key path
/// and what was expected. The loader enforces ``SceneLimits`` so that no input exhausts memory
/// or the stack.
public struct SceneLoader: Sendable {
  /// The limits enforced.
  public var limits: SceneLimits

  /// Creates a loader with the given limits.
  public init(limits: SceneLimits = .standard) {
    self.limits = limits
  }

  /// Loads the scene file at `path`.
  public func load(path: String) throws(SceneError) -> Scene {
    try load(bytes: contents(ofFile: path), path: path)
  }

  /// Reads a file the tools load, enforcing the size limit: missing files, folders and
  /// unreadable files are ``SceneError/Code/fileNotFound``.
  public func contents(ofFile path: String) throws(SceneError) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw SceneError(.fileNotFound, "no such file", path: path)
    }
    if isDirectory.boolValue {
      throw SceneError(.fileNotFound, "is a directory, expected a scene file", path: path)
    }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
      size > limits.maximumFileSize
    {
      throw oversized(size, path: path)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SceneError(.fileNotFound, "file is not readable", path: path)
    }
    return [UInt8](data)
  }

  /// Loads a scene from the bytes of a file; `path` names it in errors.
  public func load(bytes: [UInt8], path: String) throws(SceneError) -> Scene {
    if bytes.count > limits.maximumFileSize {
      throw oversized(bytes.count, path: path)
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes, maxDepth: limits.maximumJSONDepth)
    } catch {
      throw SceneError(
        .malformedJSON, error.message, path: path, line: error.position.line,
        column: error.position.column)
    }
    var decoder = SceneDecoder(path: path, limits: limits)
    var scene = try decoder.decodeScene(root)
    scene.path = path
    try SceneValidator(scene: scene, path: path, decoder: decoder).validate()
    return scene
  }

  /// The error for a file over the size limit, at line 1, column 1: the file is not read, so no
  /// later place is known, and tools that read `path:line:col:` lines need one.
  func oversized(_ size: Int, path: String) -> SceneError {
    SceneError(
      .limitExceeded, "file is \(size) bytes, larger than the limit of \(limits.maximumFileSize) bytes",
      path: path, line: 1, column: 1)
  }

  /// Loads a scene from JSON text; `path` names it in errors.
  public func load(text: String, path: String = "<input>") throws(SceneError) -> Scene {
    try load(bytes: Array(text.utf8), path: path)
  }
}
