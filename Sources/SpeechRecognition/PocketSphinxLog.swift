import CPocketSphinx
import Foundation
import Synchronization

/// Where PocketSphinx writes its log.
///
/// PocketSphinx logs a page of configuration and timing lines for every decoder and utterance.
/// That output never goes to standard output: by default it is discarded, and the last warning
/// is kept to explain a failing call.
public enum RecognizerLog: Sendable, Equatable {
  /// Drops the log (the default).
  case discard
  /// Writes the log to standard error, for a verbose flag.
  case standardError
  /// Appends the log to a file.
  case file(String)
}

/// The process-wide PocketSphinx log sink.
///
/// The library's log callback is global, so there is one sink for the process. Decoders created
/// with different destinations share it; the last one set wins.
final class PocketSphinxLog: Sendable {
  /// The shared sink.
  static let shared = PocketSphinxLog()

  /// The destination and the C sink; only touched with the lock held.
  private struct State: @unchecked Sendable {
    var destination: RecognizerLog?
    var openedFile: UnsafeMutablePointer<FILE>?
    // The C sink outlives every decoder; it is allocated once and never freed.
    let sink: UnsafeMutablePointer<axps_log_sink>
  }

  private let state: Mutex<State>

  private init() {
    let sink = UnsafeMutablePointer<axps_log_sink>.allocate(capacity: 1)
    sink.initialize(to: axps_log_sink())
    axps_route_log(sink)
    state = Mutex(State(destination: nil, openedFile: nil, sink: sink))
  }

  /// Sends the log to `destination`.
  ///
  /// The corresponding C function is `err_set_callback`.
  func route(to destination: RecognizerLog) throws(RecognizerError) {
    let result: Result<Void, RecognizerError> = state.withLock { state in
      guard state.destination != destination else { return .success(()) }
      var newFile: UnsafeMutablePointer<FILE>?
      switch destination {
      case .discard:
        newFile = nil
      case .standardError:
        newFile = axps_standard_error()
      case .file(let path):
        guard let file = fopen(path, "a") else {
          let reason = String(cString: strerror(errno))
          return .failure(
            RecognizerError(
              .invalidConfiguration, "log file '\(path)'", function: "fopen", log: reason))
        }
        newFile = file
      }
      state.sink.pointee.file = newFile
      axps_route_log(state.sink)
      if let old = state.openedFile {
        fclose(old)
      }
      if case .file = destination {
        state.openedFile = newFile
      } else {
        state.openedFile = nil
      }
      state.destination = destination
      return .success(())
    }
    try result.get()
  }

  /// Forgets the last logged warning, before a call whose failure should be explained.
  func clearLastError() {
    state.withLock { $0.sink.pointee.last_error.0 = 0 }
  }

  /// The last warning or error PocketSphinx logged, or `nil`.
  var lastError: String? {
    let text = state.withLock { state in
      withUnsafePointer(to: &state.sink.pointee.last_error) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: 1024) { String(cString: $0) }
      }
    }
    return text.isEmpty ? nil : text
  }
}
