// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "AXInput",
  products: [
    .library(name: "AXModel", targets: ["AXModel"]),
    .executable(name: "axvoice", targets: ["axvoice"]),
    .executable(name: "axswitch", targets: ["axswitch"]),
    .executable(name: "axreach", targets: ["axreach"]),
  ],
  targets: [
    // Core library: the scene model, its loader, the accessibility tree and the scene session.
    // It knows nothing of voice, switches or speech.
    .target(name: "AXModel"),

    // Command-line support: the argument parser, diagnostics and exit statuses.
    .target(name: "CommandLineSupport"),

    // Executables: parse arguments, call the libraries, render, return an exit status.
    .executableTarget(name: "axvoice", dependencies: ["AXModel", "CommandLineSupport"]),
    .executableTarget(name: "axswitch", dependencies: ["AXModel", "CommandLineSupport"]),
    .executableTarget(name: "axreach", dependencies: ["AXModel", "CommandLineSupport"]),

    // Tests
    .testTarget(
      name: "AXModelTests", dependencies: ["AXModel"],
      exclude: ["Golden"]),
    .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"]),
  ]
)
