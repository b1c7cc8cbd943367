import CommandLineSupport
import SwitchControl

/// The command-line options that set Switch Control's settings, shared by every subcommand.
enum SwitchOptions {
  /// The words of `--point-style`, which spell the styles with a hyphen.
  static let pointStyles: [(String, PointStyle)] = [("two-stage", .twoStage), ("one-stage", .oneStage)]

  static let specs: [OptionSpec] = [
    OptionSpec("mode", help: "The scanning mode to start in.", choices: ScanMode.allCases.map(\.rawValue), defaultValue: "item"),
    OptionSpec(
      "scanning", help: "Auto (one switch), manual (Next and Select) or step (one switch, dwell).",
      choices: ScanningStyle.allCases.map(\.rawValue), defaultValue: "auto"),
    OptionSpec(
      "tap", help: "Tap behaviour: the menu, Auto Tap or Always Tap.",
      choices: TapBehavior.allCases.map(\.rawValue), defaultValue: "default"),
    OptionSpec(
      "interval", valueName: "seconds",
      help: "Auto scanning time per item \(range(Limits.scanInterval)).",
      defaultValue: "1"),
    OptionSpec(
      "first-pause", valueName: "seconds",
      help: "Extra time on the first item of a loop \(range(Limits.pause)).",
      defaultValue: "0"),
    OptionSpec("loops", help: "Loops before scanning stops \(range(Limits.loops)).", defaultValue: "4"),
    OptionSpec(
      "long-press", valueName: "seconds", help: "Long press time \(range(Limits.duration)), or 'off'.",
      defaultValue: "1"),
    OptionSpec(
      "dwell", valueName: "seconds", help: "Dwell time for step scanning \(range(Limits.duration)).",
      defaultValue: "1"),
    OptionSpec(
      "auto-tap", valueName: "seconds",
      help: "Auto Tap's second-press window \(range(Limits.duration)).",
      defaultValue: "0.75"),
    OptionSpec(
      "focus-after-tap", help: "Where scanning resumes after an action.",
      choices: FocusAfterTap.allCases.map(\.rawValue), defaultValue: "first"),
    OptionSpec(
      "point-style", help: "Point scanning: Apple's band and line per axis, or one line per axis.",
      choices: pointStyles.map(\.0), defaultValue: "two-stage"),
    OptionSpec(
      "sweep-speed", valueName: "points/s", help: "Gliding cursor speed \(range(Limits.speed)).",
      defaultValue: "100"),
    OptionSpec(
      "band-speed", valueName: "points/s",
      help: "Broad band speed, two-stage point scanning \(range(Limits.speed)).", defaultValue: "300"),
    OptionSpec(
      "band", valueName: "fraction",
      help: "Broad band width as a fraction of the axis (over 0, up to 1).",
      defaultValue: "0.25"),
  ]

  static let flags: [FlagSpec] = [
    FlagSpec("no-groups", help: "Turn Group Items off: every stop is scanned at the top level.")
  ]

  typealias Limits = SwitchSettings.Limits

  /// A range for help text: `(0.05-60)`.
  static func range(_ range: ClosedRange<Double>) -> String {
    "(\(Limits.number(range.lowerBound))-\(Limits.number(range.upperBound)))"
  }

  static func range(_ range: ClosedRange<Int>) -> String {
    "(\(range.lowerBound)-\(range.upperBound))"
  }

  /// The value of a numeric option, or a usage error naming the option and its range.
  static func double(
    _ name: String, in range: ClosedRange<Double>, _ arguments: ParsedArguments
  ) throws -> Double? {
    guard let value = try arguments.double(name) else { return nil }
    guard range.contains(value) else {
      throw arguments.invalidValueError(
        for: name, reason: "expected a number \(Limits.describe(range))")
    }
    return value
  }

  /// The settings the options give, or a usage error naming the option out of its range.
  static func settings(_ arguments: ParsedArguments) throws -> SwitchSettings {
    var settings = SwitchSettings()
    settings.mode = try arguments.choice("mode", as: ScanMode.self) ?? .item
    settings.scanning = try arguments.choice("scanning", as: ScanningStyle.self) ?? .auto
    settings.tapBehavior = try arguments.choice("tap", as: TapBehavior.self) ?? .default
    settings.scanInterval =
      try double("interval", in: Limits.scanInterval, arguments) ?? settings.scanInterval
    settings.firstItemPause =
      try double("first-pause", in: Limits.pause, arguments) ?? settings.firstItemPause
    if let loops = try arguments.int("loops") {
      guard Limits.loops.contains(loops) else {
        throw arguments.invalidValueError(
          for: "loops", reason: "expected a number \(Limits.describe(Limits.loops))")
      }
      settings.loops = loops
    }
    if arguments.value("long-press") == "off" {
      settings.longPress = nil
    } else {
      settings.longPress = try double("long-press", in: Limits.duration, arguments)
    }
    settings.dwellTime = try double("dwell", in: Limits.duration, arguments) ?? settings.dwellTime
    settings.autoTapInterval =
      try double("auto-tap", in: Limits.duration, arguments) ?? settings.autoTapInterval
    settings.focusAfterTap = try arguments.choice("focus-after-tap", as: FocusAfterTap.self) ?? .first
    settings.pointStyle = try arguments.choice("point-style", from: pointStyles) ?? .twoStage
    settings.sweepSpeed =
      try double("sweep-speed", in: Limits.speed, arguments) ?? settings.sweepSpeed
    settings.bandSpeed = try double("band-speed", in: Limits.speed, arguments) ?? settings.bandSpeed
    if let band = try arguments.double("band") {
      guard band > 0, band <= 1 else {
        throw arguments.invalidValueError(
          for: "band", reason: "expected a fraction over 0 and up to 1")
      }
      settings.bandFraction = band
    }
    settings.groupsItems = !arguments.flag("no-groups")
    // The options above keep every value in range; the library's check is the backstop.
    if let problem = settings.problem { throw arguments.usageError("Invalid settings: \(problem)") }
    return settings
  }
}
