import AXModel

/// Reads the scalar values dumps write as text (`"1"`, `"true"`, `"{{0, 0}, {375, 667}}"`),
/// failing with the file, the position and what was expected.
struct DumpValues {
  /// The file, for errors.
  let path: String

  /// The largest coordinate or size accepted, as in scene files.
  static let coordinateLimit = 1_000_000.0

  /// A Boolean written as `true`/`false`, `1`/`0` or `yes`/`no`.
  func bool(_ text: String, _ what: String, at position: SourcePosition) throws(SceneError)
    -> Bool
  {
    switch text.lowercased() {
    case "true", "1", "yes": return true
    case "false", "0", "no", "": return false
    default:
      throw SceneError(
        .typeMismatch, "expected true or false for \(what), found \(Self.shown(text))",
        path: path, at: position)
    }
  }

  /// A finite number within the coordinate limit.
  func number(_ text: String, _ what: String, at position: SourcePosition) throws(SceneError)
    -> Double
  {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let value = Double(trimmed), value.isFinite else {
      throw SceneError(
        .typeMismatch, "expected a number for \(what), found \(Self.shown(text))", path: path,
        at: position)
    }
    return try checked(value, what, at: position)
  }

  /// A number already parsed, checked against the coordinate limit.
  func checked(_ value: Double, _ what: String, at position: SourcePosition) throws(SceneError)
    -> Double
  {
    guard value.isFinite, abs(value) <= Self.coordinateLimit else {
      throw SceneError(
        .invalidValue,
        "\(what) \(formatNumber(value)) is out of range, expected at most 1000000 points",
        path: path, at: position)
    }
    return value
  }

  /// A frame from its four numbers; sizes may not be negative.
  func frame(
    x: Double, y: Double, width: Double, height: Double, at position: SourcePosition
  ) throws(SceneError) -> Rect {
    let rect = Rect(
      x: try checked(x, "x", at: position), y: try checked(y, "y", at: position),
      width: try checked(width, "width", at: position),
      height: try checked(height, "height", at: position))
    guard rect.width >= 0, rect.height >= 0 else {
      throw SceneError(
        .invalidValue,
        "frame size is negative (\(formatNumber(rect.width)) x \(formatNumber(rect.height)))",
        path: path, at: position)
    }
    return rect
  }

  /// A frame in Apple's `NSStringFromCGRect` form, `{{x, y}, {width, height}}`, optionally
  /// after a prefix such as `NSRect: `.
  func appleFrame(_ text: String, at position: SourcePosition) throws(SceneError) -> Rect {
    let numbers = text.split { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "e" || $0 == "+") }
    let values = numbers.compactMap { Double($0) }
    guard text.contains("{{"), values.count == 4, numbers.count == 4 else {
      throw SceneError(
        .typeMismatch,
        "expected a frame like '{{x, y}, {width, height}}', found \(Self.shown(text))",
        path: path, at: position)
    }
    return try frame(x: values[0], y: values[1], width: values[2], height: values[3], at: position)
  }

  /// Text from a dump, cut short and quoted with control characters escaped, so that an
  /// error line stays one line and safe for a terminal.
  static func shown(_ text: String) -> String {
    let cut = text.unicodeScalars.count > 60
    let shown = cut ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(60))) : text
    return TreeRenderer.quoted(shown) + (cut ? "..." : "")
  }
}
