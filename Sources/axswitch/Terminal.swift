#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The terminal settings before raw mode, restored on every way out (normal exit, Ctrl-C,
/// SIGTERM, and crash signals), and the raw ones, entered again after a stop. A signal
/// handler can only reach global state.
///
/// Both live on the heap, not in globals of type `termios`: Swift 6.3 emits a zero-initialised
/// `termios` global 57 bytes long (its 3 bytes of padding left out) though the type is 60, so
/// `tcgetattr` and every store of the whole struct wrote over the next global (`isRaw`,
/// `isSuspended`); ASan reports it as a global-buffer-overflow (docs/robustness.md).
nonisolated(unsafe) private let savedAttributes = terminalSettingsStorage()
nonisolated(unsafe) private let rawAttributes = terminalSettingsStorage()
nonisolated(unsafe) private var isRaw = false
/// Set by SIGTSTP while the terminal is given back for the stop, so SIGCONT knows to take it
/// again; a scan that has ended must not.
nonisolated(unsafe) private var isSuspended = false
/// Set by SIGCONT: the shell has drawn over the screen, so the scan must redraw it.
nonisolated(unsafe) private var needsRedraw: sig_atomic_t = 0
/// When the last stop began, and how long all stops lasted, in milliseconds.
nonisolated(unsafe) private var stoppedAt = 0
nonisolated(unsafe) private var stoppedFor = 0

/// Storage for one `termios`, initialised; allocated once, before any handler can run.
private func terminalSettingsStorage() -> UnsafeMutablePointer<termios> {
  let storage = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  storage.initialize(to: termios())
  return storage
}

/// Writes a constant string to the terminal. Async-signal-safe.
private func writeRaw(_ text: StaticString) {
  _ = write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
}

/// Puts the terminal back: cooked mode, main screen, visible cursor. Async-signal-safe.
private func restoreTerminal() {
  guard isRaw else { return }
  isRaw = false
  _ = tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
  writeRaw("\u{1B}[?25h\u{1B}[?1049l")
}

/// Ctrl-Z: gives the shell its terminal back (cooked mode, main screen, cursor), then stops
/// as SIGTSTP does by default; when continued, SIGCONT takes the terminal again.
private func handleStop(_ signal: Int32) {
  let wasRaw = isRaw
  restoreTerminal()
  isSuspended = wasRaw
  stoppedAt = Terminal.monotonicMilliseconds()
  _ = Glibc.signal(SIGTSTP, SIG_DFL)
  // The handler runs with SIGTSTP blocked; unblocked, the raised one stops the process here.
  var mask = sigset_t()
  sigemptyset(&mask)
  sigaddset(&mask, SIGTSTP)
  _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
  _ = raise(SIGTSTP)
  _ = Glibc.signal(SIGTSTP, handleStop)
}

/// `fg` (or any SIGCONT): raw mode and the scan's screen again, and a redraw. Also after a
/// SIGSTOP, which no handler sees, since the shell resets the terminal on every stop.
private func handleContinue(_ signal: Int32) {
  guard isSuspended || isRaw else { return }
  if isSuspended {
    stoppedFor += Terminal.monotonicMilliseconds() - stoppedAt
    isSuspended = false
  }
  _ = tcsetattr(STDIN_FILENO, TCSANOW, rawAttributes)
  isRaw = true
  writeRaw("\u{1B}[?1049h\u{1B}[?25l")
  needsRedraw = 1
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
  /// screen, with handlers that restore the terminal on SIGINT, SIGTERM, SIGHUP and crashes,
  /// and that give it back on Ctrl-Z (SIGTSTP) and take it again on `fg` (SIGCONT).
  static func enterRawMode() -> Bool {
    guard tcgetattr(STDIN_FILENO, savedAttributes) == 0 else { return false }
    var raw = savedAttributes.pointee
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 0
      bytes[Int(VTIME)] = 0
    }
    rawAttributes.pointee = raw
    // Set here, outside any handler, so no handler is the first to touch these globals.
    isSuspended = false
    needsRedraw = 0
    stoppedAt = 0
    stoppedFor = 0
    let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    // A parent may have left these blocked (test runners do); the handlers must run.
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in signals {
      _ = Glibc.signal(signal, handleSignal)
      sigaddset(&mask, signal)
    }
    _ = Glibc.signal(SIGTSTP, handleStop)
    _ = Glibc.signal(SIGCONT, handleContinue)
    sigaddset(&mask, SIGTSTP)
    sigaddset(&mask, SIGCONT)
    _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    atexit { restoreTerminal() }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
    isRaw = true
    write("\u{1B}[?1049h\u{1B}[?25l")
    return true
  }

  /// Leaves raw mode; a later SIGCONT leaves the terminal alone.
  static func leaveRawMode() {
    isSuspended = false
    restoreTerminal()
  }

  /// Whether the screen must be drawn again in full (after a stop), clearing the request.
  static func takeRedrawRequest() -> Bool {
    guard needsRedraw != 0 else { return false }
    needsRedraw = 0
    return true
  }

  /// Milliseconds on the monotonic clock minus the time spent stopped, so the scan resumes
  /// where it was rather than jumping ahead by the length of the stop.
  static func runningMilliseconds() -> Int {
    monotonicMilliseconds() - stoppedFor
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
