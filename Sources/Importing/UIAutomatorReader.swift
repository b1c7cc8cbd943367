import AXModel

/// Reads Android `uiautomator dump` XML and Appium UiAutomator2 page source.
///
/// Both put the windows under `<hierarchy rotation="0">`; `uiautomator dump` tags every view
/// `node`, UiAutomator2 tags it with its class and adds `width` and `height` to the
/// hierarchy. A root that is itself a view (`node`, or a dotted class name) is one window.
/// Attributes, any of which may be absent and in any order: `class` (else the tag), `text`,
/// `content-desc`, `resource-id` (the identifier), `hint`, `showing-hint`, `bounds`
/// (`[left,top][right,bottom]` in pixels), `enabled`, `selected`, `checkable`, `checked` (read
/// only when checkable), `clickable`, `long-clickable`, `scrollable`, `focusable`, `password`,
/// `displayed` or `visible-to-user`, and `package`. The rest (`index`, `focused`,
/// `drawing-order`, `a11y-focused`, `NAF` ...) change nothing an assistive technology does.
///
/// - Points are Android's dp: pixels divided by `--density`, or else by a density inferred
///   from the screen's shorter side (its width when upright, so a landscape dump gets the same
///   one); see ``inferredDensity(forShorterSide:)``. The screen is the hierarchy's `width` and
///   `height`, else the top-level nodes' extent from the origin; `rotation` is not needed, as
///   producers write bounds and size already rotated.
/// - Windows: `UiAutomation.getWindows()` lists them topmost first, so the first top-level
///   node is the frontmost window; each becomes a window node, and all go under one
///   application named after the package of the largest.
/// - Label: `content-desc`, else `text`; but the text of a text field, slider or progress bar
///   is its value, and an empty field's text is its `hint` (the placeholder), not a value.
/// - Roles come from the class's simple name (``role(ofClass:resourceID:)``).
/// - The element rule follows TalkBack, Voice Access and Switch Access:
///   - A node *acts* when it is clickable or long-clickable, or focusable and not a layout.
///     Lists, scroll views, bars, web views and dialogs never act: their flags belong to the
///     items inside.
///   - Elements: a node that acts; a checkable node; a node with text or a description that
///     is a leaf or a control (a layout with subviews is read through them).
///   - An acting layout without a description whose subtree holds text is a cell, whose label
///     the tree joins from its subviews', as TalkBack reads a clickable row. A layout that
///     doesn't act but has text is static text.
///   - Inside an element, a node that doesn't act is absorbed: its text is what the element
///     says (a spinner or a tab without a label takes it as its label), and a checkable one
///     gives the element its checked state and is no element itself (a settings row and its
///     switch are one control). A node that acts inside an element moves out to follow it
///     as its sibling, since TalkBack and Switch Access stop on both.
///   - Everything else is a container.
enum UIAutomatorReader: DumpReader {
  static func read(_ bytes: [UInt8], path: String, options: ImportOptions) throws(SceneError)
    -> Dump
  {
    let document = try XMLDump.parse(bytes, path: path, options: options)
    let values = DumpValues(path: path)
    let tops: [XMLElementNode]
    if document.name == "hierarchy" {
      tops = document.children
    } else if document.name == "node" || document.name.contains(".") {
      tops = [document]
    } else {
      throw SceneError(
        .unsupportedFormat,
        "expected a <hierarchy> root (uiautomator dump or UiAutomator2 page source), found "
          + "the element \(DumpValues.shown(document.name))",
        path: path, at: document.position)
    }
    guard !tops.isEmpty else {
      throw SceneError(
        .invalidValue, "<hierarchy> holds no window (was the screen off or locked?)", path: path,
        at: document.position)
    }
    let pixels = try screenPixels(document, tops: tops, values: values)
    let density = try self.density(options.density, screen: pixels, path: path)
    var reader = WidgetReader(values: values, density: density, limits: options.limits)
    var windows: [DumpNode] = []
    var largest: (area: Double, package: String?) = (-1, nil)
    for top in tops {
      reader.count += 1  // the window
      let widget = try reader.widget(top, depth: 2)
      let arranged = arrange(widget, inElement: false)
      var window = DumpNode(role: .window, typeName: "window", position: top.position)
      window.frame = widget.node.frame
      window.children = arranged.node.map { [$0] + arranged.lifted } ?? arranged.lifted
      windows.insert(window, at: 0)  // back to front
      let area = (widget.node.frame?.width ?? 0) * (widget.node.frame?.height ?? 0)
      if area > largest.area { largest = (area, top.attribute("package")?.nonBlank) }
    }
    var application = DumpNode(
      role: .application, typeName: "application", position: document.position)
    application.label = largest.package
    application.children = windows
    let screen = pixels.map { Size(width: $0.width / density, height: $0.height / density) }
    if let screen {
      application.frame = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
    }
    return Dump(format: .uiautomator, roots: [application], screen: screen)
  }

  /// The screen in pixels: the hierarchy's `width` and `height` when both are positive, else
  /// the extent of the top-level nodes' bounds from the origin, else `nil`.
  static func screenPixels(
    _ document: XMLElementNode, tops: [XMLElementNode], values: DumpValues
  ) throws(SceneError) -> Size? {
    if let width = document.attribute("width"), let height = document.attribute("height") {
      let size = Size(
        width: try values.number(width, "attribute 'width'", at: document.position),
        height: try values.number(height, "attribute 'height'", at: document.position))
      if size.width > 0, size.height > 0 { return size }
    }
    var size = Size(width: 0, height: 0)
    for top in tops {
      // A malformed `bounds` is reported where the node is read, with its position.
      guard let text = top.attribute("bounds"), let box = pixelBounds(text) else { continue }
      size = Size(width: max(size.width, box.right), height: max(size.height, box.bottom))
    }
    return size.width > 0 && size.height > 0 ? size : nil
  }

  /// The pixels per point: the caller's, when it is a positive number, else inferred.
  static func density(_ given: Double?, screen: Size?, path: String) throws(SceneError) -> Double {
    if let given {
      guard given.isFinite, given > 0 else {
        throw SceneError(
          .invalidValue,
          "the density must be a positive number of pixels per point, found "
            + formatNumber(given), path: path)
      }
      return given
    }
    guard let screen else { return 2 }
    return inferredDensity(forShorterSide: min(screen.width, screen.height))
  }

  /// The standard Android densities (mdpi to xxxhdpi, with the 420 and 440 dpi of many
  /// phones), in pixels per dp.
  static let standardDensities: [Double] = [1, 1.5, 2, 2.625, 2.75, 3, 3.5, 4]

  /// The density a screen's shorter side in pixels most likely has.
  ///
  /// Phones are 411 dp wide (most since 2016: 1080 px at 2.625, 1440 at 3.5) or 360 dp (720
  /// at 2, 1080 at 3 on some Samsungs, which then need `--density`). So: the standard density
  /// that makes the side 411 dp to within 1%, else 360 dp to within 1%, else the screen is a
  /// tablet's and the density 2, the commonest (1280 px is 640 dp, 1200 is 600); but never so
  /// large that the side is under 320 dp (480 px is 320 dp at 1.5).
  static func inferredDensity(forShorterSide pixels: Double) -> Double {
    for width in [411.0, 360.0] {
      if let density = standardDensities.first(where: { abs(pixels / $0 - width) <= width / 100 }) {
        return density
      }
    }
    if pixels / 2 >= 320 { return 2 }
    return standardDensities.last { pixels / $0 >= 320 } ?? 1
  }
}
