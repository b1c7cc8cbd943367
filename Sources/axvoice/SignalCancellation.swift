import Dispatch
import Foundation
import SpeechRecognition
import Synchronization

/// Turns SIGINT (Ctrl-C) and SIGTERM into a cancellation of the listening session.
///
/// The default handlers are replaced by dispatch sources, so the session's loop finishes the
/// utterance in progress, writes the last log event and exits with status 0. A second signal
/// ends the process at once (status 130), for a device that never returns.
final class SignalCancellation {
  /// The signal received first, 0 before one arrived; shared with the handlers.
  private final class Record: Sendable {
    let signal = Atomic<Int32>(0)
  }

  /// Cancelled when the first signal arrives.
  let cancellation = ListeningCancellation()
  private let record = Record()
  private var sources: [any DispatchSourceSignal] = []

  /// Installs the handlers; they stay until the process ends.
  init() {
    let cancellation = self.cancellation
    let record = self.record
    // A parent may hand down a mask with these signals blocked (Foundation's Process does on
    // Linux); blocked, they would never reach the handlers below.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        let (exchanged, _) = record.signal.compareExchange(
          expected: 0, desired: number, ordering: .acquiringAndReleasing)
        if !exchanged { _exit(130) }
        cancellation.cancel()
      }
      source.resume()
      sources.append(source)
    }
  }

  /// The name of the signal that ended the session, or `nil` if none arrived.
  var signalName: String? {
    switch record.signal.load(ordering: .acquiring) {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    default: nil
    }
  }
}
