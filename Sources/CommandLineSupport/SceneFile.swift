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

  /// The importer the command line asks for with `--from` and `--density`.
  public static func importer(_ arguments: ParsedArguments) throws(UsageError) -> SceneImporter {
    var options = ImportOptions()
    if let density = try arguments.double("density") {
      guard (0.5...10).contains(density) else {
        throw arguments.invalidValueError(for: "density", reason: "expected 0.5 to 10 pixels per dp")
      }
      options.density = density
    }
    return SceneImporter(format: try arguments.choice("from", as: DumpFormat.self), options: options)
  }

  /// Loads the scene or dump at `path`.
  ///
  /// Its error reaches the tool's ``CommandLineTool/run(_:output:errors:)``, which prints the
  /// located line and exits 66 for a missing file, 65 for a malformed one.
  public static func load(_ path: String, importer: SceneImporter = SceneImporter()) throws(SceneError) -> Scene {
    try importer.load(path: path)
  }
}
