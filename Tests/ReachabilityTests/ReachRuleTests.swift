import AXModel
import AXTestSupport
import Foundation
import Reachability
import Testing

/// One rule, a scene that triggers it and one that does not.
struct RuleCase: CustomTestStringConvertible, Sendable {
  var rule: ReachRule
  var triggering: String
  var clean: String
  var extra = ""
  var maximumSeconds: Double = 30

  var testDescription: String { rule.rawValue }
}

@Suite("axreach report: every rule fires on its scene and not on the fixed one")
struct ReachRuleTests {
  /// A scene of one window whose root holds `children`.
  static func scene(_ children: String, extra: String = "") -> String {
    #"{"format": "axscene/1", "name": "Rule", "screen": {"width": 390, "height": 844}, "language": "en-US""#
      + extra
      + #", "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": ["#
      + children + "]}}]}"
  }

  static func button(_ id: String, _ label: String?, frame: String = "[20, 100, 200, 60]", more: String = "") -> String {
    let name = label.map { #", "label": "\#($0)""# } ?? ""
    return #"{"id": "\#(id)", "type": "button", "frame": \#(frame)\#(name)\#(more)}"#
  }

  /// An overlay the app draws itself: UIKit returns no focus when it goes, so the scene must.
  static let modalSheet =
    #", "screens": {"sheet": {"overlay": true, "windows": [{"level": 1, "root": {"id": "sheet", "type": "view", "frame": [0, 0, 390, 844], "viewIsModal": true, "on": {"escape": [{"dismiss": "sheet"}FOCUS]}, "children": [{"id": "close", "type": "button", "frame": [300, 60, 60, 60], "label": "Close", "on": {"activate": [{"dismiss": "sheet"}]}}]}}]}}"#

  /// A heading above everything, so focus that goes to the first element misses the button.
  static let title = #"{"id": "title", "type": "label", "frame": [20, 20, 300, 40], "text": "Inbox", "traits": ["+header"]}"#

  static let cases: [RuleCase] = [
    RuleCase(rule: .noName, triggering: button("b", nil), clean: button("b", "Play")),
    RuleCase(rule: .unspeakableName, triggering: button("b", "★"), clean: button("b", "Star")),
    RuleCase(
      rule: .duplicateName,
      triggering: button("a", "Edit") + "," + button("b", "Edit", frame: "[20, 300, 200, 60]"),
      clean: button("a", "Edit") + "," + button("b", "Share", frame: "[20, 300, 200, 60]")),
    RuleCase(rule: .nameRepeatsRole, triggering: button("b", "Play Button"), clean: button("b", "Play")),
    RuleCase(
      rule: .labelNotVisibleText, triggering: button("b", "Purchase item", more: #", "text": "Buy""#),
      clean: button("b", "Buy now", more: #", "text": "Buy""#)),
    RuleCase(
      rule: .tooManyInputLabels,
      triggering: button("b", "Send", more: #", "userInputLabels": ["Send", "Post", "Submit", "Go", "Mail"]"#),
      clean: button("b", "Send", more: #", "userInputLabels": ["Send", "Post"]"#)),
    RuleCase(rule: .smallTarget, triggering: button("b", "Play", frame: "[20, 100, 20, 20]"), clean: button("b", "Play", frame: "[20, 100, 44, 44]")),
    RuleCase(
      rule: .duplicateBounds,
      triggering: button("a", "Play") + "," + #"{"id": "b", "type": "button", "frame": [20, 100, 200, 60], "label": "Pause", "respondsToUserInteraction": true}"#,
      clean: button("a", "Play") + "," + button("b", "Pause", frame: "[20, 300, 200, 60]")),
    RuleCase(rule: .zeroSize, triggering: button("b", "Play", frame: "[20, 100, 0, 0]"), clean: button("b", "Play")),
    RuleCase(rule: .offScreen, triggering: button("b", "Play", frame: "[20, 2000, 200, 60]"), clean: button("b", "Play")),
    RuleCase(
      rule: .covered,
      triggering: button("a", "Play", frame: "[20, 100, 100, 100]") + "," + button("b", "Cover", frame: "[0, 80, 300, 300]"),
      clean: button("a", "Play", frame: "[20, 100, 100, 100]") + "," + button("b", "Cover", frame: "[0, 400, 300, 300]")),
    RuleCase(
      rule: .gestureOnly,
      triggering: #"{"id": "knob", "type": "custom", "frame": [20, 100, 200, 200], "isAccessibilityElement": true, "label": "Knob", "gestures": [{"gesture": "drag", "effects": []}]}"#,
      clean: #"{"id": "knob", "type": "custom", "frame": [20, 100, 200, 200], "isAccessibilityElement": true, "label": "Knob", "gestures": [{"gesture": "drag", "effects": []}], "customActions": [{"name": "Turn", "effects": []}]}"#),
    RuleCase(
      rule: .adjustableWithoutActions,
      triggering: #"{"id": "volume", "type": "custom", "frame": [20, 100, 300, 60], "isAccessibilityElement": true, "label": "Volume", "traits": ["adjustable"]}"#,
      clean: #"{"id": "volume", "type": "custom", "frame": [20, 100, 300, 60], "isAccessibilityElement": true, "label": "Volume", "traits": ["adjustable"], "on": {"increment": [], "decrement": []}}"#),
    RuleCase(
      rule: .hiddenInteractive,
      triggering: #"{"id": "tile", "type": "view", "frame": [20, 100, 200, 200], "on": {"activate": []}}"#,
      clean: #"{"id": "tile", "type": "view", "frame": [20, 100, 200, 200], "isAccessibilityElement": true, "label": "Tile", "on": {"activate": []}}"#),
    RuleCase(
      rule: .containerIsElement,
      triggering: #"{"id": "row", "type": "view", "frame": [20, 100, 300, 60], "isAccessibilityElement": true, "label": "Row", "groupsChildren": true, "on": {"activate": []}}"#,
      clean: #"{"id": "row", "type": "view", "frame": [20, 100, 300, 60], "isAccessibilityElement": true, "label": "Row", "on": {"activate": []}}"#),
    RuleCase(
      rule: .modalWithoutEscape,
      triggering: #"{"id": "dialog", "type": "view", "frame": [0, 0, 390, 844], "viewIsModal": true, "children": ["# + button("ok", "OK") + "]}",
      clean: #"{"id": "dialog", "type": "view", "frame": [0, 0, 390, 844], "viewIsModal": true, "on": {"escape": [{"hide": "dialog"}]}, "children": ["# + button("ok", "OK") + "]}"),
    RuleCase(
      rule: .focusNotReturned,
      triggering: title + "," + button("open", "Open", more: #", "on": {"activate": [{"present": "sheet"}]}"#),
      clean: title + "," + button("open", "Open", more: #", "on": {"activate": [{"present": "sheet"}]}"#),
      extra: modalSheet),
    RuleCase(
      rule: .unreachableBehindModal,
      triggering: button("back", "Back", frame: "[20, 40, 100, 44]") + "," + #"{"id": "dialog", "type": "view", "frame": [0, 400, 390, 444], "viewIsModal": true, "on": {"escape": [{"hide": "dialog"}]}, "children": ["# + button("ok", "OK", frame: "[20, 500, 200, 60]") + "]}",
      clean: button("back", "Back", frame: "[20, 40, 100, 44]") + "," + #"{"id": "dialog", "type": "view", "frame": [0, 0, 390, 844], "viewIsModal": true, "on": {"escape": [{"hide": "dialog"}]}, "children": ["# + button("ok", "OK", frame: "[20, 500, 200, 60]") + "]}"),
    RuleCase(
      rule: .costOverThreshold,
      triggering: (0..<8).map { button("b\($0)", "Item \($0)", frame: "[20, \(60 + $0 * 80), 200, 60]") }.joined(separator: ","),
      clean: (0..<2).map { button("b\($0)", "Item \($0)", frame: "[20, \(60 + $0 * 80), 200, 60]") }.joined(separator: ","),
      maximumSeconds: 4),
  ]

  func findings(_ children: String, _ testCase: RuleCase, focus: Bool) throws -> [Finding] {
    let extra = testCase.extra.replacingOccurrences(of: "FOCUS", with: focus ? #", {"focus": "open"}"# : "")
    let scene = try SceneLoader().load(text: Self.scene(children, extra: extra), path: "rule.json")
    return try ReachFixtures.report(scene) { $0.maximumSeconds = testCase.maximumSeconds }.findings
  }

  @Test("the rule fires on its scene", arguments: cases)
  func fires(_ testCase: RuleCase) throws {
    let found = try findings(testCase.triggering, testCase, focus: false)
    #expect(found.contains { $0.rule == testCase.rule }, "\(found.map(\.rule.rawValue))")
    let finding = try #require(found.first { $0.rule == testCase.rule })
    #expect(finding.severity == testCase.rule.severity)
    #expect(!finding.message.isEmpty)
    #expect(finding.location?.path == "rule.json")
  }

  @Test("the rule is quiet on the fixed scene", arguments: cases)
  func quiet(_ testCase: RuleCase) throws {
    let found = try findings(testCase.clean, testCase, focus: true)
    #expect(!found.contains { $0.rule == testCase.rule }, "\(found.map(\.message))")
  }

  @Test("every rule has a case", arguments: ReachRule.allCases)
  func covered(_ rule: ReachRule) {
    #expect(Self.cases.contains { $0.rule == rule })
  }
}

@Suite("the rules are documented")
struct ReachRuleDocumentationTests {
  @Test("docs/reach-report.md has a row with each rule's id and severity", arguments: ReachRule.allCases)
  func documented(_ rule: ReachRule) throws {
    let text = try String(contentsOfFile: packagePath("docs/reach-report.md"), encoding: .utf8)
    #expect(text.contains("| `\(rule.rawValue)` | \(rule.severity.rawValue) |"))
  }
}
