import AXModel
import AXTestSupport
import Foundation
@testable import SwitchControl
import Testing

/// A screen of `count` buttons: a grouped stack of the first third, loose buttons, and a table
/// whose cells have custom actions; long enough for auto scanning to run many moves in a row.
func longListScene(count: Int) -> String {
  var stack: [String] = []
  var loose: [String] = []
  var cells: [String] = []
  for index in 0..<count {
    let y = 10 * index
    switch index % 3 {
    case 0:
      stack.append(
        #"{"id": "s\#(index)", "type": "button", "frame": [0, \#(y), 390, 9], "text": "S \#(index)"}"#)
    case 1:
      loose.append(
        #"{"id": "l\#(index)", "type": "button", "frame": [0, \#(y), 390, 9], "text": "L \#(index)"}"#)
    default:
      cells.append(
        #"{"id": "c\#(index)", "type": "cell", "frame": [0, \#(y), 390, 9], "text": "C \#(index)", "customActions": [{"name": "Flag", "effects": [{"announce": "flagged"}]}]}"#
      )
    }
  }
  let height = 10 * count + 10
  return """
    {"format": "axscene/1", "name": "Long list", "screen": {"width": 390, "height": \(height)},
     "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, \(height)], "children": [
       {"id": "stack", "type": "stack", "groupsChildren": true, "frame": [0, 0, 390, \(height)], "children": [\(stack.joined(separator: ","))]},
       \(loose.joined(separator: ",")),
       {"id": "table", "type": "table", "frame": [0, 0, 390, \(height)], "children": [\(cells.joined(separator: ","))]}
     ]}}]}
    """
}

/// A screen of overlapping buttons, nested views and a second window over part of it, for
/// hit-testing: `count` buttons at seeded positions, some inside a view that is itself a button;
/// activating the window's button removes it.
func overlappingScene(count: Int, seed: UInt64) -> String {
  var random = SeededRandom(seed: seed)
  var buttons: [String] = []
  for index in 0..<count {
    let x = random.next(upTo: 360)
    let y = random.next(upTo: 800)
    let width = 1 + random.next(upTo: 120)
    let height = 1 + random.next(upTo: 90)
    let frame = "[\(x), \(y), \(width), \(height)]"
    if index % 7 == 0 {
      buttons.append(
        #"{"id": "v\#(index)", "type": "view", "frame": \#(frame), "isAccessibilityElement": true, "label": "V", "traits": ["+button"], "children": [{"id": "b\#(index)", "type": "button", "frame": [\#(x + 2), \#(y + 2), 20, 20], "text": "B"}]}"#
      )
    } else {
      buttons.append(#"{"id": "b\#(index)", "type": "button", "frame": \#(frame), "text": "B \#(index)"}"#)
    }
  }
  return """
    {"format": "axscene/1", "name": "Overlaps", "screen": {"width": 390, "height": 844},
     "windows": [
       {"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, 390, 844], "children": [\(buttons.joined(separator: ","))]}},
       {"level": 1, "root": {"id": "overlay", "type": "view", "frame": [100, 300, 150, 150], "children": [
         {"id": "over", "type": "button", "frame": [100, 300, 150, 150], "text": "Over", "on": {"activate": [{"remove": true}]}}]}}
     ]}
    """
}
