import AXModel
import SwitchControl

/// Plans the switch inputs for each action of a target in item mode (auto, manual and step
/// scanning, with the other settings in force) and in point mode.
///
/// Paths come from ``SwitchPathFinder`` driving a scanner over the screen's state, one start
/// scanner per style shared by every target, so the layout is built once per style, and so are
/// the Scroll steps to the rows below the fold (``SwitchScrollStates``), whatever the target
/// and action.
struct SwitchRoutes {
  let settings: SwitchSettings
  let styles: [(name: String, settings: SwitchSettings, scrolls: SwitchScrollStates)]
  let point: (settings: SwitchSettings, scrolls: SwitchScrollStates)
  let layout: ScanLayout

  /// The item-mode scanning styles reported, the one in force first.
  static func itemStyles(_ settings: SwitchSettings) -> [ScanningStyle] {
    [settings.scanning] + ScanningStyle.allCases.filter { $0 != settings.scanning }
  }

  init(session: SceneSession, settings: SwitchSettings) {
    self.settings = settings
    var item = settings
    item.mode = .item
    styles = Self.itemStyles(settings).map { style in
      var styled = item
      styled.scanning = style
      return (style.rawValue, styled, SwitchScrollStates(start: SwitchScanner(session: session, settings: styled)))
    }
    var pointSettings = settings
    pointSettings.mode = .point
    point = (pointSettings, SwitchScrollStates(start: SwitchScanner(session: session, settings: pointSettings)))
    layout = styles[0].scrolls.start.layout
  }

  /// The scanner menu entries a goal goes through under a tap behaviour.
  static func menuPath(_ goal: SwitchGoal, tapBehavior: TapBehavior) -> [String] {
    switch goal {
    case .activate: return tapBehavior == .default ? ["Tap"] : []
    case .increment: return ["Increment"]
    case .decrement: return ["Decrement"]
    case .custom(let name): return ["Actions", name]
    case .gesture(let kind): return ["Gestures", kind.rawValue]
    }
  }

  /// The reach of one target; `scrollPlan`, for a row below the fold, puts its Scroll steps
  /// in front of every menu path (the paths themselves take them, see `SwitchPathFinder`).
  func reach(_ id: String, actions: [SceneAction], inTree: Bool, scrollPlan: ScrollPlan? = nil) -> SwitchReach {
    var groupPath: [String] = []
    var stopProblem: String?
    if let location = layout.location(of: id) {
      groupPath = (layout.groups(along: location.groups) ?? []).map(\.id)
    } else if !inTree {
      stopProblem = "not in the accessibility tree"
    } else {
      switch layout.exclusions.first(where: { $0.id == id })?.reason {
      case .notInteractive?: stopProblem = "it does not respond to user interaction"
      case .zeroSize?: stopProblem = "its frame has no area"
      case .offScreen?: stopProblem = "it is off screen"
      case nil: stopProblem = "not a scan stop"
      }
    }
    var item: [SwitchReach.Cost] = []
    var pointCosts: [SwitchReach.Cost] = []
    // Every start scanner runs on the same session, so one look-up serves every cost.
    let element = point.scrolls.start.session.tree.element(id: id)
    for action in actions {
      guard let goal = SwitchGoal(action: action) else { continue }
      for style in styles {
        item.append(
          cost(
            action, goal, id: id, element: element, style: style.name, settings: style.settings,
            from: style.scrolls))
      }
      // The point of the cheapest tap is that of every other action's cheapest path.
      let aim = pointCosts.first { $0.action == .activate }?.point.map { [$0] }
      pointCosts.append(
        cost(
          action, goal, id: id, element: element, style: "point", settings: point.settings,
          from: point.scrolls, aimingAt: aim))
    }
    if let scrollPlan {
      let scrolls = scrollPlan.pageDirections.flatMap {
        [MenuItem.scroll.title, MenuItem.scrollDirection($0.title).title]
      }
      for position in item.indices { item[position].menuPath = scrolls + item[position].menuPath }
      for position in pointCosts.indices { pointCosts[position].menuPath = scrolls + pointCosts[position].menuPath }
    }
    return SwitchReach(groupPath: groupPath, stopProblem: stopProblem, item: item, point: pointCosts)
  }

  /// The cost of one action in one style, from the style's start scanner, which `scrolls`
  /// holds; `element` is the target's element in the start scanners' tree, if it is one.
  func cost(
    _ action: SceneAction, _ goal: SwitchGoal, id: String, element: AXElement?, style: String,
    settings: SwitchSettings, from scrolls: SwitchScrollStates, aimingAt points: [Point]? = nil
  ) -> SwitchReach.Cost {
    let menu = Self.menuPath(goal, tapBehavior: settings.tapBehavior)
    if let element, !element.isEnabled {
      return SwitchReach.Cost(
        action: action, style: style, menuPath: menu, keys: nil, presses: 0, seconds: 0,
        point: nil, hits: nil, failure: "it is dimmed (not enabled)")
    }
    // Only the cost is reported, so the steps' transcript is never written.
    let finder = SwitchPathFinder(settings: settings)
    switch finder.plannedPath(to: id, goal: goal, sharing: scrolls, aimingAt: points, withTranscript: false) {
    case .success(let path):
      // A point path only aims at points that hit-test to the target, and ends by tapping it.
      let hits: Bool? = path.point == nil ? nil : true
      // The one path to a view outside the tree is point mode's touch, which the tap delivers
      // whatever the goal (see `SwitchPathFinder.touchPath(to:goal:from:plans:withTranscript:)`).
      let touchMenu = element == nil ? Self.menuPath(.activate, tapBehavior: settings.tapBehavior) : menu
      return SwitchReach.Cost(
        action: action, style: style, menuPath: touchMenu, keys: KeyScript.text(path.keys),
        presses: path.presses, seconds: Double(path.milliseconds) / 1000, point: path.point,
        hits: hits, failure: nil)
    case .failure(let failure):
      // In point mode, say where a tap at the activation point would land instead.
      var point: Point?
      var hits: Bool?
      if settings.mode == .point, let element {
        point = element.activationPoint
        // While a field is edited the keyboard takes a tap on its area, as point mode's own
        // hit test says (`SwitchScanner`); the tree still holds what is behind it.
        let session = scrolls.start.session
        hits = session.touchHit(element.activationPoint)?.id == id
      }
      return SwitchReach.Cost(
        action: action, style: style, menuPath: menu, keys: nil, presses: 0, seconds: 0,
        point: point, hits: hits, failure: failure.reason)
    }
  }
}
