/// The virtual clock's time arithmetic: whole milliseconds, printed as seconds.
///
/// Conversions and sums saturate instead of trapping: a duration is clamped to
/// ±``longestDuration``, which leaves room to add thousands of them to a time without
/// overflowing `Int`. Validated settings never come near the bound; it is a backstop for
/// library callers and for extreme geometry (a sweep across a screen 10^308 points wide).
public enum SwitchClock {
  /// The longest duration the clock represents: 10^15 ms, about 31,700 years.
  public static let longestDuration = 1_000_000_000_000_000

  /// Milliseconds as seconds text with up to three decimals and no trailing zeros.
  public static func seconds(_ milliseconds: Int) -> String {
    let whole = milliseconds / 1000
    let fraction = milliseconds % 1000
    guard fraction != 0 else { return String(whole) }
    var digits = String(abs(fraction))
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    let sign = milliseconds < 0 && whole == 0 ? "-" : ""
    return "\(sign)\(whole).\(digits)"
  }

  /// A number of milliseconds rounded to the nearest whole one, clamped to
  /// ±``longestDuration``; NaN is 0.
  public static func milliseconds(
    _ value: Double, rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
  ) -> Int {
    guard !value.isNaN else { return 0 }
    let limit = Double(longestDuration)
    return Int(min(max(value.rounded(rule), -limit), limit))
  }

  /// `time + duration`, saturating at `Int`'s bounds.
  public static func adding(_ time: Int, _ duration: Int) -> Int {
    let (sum, overflow) = time.addingReportingOverflow(duration)
    guard overflow else { return sum }
    return duration > 0 ? Int.max : Int.min
  }

  /// `count * duration`, saturating at `Int`'s bounds.
  public static func multiplying(_ count: Int, _ duration: Int) -> Int {
    let (product, overflow) = count.multipliedReportingOverflow(by: duration)
    guard overflow else { return product }
    return (count < 0) == (duration < 0) ? Int.max : Int.min
  }
}
