// swift-tools-version: 6.0
// libFuzzer targets for AXInput's parsers. A package of its own so that the main package's
// `swift build` and `swift test` never build them: they only link with
// `-sanitize=fuzzer`, which the ordinary build does not pass. `make fuzz` builds and runs them;
// docs/robustness.md says what each covers.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so the checkout's folder name (not
// "AXInput") is what the products below must say.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../..").standardizedFileURL
let axinput = root.lastPathComponent

/// One fuzz target: an executable whose only entry point is libFuzzer's
/// `LLVMFuzzerTestOneInput`, so it has no `main` of its own (`-parse-as-library`).
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: name,
    dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: axinput) },
    swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
  name: "AXInputFuzz",
  products: [
    .executable(name: "FuzzSceneLoader", targets: ["FuzzSceneLoader"]),
    .executable(name: "FuzzGrammarLoader", targets: ["FuzzGrammarLoader"]),
    .executable(name: "FuzzKeyScript", targets: ["FuzzKeyScript"]),
    .executable(name: "FuzzUtterance", targets: ["FuzzUtterance"]),
    .executable(name: "FuzzImporter", targets: ["FuzzImporter"]),
  ],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(name: "CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
    fuzzTarget("FuzzSceneLoader", ["AXModel", "SwitchControl"]),
    fuzzTarget("FuzzGrammarLoader", ["AXModel", "VoiceControl"]),
    fuzzTarget("FuzzKeyScript", ["AXModel", "SwitchControl"]),
    fuzzTarget("FuzzUtterance", ["AXModel", "VoiceControl"]),
    fuzzTarget("FuzzImporter", ["AXModel", "Importing"]),
  ]
)
