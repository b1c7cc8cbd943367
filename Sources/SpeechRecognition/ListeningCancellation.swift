import Synchronization

/// A flag that stops an ``UtteranceStream`` from another thread or a signal handler's queue.
public final class ListeningCancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Creates a flag that is not cancelled.
  public init() {}

  /// Makes the stream finish after the chunk it is reading.
  public func cancel() {
    flag.store(true, ordering: .releasing)
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    flag.load(ordering: .acquiring)
  }
}
