import AXModel

/// One badge of an overlay: what it says, what it marks and where Voice Control draws it.
public struct OverlayBadge: Hashable, Sendable {
  /// The badge text: a number, or a name.
  public var text: String
  /// The number, for numbers, the chooser and grid cells.
  public var number: Int?
  /// The element marked, if the badge marks one.
  public var id: String?
  /// The element's shown name, if it has a usable one.
  public var name: String?
  /// The frame marked: the element's, or the grid cell's.
  public var frame: Rect
  /// Where the badge is drawn.
  public var badgeFrame: Rect
  /// For a grid cell, the element a tap at its centre hits.
  public var hit: String? = nil
}

/// An overlay as drawn: the badges, the frames behind them and the screen.
///
/// Number badges sit at the leading top corner of the element's frame (trailing in a
/// right-to-left scene), name badges are centred on the frame's top edge, and grid numbers at
/// the centre of each cell; every badge is kept on the screen.
public struct OverlaySnapshot: Hashable, Sendable {
  /// The overlay's kind: `names`, `numbers`, `grid` or `chooser`.
  public var kind: String
  /// The scene's name.
  public var sceneName: String
  /// The screen size.
  public var screen: Size
  /// The badges, in order.
  public var badges: [OverlayBadge]
  /// The frames of every element of the tree, drawn faintly behind the badges.
  public var elementFrames: [Rect]
  /// The text of every element (its label, else its value), in the order of `elementFrames`,
  /// drawn faintly so that a rendering without the app's pixels is still readable.
  public var elementTexts: [String] = []
  /// The grid, for the grid overlay.
  public var grid: GridOverlay?
  /// The targets with no usable name, by id.
  public var unnamed: [String]
}

extension VoiceSession {
  /// The overlay as drawn now, or `nil` when none is shown.
  public func overlaySnapshot() -> OverlaySnapshot? {
    guard let overlay else { return nil }
    let scene = sceneSession.scene
    let rightToLeft = scene.layoutDirection == .rightToLeft
    let screen = scene.screenFrame
    var badges: [OverlayBadge] = []
    var grid: GridOverlay?
    func numberBadge(_ number: Int, _ target: VoiceTarget) -> OverlayBadge {
      let text = String(number)
      let size = OverlaySnapshot.badgeSize(text)
      let frame = target.element.frame
      let x = rightToLeft ? frame.maxX - size.width : frame.minX
      return OverlayBadge(
        text: text, number: number, id: target.id, name: target.shownName, frame: frame,
        badgeFrame: OverlaySnapshot.clamp(Rect(x: x, y: frame.minY, width: size.width, height: size.height), to: screen))
    }
    switch overlay {
    case .numbers:
      badges = index.targets.map { numberBadge($0.number, $0) }
    case .chooser(let chooser):
      for (offset, id) in chooser.candidates.enumerated() {
        guard let target = index.target(id: id) else { continue }
        badges.append(numberBadge(offset + 1, target))
      }
    case .names:
      for target in index.targets {
        guard let name = target.shownName else { continue }
        let size = OverlaySnapshot.badgeSize(name)
        let frame = target.element.frame
        let badge = Rect(
          x: frame.center.x - size.width / 2, y: frame.minY - size.height / 2,
          width: size.width, height: size.height)
        badges.append(
          OverlayBadge(
            text: name, number: nil, id: target.id, name: name, frame: frame,
            badgeFrame: OverlaySnapshot.clamp(badge, to: screen)))
      }
    case .grid(let current):
      grid = current
      for cell in current.cells {
        let text = String(cell.number)
        let size = OverlaySnapshot.badgeSize(text)
        let badge = Rect(
          x: cell.frame.center.x - size.width / 2, y: cell.frame.center.y - size.height / 2,
          width: size.width, height: size.height)
        badges.append(
          OverlayBadge(
            text: text, number: cell.number, id: nil, name: nil, frame: cell.frame,
            badgeFrame: OverlaySnapshot.clamp(badge, to: screen),
            hit: sceneSession.touchHit(cell.frame.center)?.id))
      }
    }
    return OverlaySnapshot(
      kind: overlay.kindName, sceneName: scene.name, screen: scene.screen, badges: badges,
      elementFrames: sceneSession.tree.elements.map(\.frame),
      elementTexts: sceneSession.tree.elements.map { $0.label ?? $0.value ?? "" }, grid: grid,
      unnamed: index.unnamedTargets.map(\.id))
  }
}

extension OverlaySnapshot {
  /// The size of a badge for its text: 7 points per narrow character, 13 per wide one, plus
  /// padding, 16 points high.
  static func badgeSize(_ text: String) -> Size {
    var width = 8.0
    for character in text {
      let wide = character.unicodeScalars.contains {
        $0.properties.isIdeographic || $0.properties.isEmojiPresentation || $0.value >= 0x3000
      }
      width += wide ? 13 : 7
    }
    return Size(width: width, height: 16)
  }

  /// The rectangle moved (not resized) to lie on the screen where possible.
  static func clamp(_ rect: Rect, to screen: Rect) -> Rect {
    var result = rect
    result.x = max(screen.minX, min(result.x, screen.maxX - result.width))
    result.y = max(screen.minY, min(result.y, screen.maxY - result.height))
    return result
  }
}
