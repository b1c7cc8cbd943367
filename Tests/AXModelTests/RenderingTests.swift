import AXModel
import Testing

@Suite("Rendering")
struct RenderingTests {
  @Test("quoted escapes whatever would break a transcript line", arguments: [
    ("plain", #""plain""#),
    ("say \"hi\"", #""say \"hi\"""#),
    ("a\\b", #""a\\b""#),
    ("two\nlines", #""two\nlines""#),
    ("tab\there", #""tab\there""#),
    ("next\u{85}line", #""next\u{85}line""#),
    ("para\u{2029}graph", #""para\u{2029}graph""#),
    ("bell\u{07}", #""bell\u{7}""#),
    ("关闭", #""关闭""#),
  ])
  func quoted(input: String, expected: String) {
    #expect(TreeRenderer.quoted(input) == expected)
  }

  @Test("a change line escapes the values it quotes")
  func changeLine() {
    let change = SceneChange.value(element: "field", from: nil, to: "evil\nline")
    #expect(change.description == #"value of field: none -> "evil\nline""#)
  }

  @Test("numbers print in one fixed format", arguments: [
    (6.0, "6"), (6.5, "6.5"), (0.333333, "0.33"), (-2.0, "-2"), (1e300, "1e+300"),
  ])
  func numbers(value: Double, expected: String) {
    #expect(formatNumber(value) == expected)
  }
}
