import AXModel
import AXTestSupport
import Foundation
import Testing

/// The scene writer: every scene it writes loads back as the scene it was given.
@Suite struct SceneEncoderTests {
  /// The scene names under `Scenes/`, listed so that a scene added later is covered too.
  static let sceneNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: packagePath("Scenes"))) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }()

  @Test(arguments: sceneNames)
  func libraryScenesRoundTrip(_ name: String) throws {
    let original = try SceneLoader().load(path: packagePath("Scenes/\(name).json"))
    let text = SceneEncoder().text(original)
    let decoded = try SceneLoader().load(text: text, path: "\(name).encoded.json")
    // `vars` and `screens` are JSON objects, written with sorted keys: their order is the one
    // thing a file written by the encoder cannot keep.
    #expect(sortedByName(withoutSourceInfo(original)) == withoutSourceInfo(decoded))
    #expect(SceneSession(scene: decoded).tree == SceneSession(scene: original).tree)
    // Saving the loaded copy again changes nothing, so hand edits diff cleanly.
    let again = SceneEncoder().text(decoded)
    #expect(again == text, "\(lineDiff(expected: text, actual: again))")
  }

  @Test func everyFeatureRoundTrips() throws {
    let scene = EncoderFixtures.everyFeature
    let text = SceneEncoder().text(scene)
    let decoded = try SceneLoader().load(text: text, path: "every-feature.json")
    // The fixture declares its variables and screens in name order, so nothing is normalised
    // here but the source locations.
    #expect(withoutSourceInfo(decoded) == scene)
    #expect(SceneSession(scene: decoded).tree == SceneSession(scene: scene).tree)
    #expect(text.hasSuffix("}\n"))
  }

  @Test(arguments: [
    0.1 + 0.2, 1e-7, 1.0 / 3, -2.5e-10, 123_456.789_012_345, 5e-324, Double.greatestFiniteMagnitude,
    9_007_199_254_740_993, 9_007_199_254_740_994, 0.000001, 1e21, -1.5e300, -0.0, 0.75,
  ])
  func numbersRoundTripExactly(_ number: Double) throws {
    // A variable holds at most ±1e15 (the loader refuses more); a goal's bound takes any
    // finite number, so the extremes go through the bound.
    let held = abs(number) <= Variable.numberLimit ? number : 0
    let variable = Variable(
      name: "n", initial: .number(held), minimum: -Variable.numberLimit, step: held)
    var scene = EncoderFixtures.tiny
    scene.variables = [variable]
    scene.tasks = [SceneTask(name: "Reach it", goal: .atLeast(variable: "n", bound: number))]
    let decoded = try SceneLoader().load(text: SceneEncoder().text(scene))
    #expect(decoded.variables == [variable])
    // `==` holds for 0 and -0.0 alike; the bits tell them apart.
    #expect(decoded.variables.first?.step.bitPattern == held.bitPattern)
    #expect(decoded.tasks == scene.tasks)
    if case .atLeast(_, let bound)? = decoded.tasks.first?.goal {
      #expect(bound.bitPattern == number.bitPattern)
    } else {
      Issue.record("the goal did not load as atLeast")
    }
  }

  @Test(arguments: [
    "\"", "\\", "\\\"", "\n\r\t", "\u{7}\u{0}\u{1F}\u{7F}", "中文", "😀👩‍👩‍👧", "\u{2028}\u{2029}",
    "{}{{}}", "/", "e\u{301}", "",
  ])
  func stringsRoundTripExactly(_ string: String) throws {
    var scene = EncoderFixtures.tiny
    scene.name = string
    scene.variables = [Variable(name: "s", initial: .string(string))]
    var view = ViewNode(
      id: "v" + string, type: .label, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    view.text = string
    view.label = Template(literal: string)
    view.identifier = string
    view.userInputLabels = [string]
    view.handlers[.activate] = [Effect(.set(name: "s", value: .string(string)))]
    scene.windows[0].root.children = [view]
    let decoded = try SceneLoader().load(text: SceneEncoder().text(scene))
    #expect(withoutSourceInfo(decoded) == scene)
    // Equality of Swift strings is canonical equivalence; the scalars must survive as well.
    #expect(
      decoded.windows[0].root.children.first?.text?.unicodeScalars.elementsEqual(
        string.unicodeScalars) == true)
  }

  @Test func variablesAndScreensComeBackInNameOrder() throws {
    var scene = EncoderFixtures.tiny
    scene.variables = [
      Variable(name: "zeta", initial: .bool(true)), Variable(name: "alpha", initial: .number(1)),
    ]
    scene.screens = ["second", "first"].map { name in
      Screen(name: name, windows: [Window(root: ViewNode(id: name + "-root", type: .view))])
    }
    let decoded = try SceneLoader().load(text: SceneEncoder().text(scene))
    #expect(decoded.variables.map(\.name) == ["alpha", "zeta"])
    #expect(decoded.screens.map(\.name) == ["first", "second"])
    #expect(withoutSourceInfo(decoded) == sortedByName(scene))
  }

  /// The format names one trait per edit and per goal; several become one each, same meaning.
  @Test func traitSetsAreWrittenOnePerTrait() throws {
    var scene = EncoderFixtures.tiny
    scene.windows[0].root.traitEdits = [TraitEdit(inserts: true, trait: [.header, .link])]
    scene.tasks = [
      SceneTask(name: "Both", goal: .hasTrait(element: "root", trait: [.header, .link]))
    ]
    let decoded = try SceneLoader().load(text: SceneEncoder().text(scene))
    let root = decoded.windows[0].root
    // One edit per trait, in the canonical order of `AXTraits.allNames`.
    #expect(
      root.traitEdits == [
        TraitEdit(inserts: true, trait: .link), TraitEdit(inserts: true, trait: .header),
      ])
    #expect(root.baseTraits == scene.windows[0].root.baseTraits)
    #expect(
      decoded.tasks.first?.goal
        == .all([
          .hasTrait(element: "root", trait: .link), .hasTrait(element: "root", trait: .header),
        ]))
  }

  /// Pins the file format: key order, layout, what is left out and the exact number form.
  @Test func tinySceneMatchesTheExpectedText() {
    var scene = EncoderFixtures.tiny
    scene.variables = [
      Variable(name: "count", initial: .number(0), minimum: 0, maximum: 3),
      Variable(name: "ratio", initial: .number(0.1 + 0.2)),
    ]
    var button = ViewNode(
      id: "ok", type: .button, frame: Rect(x: 20, y: 100.25, width: 350, height: 44))
    button.text = "OK"
    button.traitEdits = [
      TraitEdit(inserts: false, trait: .button), TraitEdit(inserts: true, trait: .link),
    ]
    button.handlers[.activate] = [
      Effect(.add(variable: "count", amount: nil)), Effect(.hide, target: "ok"),
    ]
    scene.windows[0].root.children = [button]
    let expected = """
      {
        "format": "axscene/1",
        "language": "en-US",
        "name": "Tiny",
        "screen": {
          "height": 844,
          "width": 390
        },
        "vars": {
          "count": {
            "max": 3,
            "min": 0,
            "value": 0
          },
          "ratio": 0.30000000000000004
        },
        "windows": [
          {
            "root": {
              "children": [
                {
                  "frame": [
                    20,
                    100.25,
                    350,
                    44
                  ],
                  "id": "ok",
                  "on": {
                    "activate": [
                      {
                        "add": "count"
                      },
                      {
                        "hide": "ok"
                      }
                    ]
                  },
                  "text": "OK",
                  "traits": [
                    "-button",
                    "+link"
                  ],
                  "type": "button"
                }
              ],
              "frame": [
                0,
                0,
                390,
                844
              ],
              "id": "root",
              "type": "view"
            }
          }
        ]
      }

      """
    let text = SceneEncoder().text(scene)
    #expect(text == expected, "\(lineDiff(expected: expected, actual: text))")
  }
}

/// The scene without what only a loaded file has: its path and each view's source location.
private func withoutSourceInfo(_ scene: Scene) -> Scene {
  var scene = scene
  scene.path = nil
  scene.windows = scene.windows.map(withoutLocations)
  scene.screens = scene.screens.map {
    var screen = $0
    screen.windows = $0.windows.map(withoutLocations)
    return screen
  }
  return scene
}

private func withoutLocations(_ window: Window) -> Window {
  Window(level: window.level, root: withoutLocations(window.root))
}

private func withoutLocations(_ view: ViewNode) -> ViewNode {
  var view = view
  view.location = nil
  view.children = view.children.map(withoutLocations)
  return view
}

/// The scene with its variables and screens in the order the encoder's sorted keys give them.
private func sortedByName(_ scene: Scene) -> Scene {
  var scene = scene
  scene.variables.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  scene.screens.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  return scene
}

/// Scenes built in code, with the edge cases a file written by hand rarely has.
private enum EncoderFixtures {
  /// One empty screen-sized view, for tests that add what they check.
  static let tiny = Scene(
    name: "Tiny", screen: Size(width: 390, height: 844),
    windows: [
      Window(
        root: ViewNode(id: "root", type: .view, frame: Rect(x: 0, y: 0, width: 390, height: 844)))
    ])

  /// Text with everything JSON must escape or pass through: quotes, backslashes, a newline, a
  /// tab, U+0007, Chinese and an emoji.
  static let awkward = "Say \"hi\" \\ back\nslash\t\u{7} 中文 😀"

  /// Every view property set to something other than its default, every effect, every goal,
  /// variables of every kind with ranges, templates with literal braces, exact-only numbers.
  static let everyFeature: Scene = {
    let label = Template(parts: [
      .literal("Count "), .variable("count"), .literal(" {braces}} " + awkward),
    ])
    let effects: [Effect] = [
      Effect(.set(name: "size", value: .string(awkward))),
      Effect(.set(name: "selected", value: .bool(true)), target: "child-a"),
      Effect(.set(name: "count", value: .number(0.1 + 0.2))),
      Effect(.add(variable: "count", amount: nil)),
      Effect(.add(variable: "count", amount: -0.5), target: "child-b"),
      Effect(.toggle(name: "flag")), Effect(.toggle(name: "selected"), target: "child-b"),
      Effect(.announce(label)), Effect(.announce(Template(literal: "}{")), target: "child-a"),
      Effect(.present(screen: "sheet")), Effect(.dismiss(screen: nil)),
      Effect(.dismiss(screen: "sheet"), target: "child-a"), Effect(.navigate(screen: "other")),
      Effect(.remove), Effect(.remove, target: "gone-row"), Effect(.hide, target: "child-a"),
      Effect(.show, target: "child-a"), Effect(.focus), Effect(.focus, target: "child-b"),
      Effect(.post(.screenChanged, argument: nil)), Effect(.post(.layoutChanged, argument: "child-a")),
    ]
    var all = ViewNode(
      id: "all", type: .custom, frame: Rect(x: 0.1 + 0.2, y: 1e-7, width: 100.5, height: 1.0 / 3))
    all.text = awkward
    all.isAccessibilityElement = true
    all.label = label
    all.value = Template(parts: [.variable("size")])
    all.hint = Template(literal: "a } and a { " + awkward)
    all.identifier = "all.\(awkward)"
    all.traitEdits = [
      TraitEdit(inserts: true, trait: .header), TraitEdit(inserts: false, trait: .button),
    ]
    all.userInputLabels = ["One", awkward]
    all.customActions = [
      CustomAction(name: awkward, effects: effects), CustomAction(name: "Nothing", effects: []),
      CustomAction(name: "Never", effects: effects, succeedsWhen: .never),
      CustomAction(name: "Unless", effects: [], succeedsWhen: .not(.onScreen("sheet"))),
    ]
    all.activationPoint = Point(x: 0.1 + 0.2, y: -1e-7)
    all.language = "zh-Hans"
    all.elementsHidden = true
    all.viewIsModal = true
    all.groupsChildren = true
    all.elements = ["child-b", "child-a"]
    all.hidden = true
    all.alpha = 0.1 + 0.2
    all.childBehavior = .combine
    all.containerType = ContainerType.none
    all.respondsToUserInteraction = false
    all.directTouch = DirectTouchOptions(requiresActivation: true)
    all.gestures = [
      Gesture(kind: .swipeLeft, effects: effects), Gesture(kind: .pinch, effects: []),
    ]
    all.handlers = [
      .activate: effects, .increment: [Effect(.add(variable: "count", amount: 1e-7))],
      .decrement: [], .escape: [Effect(.dismiss(screen: nil))],
      .magicTap: [Effect(.toggle(name: "flag"))],
    ]
    all.succeedsWhen = [
      .activate: .atLeast(variable: "count", bound: 1), .escape: .never,
      .increment: .not(.equals(variable: "flag", value: .bool(false))),
    ]
    var childA = ViewNode(id: "child-a", type: .label, frame: Rect(x: 1, y: 2, width: 3, height: 4))
    childA.directTouch = DirectTouchOptions()
    childA.activationTrack = ActivationTrack(
      variable: "count", from: Point(x: 1, y: 6), to: Point(x: 4, y: 2.5), minimum: 0, maximum: 10)
    var childB = ViewNode(
      id: "child-b", type: .button, frame: Rect(x: 5, y: 6, width: 7, height: 8))
    childB.directTouch = DirectTouchOptions(requiresActivation: true, silentOnTouch: true)
    childB.elements = []
    all.children = [childA, childB]
    let root = ViewNode(
      id: "root", type: .view, frame: Rect(x: 0, y: 0, width: 390, height: 844),
      children: [
        all,
        ViewNode(id: "gone-row", type: .cell, frame: Rect(x: 0, y: 700, width: 390, height: 44)),
      ])
    let goals: [Condition] = [
      .equals(variable: "size", value: .string(awkward)),
      .equals(variable: "flag", value: .bool(false)),
      .equals(variable: "count", value: .number(0.1 + 0.2)),
      .atLeast(variable: "count", bound: 1e-7),
      .atMost(variable: "count", bound: 0.1 + 0.2), .hasTrait(element: "child-a", trait: .selected),
      .onScreen("sheet"), .onScreen(Scene.startScreenName), .gone(element: "gone-row"),
      .present(element: "child-a"), .removed(element: "gone-row"), .announced(awkward),
    ]
    func screen(_ name: String, level: Double) -> Screen {
      Screen(
        name: name,
        windows: [
          Window(
            level: level,
            root: ViewNode(
              id: "\(name)-root", type: .view,
              frame: Rect(x: 0, y: 400, width: 390, height: 444),
              children: [ViewNode(id: "\(name)-close", type: .button)]))
        ])
    }
    func overlay(_ screen: Screen) -> Screen {
      var overlay = screen
      overlay.isOverlay = true
      return overlay
    }
    // Declared in name order: the file's `vars` and `screens` objects come back in that order.
    return Scene(
      name: awkward, screen: Size(width: 390.5, height: 844), layoutDirection: .rightToLeft,
      language: "ar",
      windows: [
        Window(root: root), Window(level: -1.5, root: ViewNode(id: "overlay", type: .stack)),
      ],
      screens: [screen("other", level: 0), overlay(screen("sheet", level: 2.5))],
      variables: [
        Variable(name: "count", initial: .number(2), minimum: 0, maximum: 10, step: 0.5),
        Variable(name: "flag", initial: .bool(true)),
        Variable(name: "level", initial: .number(1e-7), minimum: -1e-7),
        Variable(name: "plain", initial: .number(3)),
        Variable(name: "size", initial: .string(awkward)),
        Variable(name: "top", initial: .number(1), maximum: 0.1 + 0.2),
      ],
      tasks: goals.enumerated().map { SceneTask(name: "Goal \($0.offset)", goal: $0.element) } + [
        SceneTask(name: awkward, goal: .all([.any(goals), .not(.all([])), .any([])]))
      ])
  }()
}
