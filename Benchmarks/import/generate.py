#!/usr/bin/env python3
"""Writes one seeded dump of N nodes in each format the importers read, for the import benchmark.

A long settings-like list: an application, a window, a table, and rows of a cell with a label,
a value and (every fifth row) a switch, 44 points apart, most of them below the screen as in a
real long page. Usage: generate.py --nodes N --seed S OUTDIR
"""
import argparse
import json
import os
import random
from xml.sax.saxutils import quoteattr

WORDS = ["Wi-Fi", "Bluetooth", "Cellular", "Hotspot", "Notifications", "Sounds", "Focus",
         "Screen Time", "General", "Display", "Wallpaper", "Battery", "Privacy", "Passwords",
         "Mail", "Contacts", "Calendar", "Notes", "Reminders", "Photos", "Camera", "Music"]


def rows(nodes, seed):
    rng = random.Random(seed)
    count, index, result = 0, 0, []
    while count < nodes - 3:
        label = f"{rng.choice(WORDS)} {index}"
        toggle = index % 5 == 0
        result.append({"label": label, "value": rng.choice(["On", "Off", "", "Home"]),
                       "y": 100 + index * 44, "toggle": toggle, "on": rng.random() < 0.5})
        count += 3 if toggle else 2
        index += 1
    return result


def idb(rows_, path):
    items = [{"type": "Application", "AXLabel": "Settings", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}}]
    for row in rows_:
        items.append({"type": "Cell", "AXLabel": row["label"], "AXValue": row["value"], "AXUniqueId": None,
                      "frame": {"x": 0, "y": row["y"], "width": 390, "height": 44}, "enabled": True,
                      "custom_actions": [], "role": "AXCell", "help": None})
        items.append({"type": "StaticText", "AXLabel": row["label"], "AXValue": None,
                      "frame": {"x": 16, "y": row["y"] + 11, "width": 200, "height": 22}})
        if row["toggle"]:
            items.append({"type": "Switch", "AXLabel": row["label"], "AXValue": "1" if row["on"] else "0",
                          "frame": {"x": 322, "y": row["y"] + 6, "width": 51, "height": 31}})
    with open(path, "w") as f:
        json.dump(items, f)


def wda_xml(rows_, path):
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<AppiumAUT>",
           '<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Settings" label="Settings" enabled="true" visible="true" x="0" y="0" width="390" height="844">',
           '<XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">',
           '<XCUIElementTypeTable type="XCUIElementTypeTable" enabled="true" visible="true" x="0" y="0" width="390" height="844">']
    for row in rows_:
        visible = "true" if row["y"] < 844 else "false"
        out.append(f'<XCUIElementTypeCell type="XCUIElementTypeCell" name={quoteattr(row["label"])} label={quoteattr(row["label"])} value={quoteattr(row["value"])} enabled="true" visible="{visible}" accessible="true" x="0" y="{row["y"]}" width="390" height="44">')
        out.append(f'<XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label={quoteattr(row["label"])} enabled="true" visible="{visible}" x="16" y="{row["y"] + 11}" width="200" height="22"/>')
        if row["toggle"]:
            out.append(f'<XCUIElementTypeSwitch type="XCUIElementTypeSwitch" label={quoteattr(row["label"])} value="{1 if row["on"] else 0}" enabled="true" visible="{visible}" x="322" y="{row["y"] + 6}" width="51" height="31"/>')
        out.append("</XCUIElementTypeCell>")
    out += ["</XCUIElementTypeTable>", "</XCUIElementTypeWindow>", "</XCUIElementTypeApplication>", "</AppiumAUT>"]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def wda_json(rows_, path):
    def rect(x, y, w, h):
        return {"origin": {"x": x, "y": y}, "size": {"width": w, "height": h}}
    cells = []
    for row in rows_:
        children = [{"type": "UIAStaticText", "name": row["label"], "label": row["label"], "isVisible": "1", "rect": rect(16, row["y"] + 11, 200, 22)}]
        if row["toggle"]:
            children.append({"type": "UIASwitch", "label": row["label"], "value": "1" if row["on"] else "0", "isVisible": "1", "rect": rect(322, row["y"] + 6, 51, 31)})
        cells.append({"type": "UIATableCell", "name": row["label"], "label": row["label"], "value": row["value"], "isEnabled": "1", "isVisible": "1", "rect": rect(0, row["y"], 390, 44), "children": children})
    tree = {"type": "UIAApplication", "name": "Settings", "rect": rect(0, 0, 390, 844), "children": [
        {"type": "UIAWindow", "rect": rect(0, 0, 390, 844), "children": [
            {"type": "UIATableView", "rect": rect(0, 0, 390, 844), "children": cells}]}]}
    with open(path, "w") as f:
        json.dump({"sessionId": None, "status": 0, "value": {"tree": tree}}, f)


def xcuitest(rows_, path):
    out = ["Attributes: Application, pid: 4242, label: 'Settings'", "Element subtree:",
           " →Application, 0x600000c4c000, pid: 4242, label: 'Settings'",
           "    Window (Main), 0x600000c4c0e0, {{0.0, 0.0}, {390.0, 844.0}}",
           "      Table, 0x600000c4c1c0, {{0.0, 0.0}, {390.0, 844.0}}"]
    address = 0x600000d00000
    for row in rows_:
        address += 0xe0
        value = f", value: {row['value']}" if row["value"] else ""
        out.append(f"        Cell, {hex(address)}, {{{{0.0, {row['y']}.0}}, {{390.0, 44.0}}}}, label: '{row['label']}'{value}")
        out.append(f"          StaticText, {hex(address + 1)}, {{{{16.0, {row['y'] + 11}.0}}, {{200.0, 22.0}}}}, label: '{row['label']}'")
        if row["toggle"]:
            out.append(f"          Switch, {hex(address + 2)}, {{{{322.0, {row['y'] + 6}.0}}, {{51.0, 31.0}}}}, label: '{row['label']}', value: {1 if row['on'] else 0}")
    out.append("Path to element:")
    out.append(" →Application, 0x600000c4c000, pid: 4242, label: 'Settings'")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def android(rows_, path):
    def node(cls, bounds, text="", clickable=False, checkable=False, checked=False, close=True, desc=""):
        l, t, r, b = bounds
        end = "/>" if close else ">"
        return (f'<node index="0" text={quoteattr(text)} resource-id="" class="{cls}" package="com.android.settings" '
                f'content-desc={quoteattr(desc)} checkable="{str(checkable).lower()}" checked="{str(checked).lower()}" '
                f'clickable="{str(clickable).lower()}" enabled="true" focusable="{str(clickable).lower()}" focused="false" '
                f'scrollable="false" long-clickable="false" password="false" selected="false" bounds="[{l},{t}][{r},{b}]"{end}')
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", '<hierarchy rotation="0">',
           node("android.widget.FrameLayout", (0, 0, 1080, 2340), close=False),
           node("androidx.recyclerview.widget.RecyclerView", (0, 0, 1080, 2340), close=False)]
    for row in rows_:
        top = 300 + (row["y"] - 100) * 3
        out.append(node("android.widget.LinearLayout", (0, top, 1080, top + 132), clickable=True, close=False))
        out.append(node("android.widget.TextView", (48, top + 30, 700, top + 90), text=row["label"]))
        if row["toggle"]:
            out.append(node("android.widget.Switch", (900, top + 30, 1032, top + 102), checkable=True, checked=row["on"]))
        out.append("</node>")
    out += ["</node>", "</node>", "</hierarchy>"]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("outdir")
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    rows_ = rows(args.nodes, args.seed)
    idb(rows_, os.path.join(args.outdir, "idb.json"))
    wda_xml(rows_, os.path.join(args.outdir, "wda.xml"))
    wda_json(rows_, os.path.join(args.outdir, "wda-legacy.json"))
    xcuitest(rows_, os.path.join(args.outdir, "xcuitest.txt"))
    android(rows_, os.path.join(args.outdir, "uiautomator.xml"))


if __name__ == "__main__":
    main()
