import AXModel
import CommandLineSupport
import Foundation
import Reachability
import SwitchControl
import VoiceControl

/// `axreach report`: the reachability report of one or more scenes.
enum ReportCommand {
  static let formats = ["text", "json", "markdown", "html", "junit", "sarif"]

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
      OptionSpec("format", help: "Output format.", choices: formats, defaultValue: "text"),
      OptionSpec("output", shortName: "o", valueName: "file", help: "Write the report to a file instead of standard output."),
      OptionSpec(
        "fail-on", help: "Exit 1 when a finding of this severity or worse exists ('never': only when a planned path does not replay).",
        choices: ["error", "warning", "note", "never"], defaultValue: "error"),
      OptionSpec("baseline", valueName: "file", help: "An earlier JSON report: report only findings not in it."),
      OptionSpec("max-presses", valueName: "count", help: "Switch presses over which a target is a finding.", defaultValue: "20"),
      OptionSpec("max-seconds", valueName: "seconds", help: "Scanning seconds over which a target is a finding.", defaultValue: "30"),
      OptionSpec("max-utterances", valueName: "count", help: "Utterances over which a target is a finding.", defaultValue: "3"),
      OptionSpec(
        "scanning", help: "The scanning style in force (all three are reported).",
        choices: ["auto", "manual", "step"], defaultValue: "auto"),
      OptionSpec(
        "tap", help: "Tap behaviour: the menu, Auto Tap or Always Tap.",
        choices: ["default", "auto", "always"], defaultValue: "default"),
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
    let files = try sceneFiles(arguments.positionals("scenes"), arguments, errors: &errors)
    guard case .success(let paths) = files else {
      if case .failure(let status) = files { return status }
      return .noInput
    }
    let importer = try SceneFile.importer(arguments)
    var scenes: [Scene] = []
    for path in paths {
      switch SceneFile.load(path, errors: &errors, importer: importer) {
      case .success(let scene): scenes.append(scene)
      case .failure(let failure): return failure.status
      }
    }
    guard let grammars = GrammarLoader.defaultDirectory() else {
      errors.write("error: no Grammars directory found; set AXVOICE_GRAMMARS\n")
      return .noInput
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
      if loaded[path] == nil {
        do { loaded[path] = try GrammarLoader().load(path: path) } catch {
          errors.write("\(error)\n")
          return SceneFile.exitStatus(for: error)
        }
      }
      guard let vocabulary = loaded[path] else { return .noInput }
      var sceneOptions = ReachOptions(vocabulary: vocabulary)
      configure(&sceneOptions)
      options.append(sceneOptions)
    }
    var baseline: Set<String> = []
    if let file = arguments.value("baseline") {
      switch Baseline.load(file) {
      case .success(let fingerprints): baseline = fingerprints
      case .failure(let failure):
        errors.write("\(failure.message)\n")
        return failure.status
      }
    }
    let reports = measure(scenes, options: options, baseline: baseline, force: arguments.flag("verify"))
    let built = reports.map(\.0)
    let mismatches = reports.flatMap(\.1)
    let text = render(built, format: arguments.value("format") ?? "text")
    if let file = arguments.value("output") {
      guard OutputFile.write(text, to: file, errors: &errors) else { return .failure }
    } else {
      output.write(text)
    }
    for mismatch in mismatches {
      errors.write("warning: planned path does not replay: \(ReachTextRenderer().safe(mismatch.description))\n")
    }
    let failOn = arguments.value("fail-on") ?? "error"
    guard let threshold = Severity(rawValue: failOn) else { return mismatches.isEmpty ? .success : .failure }
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

  static func render(_ reports: [ReachReport], format: String) -> String {
    switch format {
    case "json": return ReachJSONRenderer().document(reports).rendered(pretty: true) + "\n"
    case "markdown": return ReachMarkdownRenderer().render(reports)
    case "html": return ReachHTMLRenderer().render(reports)
    case "junit": return ReachJUnitRenderer().render(reports)
    case "sarif": return ReachSARIFRenderer().render(reports)
    default: return ReachTextRenderer().render(reports)
    }
  }

  /// The switch settings and thresholds the options give, as a change to apply to each
  /// scene's options.
  static func optionsConfiguration(_ arguments: ParsedArguments) throws -> @Sendable (inout ReachOptions) -> Void {
    var settings = SwitchSettings()
    settings.scanning = ScanningStyle(rawValue: arguments.value("scanning") ?? "auto") ?? .auto
    settings.tapBehavior = TapBehavior(rawValue: arguments.value("tap") ?? "default") ?? .default
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
  static func sceneFiles(
    _ names: [String], _ arguments: ParsedArguments, errors: inout some TextOutputStream
  ) throws -> SceneFiles {
    guard !names.isEmpty else { throw arguments.usageError("Missing expected argument '<scenes> ...'") }
    var files: [String] = []
    for name in names {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory), isDirectory.boolValue {
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: name) } catch {
          errors.write("\(ReachTextRenderer().safe(name)): error: the folder can't be read\n")
          return .failure(.noInput)
        }
        // Scenes and the dumps the importers read: JSON, XML and XCUITest's text.
        let scenes = entries.filter { [".json", ".xml", ".txt"].contains(where: $0.hasSuffix) }.sorted()
        if scenes.isEmpty {
          errors.write("\(ReachTextRenderer().safe(name)): error: the folder has no scene or dump files (.json, .xml, .txt)\n")
          return .failure(.noInput)
        }
        files += scenes.map { (name as NSString).appendingPathComponent($0) }
      } else {
        files.append(name)
      }
    }
    return .success(files)
  }
}

/// The scene files named on the command line, or the status to exit with.
enum SceneFiles {
  case success([String])
  case failure(ExitStatus)
}
