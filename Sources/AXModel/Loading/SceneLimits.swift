/// The limits the loader enforces so that no input exhausts memory or the stack.
///
/// ``SceneLoader`` and the dump importers check every limit while reading, before the input
/// can cost more than the limit allows, and report an input beyond one as a ``SceneError``
/// whose code is ``SceneErrorCode/limitExceeded`` (a JSON nesting beyond
/// ``maximumJSONDepth`` is ``SceneErrorCode/malformedJSON``, as the parser finds it). A file
/// over ``maximumFileSize`` is never read, so its error is located at line 1, column 1.
///
/// The standard limits are meant to sit far above any real screen and low enough that a
/// hostile file fails fast; a caller that knows its inputs can set tighter ones:
///
/// ```swift
/// let loader = SceneLoader(limits: SceneLimits(maximumViewCount: 10_000))
/// ```
public struct SceneLimits: Hashable, Sendable {
  /// The largest file, in bytes.
  public var maximumFileSize: Int
  /// The deepest JSON nesting of arrays and objects; the top-level container is level 1.
  public var maximumJSONDepth: Int
  /// The deepest view nesting.
  public var maximumViewDepth: Int
  /// The most views in one scene, screens included.
  public var maximumViewCount: Int

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maximumFileSize: The largest file, in bytes; 256 MiB unless given.
  ///   - maximumJSONDepth: The deepest JSON nesting; 512 unless given.
  ///   - maximumViewDepth: The deepest view nesting; 200 unless given.
  ///   - maximumViewCount: The most views in one scene; one million unless given.
  public init(
    maximumFileSize: Int = 256 << 20, maximumJSONDepth: Int = 512, maximumViewDepth: Int = 200,
    maximumViewCount: Int = 1_000_000
  ) {
    self.maximumFileSize = maximumFileSize
    self.maximumJSONDepth = maximumJSONDepth
    self.maximumViewDepth = maximumViewDepth
    self.maximumViewCount = maximumViewCount
  }

  /// The limits used unless a caller sets others.
  public static let standard = SceneLimits()
}
