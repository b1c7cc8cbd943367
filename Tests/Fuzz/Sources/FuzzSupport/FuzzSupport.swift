import CLibFuzzer
import Foundation

/// What every fuzz target shares: turning libFuzzer's buffer into bytes, and finding the
/// checkout's `Scenes/` and `Grammars/` for the fixed inputs some targets run against.
public enum FuzzSupport {
  /// The bytes libFuzzer passes, copied: the loaders take `[UInt8]`, and a copy also keeps a
  /// loader from holding on to libFuzzer's buffer after the call.
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Loads a target's fixed inputs (a scene, a grammar) without LeakSanitizer reporting
  /// them at exit; call it before ``run(_:_:_:)``, not inside a run, where they would also
  /// count as the first input's allocations.
  public static func fixed<T>(_ load: () -> T) -> T {
    axfuzz_ignore_leaks_begin()
    defer { axfuzz_ignore_leaks_end() }
    return load()
  }

  /// Runs libFuzzer on `callback` with the process's arguments (`-max_total_time`, a corpus
  /// folder, a crash file to replay, ...): the body of each target's `<Target>_main`, which
  /// SwiftPM makes the program's `main`.
  public static func run(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
  }

  /// The checkout root: `AXINPUT_ROOT` if set, else four folders above this file, so a
  /// binary built from this checkout runs from any working directory.
  public static let root: String = {
    if let explicit = ProcessInfo.processInfo.environment["AXINPUT_ROOT"], !explicit.isEmpty {
      return explicit
    }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
  }()

  /// A file of the checkout, by its path from the root.
  public static func path(_ relative: String) -> String {
    (root as NSString).appendingPathComponent(relative)
  }

  /// Stops the run when a fixed input is missing: fuzzing against nothing would report a
  /// clean run that tested nothing.
  public static func require<T>(_ value: T?, _ what: String) -> T {
    guard let value else {
      FileHandle.standardError.write(Data("fuzz: cannot load \(what) (set AXINPUT_ROOT)\n".utf8))
      exit(2)
    }
    return value
  }
}
