#!/usr/bin/env python3
"""Writes a generated scene of N views (default 100,000) for the tree and report benchmarks.

usage: generate.py [N] [OUT] [--seed S]

The scene is a scroll view of sections of 32 rows, each section one of three kinds, picked by a
seeded random generator so that every run of a size writes the same file:
- a stack of rows, each a plain view with a title label, a value label and a button;
- a table of cells, each a cell (one element joining its labels) with a switch accessory;
- a grid of 4 x 8 buttons that groups its children (`groupsChildren`), so it sorts as one unit.
Every 40th section also holds a modal alert (`viewIsModal`), which hides the section's other
rows, and the scene has a second screen, a modal sheet of 32 rows, that is loaded and indexed but
not shown. Sections are laid out 25 to a band, side by side, so no coordinate passes the loader's
limit of 1,000,000 points.
"""
import argparse
import json
import random

ROWS = 32


def row(kind, row_id, x0, y, s, r):
    """One row of a section and the number of views it has."""
    if kind == "table":
        return {
            "id": row_id, "type": "cell", "frame": [x0, y, 390, 44],
            "children": [
                {"id": f"{row_id}-title", "type": "label", "text": f"Setting {s}.{r}", "frame": [x0 + 16, y + 4, 240, 36]},
                {"id": f"{row_id}-switch", "type": "switch", "label": f"Setting {s}.{r}", "value": "on",
                 "frame": [x0 + 320, y + 6, 51, 31], "on": {"activate": [{"toggle": "selected"}]}},
            ],
        }, 3
    if kind == "grid":
        column, line = r % 4, r // 4
        return {
            "id": row_id, "type": "button", "label": f"Day {s}.{r}",
            "frame": [x0 + column * 96, y + line * 44, 92, 40],
            "on": {"activate": [{"set": "selected", "to": True}]},
        }, 1
    return {
        "id": row_id, "type": "view", "frame": [x0, y, 390, 44],
        "children": [
            {"id": f"{row_id}-title", "type": "label", "text": f"Item {s}.{r}", "frame": [x0 + 16, y + 4, 200, 36]},
            {"id": f"{row_id}-detail", "type": "label", "text": f"{r * 7 % 100}%", "frame": [x0 + 220, y + 4, 80, 36]},
            {"id": f"{row_id}-more", "type": "button", "label": "More", "frame": [x0 + 310, y + 4, 64, 36],
             "on": {"activate": [{"announce": "More"}]}},
        ],
    }, 4


def main():
    parser = argparse.ArgumentParser(description="Writes a generated scene for the tree benchmark.")
    parser.add_argument("views", type=int, nargs="?", default=100_000)
    parser.add_argument("out", nargs="?", default="/dev/stdout")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    total, out = options.views, options.out
    random.seed(options.seed)
    sheet_rows = [
        {"id": f"sheet-row-{r}", "type": "button", "label": f"Option {r}", "frame": [0, 300 + r * 16, 390, 16]}
        for r in range(ROWS)
    ]
    count = 2 + 2 + ROWS  # root, scroll view; the sheet's window root, its rows
    sections = []
    s = 0
    while count < total:
        kind = random.choice(["stack", "table", "grid"])
        section_id = f"section-{s}"
        count += 1
        x0, y0 = (s % 25) * 390, (s // 25) * ROWS * 44
        rows = []
        for r in range(ROWS):
            view, views = row(kind, f"{section_id}-row-{r}", x0, y0 if kind == "grid" else y0 + r * 44, s, r)
            if count + views > total:
                break
            rows.append(view)
            count += views
        if s % 40 == 39 and count + 2 <= total:
            rows.append({"id": f"{section_id}-alert", "type": "view", "viewIsModal": True,
                         "frame": [x0 + 40, y0 + 200, 310, 120], "children": [
                             {"id": f"{section_id}-alert-ok", "type": "button", "label": "OK",
                              "frame": [x0 + 60, y0 + 260, 270, 44], "on": {"activate": [{"hide": f"{section_id}-alert"}]}}]})
            count += 2
        section = {"id": section_id, "type": {"table": "table", "grid": "view", "stack": "stack"}[kind], "children": rows}
        if kind == "grid":
            section["groupsChildren"] = True
        sections.append(section)
        s += 1
    scene = {
        "format": "axscene/1", "name": f"Generated {total} views",
        "screen": {"width": 390, "height": 844},
        "windows": [{"level": 0, "root": {"id": "root", "frame": [0, 0, 390, 844], "children": [
            {"id": "scroll", "type": "scroll", "frame": [0, 0, 390, 844], "children": sections}]}}],
        "screens": {"sheet": {"windows": [{"level": 1, "root": {
            "id": "sheet", "frame": [0, 300, 390, 544], "viewIsModal": True, "children": sheet_rows}}]}},
    }
    with open(out, "w") as f:
        json.dump(scene, f, ensure_ascii=False)


main()
