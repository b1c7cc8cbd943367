import AXModel
import AXTestSupport
import Foundation
import Testing

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
