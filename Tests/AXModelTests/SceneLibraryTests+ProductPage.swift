import AXModel
import AXTestSupport
import Foundation
import Testing

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
