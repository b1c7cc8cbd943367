import AXModel
import AXTestSupport
import Testing

/// Text fields: the first responder, typing, deleting, the value VoiceOver reads and the goals
/// and plans over typed text.
@Suite("Text entry")
struct TextEntryTests {
  static let form = """
    {"format": "axscene/1", "name": "Form", "screen": {"width": 390, "height": 844},
     "vars": {"sent": false},
     "windows": [{"root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [
       {"id": "name", "type": "textField", "frame": [16, 100, 358, 44], "label": "Name",
        "placeholder": "Your name"},
       {"id": "code", "type": "textField", "frame": [16, 160, 358, 44], "label": "Code", "secure": true,
        "on": {"return": [{"set": "sent", "to": true}]}},
       {"id": "note", "type": "textField", "frame": [16, 220, 358, 44], "label": "Note", "text": "hi"},
       {"id": "send", "type": "button", "frame": [16, 280, 358, 44], "text": "Send"}
     ]}}],
     "tasks": [{"name": "send", "goal": {"all": [
       {"element": "name", "text": "Ada"}, {"element": "code", "hasText": true}, {"var": "sent", "equals": true}]}}]}
    """

  func session() throws -> SceneSession {
    SceneSession(scene: try SceneLoader().load(text: Self.form))
  }

  @Test func activatingATextFieldMakesItTheFirstResponder() throws {
    var session = try session()
    #expect(session.editingField == nil)
    #expect(session.activate("name").changes == [.editing(element: "name")], "the keyboard comes up")
    #expect(session.editingField == "name")
    #expect(session.activate("name").changes.isEmpty, "a field being edited is not begun again")
    #expect(session.activate("send").isDone)
    #expect(session.editingField == "name", "tapping a button leaves the keyboard up, as on iOS")
  }

  @Test func aTouchOnATextFieldBeginsEditingIt() throws {
    var session = try session()
    let result = session.touch(at: Point(x: 195, y: 122))
    #expect(result.changes.first == .editing(element: "name"))
    #expect(session.editingField == "name")
  }

  @Test func typingNeedsAFieldBeingEdited() throws {
    var session = try session()
    let result = session.type("x")
    #expect(result.outcome == .refused("no text field is being edited"))
    #expect(session.perform(.edit(.insert("x")), on: "name").outcome == .refused("'Name' is not being edited"))
  }

  @Test("edits give the text", arguments: [
    ([TextEdit.insert("Ada"), .insert(" Lovelace")], "Ada Lovelace"),
    ([.insert("Ada Lovelace"), .deleteBackward(.character)], "Ada Lovelac"),
    ([.insert("Ada Lovelace  "), .deleteBackward(.word)], "Ada "),
    ([.insert("Ada"), .insert(" King"), .deleteBackward(.that)], "Ada"),
    ([.insert("Ada"), .selectAll, .insert("Bea")], "Bea"),
    ([.insert("Ada"), .selectAll, .deleteBackward(.character)], ""),
    ([.insert("Ada"), .insert("!"), .undo], "Ada"),
    ([.insert("Ada"), .clear, .undo], "Ada"),
    ([.insert("Ada"), .replace("Eve")], "Eve"),
  ])
  func edits(_ edits: [TextEdit], _ expected: String) throws {
    var session = try session()
    _ = session.activate("name")
    for edit in edits { #expect(session.edit(edit).isDone, "\(edit)") }
    #expect(session.text(of: "name") == expected)
  }

  @Test func deleteThatNeedsSomethingJustTyped() throws {
    var session = try session()
    _ = session.activate("note")
    #expect(!session.deleteBackward(.that).isDone)
    #expect(session.text(of: "note") == "hi")
  }

  @Test func theValueIsTheTextThePlaceholderOrBullets() throws {
    var session = try session()
    #expect(session.tree.element(id: "name")?.value == "Your name", "an empty field reads its placeholder")
    #expect(session.tree.element(id: "code")?.value == nil)
    #expect(session.tree.element(id: "note")?.value == "hi")
    _ = session.activate("name")
    let typed = session.type("Ada")
    #expect(typed.changes == [.value(element: "name", from: "Your name", to: "Ada")])
    _ = session.activate("code")
    _ = session.type("s3cret")
    #expect(session.tree.element(id: "code")?.value == "••••••", "a secure field's value is bullets")
    #expect(session.text(of: "code") == "s3cret")
  }

  @Test func editingASecureFieldAgainReplacesItsText() throws {
    var session = try session()
    _ = session.activate("code")
    _ = session.type("old")
    _ = session.activate("name")
    _ = session.activate("code")
    _ = session.type("new")
    #expect(session.text(of: "code") == "new")
  }

  @Test func returnRunsTheFieldsHandler() throws {
    var session = try session()
    _ = session.activate("code")
    let result = session.pressReturn()
    #expect(result.changes == [.variable(name: "sent", from: .bool(false), to: .bool(true))])
    _ = session.activate("name")
    #expect(session.pressReturn().changes.isEmpty, "a field without a return handler does nothing")
  }

  @Test func returnFailsWhileItsConditionDoesNotHold() throws {
    var session = SceneSession(scene: try SceneLoader().load(path: packagePath("Scenes/login-form.json")))
    _ = session.activate("password")
    let early = session.pressReturn()
    #expect(early.outcome == .failed, "both fields are empty: the handler returns false")
    #expect(early.changes.isEmpty && !session.isSatisfied(.equals(variable: "loggedIn", value: .bool(true))))
    _ = session.type("pw")
    _ = session.activate("email")
    _ = session.type("a@b.cn")
    _ = session.activate("password")
    _ = session.type("pw")
    #expect(session.pressReturn().isDone)
    #expect(session.isSatisfied(.equals(variable: "loggedIn", value: .bool(true))))
  }

  @Test("JSON results say which edit ran and what it typed", arguments: [
    (TextEdit.insert("Ada"), [#""edit":"insert""#, #""text":"Ada""#]),
    (.replace("Eve"), [#""edit":"replace""#, #""text":"Eve""#]),
    (.deleteBackward(.word), [#""edit":"deleteBackward""#, #""unit":"word""#]),
  ])
  func editJSON(_ edit: TextEdit, _ fragments: [String]) throws {
    var session = try session()
    _ = session.activate("name")
    _ = session.type("Ada Lovelace")
    let json = ActionResultRenderer().json(session.edit(edit)).rendered()
    #expect(json.contains(#""action":"edit""#))
    for fragment in fragments { #expect(json.contains(fragment), "\(json)") }
  }

  @Test func endingEditingDismissesTheKeyboard() throws {
    var session = try session()
    _ = session.activate("name")
    #expect(session.edit(.endEditing).changes == [.editing(element: nil)])
    #expect(session.editingField == nil)
  }

  @Test func textGoalsHoldOnTheTypedText() throws {
    var session = try session()
    #expect(!session.isSatisfied(.hasText(element: "name")))
    #expect(session.isSatisfied(.text(element: "note", equals: "hi")))
    _ = session.activate("name")
    _ = session.type("Ada")
    #expect(session.isSatisfied(.text(element: "name", equals: "Ada")))
  }

  @Test func thePlannerEntersTheTextsAndPressesReturn() throws {
    let session = try session()
    let task = try #require(session.scene.tasks.first)
    let plan = try #require(TaskPlanner().plan(task.goal, from: session))
    #expect(plan == [
      PlannedStep(action: .edit(.replace("Ada")), target: "name"),
      PlannedStep(action: .edit(.replace(TextEntry.sampleText)), target: "code"),
      PlannedStep(action: .edit(.return), target: "code"),
    ])
  }

  @Test func theEncoderWritesTheTextKeys() throws {
    let scene = try SceneLoader().load(text: Self.form)
    let text = SceneEncoder().text(scene)
    for key in [#""placeholder": "Your name""#, #""secure": true"#, #""return""#, #""hasText": true"#] {
      #expect(text.contains(key), "\(key)")
    }
    let again = try SceneLoader().load(text: text)
    #expect(SceneEncoder().text(again) == text)
    #expect(again.tasks == scene.tasks)
    let views = try #require(again.windows.first?.root.children)
    #expect(views[0].placeholder == Template(literal: "Your name") && views[1].isSecure)
  }

  @Test("text keys on other views are located errors", arguments: [
    (#"{"id": "l", "type": "label", "placeholder": "x"}"#, "'placeholder' needs a text field, found a label"),
    (#"{"id": "b", "type": "button", "secure": true}"#, "'secure' needs a text field, found a button"),
    (#"{"id": "b", "type": "button", "on": {"return": []}}"#, "a 'return' handler needs a text field, found a button"),
    (#"{"id": "t", "type": "textField", "keyboardType": "phone"}"#, "unknown keyboard type 'phone'"),
  ])
  func misplacedKeys(_ view: String, _ message: String) throws {
    let text = """
      {"format": "axscene/1", "name": "Bad", "screen": {"width": 390, "height": 844},
       "windows": [{"root": \(view)}]}
      """
    let error = try #require(throws: SceneError.self) { try SceneLoader().load(text: text) }
    #expect(error.message.hasPrefix(message), "\(error.message)")
    #expect(error.line == 2, "the view's line")
  }
}
