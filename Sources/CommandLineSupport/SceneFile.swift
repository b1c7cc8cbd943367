import AXModel
import Importing

/// Loads scene files and accessibility dumps for the command-line tools and reports failures
/// the same way in each.
public enum SceneFile {
  /// The positional argument of every command that reads a scene.
  public static let sceneArgument = ArgumentSpec(
    "scene",
    help: "A scene file (axscene/1) or an accessibility dump: idb, WebDriverAgent XML or JSON, XCUITest debugDescription, Android uiautomator.")

  /// `--from FORMAT`: read the file as this format instead of detecting it.
  public static let formatOption = OptionSpec(
    "from", valueName: "format",
    help: "Read the scene as this format instead of detecting it: "
      + DumpFormat.names.joined(separator: ", ") + ".",
    choices: DumpFormat.names)

  /// `--density N`: an Android dump's pixels per point.
  public static let densityOption = OptionSpec(
    "density", valueName: "n",
    help: "Android dumps: pixels per dp (0.5-10); by default inferred from the screen width.")

  /// The options every command that reads a scene takes.
  public static let inputOptions = [formatOption, densityOption]

  /// The exit status for a scene error: 66 when the file is missing, 65 for bad data.
  public static func exitStatus(for error: SceneError) -> ExitStatus {
    error.code == .fileNotFound ? .noInput : .dataError
  }

  /// The importer the command line asks for with `--from` and `--density`.
  public static func importer(_ arguments: ParsedArguments) throws(UsageError) -> SceneImporter {
    var options = ImportOptions()
    if let density = try arguments.double("density") {
      guard (0.5...10).contains(density) else {
        throw arguments.invalidValueError(for: "density", reason: "expected 0.5 to 10 pixels per dp")
      }
      options.density = density
    }
    return SceneImporter(format: arguments.value("from").flatMap(DumpFormat.init(rawValue:)), options: options)
  }

  /// Loads the scene or dump at `path`; on failure writes the one-line error to `errors` and
  /// returns the exit status to end with.
  public static func load(
    _ path: String, errors: inout some TextOutputStream, importer: SceneImporter = SceneImporter()
  ) -> Result<Scene, SceneLoadFailure> {
    do {
      return .success(try importer.load(path: path))
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
