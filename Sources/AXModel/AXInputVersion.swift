/// The version of AXInput that the tools print for `--version`.
public enum AXInputVersion {
  /// The current version.
  public static let current = "0.1.0"
}
