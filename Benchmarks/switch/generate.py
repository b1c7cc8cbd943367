#!/usr/bin/env python3
"""Writes a scene of ROWS table rows with COLS buttons each, for the Switch Control benchmark."""
import json
import sys

rows, cols, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
children = []
for r in range(rows):
    cells = [
        {"id": f"b-{r}-{c}", "type": "button", "frame": [c * 30, 100 + r * 2, 28, 2], "text": f"B {r} {c}",
         "on": {"activate": [{"announce": f"pressed {r} {c}"}]}}
        for c in range(cols)
    ]
    children.append({"id": f"row-{r}", "type": "stack", "groupsChildren": True,
                     "frame": [0, 100 + r * 2, cols * 30, 2], "children": cells})
scene = {"format": "axscene/1", "name": f"Grid {rows}x{cols}", "screen": {"width": cols * 30, "height": 100 + rows * 2 + 100},
         "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, cols * 30, 200 + rows * 2],
                                          "children": [{"id": "grid", "type": "table", "frame": [0, 100, cols * 30, rows * 2],
                                                        "children": children}]}}]}
with open(path, "w") as f:
    json.dump(scene, f)
