import AXModel

/// Options that change how dumps are read.
public struct ImportOptions: Hashable, Sendable {
  /// Android pixels per point (`--density`); `nil` infers it from the screen width.
  public var density: Double?
  /// The limits enforced on size, depth and count.
  public var limits: SceneLimits

  /// Creates options.
  public init(density: Double? = nil, limits: SceneLimits = .standard) {
    self.density = density
    self.limits = limits
  }
}

/// A reader of one dump format: bytes in, a ``Dump`` out, or one located error.
protocol DumpReader {
  /// Reads a whole dump; `path` names the file in errors.
  static func read(_ bytes: [UInt8], path: String, options: ImportOptions) throws(SceneError)
    -> Dump
}

/// Loads a scene from a scene file or from any supported accessibility dump.
///
/// The format is detected from the content unless ``format`` forces one. A dump becomes a
/// scene with ``SceneAssembler``'s rules, so every command that takes a scene takes a dump.
public struct SceneImporter: Sendable {
  /// The format to read, or `nil` to detect it.
  public var format: DumpFormat?
  /// How dumps are read.
  public var options: ImportOptions

  /// Creates an importer.
  public init(format: DumpFormat? = nil, options: ImportOptions = ImportOptions()) {
    self.format = format
    self.options = options
  }

  /// Loads the scene or dump at `path`.
  public func load(path: String) throws(SceneError) -> Scene {
    let loader = SceneLoader(limits: options.limits)
    let bytes = try loader.contents(ofFile: path)
    return try load(bytes: bytes, path: path)
  }

  /// Loads a scene or dump from its bytes; `path` names it in errors.
  public func load(bytes: [UInt8], path: String) throws(SceneError) -> Scene {
    let format = self.format ?? DumpFormat.detect(bytes)
    if format == .scene {
      return try SceneLoader(limits: options.limits).load(bytes: bytes, path: path)
    }
    let dump = try self.dump(bytes: bytes, path: path, format: format)
    var scene = try SceneAssembler(path: path, limits: options.limits).scene(from: dump)
    scene.path = path
    return scene
  }

  /// Reads a dump without assembling a scene from it.
  public func dump(bytes: [UInt8], path: String, format: DumpFormat) throws(SceneError) -> Dump {
    switch format {
    case .scene:
      throw SceneError(.unsupportedFormat, "a scene file is not a dump", path: path)
    case .idb: return try IDBReader.read(bytes, path: path, options: options)
    case .webDriverAgentXML: return try WebDriverAgentXMLReader.read(bytes, path: path, options: options)
    case .webDriverAgentJSON: return try WebDriverAgentJSONReader.read(bytes, path: path, options: options)
    case .xcuitest: return try DebugDescriptionReader.read(bytes, path: path, options: options)
    case .uiautomator: return try UIAutomatorReader.read(bytes, path: path, options: options)
    }
  }
}
