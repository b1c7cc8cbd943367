import Dispatch
import Foundation

/// Maps a collection on every core, keeping the order.
///
/// The work is cut into a few chunks per core so that uneven items (a target with many actions
/// beside one with none) still keep every core busy; each chunk writes only its own slots.
package enum ParallelMap {
  /// The results of `transform` on every element, in order; fewer than `minimumCount`
  /// elements are mapped on the calling thread.
  package static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], minimumCount: Int = 32, _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    guard elements.count >= max(minimumCount, 2), cores > 1 else { return elements.map(transform) }
    let chunks = min(elements.count, cores * 4)
    let slots = Slots<[Result]>(count: chunks)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let start = elements.count * chunk / chunks
      let end = elements.count * (chunk + 1) / chunks
      slots.set(chunk, elements[start..<end].map(transform))
    }
    return slots.values().flatMap { $0 }
  }

  /// Slots that concurrent work fills by index, read once all of it is done.
  final class Slots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
      lock.lock()
      slots[index] = value
      lock.unlock()
    }

    func values() -> [Value] {
      lock.lock()
      defer { lock.unlock() }
      return slots.compactMap { $0 }
    }
  }
}
