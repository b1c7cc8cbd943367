#!/usr/bin/env python3
"""Writes a generated scene of N views (default 100,000) for the tree benchmark.

The scene is a scroll view of sections; each section is a stack of rows, each row a cell with a
label, a value label and a button, so the tree mixes containers, leaves and sorting work. Sections
are laid out 25 to a band, side by side, so no coordinate passes the loader's limit of 1,000,000
points (a single column of 25,000 rows would reach 1.1 million).
"""
import json
import sys

def main():
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    out = sys.argv[2] if len(sys.argv) > 2 else "/dev/stdout"
    sections = []
    count = 2  # root and scroll view
    s = 0
    while count < total:
        rows = []
        section_id = f"section-{s}"
        count += 1
        x0, y = (s % 25) * 390, (s // 25) * 32 * 44
        for r in range(32):
            if count + 4 > total:
                break
            row_id = f"{section_id}-row-{r}"
            rows.append({
                "id": row_id, "type": "view", "frame": [x0, y, 390, 44],
                "children": [
                    {"id": f"{row_id}-title", "type": "label", "text": f"Item {s}.{r}", "frame": [x0 + 16, y + 4, 200, 36]},
                    {"id": f"{row_id}-detail", "type": "label", "text": f"{r * 7 % 100}%", "frame": [x0 + 220, y + 4, 80, 36]},
                    {"id": f"{row_id}-more", "type": "button", "label": "More", "frame": [x0 + 310, y + 4, 64, 36],
                     "on": {"activate": [{"announce": "More"}]}},
                ],
            })
            count += 4
            y += 44
        sections.append({"id": section_id, "type": "stack", "children": rows})
        s += 1
    scene = {
        "format": "axscene/1", "name": f"Generated {total} views",
        "screen": {"width": 390, "height": 844},
        "windows": [{"level": 0, "root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
            {"id": "scroll", "type": "scroll", "frame": [0, 0, 390, 844], "children": sections}]}}],
    }
    with open(out, "w") as f:
        json.dump(scene, f, ensure_ascii=False)

main()
