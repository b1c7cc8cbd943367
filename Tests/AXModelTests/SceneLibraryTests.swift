import AXModel
import AXTestSupport
import Foundation
import Testing

/// The scene library under `Scenes/`: every scene loads, its tree matches a reviewed golden file,
/// and each of its tasks can be done with direct accessibility actions alone.
///
/// The suite finds the scenes by listing the folder, so a scene added later is checked without
/// editing this file. The scene-specific suites below pin the seed cases each scene was written
/// for; each assertion would fail if the model built the tree the wrong way.
@Suite struct SceneLibraryTests {
  /// The scene names (file names without `.json`), sorted.
  static let sceneNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: packagePath("Scenes"))) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }()

  /// The scenes issue 2 asks for, by the file names other suites rely on.
  static let requiredScenes = [
    "product-page", "login-form", "calendar-month", "pie-chart", "coffee-dispenser", "equalizer",
    "virtual-cat", "bottom-sheet", "mail-list", "settings", "rtl-messages", "close-button",
    "duplicate-names",
  ]

  @Test func libraryHoldsTheIssueScenes() {
    #expect(Self.sceneNames.count >= 10)
    for name in Self.requiredScenes {
      #expect(Self.sceneNames.contains(name), "Scenes/\(name).json is missing")
    }
  }

  @Test(arguments: sceneNames)
  func sceneLoadsWithoutTreeDiagnostics(_ name: String) throws {
    let scene = try loadLibraryScene(name)
    #expect(scene.screen == Size(width: 390, height: 844))
    let session = SceneSession(scene: scene)
    #expect(!session.tree.elements.isEmpty)
    // A diagnostic (an element that is also a container, an `elements` entry not shown) means
    // the scene contradicts the seed's rules; library scenes are examples and must be clean.
    #expect(session.tree.diagnostics.isEmpty, "\(session.tree.diagnostics)")
    let ids = session.tree.elements.map(\.id)
    #expect(Set(ids).count == ids.count, "an element appears twice in \(name)")
  }

  @Test(arguments: sceneNames)
  func treeMatchesGolden(_ name: String) throws {
    let session = SceneSession(scene: try loadLibraryScene(name))
    let renderer = TreeRenderer()
    expectGolden(
      renderer.text(session.tree, scene: session.scene, state: session.state),
      named: "scenes/\(name).txt")
    expectGolden(
      renderer.json(session.tree, scene: session.scene, state: session.state).rendered(pretty: true)
        + "\n",
      named: "scenes/\(name).json")
  }

  @Test(arguments: sceneNames)
  func everyTaskIsCompletableByDirectActions(_ name: String) throws {
    let scene = try loadLibraryScene(name)
    #expect(!scene.tasks.isEmpty, "\(name) has no tasks")
    for task in scene.tasks {
      let start = SceneSession(scene: scene)
      #expect(!start.isSatisfied(task.goal), "'\(task.name)' already holds at the start")
      guard let plan = TaskPlanner().plan(task.goal, from: start) else {
        Issue.record("'\(task.name)' in \(name) has no plan of direct actions")
        continue
      }
      var replay = SceneSession(scene: scene)
      for step in plan {
        let result = replay.perform(step.action, on: step.target)
        #expect(result.isDone, "'\(task.name)': \(step) was \(result.outcome)")
      }
      #expect(replay.isSatisfied(task.goal), "'\(task.name)': replaying \(plan) misses the goal")
    }
  }
}

// MARK: - Seed 001: the product page

extension SceneLibraryTests {
  @Suite struct ProductPage {
    static let specs = ["spec-s", "spec-m", "spec-l"]

    @Test func splitPriceIsOneElement() throws {
      let session = try librarySession("product-page")
      let price = try #require(session.tree.element(id: "price"))
      #expect(price.label == "价格129.99元")
      for part in ["price-symbol", "price-integer", "price-decimal"] {
        #expect(session.tree.element(id: part) == nil, "\(part) is read on its own")
      }
      #expect(!session.tree.elements.contains { ["¥", "129", ".99"].contains($0.label) })
    }

    @Test func reviewCellsFollowTheirElementsOrder() throws {
      let session = try librarySession("product-page")
      for review in ["review-1", "review-2"] {
        let ids = ["user", "rating", "content", "time"].map { "\(review)-\($0)" }
        let positions = ids.compactMap { session.position(of: $0) }
        #expect(positions.count == 4)
        // The four are read one after another, in the list's order.
        #expect(positions == Array((positions.first ?? 0)..<((positions.first ?? 0) + 4)))
        // Geometry alone would read the time (top right) before the rating (second line).
        let time = try #require(session.tree.element(id: "\(review)-time"))
        let rating = try #require(session.tree.element(id: "\(review)-rating"))
        #expect(time.frame.maxY <= rating.frame.minY)
      }
    }

    @Test func decorativeAvatarIsNotInTheTree() throws {
      // The avatar would be left out by the cells' `elements` lists alone; drop the lists so
      // that only the image view's default (not an element) keeps it out.
      var scene = try loadLibraryScene("product-page")
      scene.windows = scene.windows.map { window in
        var window = window
        window.root = window.root.removingElementsLists()
        return window
      }
      let session = SceneSession(scene: scene)
      #expect(session.tree.element(id: "review-1-time") != nil)
      for avatar in ["review-1-avatar", "review-2-avatar", "page-dots"] {
        #expect(session.tree.element(id: avatar) == nil, "\(avatar) is read")
      }
      let avatar = Rect(x: 16, y: 620, width: 40, height: 40)
      #expect(session.tree.hitTest(avatar.center) == nil)
    }

    @Test(arguments: [
      ["spec-s"], ["spec-m"], ["spec-s", "spec-m"], ["spec-l", "spec-s", "spec-m"],
      ["spec-m", "spec-m"], ["spec-l", "spec-m", "spec-l"],
    ])
    func specSelectionIsExclusive(_ taps: [String]) throws {
      var session = try librarySession("product-page")
      #expect(session.ids(Self.specs, having: .selected).isEmpty)
      for tap in taps {
        #expect(session.activate(tap).isDone)
        #expect(session.ids(Self.specs, having: .selected) == [tap])
        let size = String(tap.dropFirst("spec-".count)).uppercased()
        #expect(session.state.values["size"] == .string(size))
        #expect(session.tree.element(id: tap)?.traits.contains(.selected) == true)
      }
    }

    @Test func addToCartAnnouncesAndUpdatesTheBadge() throws {
      var session = try librarySession("product-page")
      #expect(session.tree.element(id: "cart")?.value == "0件商品")
      let result = session.activate("add-to-cart")
      #expect(result.announcements == ["已成功加入购物车"])
      #expect(session.tree.element(id: "cart")?.value == "1件商品")
      _ = session.activate("add-to-cart")
      #expect(session.tree.element(id: "cart")?.value == "2件商品")
      // The badge drawn on the cart button is not read a second time.
      #expect(session.tree.element(id: "cart-badge") == nil)
    }

    @Test func carouselPagesAreClampedToThreeImages() throws {
      var session = try librarySession("product-page")
      let labels = (0..<4).map { _ in
        _ = session.increment("carousel-image")
        return session.tree.element(id: "carousel-image")?.label ?? "-"
      }
      #expect(labels == ["第2张", "第3张", "第3张", "第3张"].map { "商品图片，\($0)，共3张" })
      #expect(session.tree.containers["carousel"]?.containerType == .semanticGroup)
    }

    @Test(arguments: [SceneAction.escape, .activate])
    func sizeGuideHidesThePageUntilClosed(_ closing: SceneAction) throws {
      var session = try librarySession("product-page")
      let pageIDs = Set(session.elementIDs)
      let opened = session.activate("size-guide-link")
      #expect(opened.focus == "size-guide-title")
      #expect(session.state.screenStack.last == "size-guide")
      #expect(!session.tree.elements.isEmpty)
      #expect(Set(session.elementIDs).isDisjoint(with: pageIDs), "the page shows through the sheet")
      #expect(session.tree.hitTest(Point(x: 195, y: 100)) == nil)
      let closed = session.perform(closing, on: closing == .escape ? nil : "size-guide-close")
      #expect(closed.isDone)
      #expect(Set(session.elementIDs) == pageIDs)
    }
  }
}

// MARK: - Seed 000, 5.3: the login form

extension SceneLibraryTests {
  @Suite struct LoginForm {
    @Test func loginShowsTheBannerAndMovesFocusToIt() throws {
      var session = try librarySession("login-form")
      #expect(session.tree.element(id: "error-banner") == nil)
      let result = session.activate("login")
      #expect(result.focus == "error-banner")
      #expect(session.tree.element(id: "error-banner")?.label == "邮箱不能为空")
      let banner = try #require(session.position(of: "error-banner"))
      let email = try #require(session.position(of: "email"))
      #expect(banner < email)
    }
  }
}

// MARK: - Seed 000, section 3: virtual elements

extension SceneLibraryTests {
  @Suite struct CalendarMonth {
    @Test func monthViewListsFortyTwoDaysInRowOrder() throws {
      let session = try librarySession("calendar-month")
      let root = try #require(session.scene.windows.first?.root)
      let grid = try #require(root.children.first { $0.id == "month-grid" })
      let days = try #require(grid.elements)
      #expect(days.count == 42)
      #expect(session.tree.element(id: "month-grid") == nil)
      let dayElements = session.tree.elements.filter { days.contains($0.id) }
      #expect(dayElements.map(\.id) == days)
      for (index, day) in dayElements.enumerated() {
        // Each day sits in its cell of the 6 x 7 grid, inside the view that draws it.
        let column = Double(index % 7)
        let row = Double(index / 7)
        #expect(day.frame.minX == grid.frame.minX + column * day.frame.width)
        #expect(day.frame.minY == grid.frame.minY + row * day.frame.height)
        #expect(day.ancestors.last == "month-grid")
      }
      let outside = dayElements.filter { !$0.id.hasPrefix("mar-") }
      #expect(outside.count == 11)
      #expect(outside.allSatisfy { !$0.isEnabled && $0.label?.hasSuffix("month") == true })
    }

    @Test func activatingADaySelectsOnlyThatDay() throws {
      var session = try librarySession("calendar-month")
      let march = (1...31).map { "mar-\($0)" }
      #expect(session.ids(march, having: .selected) == ["mar-14"])
      for day in ["mar-3", "mar-31", "mar-3"] {
        #expect(session.activate(day).isDone)
        #expect(session.ids(march, having: .selected) == [day])
      }
      #expect(session.tree.element(id: "selection")?.label == "Selected: March 3")
      #expect(!session.activate("feb-23").isDone)
    }
  }
}

extension SceneLibraryTests {
  @Suite struct PieChart {
    /// The slices clockwise from twelve o'clock with their shares.
    static let slices: [(id: String, share: Double)] = [
      ("slice-food", 40), ("slice-transport", 25), ("slice-housing", 20), ("slice-other", 15),
    ]

    @Test func activationPointsLieInsideTheirOwnSlices() throws {
      let session = try librarySession("pie-chart")
      let pie = try #require(session.tree.containers["pie"])
      let centre = pie.frame.center
      let radius = pie.frame.width / 2
      var start = -90.0
      for slice in Self.slices {
        let end = start + slice.share * 3.6
        let element = try #require(session.tree.element(id: slice.id))
        #expect(element.value == "\(Int(slice.share))%")
        #expect(element.traits.contains(.button))
        let point = element.activationPoint
        #expect(point != element.frame.center)
        let dx = point.x - centre.x
        let dy = point.y - centre.y
        var angle = atan2(dy, dx) * 180 / .pi
        if angle < start { angle += 360 }
        #expect((dx * dx + dy * dy).squareRoot() < radius)
        #expect(angle > start && angle < end, "\(slice.id)'s activation point is outside its slice")
        start = end
      }
      // Bounding boxes overlap: Transport's box centre is also in a later slice's box, where
      // frames alone would hit that slice; each slice's wedge path settles it for Transport.
      let transport = try #require(session.tree.element(id: "slice-transport"))
      let housing = try #require(session.tree.element(id: "slice-housing"))
      #expect(housing.frame.contains(transport.frame.center))
      #expect(housing.isInFront(of: transport))
      #expect(session.tree.hitTest(transport.frame.center)?.id == "slice-transport")
    }

    @Test func eachWedgePathHoldsItsSliceAlone() throws {
      let session = try librarySession("pie-chart")
      let pie = try #require(session.tree.containers["pie"])
      let centre = pie.frame.center
      var start = -90.0
      for slice in Self.slices {
        let end = start + slice.share * 3.6
        // Points at the middle angle of the slice, at several radii, hit it and only it.
        let middle = (start + end) / 2 * .pi / 180
        for radius in stride(from: 20.0, through: 140, by: 30) {
          let point = Point(x: centre.x + radius * cos(middle), y: centre.y + radius * sin(middle))
          #expect(session.tree.hitTest(point)?.id == slice.id, "\(slice.id) at radius \(radius)")
        }
        start = end
      }
      // Inside the pie's box but outside the circle, no slice is hit.
      #expect(session.tree.hitTest(Point(x: pie.frame.minX + 2, y: pie.frame.minY + 2)) == nil)
    }

    @Test func activatingASlicePresentsItsDetails() throws {
      var session = try librarySession("pie-chart")
      let result = session.activate("slice-housing")
      #expect(result.focus == "detail-title")
      #expect(session.tree.element(id: "detail-title")?.label == "Housing")
      #expect(session.tree.element(id: "slice-food") == nil)
      #expect(session.escape().isDone)
      #expect(session.tree.element(id: "slice-food") != nil)
    }
  }
}

// MARK: - Seed 004: custom actions and direct touch

extension SceneLibraryTests {
  @Suite struct Equalizer {
    @Test func fourCustomActionsMoveAndClampThePad() throws {
      var session = try librarySession("equalizer")
      let pad = try #require(session.tree.element(id: "equalizer"))
      #expect(pad.customActionNames == ["Move Up", "Move Right", "Move Down", "Move Left"])
      #expect(!pad.traits.contains(.adjustable))
      for _ in 0..<7 { _ = session.perform(action: "Move Up", on: "equalizer") }
      _ = session.perform(action: "Move Left", on: "equalizer")
      _ = session.perform(action: "Move Right", on: "equalizer")
      #expect(session.tree.element(id: "equalizer")?.value == "Frequency 10, amplitude 100")
      _ = session.perform(action: "Move Down", on: "equalizer")
      #expect(session.tree.element(id: "equalizer")?.value == "Frequency 10, amplitude 90")
    }
  }
}

extension SceneLibraryTests {
  @Suite struct VirtualCat {
    @Test func onlyGesturesChangeTheReaction() throws {
      let session = try librarySession("virtual-cat")
      let cat = try #require(session.tree.element(id: "cat"))
      #expect(cat.directTouch?.requiresActivation == true)
      #expect(cat.traits.contains(.allowsDirectInteraction))
      #expect(cat.value == "Sleeping")
      let purring = Condition.equals(variable: "reaction", value: .string("Purring"))
      #expect(TaskPlanner().plan(purring, from: session) == nil)
      let plan = TaskPlanner(includesGestures: true).plan(purring, from: session)
      #expect(plan == [PlannedStep(action: .gesture(.pan), target: "cat")])
      var touched = session
      _ = touched.perform(.gesture(.pinch), on: "cat")
      #expect(touched.tree.element(id: "cat")?.value == "Hissing")
    }
  }
}

// MARK: - Modal sheets, rows and switches

extension SceneLibraryTests {
  @Suite struct BottomSheet {
    @Test func sheetIsModalFocusesItsTitleAndEscapes() throws {
      var session = try librarySession("bottom-sheet")
      #expect(!session.escape().isDone, "the page has no escape handler, so escape is refused")
      let mainIDs = Set(session.elementIDs)
      let opened = session.activate("filter")
      #expect(opened.focus == "sheet-title")
      #expect(session.elementIDs.first == "sheet-title")
      #expect(Set(session.elementIDs).isDisjoint(with: mainIDs))
      // The map shows above the sheet's top edge but is out of the tree while the sheet is up.
      #expect(session.tree.hitTest(Point(x: 195, y: 400)) == nil)
      #expect(session.escape().isDone)
      #expect(Set(session.elementIDs) == mainIDs)
      #expect(session.state.screenStack == ["start"])
    }
  }
}

extension SceneLibraryTests {
  @Suite struct MailList {
    static let rows = (1...5).map { "mail-\($0)" }

    @Test(arguments: [SceneAction.custom("Delete"), .custom("Report"), .gesture(.swipeLeft)])
    func deletedRowDisappears(_ action: SceneAction) throws {
      var session = try librarySession("mail-list")
      for row in Self.rows {
        let actions = session.tree.element(id: row)?.customActionNames
        #expect(actions == ["Mark as Read", "Delete", "Report"])
      }
      #expect(session.perform(action, on: "mail-2").isDone)
      #expect(session.tree.element(id: "mail-2") == nil)
      let rows = session.elementIDs.filter { $0.hasPrefix("mail-") }
      #expect(rows == ["mail-1", "mail-3", "mail-4", "mail-5"])
      #expect(!session.perform(action, on: "mail-2").isDone)
    }

    @Test func markAsReadDropsUnreadFromTheRow() throws {
      var session = try librarySession("mail-list")
      let unread = "Unread, Alice Chen, Lunch on Friday?, 9:41 AM"
      #expect(session.tree.element(id: "mail-1")?.label == unread)
      #expect(session.perform(action: "Mark as Read", on: "mail-1").isDone)
      #expect(session.tree.element(id: "mail-1")?.label == "Alice Chen, Lunch on Friday?, 9:41 AM")
    }
  }
}

extension SceneLibraryTests {
  @Suite struct Settings {
    @Test func switchesReadTheirVariablesAndTheDisabledRowRefuses() throws {
      var session = try librarySession("settings")
      #expect(session.tree.element(id: "wifi")?.value == "on")
      _ = session.activate("wifi")
      #expect(session.tree.element(id: "wifi")?.value == "off")
      #expect(session.state.values["wifi"] == .bool(false))
      let refused = session.activate("hotspot")
      #expect(!refused.isDone)
      #expect(refused.announcements.isEmpty)
      for _ in 0..<8 { _ = session.increment("brightness") }
      #expect(session.tree.element(id: "brightness")?.value == "100%")
      #expect(session.tree.elements.filter { $0.traits.contains(.header) }.map(\.id) == [
        "title", "connectivity-header", "display-header",
      ])
    }
  }
}

// MARK: - Layout direction and Voice Control names

extension SceneLibraryTests {
  @Suite struct RightToLeft {
    @Test func orderWithinARowMirrorsTheSameLayoutLeftToRight() throws {
      let scene = try loadLibraryScene("rtl-messages")
      #expect(scene.layoutDirection == .rightToLeft)
      var mirrored = scene
      mirrored.layoutDirection = .leftToRight
      let rtl = SceneSession(scene: scene)
      let ltr = SceneSession(scene: mirrored)
      #expect(rtl.elementIDs.prefix(2) == ["edit", "compose"])
      #expect(ltr.elementIDs.prefix(2) == ["compose", "edit"])
      let elements = rtl.tree.elements
      var sameRowPairs = 0
      for (a, first) in elements.enumerated() {
        for second in elements[(a + 1)...] {
          let sameRow =
            !(first.frame.maxY <= second.frame.minY || second.frame.maxY <= first.frame.minY)
          let flipped =
            try #require(ltr.position(of: second.id)) < #require(ltr.position(of: first.id))
          #expect(flipped == sameRow, "\(first.id) and \(second.id)")
          if sameRow { sameRowPairs += 1 }
        }
      }
      #expect(sameRowPairs >= 4)
    }
  }
}

extension SceneLibraryTests {
  @Suite struct VoiceControlName {
    @Test func closeButtonHasItsAliasesAndTheDialogIsModal() throws {
      var session = try librarySession("close-button")
      let close = try #require(session.tree.element(id: "close"))
      #expect(close.label == "关闭")
      #expect(close.userInputLabels == ["关闭", "叉", "取消", "退出"])
      #expect(session.tree.element(id: "home-title") == nil)
      let result = session.activate("close")
      #expect(result.focus == "home-title")
      #expect(session.elementIDs == ["home-title", "home-feed"])
    }

    @Test func duplicateUnlabeledAndEmojiNames() throws {
      var session = try librarySession("duplicate-names")
      let labels = session.tree.elements.map(\.label)
      #expect(labels.filter { $0 == "Edit" }.count >= 2)
      #expect(labels.filter { $0 == "Delete" }.count >= 2)
      let unlabeled = try #require(session.tree.element(id: "sort"))
      #expect(unlabeled.label == nil && unlabeled.userInputLabels.isEmpty)
      #expect(unlabeled.respondsToUserInteraction)
      let like = try #require(session.tree.element(id: "like")?.label)
      #expect(like.unicodeScalars.allSatisfy { $0.properties.isEmojiPresentation })
      #expect(session.activate("note-2-delete").isDone)
      #expect(session.tree.element(id: "note-2-edit") == nil)
      #expect(labels.filter { $0 == "Delete" }.count - 1
        == session.tree.elements.filter { $0.label == "Delete" }.count)
    }
  }
}

// MARK: - Helpers

/// Loads `Scenes/<name>.json` from the package.
private func loadLibraryScene(_ name: String) throws -> Scene {
  try SceneLoader().load(path: packagePath("Scenes/\(name).json"))
}

/// A session on a library scene in its start state.
private func librarySession(_ name: String) throws -> SceneSession {
  SceneSession(scene: try loadLibraryScene(name))
}

extension ViewNode {
  /// The view and its subviews without `accessibilityElements` lists.
  fileprivate func removingElementsLists() -> ViewNode {
    var view = self
    view.elements = nil
    view.children = children.map { $0.removingElementsLists() }
    return view
  }
}

extension SceneSession {
  // File-private so that other test files can keep helpers of their own names.
  /// The ids of the tree's elements in traversal order.
  fileprivate var elementIDs: [String] { tree.elements.map(\.id) }

  /// The position of an element in the traversal order, or `nil` when it is not in the tree.
  fileprivate func position(of id: String) -> Int? { tree.elements.firstIndex { $0.id == id } }

  /// The ids among `ids` whose view has the trait now.
  fileprivate func ids(_ ids: [String], having trait: AXTraits) -> [String] {
    ids.filter { isSatisfied(.hasTrait(element: $0, trait: trait)) }
  }
}
