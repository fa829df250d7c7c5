"""Speed of the Chips reference engine (figures for the README; never pass/fail).

    .venv/bin/python bench/bench_engine.py [--hands 10000]

Measures, over random 10-card hands from two packs with jokers:
- best arrangement alone, and with laying off onto 1-3 random caller groups (median, p99,
  slowest, in microseconds; the garbage collector is paused while a hand is timed, as
  `timeit` does, so a collection of someone else's garbage is not charged to one hand);
- `rulebook score chips --jsonl` over the same number of lines, start-up included.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.engine.cards import format_card
from generator.engine.games.chips import best_arrangement
from tests.support.chips_gen import random_caller_groups, random_hand


def timed(fn, cases):  # type: ignore[no-untyped-def]
    out = []
    gc.collect()
    gc.disable()
    try:
        for args in cases:
            t0 = time.perf_counter()
            fn(*args)
            out.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return out


def summary(name: str, secs: list[float]) -> dict[str, float | str]:
    secs = sorted(secs)
    return {
        "what": name,
        "n": len(secs),
        "median_us": round(statistics.median(secs) * 1e6, 1),
        "p99_us": round(secs[int(len(secs) * 0.99) - 1] * 1e6, 1),
        "slowest_ms": round(secs[-1] * 1e3, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    plain = [(random_hand(rng, 2, 10),) for _ in range(args.hands)]
    lay = []
    for _ in range(args.hands):
        callers = random_caller_groups(rng, 2)
        lay.append((random_hand(rng, 2, 10, [c for g in callers for c in g.cards]), callers))
    best_arrangement(*plain[0])  # warm up imports and caches
    rows = [summary("chips best arrangement (10 cards, 2 packs + jokers)", timed(best_arrangement, plain)),
            summary("chips with laying off (1-3 caller groups)", timed(best_arrangement, lay))]
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        for hand, callers in lay:
            rec = {"hand": [format_card(c) for c in hand], "packs": 2,
                   "caller_groups": [g.to_record() for g in callers] if rng.random() < 0.5 else None}
            fh.write(json.dumps(rec) + "\n")
        path = fh.name
    t0 = time.perf_counter()
    with open(path) as fin:
        proc = subprocess.run([sys.executable, "-m", "generator", "score", "chips", "--jsonl"], stdin=fin, check=False,
                              capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - t0
    lines = proc.stdout.count("\n")
    errors = proc.stdout.count('"error"')
    rows.append({"what": f"rulebook score chips --jsonl, {lines} lines (exit {proc.returncode}, {errors} errors)",
                 "n": lines, "wall_s": round(wall, 2)})
    for r in rows:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
