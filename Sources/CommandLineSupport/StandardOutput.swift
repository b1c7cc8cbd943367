#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#elseif canImport(ucrt)
  @preconcurrency import ucrt
#endif

/// A text stream that writes to the process's standard output.
///
/// Writes go through the C library's `stdout` buffer, the same one `print`
/// uses, so output from both appears in order. The buffer is flushed when the
/// process ends through ``ExitStatus/exit()`` or ``CommandLineTool/main()``,
/// and whenever ``flush()`` is called.
///
/// ```swift
/// var output = StandardOutput()
/// print("hello", to: &output)
/// ```
public struct StandardOutput: TextOutputStream, Sendable {
  /// Creates a stream that writes to standard output.
  public init() {}

  /// Appends `string` to standard output.
  public mutating func write(_ string: String) {
    StandardStream.write(string, to: stdout)
  }

  /// Writes any buffered output to the terminal or pipe now.
  public func flush() {
    fflush(stdout)
  }
}

/// A text stream that writes to the process's standard error.
///
/// Standard error is unbuffered, so diagnostics appear immediately, even when
/// the process later crashes.
///
/// ```swift
/// var errors = StandardError()
/// print("Error: no such scene", to: &errors)
/// ```
public struct StandardError: TextOutputStream, Sendable {
  /// Creates a stream that writes to standard error.
  public init() {}

  /// Appends `string` to standard error.
  public mutating func write(_ string: String) {
    StandardStream.write(string, to: stderr)
  }
}

/// The shared writing routine of ``StandardOutput`` and ``StandardError``.
private enum StandardStream {
  /// Writes the UTF-8 bytes of `string`, including any NUL characters.
  static func write(_ string: String, to file: UnsafeMutablePointer<FILE>?) {
    guard let file, !string.isEmpty else { return }
    var text = string
    text.withUTF8 { bytes in
      _ = fwrite(bytes.baseAddress, 1, bytes.count, file)
    }
  }
}
