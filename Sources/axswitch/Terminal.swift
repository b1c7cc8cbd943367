#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The terminal settings before raw mode, restored on every way out (normal exit, Ctrl-C,
/// SIGTERM, and crash signals). A signal handler can only reach global state.
nonisolated(unsafe) private var savedAttributes = termios()
nonisolated(unsafe) private var isRaw = false

/// Puts the terminal back: cooked mode, main screen, visible cursor. Async-signal-safe.
private func restoreTerminal() {
  guard isRaw else { return }
  isRaw = false
  _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedAttributes)
  let reset = "\u{1B}[?25h\u{1B}[?1049l"
  _ = reset.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
}

/// Restores the terminal, then lets the signal do what it does by default.
private func handleSignal(_ signal: Int32) {
  restoreTerminal()
  _ = Glibc.signal(signal, SIG_DFL)
  _ = raise(signal)
}

/// Raw keyboard input on the controlling terminal.
enum Terminal {
  /// Whether standard input and output are both a terminal.
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Enters raw mode (no line buffering, no echo; Ctrl-C still signals) on the alternate
  /// screen, with handlers that restore the terminal on SIGINT, SIGTERM, SIGHUP and crashes.
  static func enterRawMode() -> Bool {
    guard tcgetattr(STDIN_FILENO, &savedAttributes) == 0 else { return false }
    var raw = savedAttributes
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 0
      bytes[Int(VTIME)] = 0
    }
    let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    // A parent may have left these blocked (test runners do); the handlers must run.
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in signals {
      _ = Glibc.signal(signal, handleSignal)
      sigaddset(&mask, signal)
    }
    _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    atexit { restoreTerminal() }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
    isRaw = true
    write("\u{1B}[?1049h\u{1B}[?25l")
    return true
  }

  /// Leaves raw mode.
  static func leaveRawMode() {
    restoreTerminal()
  }

  /// Writes text straight to the terminal.
  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Glibc.write(STDOUT_FILENO, $0.baseAddress.map { $0 + offset }, $0.count - offset)
      }
      if written <= 0 { break }
      offset += written
    }
  }

  /// Waits up to `milliseconds` for input and returns the bytes read (empty on timeout).
  static func read(timeout milliseconds: Int) -> [UInt8] {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(max(0, milliseconds))) > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, 64) }
    return count > 0 ? Array(buffer[0..<count]) : [4]
  }

  /// Milliseconds on a monotonic clock.
  static func monotonicMilliseconds() -> Int {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int(spec.tv_sec) * 1000 + Int(spec.tv_nsec) / 1_000_000
  }
}
