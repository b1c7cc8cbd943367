// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "AXInput",
  products: [
    .library(name: "AXModel", targets: ["AXModel"]),
    .library(name: "VoiceControl", targets: ["VoiceControl"]),
    .library(name: "SwitchControl", targets: ["SwitchControl"]),
    .library(name: "Reachability", targets: ["Reachability"]),
    .library(name: "Importing", targets: ["Importing"]),
    .executable(name: "axvoice", targets: ["axvoice"]),
    .executable(name: "axswitch", targets: ["axswitch"]),
    .executable(name: "axreach", targets: ["axreach"]),
    .executable(name: "speech-benchmark", targets: ["SpeechBenchmark"]),
    .executable(name: "voice-benchmark", targets: ["VoiceBenchmark"]),
  ],
  targets: [
    // Core library: the scene model, its loader, the accessibility tree and the scene session.
    // It knows nothing of voice, switches or speech.
    .target(name: "AXModel"),

    // Importers of real accessibility dumps (idb, WebDriverAgent, XCUITest, uiautomator) into
    // scenes.
    .target(name: "Importing", dependencies: ["AXModel"]),

    // Fronts over the core.
    .target(name: "VoiceControl", dependencies: ["AXModel"]),
    .target(name: "SwitchControl", dependencies: ["AXModel"]),

    // Reachability: every target of a scene through every front, with findings and reports.
    .target(name: "Reachability", dependencies: ["AXModel", "VoiceControl", "SwitchControl"]),

    // Speech: PocketSphinx (a system library) and the recognizer, its only importer.
    .systemLibrary(
      name: "CPocketSphinx", pkgConfig: "pocketsphinx",
      providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev"])]),
    .target(name: "SpeechRecognition", dependencies: ["CPocketSphinx"]),
    // Speech to voice commands: a recognizer's results handed to a voice session, as
    // `axvoice listen` and the speech benchmarks do, so that the recognizer and the Voice
    // Control front need not know each other.
    .target(name: "SpokenCommands", dependencies: ["SpeechRecognition", "VoiceControl"]),
    .executableTarget(
      name: "SpeechBenchmark", dependencies: ["SpeechRecognition", "SpokenCommands", "VoiceControl", "AXModel"],
      path: "Benchmarks/speech/SpeechBenchmark"),
    .executableTarget(
      name: "VoiceBenchmark", dependencies: ["AXModel", "VoiceControl"],
      path: "Benchmarks/voice/VoiceBenchmark"),

    // Command-line support: the argument parser, diagnostics and exit statuses.
    .target(name: "CommandLineSupport", dependencies: ["AXModel", "Importing"]),

    // Executables: parse arguments, call the libraries, render, return an exit status.
    .executableTarget(
      name: "axvoice",
      dependencies: [
        "AXModel", "VoiceControl", "CommandLineSupport", "SpeechRecognition", "SpokenCommands", "Importing",
      ]),
    .executableTarget(
      name: "axswitch", dependencies: ["AXModel", "SwitchControl", "CommandLineSupport", "Importing"]),
    .executableTarget(
      name: "axreach",
      dependencies: ["AXModel", "Reachability", "VoiceControl", "SwitchControl", "CommandLineSupport", "Importing"]),

    // Tests
    .target(name: "AXTestSupport", path: "Tests/AXTestSupport"),
    .testTarget(
      name: "AXModelTests", dependencies: ["AXModel", "AXTestSupport"], exclude: ["Golden"]),
    .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "AXModel"]),
    .testTarget(
      name: "ImportingTests", dependencies: ["Importing", "AXModel", "AXTestSupport"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(
      name: "VoiceControlTests", dependencies: ["VoiceControl", "AXModel", "AXTestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "SwitchControlTests", dependencies: ["SwitchControl", "AXModel", "AXTestSupport"],
      exclude: ["Golden", "Fixtures"]),
    .testTarget(
      name: "ReachabilityTests",
      dependencies: ["Reachability", "AXModel", "VoiceControl", "SwitchControl", "AXTestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "CLITests", dependencies: ["AXModel", "AXTestSupport"], exclude: ["Golden"]),
    .testTarget(
      name: "SpeechRecognitionTests", dependencies: ["SpeechRecognition", "AXTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "SpokenCommandsTests",
      dependencies: ["SpokenCommands", "SpeechRecognition", "VoiceControl", "AXModel", "AXTestSupport"]),
  ]
)
