import AXModel
import CommandLineSupport
import Foundation
import Reachability
import SwitchControl
import VoiceControl

/// `axreach report`: the reachability report of one or more scenes.
enum ReportCommand {
  /// The formats `--format` names.
  enum Format: String, CaseIterable {
    case text, json, markdown, html, junit, sarif
  }

  /// What `--fail-on` names: the least severity that fails the run, or `nil` for "never".
  static let thresholds: [(String, Severity?)] =
    Severity.allCases.reversed().map { ($0.rawValue, $0) } + [("never", nil)]

  static let spec = CommandSpec(
    "report", abstract: "Report the reach and cost of every interactive target, with findings.",
    discussion: """
      For every interactive target of every screen: whether Voice Control, Switch Control, \
      VoiceOver and Full Keyboard Access reach it, the cheapest utterances, switch presses and \
      seconds (auto, manual and step scanning, and point mode), swipes and keys for each action; \
      the findings (rule, severity, fix); and the task evidence matrix. SCENE may be a folder: \
      every .json file in it is reported. Exits 1 when a finding at or above --fail-on exists.
      """,
    arguments: [
      ArgumentSpec("scenes", help: "Scene files or folders of scene files.", isVariadic: true)
    ],
    options: [
      OptionSpec("format", help: "Output format.", choices: Format.allCases.map(\.rawValue), defaultValue: "text"),
      OptionSpec("output", shortName: "o", valueName: "file", help: "Write the report to a file instead of standard output."),
      OptionSpec(
        "fail-on", help: "Exit 1 when a finding of this severity or worse exists ('never': only when a planned path does not replay).",
        choices: thresholds.map(\.0), defaultValue: "error"),
      OptionSpec("baseline", valueName: "file", help: "An earlier JSON report: report only findings not in it."),
      OptionSpec("max-presses", valueName: "count", help: "Switch presses over which a target is a finding.", defaultValue: "20"),
      OptionSpec("max-seconds", valueName: "seconds", help: "Scanning seconds over which a target is a finding.", defaultValue: "30"),
      OptionSpec("max-utterances", valueName: "count", help: "Utterances over which a target is a finding.", defaultValue: "3"),
      OptionSpec(
        "scanning", help: "The scanning style in force (all three are reported).",
        choices: ScanningStyle.allCases.map(\.rawValue), defaultValue: "auto"),
      OptionSpec(
        "tap", help: "Tap behaviour: the menu, Auto Tap or Always Tap.",
        choices: TapBehavior.allCases.map(\.rawValue), defaultValue: "default"),
      OptionSpec("interval", valueName: "seconds", help: "Auto scanning time per item (0.05-60).", defaultValue: "1"),
      OptionSpec("language", help: "The Voice Control language (default: the scene's, else en-US)."),
    ] + SceneFile.inputOptions,
    flags: [FlagSpec("verify", help: "Replay every planned path on the sessions, however many targets (default: screens of up to 400 targets).")])

  static func run(
    _ arguments: ParsedArguments, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) throws -> ExitStatus {
    // Options are checked before any file is read, so a usage error is always 64.
    let configure = try optionsConfiguration(arguments)
    let format = try arguments.choice("format", as: Format.self) ?? .text
    let threshold = try arguments.choice("fail-on", from: thresholds) ?? .error
    let paths = try sceneFiles(arguments.positionals("scenes"), arguments)
    let importer = try SceneFile.importer(arguments)
    let scenes = try paths.map { path throws(SceneError) in try SceneFile.load(path, importer: importer) }
    guard let grammars = GrammarLoader.defaultDirectory() else {
      throw CommandFailure("error: no Grammars directory found; set AXVOICE_GRAMMARS", status: .noInput)
    }
    // One vocabulary per scene, each file read once.
    var loaded: [String: VoiceGrammar] = [:]
    var options: [ReachOptions] = []
    for scene in scenes {
      // An explicit --language must exist (a missing one is 66); only the scene's own language
      // falls back to en-US, as axvoice does.
      var path = GrammarLoader.path(language: arguments.value("language") ?? scene.language, in: grammars)
      if arguments.value("language") == nil, !FileManager.default.fileExists(atPath: path) {
        path = GrammarLoader.path(language: "en-US", in: grammars)
      }
      let vocabulary = try loaded[path] ?? GrammarLoader().load(path: path)
      loaded[path] = vocabulary
      var sceneOptions = ReachOptions(vocabulary: vocabulary)
      configure(&sceneOptions)
      options.append(sceneOptions)
    }
    var baseline: Set<String> = []
    if let file = arguments.value("baseline") { baseline = try Baseline.load(file) }
    let reports = measure(scenes, options: options, baseline: baseline, force: arguments.flag("verify"))
    let built = reports.map(\.0)
    let mismatches = reports.flatMap(\.1)
    let text = render(built, format: format)
    if let file = arguments.value("output") {
      try OutputFile.write(text, to: file)
    } else {
      output.write(text)
    }
    for mismatch in mismatches {
      errors.write("warning: planned path does not replay: \(ReachTextRenderer().safe(mismatch.description))\n")
    }
    guard let threshold else { return mismatches.isEmpty ? .success : .failure }
    let failing = built.contains { !$0.findings(atLeast: threshold).isEmpty }
    return failing || !mismatches.isEmpty ? .failure : .success
  }

  /// Measures every scene, as many at a time as the machine has cores.
  static func measure(
    _ scenes: [Scene], options: [ReachOptions], baseline: Set<String>, force: Bool
  ) -> [(ReachReport, [PathMismatch])] {
    ParallelMap.map(Array(zip(scenes, options)), minimumCount: 2) { scene, options in
      var report = ReachReport(scene: scene, options: options)
      let mismatches = report.verify(scene: scene, force: force)
      report.remove(baseline: baseline)
      return (report, mismatches)
    }
  }

  static func render(_ reports: [ReachReport], format: Format) -> String {
    switch format {
    case .json: ReachJSONRenderer().document(reports).rendered(pretty: true) + "\n"
    case .markdown: ReachMarkdownRenderer().render(reports)
    case .html: ReachHTMLRenderer().render(reports)
    case .junit: ReachJUnitRenderer().render(reports)
    case .sarif: ReachSARIFRenderer().render(reports)
    case .text: ReachTextRenderer().render(reports)
    }
  }

  /// The switch settings and thresholds the options give, as a change to apply to each
  /// scene's options.
  static func optionsConfiguration(_ arguments: ParsedArguments) throws -> @Sendable (inout ReachOptions) -> Void {
    var settings = SwitchSettings()
    settings.scanning = try arguments.choice("scanning", as: ScanningStyle.self) ?? .auto
    settings.tapBehavior = try arguments.choice("tap", as: TapBehavior.self) ?? .default
    let interval = try arguments.double("interval") ?? 1
    guard SwitchSettings.Limits.scanInterval.contains(interval) else {
      throw arguments.invalidValueError(for: "interval", reason: "expected seconds from 0.05 to 60")
    }
    settings.scanInterval = interval
    guard let presses = try arguments.int("max-presses"), presses >= 0 else {
      throw arguments.invalidValueError(for: "max-presses", reason: "expected a whole number, 0 or more")
    }
    guard let seconds = try arguments.double("max-seconds"), seconds >= 0 else {
      throw arguments.invalidValueError(for: "max-seconds", reason: "expected seconds, 0 or more")
    }
    guard let utterances = try arguments.int("max-utterances"), utterances >= 0 else {
      throw arguments.invalidValueError(for: "max-utterances", reason: "expected a whole number, 0 or more")
    }
    let chosen = settings
    return { options in
      options.switchSettings = chosen
      options.maximumPresses = presses
      options.maximumSeconds = seconds
      options.maximumUtterances = utterances
    }
  }

  /// The scene files named: files as given, folders as their `.json` files in name order.
  static func sceneFiles(_ names: [String], _ arguments: ParsedArguments) throws -> [String] {
    guard !names.isEmpty else { throw arguments.usageError("Missing expected argument '<scenes> ...'") }
    var files: [String] = []
    for name in names {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory), isDirectory.boolValue {
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: name) } catch {
          throw CommandFailure("\(ReachTextRenderer().safe(name)): error: the folder can't be read", status: .noInput)
        }
        // Scenes and the dumps the importers read: JSON, XML and XCUITest's text.
        let scenes = entries.filter { [".json", ".xml", ".txt"].contains(where: $0.hasSuffix) }.sorted()
        if scenes.isEmpty {
          throw CommandFailure(
            "\(ReachTextRenderer().safe(name)): error: the folder has no scene or dump files (.json, .xml, .txt)",
            status: .noInput)
        }
        files += scenes.map { (name as NSString).appendingPathComponent($0) }
      } else {
        files.append(name)
      }
    }
    return files
  }
}
