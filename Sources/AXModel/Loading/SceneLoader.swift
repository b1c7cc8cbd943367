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
  /// unreadable files are ``SceneErrorCode/fileNotFound``.
  public func contents(ofFile path: String) throws(SceneError) -> [UInt8] {
    do {
      return try DataFile.contents(ofFile: path, maximumSize: limits.maximumFileSize, noun: "scene file")
    } catch {
      switch error {
      case .missing: throw SceneError(.fileNotFound, "no such file", path: path)
      case .unreadable(let message): throw SceneError(.fileNotFound, message, path: path)
      case .tooLarge(let size): throw oversized(size, path: path)
      }
    }
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
      .limitExceeded, DataFile.sizeMessage(size, limit: limits.maximumFileSize), path: path, line: 1,
      column: 1)
  }

  /// Loads a scene from JSON text; `path` names it in errors.
  public func load(text: String, path: String = "<input>") throws(SceneError) -> Scene {
    try load(bytes: Array(text.utf8), path: path)
  }
}
