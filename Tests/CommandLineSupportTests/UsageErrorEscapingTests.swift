import CommandLineSupport
import Testing

@Suite("Usage errors echo what was typed safely")
struct UsageErrorEscapingTests {
  @Test("a typed value or name with control or bidirectional characters stays one visible line", arguments: [
    ["tree", "shop.json", "--format", "te\u{1B}[2J\nxt"],
    ["tree", "shop.json", "--for\u{1B}]0;x\u{07}mat", "json"],
    ["tr\u{202E}ee", "shop.json"],
    ["tree", "shop.json", "--format", "json\u{85}\u{9B}"],
  ])
  func escaped(words: [String]) throws {
    let error = try #require(usageError(Fixtures.axreach, words))
    let message = error.rendered.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    #expect(message.hasPrefix("Error: "))
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
    #expect(error.rendered.split(separator: "\n").count == 3, "the message, the usage and the pointer to --help")
    #expect(message.contains("\\u{1b}") || message.contains("\\u{202e}") || message.contains("\\u{85}"))
  }
}
