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
    try DataFile.contents(ofFile: path, maximumSize: limits.maximumFileSize, wording: .scene)
  }

  /// Loads a scene from the bytes of a file; `path` names it in errors.
  public func load(bytes: [UInt8], path: String) throws(SceneError) -> Scene {
    let root = try DataFile.parse(
      bytes, path: path, maximumSize: limits.maximumFileSize, maxDepth: limits.maximumJSONDepth,
      wording: .scene)
    var decoder = SceneDecoder(path: path, limits: limits)
    var scene = try decoder.decodeScene(root)
    scene.path = path
    try SceneValidator(scene: scene, path: path, decoder: decoder).validate()
    return scene
  }

  /// Loads a scene from JSON text; `path` names it in errors.
  public func load(text: String, path: String = "<input>") throws(SceneError) -> Scene {
    try load(bytes: Array(text.utf8), path: path)
  }
}
