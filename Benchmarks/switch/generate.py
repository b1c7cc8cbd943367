#!/usr/bin/env python3
"""Writes scenes for the Switch Control benchmark.

    generate.py ROWS COLS PATH             a table of ROWS rows of COLS buttons each
    generate.py --stops N [--seed S] PATH  a seeded screen of N scan stops: a navigation bar,
                                           stacks (some sliders, a few disabled buttons), tables
                                           (some cells with custom actions), one grid, loose
                                           buttons and a tab bar

Coordinates stay far inside the scene loader's limit of 1,000,000 points (SceneDecoder's
coordinateLimit): 10,000 stops make a screen about 100,000 points tall.
"""
import json
import random
import sys

WIDTH = 800


def button(view_id, frame, text, disabled=False):
    view = {"id": view_id, "type": "button", "frame": frame, "text": text,
            "on": {"activate": [{"announce": f"pressed {text}"}]}}
    if disabled:
        view["traits"] = ["+notEnabled"]
    return view


def grid(rows, cols, path):
    children = []
    for r in range(rows):
        cells = [button(f"b-{r}-{c}", [c * 30, 100 + r * 2, 28, 2], f"B {r} {c}") for c in range(cols)]
        children.append({"id": f"row-{r}", "type": "stack", "groupsChildren": True,
                         "frame": [0, 100 + r * 2, cols * 30, 2], "children": cells})
    scene = {"format": "axscene/1", "name": f"Grid {rows}x{cols}",
             "screen": {"width": cols * 30, "height": 100 + rows * 2 + 100},
             "windows": [{"level": 0, "root": {
                 "id": "root", "type": "view", "frame": [0, 0, cols * 30, 200 + rows * 2],
                 "children": [{"id": "grid", "type": "table", "frame": [0, 100, cols * 30, rows * 2],
                               "children": children}]}}]}
    write(scene, path)


class Builder:
    """Lays sections out top to bottom, counting scan stops until the budget is spent."""

    def __init__(self, stops, seed):
        self.left = stops
        self.random = random.Random(seed)
        self.y = 0
        self.serial = 0

    def next_id(self, prefix):
        self.serial += 1
        return f"{prefix}-{self.serial}"

    def take(self, wanted):
        count = max(0, min(wanted, self.left))
        self.left -= count
        return count

    def bar(self, kind, count, height=44):
        count = self.take(count)
        bar_id = self.next_id(kind)
        width = WIDTH / max(count, 1)
        children = [button(self.next_id("bar-button"), [i * width, self.y, width - 2, height], f"Bar {i}")
                    for i in range(count)]
        view = {"id": bar_id, "type": kind, "frame": [0, self.y, WIDTH, height], "children": children}
        self.y += height + 4
        return view

    def stack(self):
        count = self.take(self.random.randint(3, 12))
        stack_id = self.next_id("stack")
        width = WIDTH / max(count, 1)
        children = []
        for i in range(count):
            view_id = self.next_id("item")
            if self.random.random() < 0.15:
                children.append({"id": view_id, "type": "slider", "frame": [i * width, self.y, width - 2, 20],
                                 "label": f"Level {view_id}", "value": "50%",
                                 "on": {"increment": [{"announce": "up"}], "decrement": [{"announce": "down"}]}})
            else:
                children.append(button(view_id, [i * width, self.y, width - 2, 20], f"Item {view_id}",
                                       disabled=self.random.random() < 0.005))
        view = {"id": stack_id, "type": "stack", "frame": [0, self.y, WIDTH, 20], "children": children}
        if self.random.random() < 0.7:
            view["groupsChildren"] = True
        else:
            view["containerType"] = "semanticGroup"
        self.y += 24
        return view

    def table(self):
        count = self.take(self.random.randint(5, 40))
        table_id = self.next_id("table")
        top = self.y
        cells = []
        for _ in range(count):
            cell_id = self.next_id("cell")
            cell = {"id": cell_id, "type": "cell", "frame": [0, self.y, WIDTH, 20], "text": f"Cell {cell_id}",
                    "on": {"activate": [{"announce": f"opened {cell_id}"}]}}
            if self.random.random() < 0.3:
                cell["customActions"] = [{"name": "Archive", "effects": [{"announce": "archived"}]},
                                         {"name": "Flag", "effects": [{"announce": "flagged"}]}]
            cells.append(cell)
            self.y += 20
        self.y += 4
        return {"id": table_id, "type": "table", "frame": [0, top, WIDTH, self.y - top], "children": cells}

    def grid(self, rows, cols):
        top = self.y
        grid_id = self.next_id("grid")
        width = WIDTH / cols
        children = []
        for r in range(rows):
            count = self.take(cols)
            if count == 0:
                break
            cells = [button(self.next_id("g"), [c * width, self.y, width - 1, 10], f"G {r} {c}")
                     for c in range(count)]
            children.append({"id": self.next_id("grid-row"), "type": "stack", "groupsChildren": True,
                             "frame": [0, self.y, WIDTH, 10], "children": cells})
            self.y += 11
        self.y += 4
        return {"id": grid_id, "type": "table", "frame": [0, top, WIDTH, self.y - top], "children": children}


def mixed(stops, seed, path):
    builder = Builder(stops, seed)
    children = [builder.bar("navigationBar", 3)]
    side = max(2, int((stops * 0.4) ** 0.5))
    grid_after = builder.random.randint(1, 6)
    sections = 0
    while builder.left > 4:
        sections += 1
        if sections == grid_after:
            children.append(builder.grid(side, side))
        elif builder.random.random() < 0.1:
            # A loose stop at the top level, between groups.
            children.append(button(builder.next_id("loose"), [0, builder.y, WIDTH, 20], "Loose"))
            builder.take(1)
            builder.y += 24
        elif builder.random.random() < 0.5:
            children.append(builder.table())
        else:
            children.append(builder.stack())
    children.append(builder.bar("tabBar", builder.left, height=60))
    height = builder.y
    scene = {"format": "axscene/1", "name": f"Switch benchmark, {stops} stops, seed {seed}",
             "screen": {"width": WIDTH, "height": height},
             "windows": [{"level": 0, "root": {"id": "root", "type": "view", "frame": [0, 0, WIDTH, height],
                                              "children": children}}]}
    write(scene, path)


def write(scene, path):
    with open(path, "w") as f:
        json.dump(scene, f)


def main(args):
    if args and args[0] == "--stops":
        stops = int(args[1])
        seed = 1
        rest = args[2:]
        if rest and rest[0] == "--seed":
            seed = int(rest[1])
            rest = rest[2:]
        mixed(stops, seed, rest[0])
    else:
        grid(int(args[0]), int(args[1]), args[2])


if __name__ == "__main__":
    main(sys.argv[1:])
