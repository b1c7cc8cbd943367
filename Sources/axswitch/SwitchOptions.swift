import CommandLineSupport
import SwitchControl

/// The command-line options that set Switch Control's settings, shared by every subcommand.
enum SwitchOptions {
  static let specs: [OptionSpec] = [
    OptionSpec("mode", help: "The scanning mode to start in.", choices: ["item", "point"], defaultValue: "item"),
    OptionSpec(
      "scanning", help: "Auto (one switch), manual (Next and Select) or step (one switch, dwell).",
      choices: ["auto", "manual", "step"], defaultValue: "auto"),
    OptionSpec(
      "tap", help: "Tap behaviour: the menu, Auto Tap or Always Tap.",
      choices: ["default", "auto", "always"], defaultValue: "default"),
    OptionSpec("interval", valueName: "seconds", help: "Auto scanning time per item.", defaultValue: "1"),
    OptionSpec("first-pause", valueName: "seconds", help: "Extra time on the first item of a loop.", defaultValue: "0"),
    OptionSpec("loops", help: "Loops before scanning stops.", defaultValue: "4"),
    OptionSpec("long-press", valueName: "seconds", help: "Long press time, or 'off'.", defaultValue: "1"),
    OptionSpec("dwell", valueName: "seconds", help: "Dwell time for step scanning.", defaultValue: "1"),
    OptionSpec("auto-tap", valueName: "seconds", help: "Auto Tap's second-press window.", defaultValue: "0.75"),
    OptionSpec(
      "focus-after-tap", help: "Where scanning resumes after an action.",
      choices: ["first", "tapped"], defaultValue: "first"),
    OptionSpec(
      "point-style", help: "Point scanning: Apple's band and line per axis, or one line per axis.",
      choices: ["two-stage", "one-stage"], defaultValue: "two-stage"),
    OptionSpec("sweep-speed", valueName: "points/s", help: "Gliding cursor speed.", defaultValue: "100"),
    OptionSpec("band-speed", valueName: "points/s", help: "Broad band speed (two-stage point scanning).", defaultValue: "300"),
    OptionSpec("band", valueName: "fraction", help: "Broad band width as a fraction of the axis.", defaultValue: "0.25"),
  ]

  static let flags: [FlagSpec] = [
    FlagSpec("no-groups", help: "Turn Group Items off: every stop is scanned at the top level.")
  ]

  /// The settings the options give, or a usage error.
  static func settings(_ arguments: ParsedArguments) throws -> SwitchSettings {
    var settings = SwitchSettings()
    settings.mode = arguments.value("mode") == "point" ? .point : .item
    settings.scanning = ScanningStyle(rawValue: arguments.value("scanning") ?? "auto") ?? .auto
    settings.tapBehavior = TapBehavior(rawValue: arguments.value("tap") ?? "default") ?? .default
    settings.scanInterval = try arguments.double("interval") ?? settings.scanInterval
    settings.firstItemPause = try arguments.double("first-pause") ?? settings.firstItemPause
    settings.loops = try arguments.int("loops") ?? settings.loops
    if arguments.value("long-press") == "off" {
      settings.longPress = nil
    } else {
      settings.longPress = try arguments.double("long-press")
    }
    settings.dwellTime = try arguments.double("dwell") ?? settings.dwellTime
    settings.autoTapInterval = try arguments.double("auto-tap") ?? settings.autoTapInterval
    settings.focusAfterTap = arguments.value("focus-after-tap") == "tapped" ? .tapped : .first
    settings.pointStyle = arguments.value("point-style") == "one-stage" ? .oneStage : .twoStage
    settings.sweepSpeed = try arguments.double("sweep-speed") ?? settings.sweepSpeed
    settings.bandSpeed = try arguments.double("band-speed") ?? settings.bandSpeed
    settings.bandFraction = try arguments.double("band") ?? settings.bandFraction
    settings.groupsItems = !arguments.flag("no-groups")
    if let problem = settings.problem { throw arguments.usageError("Invalid settings: \(problem)") }
    return settings
  }
}
