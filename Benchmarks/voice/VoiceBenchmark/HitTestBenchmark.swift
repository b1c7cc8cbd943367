// Hit-testing benchmark (`voice-benchmark hittest COUNT [POINTS]`, run by Benchmarks/hittest/run):
// points per second through `HitTestIndex` on the generated scene of COUNT buttons, beside
// the tree's own hit test, which looks at every element, on the same points.
//
// It lives in this executable because a benchmark of its own would need a new product in
// Package.swift; the voice benchmark already builds the scene it needs.
import AXModel
import Foundation

/// Seeded points over the screen, the same every run: a 64-bit linear congruential generator
/// (Knuth's MMIX constants), so no platform's random numbers change the figures.
func seededPoints(_ count: Int, within screen: Size) -> [Point] {
  var state: UInt64 = 0x5EED
  func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
  return (0..<count).map { _ in Point(x: next() * screen.width, y: next() * screen.height) }
}

/// Hit-tests the points `passes` times, returning the best pass's points per second and how
/// many points hit an element (so the work cannot be optimised away, and both sides agree).
func pointsPerSecond(_ points: [Point], passes: Int, _ hit: (Point) -> AXElement?) -> (rate: Double, hits: Int) {
  let clock = ContinuousClock()
  var best = Double.infinity
  var hits = 0
  for _ in 0..<passes {
    hits = 0
    let start = clock.now
    for point in points where hit(point) != nil { hits += 1 }
    best = min(best, microseconds(clock.now - start))
  }
  return (Double(points.count) / (best / 1e6), hits)
}

func hitTestBenchmark(count: Int, points pointCount: Int) throws {
  let scene = try SceneLoader().load(text: sceneJSON(count: count), path: "<generated>")
  let tree = SceneSession(scene: scene).tree
  let clock = ContinuousClock()
  let start = clock.now
  guard let index = HitTestIndex(tree: tree) else {
    print("hit-test index: not built for \(tree.elements.count) elements (the tree hit-tests)")
    return
  }
  let build = microseconds(clock.now - start)
  print("scene: \(tree.elements.count) elements; hit-test index built in \(String(format: "%.1f", build / 1000)) ms")
  let points = seededPoints(pointCount, within: tree.screen)
  let indexed = pointsPerSecond(points, passes: 5) { index.hitTest($0, in: tree) }
  // The tree's own hit test is linear in the elements: time it on fewer points.
  let sample = Array(points.prefix(max(1, pointCount / 1000)))
  let direct = pointsPerSecond(sample, passes: 3) { tree.hitTest($0) }
  for point in sample {
    precondition(index.hitTest(point, in: tree)?.id == tree.hitTest(point)?.id, "\(point): the index and the tree disagree")
  }
  print(
    String(
      format: "HitTestIndex: %.0f points/s (%d points, %d hit, best of 5)", indexed.rate, points.count,
      indexed.hits))
  print(
    String(
      format: "AccessibilityTree.hitTest (every element): %.0f points/s (%d points, best of 3)",
      direct.rate, sample.count))
  print(String(format: "ratio: the index is %.0fx the tree's hit test; target 1,000,000 points/s: %@",
    indexed.rate / direct.rate, indexed.rate >= 1_000_000 ? "met" : "not met"))
}
