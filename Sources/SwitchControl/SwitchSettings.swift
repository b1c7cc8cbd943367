/// How the highlight moves between items.
public enum ScanningStyle: String, CaseIterable, Hashable, Sendable {
  /// One switch: the highlight advances on its own every scan interval; Select picks.
  case auto
  /// Two switches or more: Move to Next Item (and optionally Previous) moves, Select picks.
  case manual
  /// Single-switch step scanning: each press moves; resting for the dwell time selects.
  case step
}

/// What selecting an element does.
public enum TapBehavior: String, CaseIterable, Hashable, Sendable {
  /// Selecting opens the scanner menu (iOS's default).
  case `default`
  /// Selecting taps after the auto-tap interval unless a second press opens the menu.
  case auto
  /// Selecting taps at once; a long press opens the menu.
  case always
}

/// Where scanning resumes after an action was dispatched.
public enum FocusAfterTap: String, CaseIterable, Hashable, Sendable {
  /// From the first item of the screen.
  case first
  /// From the element acted on, when it is still a stop.
  case tapped
}

/// The whole-screen scanning mode.
public enum ScanMode: String, CaseIterable, Hashable, Sendable {
  /// Item scanning: the highlight visits scan stops and groups.
  case item
  /// Point scanning (the gliding cursor): sweeping lines pick a point on the screen.
  case point
}

/// How point scanning picks each coordinate.
public enum PointStyle: String, CaseIterable, Hashable, Sendable {
  /// Apple's gliding cursor: a broad band, then a fine line inside it, per axis (4 presses).
  case twoStage
  /// Android's point scan: one line per axis (2 presses).
  case oneStage
}

/// The Switch Control settings, one value each, with iOS's defaults where they are known.
///
/// Times are in seconds. Values marked "unverified" in `docs/switch-control.md` are the commonly
/// reported iOS defaults that have not been confirmed on a device.
public struct SwitchSettings: Hashable, Sendable {
  /// The scanning style (iOS: Auto Scanning on).
  public var scanning: ScanningStyle = .auto
  /// Auto Scanning Time: how long each item stays highlighted (iOS 1 s, unverified).
  public var scanInterval: Double = 1.0
  /// Pause on First Item: extra time on the first item of each loop (iOS: off).
  public var firstItemPause: Double = 0
  /// Loops: how many times a level is scanned before scanning stops (iOS 4, unverified).
  public var loops: Int = 4
  /// Long Press: how long a switch is held for its long-press action, or `nil` when off
  /// (iOS 1 s since 11.3).
  public var longPress: Double? = 1.0
  /// Dwell Time for single-switch step scanning (iOS 1 s, unverified).
  public var dwellTime: Double = 1.0
  /// Tap Behavior (iOS: Default).
  public var tapBehavior: TapBehavior = .default
  /// The Auto Tap interval within which a second press opens the menu (iOS 0.75 s).
  public var autoTapInterval: Double = 0.75
  /// Focused Item After Tap (iOS: First Item, unverified).
  public var focusAfterTap: FocusAfterTap = .first
  /// Group Items (iOS: on).
  public var groupsItems: Bool = true
  /// The mode scanning starts in (iOS: item).
  public var mode: ScanMode = .item
  /// The point-scanning style (iOS: the gliding cursor's two stages).
  public var pointStyle: PointStyle = .twoStage
  /// Gliding cursor speed of the fine line (and of Android's one-stage line), in points per
  /// second.
  public var sweepSpeed: Double = 100
  /// Speed of the broad band, in points per second: a wide band can move faster than a line
  /// for the same reaction time, which is what makes two stages pay.
  public var bandSpeed: Double = 300
  /// The broad band's width as a fraction of the axis it sweeps.
  public var bandFraction: Double = 0.25

  /// The settings iOS starts with.
  public init() {}

  /// A problem with the values, phrased for a usage error, or `nil` when they are usable.
  ///
  /// Every value must lie in its documented range (see ``SwitchSettings/Limits``), which keeps
  /// the virtual clock's arithmetic far from overflow and every wait a path prints replayable.
  public var problem: String? {
    typealias L = Limits
    func check(_ value: Double, _ range: ClosedRange<Double>, _ name: String) -> String? {
      range.contains(value) ? nil : "\(name) must be \(L.describe(range))"
    }
    if !L.loops.contains(loops) {
      return "loops must be \(L.describe(L.loops))"
    }
    if !(bandFraction > 0 && bandFraction <= 1) { return "the band fraction must be in (0, 1]" }
    return check(scanInterval, L.scanInterval, "the scan interval")
      ?? check(firstItemPause, L.pause, "the first-item pause")
      ?? longPress.flatMap { check($0, L.duration, "the long press") }
      ?? check(dwellTime, L.duration, "the dwell time")
      ?? check(autoTapInterval, L.duration, "the auto-tap interval")
      ?? check(sweepSpeed, L.speed, "the sweep speed")
      ?? check(bandSpeed, L.speed, "the band speed")
  }

  /// The accepted range of each numeric setting.
  ///
  /// The ranges are wider than iOS's own controls but bounded, so a duration is never rounded
  /// to 0 ms and never grows beyond what a key script's `wait:` accepts.
  public enum Limits {
    /// Auto Scanning Time, in seconds.
    public static let scanInterval: ClosedRange<Double> = 0.05...60
    /// Pause on First Item, in seconds (0 turns it off).
    public static let pause: ClosedRange<Double> = 0...60
    /// Long Press, Dwell Time and the Auto Tap window, in seconds.
    public static let duration: ClosedRange<Double> = 0.05...60
    /// Loops.
    public static let loops: ClosedRange<Int> = 1...100
    /// Gliding cursor line and band speeds, in points per second.
    public static let speed: ClosedRange<Double> = 1...10_000

    /// A range as a phrase: `from 0.05 to 60`.
    public static func describe(_ range: ClosedRange<Double>) -> String {
      "from \(number(range.lowerBound)) to \(number(range.upperBound))"
    }

    /// A range as a phrase: `from 1 to 100`.
    public static func describe(_ range: ClosedRange<Int>) -> String {
      "from \(range.lowerBound) to \(range.upperBound)"
    }

    /// A bound without a trailing `.0`.
    public static func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
  }
}

extension SwitchSettings {
  /// The duration in whole milliseconds of the virtual clock, saturating at
  /// ±``SwitchClock/longestDuration`` (and 0 for NaN) so that no setting can trap.
  static func milliseconds(_ seconds: Double) -> Int {
    SwitchClock.milliseconds(seconds * 1000)
  }

  var intervalMS: Int { Self.milliseconds(scanInterval) }
  var firstPauseMS: Int { Self.milliseconds(firstItemPause) }
  var dwellMS: Int { Self.milliseconds(dwellTime) }
  var autoTapMS: Int { Self.milliseconds(autoTapInterval) }
  var longPressMS: Int? { longPress.map(Self.milliseconds) }
}
