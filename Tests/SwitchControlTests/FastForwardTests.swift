import AXModel
import AXTestSupport
import Foundation
@testable import SwitchControl
import Testing

/// The scanner's state, as text to compare.
func scannerState(_ scanner: SwitchScanner) -> String {
  [
    "now \(scanner.now)", "mode \(scanner.mode)", "groups \(scanner.groupPath)",
    "index \(String(describing: scanner.index))", "menu \(String(describing: scanner.menu))",
    "highlightStart \(scanner.highlightStart)", "loops \(scanner.loopsDone)",
    "dwell \(scanner.isDwellArmed)", "lastPress \(scanner.lastPress)",
    "pending \(String(describing: scanner.pendingTap))", "highlight \(scanner.highlight)",
  ].joined(separator: ", ")
}

/// Lets time pass as the scanner did before runs of moves were fast-forwarded: every event
/// fired on its own.
func advanceOneByOne(_ scanner: inout SwitchScanner, to time: Int) {
  var events = 0
  while let due = scanner.nextEventTime(), due <= time, events < SwitchScanner.eventLimit {
    scanner.now = max(scanner.now, due)
    scanner.fireEvent()
    events += 1
  }
  scanner.now = max(scanner.now, time)
}

@Suite struct FastForwardTests {
  func longScanner(_ configure: (inout SwitchSettings) -> Void = { _ in }) throws -> SwitchScanner {
    var settings = SwitchSettings()
    settings.scanInterval = 0.05
    settings.firstItemPause = 0.03
    settings.loops = 3
    configure(&settings)
    let scene = try SceneLoader().load(text: longListScene(count: 300))
    return SwitchScanner(session: SceneSession(scene: scene), settings: settings)
  }

  @Test("waits of every length leave the scanner as firing each move in turn does", arguments: [1, 2, 3])
  func matchesOneByOne(seed: UInt64) throws {
    var fast = try longScanner()
    var slow = fast
    var random = SeededRandom(seed: seed)
    var longestRun = 0
    for _ in 0..<150 {
      switch random.next(upTo: 10) {
      case 0:
        // Select enters the highlighted group (or restarts a stopped scan, or opens the menu).
        let step = fast.handle(.press(.select))
        let reference = slow.handle(.press(.select))
        #expect(step == reference)
      case 1:
        _ = fast.handle(.press(.escape))
        _ = slow.handle(.press(.escape))
      default:
        let milliseconds = random.next(upTo: 12_000)
        let step = fast.handle(.wait(milliseconds: milliseconds))
        slow.record = SwitchScanner.StepRecord()
        advanceOneByOne(&slow, to: slow.now + milliseconds)
        #expect(step.automaticMoves == slow.record.automaticMoves)
        #expect(step.notes == slow.record.notes)
        #expect(fast.record == slow.record)
        longestRun = max(longestRun, step.automaticMoves)
      }
      #expect(scannerState(fast) == scannerState(slow))
    }
    // The waits did run long stretches of moves at once.
    #expect(longestRun > 100)
  }

  @Test("one wait through every loop of a level stops the scan as one move at a time does")
  func throughTheLoops() throws {
    var fast = try longScanner()
    var slow = fast
    let step = fast.handle(.wait(milliseconds: 3_600_000))
    advanceOneByOne(&slow, to: 3_600_000)
    #expect(scannerState(fast) == scannerState(slow))
    #expect(step.automaticMoves == slow.record.automaticMoves)
    #expect(step.notes == ["scanning stopped after 3 loops"])
    #expect(fast.highlight == .none)
  }

  @Test("a run of moves is applied at once, stops before the wrap and keeps to its limit")
  func runs() throws {
    var scanner = try longScanner()
    let count = scanner.levelCount
    let moves = scanner.fastForward(to: 1_000_000, limit: .max)
    // Every move but the wrapping one, from the first position.
    #expect(moves == count - 1)
    #expect(scanner.index == count - 1)
    #expect(scanner.loopsDone == 0)
    #expect(scanner.highlightStart == 80 + (count - 2) * 50)
    #expect(scanner.fastForward(to: 1_000_000, limit: .max) == 0)
    var limited = try longScanner()
    #expect(limited.fastForward(to: 1_000_000, limit: 5) == 5)
    #expect(limited.index == 5)
    // Not due yet: the first position rests 80 ms.
    var early = try longScanner()
    #expect(early.fastForward(to: 79, limit: .max) == 0)
    #expect(early.fastForward(to: 80, limit: .max) == 1)
  }

  @Test("nothing is fast-forwarded in manual or step scanning, in the menu or while a tap waits")
  func onlyAutoItemScanning() throws {
    var manual = try longScanner { $0.scanning = .manual }
    #expect(manual.fastForward(to: 1_000_000, limit: .max) == 0)
    var step = try longScanner { $0.scanning = .step }
    _ = step.handle(.press(.next))
    #expect(step.fastForward(to: 1_000_000, limit: .max) == 0)
    var menu = try longScanner()
    _ = menu.handle(.press(.select))
    _ = menu.handle(.press(.select))
    #expect(menu.menu != nil)
    #expect(menu.fastForward(to: 1_000_000, limit: .max) == 0)
    var pending = try longScanner { $0.tapBehavior = .auto }
    _ = pending.handle(.press(.select))
    _ = pending.handle(.press(.select))
    #expect(pending.pendingTap != nil)
    #expect(pending.fastForward(to: 1_000_000, limit: .max) == 0)
  }

  @Test("the arrival time of each position is when firing moves one at a time reaches it")
  func arrivalTimes() throws {
    for entersGroup in [false, true] {
      var start = try longScanner()
      if entersGroup { _ = start.handle(.press(.select)) }
      #expect(start.groupPath.count == (entersGroup ? 1 : 0))
      var probe = start
      for target in 0..<start.levelCount {
        while probe.index != target {
          guard let due = probe.nextEventTime() else { break }
          advanceOneByOne(&probe, to: due)
        }
        #expect(start.arrivalTime(atPosition: target) == probe.now, "position \(target)")
      }
      // Behind the highlight, only a wrap gets there: left to probing.
      _ = start.handle(.wait(milliseconds: 500))
      #expect(start.arrivalTime(atPosition: 0) == nil)
    }
  }
}
