import AXModel
import Testing
import VoiceControl

/// Every command of the vocabulary, driven on the scene library.
@Suite struct CommandTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var scene: String
    var setup: [String] = []
    var utterance: String
    var kind: VoiceOutcome.Kind
    var intent: VoiceIntent?
    var target: String? = nil
    var action: SceneAction? = nil
    var language: String? = nil
    var testDescription: String { "\(scene): '\(utterance)'" }
  }

  static let cases: [Case] = [
    // Tap, by verb and bare, exact, without trait words, contained.
    Case(scene: "bottom-sheet", utterance: "tap filter", kind: .done, intent: .tap, target: "filter", action: .activate),
    Case(scene: "bottom-sheet", utterance: "Filter", kind: .done, intent: .tap, target: "filter", action: .activate),
    Case(scene: "bottom-sheet", utterance: "tap filter button", kind: .done, intent: .tap, target: "filter", action: .activate),
    Case(scene: "mail-list", utterance: "tap alice chen", kind: .done, intent: .tap, target: "mail-1", action: .activate),
    Case(scene: "mail-list", utterance: "tap nobody here", kind: .noSuchName, intent: .tap),
    Case(scene: "mail-list", utterance: "sing a song", kind: .notUnderstood, intent: nil),
    // Gestures on an item.
    Case(scene: "virtual-cat", utterance: "tap virtual cat", kind: .done, intent: .tap, target: "cat", action: .gesture(.tap)),
    Case(scene: "virtual-cat", utterance: "double tap virtual cat", kind: .refused, intent: .doubleTap, target: "cat", action: .gesture(.doubleTap)),
    Case(scene: "virtual-cat", utterance: "long press sound effects", kind: .refused, intent: .longPress, target: "sound-effects", action: .gesture(.longPress)),
    Case(scene: "mail-list", utterance: "swipe left on dan wu", kind: .done, intent: .swipe, target: "mail-5", action: .gesture(.swipeLeft)),
    Case(scene: "mail-list", utterance: "swipe right dan wu", kind: .refused, intent: .swipe, target: "mail-5", action: .gesture(.swipeRight)),
    Case(scene: "mail-list", utterance: "swipe up on edit", kind: .refused, intent: .swipe, target: "edit", action: .gesture(.swipeUp)),
    Case(scene: "mail-list", utterance: "swipe down edit", kind: .refused, intent: .swipe, target: "edit", action: .gesture(.swipeDown)),
    // Scrolling: on an item, or the screen.
    Case(scene: "product-page", utterance: "向右滚动", kind: .done, intent: .scroll, target: "carousel-image", action: .gesture(.swipeLeft)),
    Case(scene: "product-page", utterance: "scroll left", kind: .done, intent: .scroll, target: "carousel-image", action: .gesture(.swipeRight), language: "en-US"),
    Case(scene: "mail-list", utterance: "scroll down", kind: .refused, intent: .scroll),
    // A row in a table that declares no swipe that way: its table scrolls, already at the top.
    Case(scene: "mail-list", utterance: "scroll up on dan wu", kind: .refused, intent: .scroll, target: "mail-5", action: .scroll(.up, toEdge: false)),
    Case(scene: "archive", utterance: "scroll down on alice chen", kind: .done, intent: .scroll, target: "message-1", action: .scroll(.down, toEdge: false)),
    Case(scene: "archive", utterance: "scroll to bottom", kind: .done, intent: .scrollToEdge, target: "archive", action: .scroll(.down, toEdge: true)),
    Case(scene: "archive", utterance: "滚动到底部", kind: .done, intent: .scrollToEdge, target: "archive", action: .scroll(.down, toEdge: true), language: "zh-CN"),
    // Overlays.
    Case(scene: "mail-list", utterance: "show names", kind: .done, intent: .showNames),
    Case(scene: "mail-list", utterance: "show names continuously", kind: .done, intent: .showNames),
    Case(scene: "mail-list", setup: ["show names"], utterance: "hide names", kind: .done, intent: .hideNames),
    Case(scene: "mail-list", utterance: "show numbers", kind: .done, intent: .showNumbers),
    Case(scene: "mail-list", utterance: "show numbers continuously", kind: .done, intent: .showNumbers),
    Case(scene: "mail-list", setup: ["show numbers"], utterance: "hide numbers", kind: .done, intent: .hideNumbers),
    Case(scene: "mail-list", utterance: "show grid", kind: .done, intent: .showGrid),
    Case(scene: "mail-list", utterance: "show grid with 4 columns", kind: .done, intent: .showGrid),
    Case(scene: "mail-list", utterance: "show grid with five columns and six rows", kind: .done, intent: .showGrid),
    Case(scene: "mail-list", utterance: "show grid with 40 columns", kind: .refused, intent: .showGrid),
    Case(scene: "mail-list", setup: ["show grid"], utterance: "hide grid", kind: .done, intent: .hideGrid),
    // Numbers.
    Case(scene: "mail-list", setup: ["show numbers"], utterance: "tap 2", kind: .done, intent: .tap, target: "edit", action: .activate),
    Case(scene: "mail-list", setup: ["show numbers"], utterance: "2", kind: .done, intent: .tap, target: "edit", action: .activate),
    Case(scene: "mail-list", setup: ["show numbers"], utterance: "tap 99", kind: .noSuchName, intent: .tap),
    Case(scene: "mail-list", utterance: "tap 2", kind: .noSuchName, intent: .tap),
    Case(scene: "calendar-month", utterance: "tap 15", kind: .done, intent: .tap, action: .activate),
    Case(scene: "mail-list", setup: ["show grid"], utterance: "5", kind: .done, intent: .number),
    // Back and escape.
    Case(scene: "bottom-sheet", setup: ["tap filter"], utterance: "go back", kind: .done, intent: .goBack, action: .escape),
    Case(scene: "bottom-sheet", setup: ["tap filter"], utterance: "escape", kind: .done, intent: .escape, action: .escape),
    Case(scene: "mail-list", utterance: "escape", kind: .refused, intent: .escape, action: .escape),
    // Extensions: increment, decrement, actions.
    Case(scene: "coffee-dispenser", utterance: "increment coffee dispenser by 2", kind: .done, intent: .increment, target: "coffee", action: .increment),
    Case(scene: "coffee-dispenser", utterance: "decrement coffee dispenser", kind: .done, intent: .decrement, target: "coffee", action: .decrement),
    Case(scene: "coffee-dispenser", utterance: "increment brew", kind: .refused, intent: .increment, target: "brew", action: .increment),
    Case(scene: "coffee-dispenser", utterance: "increment coffee dispenser by 500", kind: .refused, intent: .increment),
    Case(scene: "equalizer", utterance: "show actions for equalizer", kind: .done, intent: .showActions, target: "equalizer"),
    Case(scene: "equalizer", utterance: "show actions for reset", kind: .refused, intent: .showActions, target: "reset"),
    Case(scene: "equalizer", utterance: "move up equalizer", kind: .done, intent: .customAction, target: "equalizer", action: .custom("Move Up")),
    Case(scene: "equalizer", utterance: "equalizer move left", kind: .done, intent: .customAction, target: "equalizer", action: .custom("Move Left")),
    Case(scene: "equalizer", utterance: "move down", kind: .done, intent: .customAction, target: "equalizer", action: .custom("Move Down")),
    Case(scene: "mail-list", utterance: "report", kind: .ambiguous, intent: .customAction),
    Case(scene: "mail-list", utterance: "report daily deals", kind: .done, intent: .customAction, target: "mail-3", action: .custom("Report")),
    // zh-CN.
    Case(scene: "product-page", utterance: "轻点加入购物车", kind: .done, intent: .tap, target: "add-to-cart", action: .activate),
    Case(scene: "product-page", utterance: "点击 M", kind: .done, intent: .tap, target: "spec-m", action: .activate),
    Case(scene: "product-page", utterance: "显示编号", kind: .done, intent: .showNumbers),
    Case(scene: "product-page", utterance: "显示数字", kind: .done, intent: .showNumbers),
    Case(scene: "product-page", utterance: "持续显示名称", kind: .done, intent: .showNames),
    Case(scene: "product-page", utterance: "显示网格", kind: .done, intent: .showGrid),
    Case(scene: "product-page", utterance: "显示网格 四 列 五 行", kind: .done, intent: .showGrid),
    Case(scene: "product-page", setup: ["显示编号"], utterance: "轻点 九", kind: .done, intent: .tap, target: "add-to-cart", action: .activate),
    Case(scene: "product-page", utterance: "向左轻扫 商品图片", kind: .done, intent: .swipe, target: "carousel-image", action: .gesture(.swipeLeft)),
    Case(scene: "product-page", utterance: "增加 商品图片 两 次", kind: .done, intent: .increment, target: "carousel-image", action: .increment),
    Case(scene: "product-page", utterance: "长按 分享", kind: .refused, intent: .longPress, target: "share", action: .gesture(.longPress)),
    Case(scene: "product-page", utterance: "返回", kind: .done, intent: .tap, target: "back", action: .activate),
  ]

  @Test(arguments: cases)
  func command(_ testCase: Case) throws {
    var session = try makeSession(testCase.scene, language: testCase.language)
    for utterance in testCase.setup {
      let outcome = session.handle(utterance: utterance)
      try #require(outcome.didSomething, "setup '\(utterance)': \(outcome.message)")
    }
    let outcome = session.handle(utterance: testCase.utterance)
    #expect(outcome.kind == testCase.kind, "\(outcome.message)")
    #expect(outcome.intent == testCase.intent)
    if let target = testCase.target { #expect(outcome.target == target) }
    #expect(outcome.action == testCase.action)
    #expect(outcome.utterance == testCase.utterance)
  }

  @Test("a custom action named like a command wins on the element that offers it")
  func customActionNamedLikeCommand() throws {
    var session = try makeSession(json: sceneJSON([
      #"{"id": "field", "type": "button", "frame": [20, 100, 300, 44], "label": "Search settings", "customActions": [{"name": "Long press", "effects": []}]}"#,
      #"{"id": "plain", "type": "button", "frame": [20, 200, 300, 44], "label": "Plain"}"#,
    ]))
    let offered = session.handle(utterance: "long press search settings")
    #expect(offered.kind == .done, "\(offered.message)")
    #expect(offered.action == .custom("Long press"))
    // Where no element offers it, the words are the gesture command.
    let gesture = session.handle(utterance: "long press plain")
    #expect(gesture.intent == .longPress)
  }
}

extension CommandTests.Case {
  /// A case in a chosen language rather than the scene's.
  init(
    scene: String, setup: [String] = [], utterance: String, kind: VoiceOutcome.Kind,
    intent: VoiceIntent?, target: String? = nil, action: SceneAction? = nil, language: String
  ) {
    self.init(scene: scene, setup: setup, utterance: utterance, kind: kind, intent: intent, target: target, action: action)
    self.language = language
  }
}
