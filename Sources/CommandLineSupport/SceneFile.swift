import AXModel

/// Loads scene files for the command-line tools and reports failures the same way in each.
public enum SceneFile {
  /// The exit status for a scene error: 66 when the file is missing, 65 for bad data.
  public static func exitStatus(for error: SceneError) -> ExitStatus {
    error.code == .fileNotFound ? .noInput : .dataError
  }

  /// Loads the scene at `path`; on failure writes the one-line error to `errors` and returns the
  /// exit status to end with.
  public static func load(
    _ path: String, errors: inout some TextOutputStream, loader: SceneLoader = SceneLoader()
  ) -> Result<Scene, SceneLoadFailure> {
    do {
      return .success(try loader.load(path: path))
    } catch {
      errors.write("\(error)\n")
      return .failure(SceneLoadFailure(error: error, status: exitStatus(for: error)))
    }
  }
}

/// A scene that could not be loaded, with the status the tool exits with.
public struct SceneLoadFailure: Error, Sendable {
  /// What went wrong.
  public var error: SceneError
  /// The exit status for it.
  public var status: ExitStatus
}
