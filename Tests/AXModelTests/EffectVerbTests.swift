import AXModel
import AXTestSupport
import Testing

/// Effect verbs: the loader reads only the verbs ``Effect/Verb`` names, reports any other as a
/// located error, and every verb names one kind of effect, which the writer spells back.
@Suite("Effect verbs")
struct EffectVerbTests {
  /// A scene whose one view runs `effect` when activated.
  static func scene(effect: String) -> String {
    LoaderErrorCase.scene(#"{"id": "a", "on": {"activate": [\#(effect)]}}"#)
  }

  /// The key path of that effect.
  static let effectPath = "windows[0].root.children[0].on.activate[0]"

  static let unknownVerbs: [LoaderErrorCase] = [
    .init(
      name: "a mistyped verb", text: scene(effect: #"{1️⃣"fcus": true}"#), code: .unknownKey,
      message: "unknown key 'fcus' in effect", keyPath: effectPath, hint: "did you mean 'focus'?"),
    .init(
      name: "a verb the format does not have", text: scene(effect: #"{1️⃣"blink": "a"}"#),
      code: .unknownKey, message: "unknown key 'blink' in effect", keyPath: effectPath),
    .init(
      name: "no verb at all", text: scene(effect: #"1️⃣{"target": "a"}"#), code: .invalidValue,
      message: "effect has no verb, expected one of "
        + Effect.Verb.allCases.map(\.rawValue).joined(separator: ", "),
      keyPath: effectPath),
  ]

  @Test("an unknown verb is a located error, never a focus", arguments: unknownVerbs)
  func unknownVerb(_ errorCase: LoaderErrorCase) throws {
    errorCase.expectReported()
  }

  /// One effect of every kind, in the order of ``Effect/Verb``.
  static let everyKind: [Effect.Kind] = [
    .set(name: "on", value: .bool(true)), .add(variable: "count", amount: 2),
    .toggle(name: "on"), .announce(Template(literal: "Done")),
    .present(screen: "sheet"), .dismiss(screen: nil), .navigate(screen: "start"), .remove,
    .hide, .show, .focus, .post(.screenChanged, argument: nil), .post(.layoutChanged, argument: "a"),
  ]

  @Test("every verb names one kind of effect")
  func everyVerbNamesOneKind() {
    #expect(Self.everyKind.map(\.verb) == Effect.Verb.allCases)
  }

  @Test("each verb loads as its kind and is written back as itself", arguments: Effect.Verb.allCases)
  func verbLoads(_ verb: Effect.Verb) throws {
    let argument: String
    switch verb {
    case .set: argument = #""on", "to": true"#
    case .add: argument = #""count", "by": 2"#
    case .toggle: argument = #""on""#
    case .announce: argument = #""Done""#
    case .present: argument = #""sheet""#
    case .dismiss: argument = "true"
    case .navigate: argument = #""start""#
    case .remove, .hide, .show, .focus: argument = "true"
    case .screenChanged: argument = "true"
    case .layoutChanged: argument = #""a""#
    }
    let text = LoaderErrorCase.scene(
      #"{"id": "a", "on": {"activate": [{"\#(verb.rawValue)": \#(argument)}]}}"#,
      extra: #", "vars": {"on": false, "count": 0}, "screens": {"sheet": {"windows": [{"root": {"id": "s"}}]}}"#)
    let scene = try SceneLoader().load(text: text, path: "Scenes/t.json")
    let effects = scene.windows.first?.root.children.first?.handlers[.activate] ?? []
    #expect(effects.map(\.kind.verb) == [verb])
    // The writer spells the verb back, so the effect loads again unchanged.
    let written = try SceneLoader().load(text: SceneEncoder().text(scene), path: "Scenes/w.json")
    #expect(written.windows.first?.root.children.first?.handlers[.activate] == effects)
  }
}
