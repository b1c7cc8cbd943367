import Testing

/// Returns `source` without its `1️⃣` marker, and the 1-based line and column where it stood.
///
/// Error tests write the input with the marker where the error must be reported, in
/// swift-format's style. The line counts `\n` before the marker; the column counts Unicode
/// scalars since the last one, as the JSON reader does.
public func unmarked(
  _ source: String, sourceLocation: SourceLocation = #_sourceLocation
) -> (text: String, line: Int, column: Int) {
  let marker: [Unicode.Scalar] = ["1", "\u{FE0F}", "\u{20E3}"]
  let scalars = Array(source.unicodeScalars)
  guard let start = scalars.indices.first(where: { scalars[$0...].starts(with: marker) }) else {
    Issue.record("no 1️⃣ marker in \(source.debugDescription)", sourceLocation: sourceLocation)
    return (source, 0, 0)
  }
  let before = scalars[..<start]
  let line = before.filter { $0 == "\n" }.count + 1
  let column = start - (before.lastIndex(of: "\n").map { $0 + 1 } ?? 0) + 1
  var text = String.UnicodeScalarView()
  text.append(contentsOf: before)
  text.append(contentsOf: scalars[(start + marker.count)...])
  return (String(text), line, column)
}
