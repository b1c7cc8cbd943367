import AXTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Findings of the fuzzing and sanitizer runs (docs/robustness.md) in code only the built
/// tools contain, kept so that they stay fixed.
@Suite struct FuzzRegressionTests {
  /// `swift test --sanitize=address`: a global-buffer-overflow at `tcgetattr` in
  /// `axswitch`'s Terminal.swift. Swift 6.3 emits a zero-initialised global of the imported
  /// `termios` 57 bytes long, its padding left out, though the type is 60 bytes; a debug
  /// build placed `isRaw` and `isSuspended` in the last 3, so every store of the raw settings
  /// overwrote them. No `termios` may be a global of the tools; read from the symbol table,
  /// since the overlap corrupts silently without ASan.
  @Test("no built tool keeps a termios in a global, where it overlaps the next one")
  func noTermiosGlobals() throws {
    #if canImport(Glibc)
      let size = MemoryLayout<termios>.size
    #else
      let size = 60
    #endif
    for tool in ["axswitch", "axvoice", "axreach"] {
      let binary = builtExecutable(tool)
      try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(tool) is not built")
      let output = try runTool("nm", ["--defined-only", "--numeric-sort", binary.path])
      try #require(output.status == 0, "nm failed: \(output.standardError)")
      // Data symbols in address order: a global's extent is up to the next one.
      let symbols: [(address: UInt64, name: String)] = output.standardOutput.split(separator: "\n")
        .compactMap { line in
          let fields = line.split(separator: " ", maxSplits: 2)
          guard fields.count == 3, "bBdD".contains(fields[1]),
            let address = UInt64(fields[0], radix: 16)
          else { return nil }
          return (address, String(fields[2]))
        }
      for (offset, symbol) in symbols.enumerated() where symbol.name.hasSuffix("So7termiosVvp") {
        let next = symbols.dropFirst(offset + 1).first { $0.address > symbol.address }
        let room = next.map { Int($0.address - symbol.address) } ?? size
        #expect(room >= size, "\(tool): \(symbol.name) has \(room) bytes before \(next?.name ?? "")")
      }
    }
  }
}
