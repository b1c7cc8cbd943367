#!/usr/bin/env python3
"""The peer of typed matching: dragonfly2's text engine on the same names and utterances.

A user who wants to match typed commands against the names on a screen without AXInput would
reach for dragonfly2 (PyPI), whose text engine reads words against a grammar with a List of
names. This script builds that grammar two ways from Grammars/en-US.json and the benchmark's
generated names ("item N options"):

  all commands  every pattern of en-US.json as one MappingRule (dragonfly's spec syntax is
                ours: words, <slot>, [optional], (a | b)); <item> and <action> are Lists,
                numeric slots IntegerRefs. The like-for-like setup.
  one rule      only "show actions for <item>", the command the utterances use: the most
                favourable setup for dragonfly, like the issue's figure.

It reads the utterances and AXInput's medians from voice-benchmark's output (so both sides
time the same words in the same run), times engine.mimic() on each, and prints both medians,
what dragonfly read, and the ratio to the faster dragonfly setup.

    python3 dragonfly_peer.py --names 10000 --axinput voice-benchmark-output.txt
"""
import argparse
import json
import logging
import os
import re
import statistics
import sys
import time

LINE = re.compile(r"^typed matching, (?P<kind>[^(]+) \('(?P<utterance>[^']*)'\): median (?P<median>[\d.]+) µs"
                  r".*?(?:: (?P<outcome>.*))?$")


def axinput_results(path):
    """The (kind, utterance, median µs, outcome) of each typed-matching line."""
    results = []
    with open(path, encoding="utf-8") as output:
        for line in output:
            found = LINE.match(line.strip())
            if found:
                results.append((found["kind"], found["utterance"], float(found["median"]),
                                found["outcome"] or ""))
    if not results:
        sys.exit(f"no typed matching lines in {path}")
    return results


def build_grammar(name, patterns, names):
    """A loaded dragonfly grammar of one MappingRule over the patterns; returns it and the
    list the matched rule appends (pattern, item) to."""
    from dragonfly import Function, Grammar, IntegerRef, List, ListRef, MappingRule

    heard = []
    mapping = {}
    for pattern in patterns:
        if pattern not in mapping:  # the first command with a pattern wins, as in AXInput
            mapping[pattern] = Function(lambda _pattern=pattern, **extras: heard.append(
                (_pattern, extras.get("item"))))
    # Actions and the edited field's phrases are empty, as on the benchmark's scene, where no
    # element has custom actions and no field is being edited.
    extras = [ListRef("item", List(f"{name}-names", names))]
    extras += [ListRef(slot, List(f"{name}-{slot}", [])) for slot in ("action", "phrase", "replacement")]
    extras += [IntegerRef(slot, 0, 1000) for slot in ("number", "count", "columns", "rows")]
    grammar = Grammar(name)
    grammar.add_rule(MappingRule(name=f"{name}-rule", mapping=mapping, extras=extras))
    grammar.load()
    return grammar, heard


def time_mimic(engine, heard, utterance, runs, budget):
    """Median µs of engine.mimic(utterance) over at most `runs` runs or `budget` seconds (at
    least 20 runs), and what the last run read."""
    from dragonfly.engines.base import MimicFailure

    samples = []
    started = time.perf_counter()
    read = "no reading"
    while len(samples) < runs and (len(samples) < 20 or time.perf_counter() - started < budget):
        heard.clear()
        start = time.perf_counter()
        try:
            engine.mimic(utterance)
        except MimicFailure:
            pass
        samples.append((time.perf_counter() - start) * 1e6)
        read = f"'{heard[0][0]}' item '{heard[0][1]}'" if heard else "no reading"
    return statistics.median(samples), read, len(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", type=int, required=True, help="how many names the scene has")
    parser.add_argument("--axinput", required=True, help="voice-benchmark's output for that scene")
    parser.add_argument("--runs", type=int, default=2000, help="most runs per utterance")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per utterance, at most")
    arguments = parser.parse_args()
    logging.disable(logging.WARNING)
    try:
        import dragonfly
        from dragonfly import get_engine
    except ImportError:
        sys.exit("dragonfly2 is not installed: python3 -m pip install dragonfly2 (make deps does)")

    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    with open(os.path.join(root, "Grammars", "en-US.json"), encoding="utf-8") as file:
        commands = json.load(file)["commands"]
    names = [f"item {number} options" for number in range(1, arguments.names + 1)]
    engine = get_engine("text")
    setups = {}
    # Each setup alone is active while it is timed, so neither pays for the other.
    for setup, patterns in (("all commands", [p for c in commands for p in c["patterns"]]),
                            ("one rule", ["show actions for <item>"])):
        grammar, heard = build_grammar(setup.replace(" ", "-"), patterns, names)
        grammar.disable()
        setups[setup] = (grammar, heard)

    version = getattr(dragonfly, "__version__", None) or _distribution_version()
    print(f"peer: dragonfly2 {version} text engine, Python {sys.version.split()[0]}, "
          f"{arguments.names} names in a List, same utterances, same run")
    best_ratio = None
    for kind, utterance, axinput, outcome in axinput_results(arguments.axinput):
        timings = {}
        for setup, (grammar, heard) in setups.items():
            grammar.enable()
            timings[setup] = time_mimic(engine, heard, utterance, arguments.runs, arguments.budget)
            grammar.disable()
        fastest = min(median for median, _, _ in timings.values())
        ratio = fastest / axinput
        print(f"  {kind} '{utterance}'")
        print(f"    AXInput {axinput:.1f} µs ({outcome})")
        for setup, (median, read, runs) in timings.items():
            print(f"    dragonfly2, {setup}: {median:.1f} µs ({read}; {runs} runs)")
        print(f"    ratio: dragonfly2's faster setup / AXInput = {ratio:.1f}x")
        if kind == "exact":
            best_ratio = ratio
    if best_ratio is not None:
        print(f"exact name at {arguments.names} names: AXInput is {best_ratio:.1f}x faster than "
              "dragonfly2's faster setup")


def _distribution_version():
    from importlib.metadata import version
    return version("dragonfly2")


if __name__ == "__main__":
    main()
