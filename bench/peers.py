"""The Chips scorer beside the gin-rummy deadwood solvers, in one process (figures; never pass/fail).

    make peers                      # once: .venv-peers with rlcard and open_spiel (the [peers] extra)
    .venv-peers/bin/python bench/peers.py [--hands 2000] [--seed 7]

The work all three can do: 10-card hands from the 44 cards where Chips and gin rummy agree (no
Aces, no 2s, no jokers), so a hand's minimum deadwood equals its Chips score (chips-card-values:
3-10 face value, J Q K 10). Two populations: uniform hands, and dense ones (3-6 ranks x 1-3
suits, where melds overlap and the search has most to do).

First every hand is scored by all three and must agree; only then is anything timed. Each call
is timed alone with the garbage collector paused, the engines take turns hand by hand, three
passes, and a hand's figure is its fastest pass (so a pause of the machine is not charged to
an engine). Printed: each engine's median per population and our ratio to each peer; and the
browser port (docs/assets/js/engine/chips.js under node, best of three per hand) on the same
hands, beside OpenSpiel.
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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.engine.cards import RANKS, SUITS, Card, Rank
from generator.engine.games.chips import best_arrangement

SHARED_RANKS = [r for r in RANKS if r not in (Rank.ACE, Rank.TWO)]
DECK = [Card(r, s) for s in SUITS for r in SHARED_RANKS]
_RANK_CHAR = {Rank.TEN: "T"}


def _text(card: Card) -> str:
    assert card.suit is not None
    return _RANK_CHAR.get(card.rank, card.rank.value) + card.suit.value


def uniform(rng: random.Random, count: int) -> list[list[Card]]:
    return [rng.sample(DECK, 10) for _ in range(count)]


def dense(rng: random.Random, count: int) -> list[list[Card]]:
    out = []
    while len(out) < count:
        ranks = rng.sample(SHARED_RANKS, rng.randint(3, 6))
        suits = rng.sample(SUITS, rng.randint(1, 3))
        pool = [Card(r, s) for r in ranks for s in suits]
        if len(pool) >= 10:
            out.append(rng.sample(pool, 10))
    return out


def engines() -> dict[str, Callable[[Any], int]]:
    """name -> (prepare(hand) -> input, score(input) -> deadwood)."""
    import pyspiel  # type: ignore[import-not-found]
    from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-not-found]

    os_utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)

    def rlcard_score(hand: Any) -> int:
        clusters = melding.get_best_meld_clusters(hand=hand)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in hand)
        return int(utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0]))

    return {
        "ours": lambda hand: best_arrangement(hand).score,
        "rlcard": rlcard_score,
        "openspiel": lambda ints: int(os_utils.min_deadwood(ints)),
    }


def inputs(hands: Sequence[list[Card]]) -> dict[str, list[Any]]:
    import pyspiel
    from rlcard.games.gin_rummy.utils import utils

    os_utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    return {
        "ours": list(hands),
        "rlcard": [[utils.card_from_text(_text(c)) for c in h] for h in hands],
        "openspiel": [[os_utils.card_int(_text(c)[0] + _text(c)[1].lower()) for c in h] for h in hands],
    }


def timed(fns: dict[str, Callable[[Any], int]], data: dict[str, list[Any]], passes: int = 3) -> dict[str, list[float]]:
    n = len(data["ours"])
    best = {name: [float("inf")] * n for name in fns}
    clock = time.perf_counter
    for _ in range(passes):
        gc.collect()
        gc.disable()
        try:
            for i in range(n):
                for name, fn in fns.items():
                    arg = data[name][i]
                    t0 = clock()
                    fn(arg)
                    t = clock() - t0
                    best[name][i] = min(best[name][i], t)
        finally:
            gc.enable()
    return best


def js_median(hands: Sequence[list[Card]]) -> float:
    """The browser engine's median seconds a hand (best of three passes), under node."""
    from generator.engine.cards import format_card

    records = [{"hand": [format_card(c) for c in h]} for h in hands]
    engine = (ROOT / "docs" / "assets" / "js" / "engine" / "chips.js").as_uri()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(records, f)
    code = f"""
import {{ readFileSync }} from "node:fs";
import {{ scoreChips }} from {json.dumps(engine)};
const recs = JSON.parse(readFileSync({json.dumps(f.name)}, "utf8"));
for (const r of recs) scoreChips(r);  // warm the JIT, as a page does after a few keystrokes
const best = recs.map(() => Infinity);
for (let pass = 0; pass < 3; pass++) recs.forEach((r, i) => {{
  const t0 = process.hrtime.bigint(); scoreChips(r);
  best[i] = Math.min(best[i], Number(process.hrtime.bigint() - t0) / 1e9);
}});
best.sort((a, b) => a - b);
console.log(best[Math.floor(best.length / 2)]);
"""
    try:
        out = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True,
                             check=True, timeout=600)
    finally:
        Path(f.name).unlink(missing_ok=True)
    return float(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per population")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    try:
        fns = engines()
    except ImportError as exc:
        print(f"peers.py needs rlcard and open_spiel ({exc.name} is missing): run `make peers` once, then "
              f".venv-peers/bin/python bench/peers.py")
        return 0
    from importlib.metadata import version

    print(f"rlcard {version('rlcard')}, open_spiel {version('open_spiel')}, {args.hands} hands a population")
    rng = random.Random(args.seed)
    rows = []
    for label, make in (("uniform 10-card", uniform), ("dense (3-6 ranks x 1-3 suits)", dense)):
        hands = make(rng, args.hands)
        data = inputs(hands)
        answers = {name: [fn(x) for x in data[name]] for name, fn in fns.items()}
        disagree = [i for i in range(len(hands)) if len({answers[name][i] for name in fns}) != 1]
        if disagree:
            i = disagree[0]
            print(f"{label}: the engines disagree on {len(disagree)} hands, first "
                  f"{' '.join(_text(c) for c in hands[i])}: " + ", ".join(f"{k} {v[i]}" for k, v in answers.items()))
            return 1
        best = timed(fns, data)
        med = {name: statistics.median(ts) for name, ts in best.items()}
        med["js"] = js_median(hands)
        rows.append((label, med))
        print(f"{label}: all three agree on {len(hands)} hands")
    print()
    print("| hands | ours (Python) | RLCard (Python) | ours / RLCard | OpenSpiel (C++ via pybind) "
          "| ours in the browser engine (node) | browser / OpenSpiel |")
    print("|---|---|---|---|---|---|---|")
    for label, med in rows:
        print(f"| {label} | {med['ours'] * 1e6:.1f} µs | {med['rlcard'] * 1e6:.1f} µs | "
              f"{med['ours'] / med['rlcard']:.2f} × | {med['openspiel'] * 1e6:.2f} µs | "
              f"{med['js'] * 1e6:.1f} µs | {med['js'] / med['openspiel']:.1f} × |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
