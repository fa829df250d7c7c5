"""The practice games' seeded generator (generator/engine/play/rng.py) against its browser port
(docs/assets/js/play/rng.js): the same seed gives the same draws, bounds and shuffles, bit for
bit, on thousands of seeds including the 32-bit edges, and a game seed replays its game."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from generator.engine.play.rng import MAX_BOUND, below, next_u32, seed_state, shuffled

RUNNER = Path(__file__).resolve().parent / "js" / "run_rng.mjs"


def _python(req: dict[str, Any]) -> dict[str, Any]:
    s = seed_state(req["seed"])
    draws = []
    for _ in range(req["draws"]):
        v, s = next_u32(s)
        draws.append(v)
    b, s = below(s, req["bound"])
    sh, s = shuffled(s, req["items"])
    return {"draws": draws, "below": b, "shuffled": sh, "state": s}


def test_rng_matches_browser_port_bit_for_bit() -> None:
    if shutil.which("node") is None:
        pytest.fail("node is needed for the browser half of this test")
    rnd = random.Random(16)
    seeds = [0, 1, 2**31 - 1, 2**31, 2**32 - 1, 2**32, -1, -(2**31)]
    seeds += [rnd.randrange(-(2**40), 2**40) for _ in range(3000)]
    reqs = [
        {"seed": s, "draws": rnd.randrange(0, 6), "bound": rnd.choice([1, 2, 3, 52, 108, MAX_BOUND]),
         "items": list(range(rnd.randrange(0, 60)))}
        for s in seeds
    ]
    out = subprocess.run(
        ["node", str(RUNNER)], input="\n".join(json.dumps(r) for r in reqs) + "\n",
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout.splitlines()
    assert len(out) == len(reqs)
    for req, line in zip(reqs, out, strict=True):
        assert json.loads(line) == _python(req), req


@pytest.mark.parametrize(
    ("seed", "expected"),
    [(0, [1144304738, 1416247, 958946056]), (123456789, [1107202814, 4169434471, 3372958138])],
)
def test_rng_is_mulberry32(seed: int, expected: list[int]) -> None:
    # The first draws of the reference mulberry32 (bryc's PRNG collection, "t ^= t + Math.imul(
    # t ^ t >>> 7, t | 61)"), before its division by 2**32, run under node for these seeds.
    s = seed_state(seed)
    first = []
    for _ in range(3):
        v, s = next_u32(s)
        first.append(v)
    assert first == expected


def test_rng_below_stays_in_range_and_uses_every_value() -> None:
    s = seed_state(7)
    seen = set()
    for _ in range(2000):
        v, s = below(s, 13)
        assert 0 <= v < 13
        seen.add(v)
    assert seen == set(range(13))


def test_rng_below_refuses_a_bound_it_cannot_draw_exactly() -> None:
    with pytest.raises(ValueError, match="below"):
        below(1, 0)
    with pytest.raises(ValueError, match="below"):
        below(1, MAX_BOUND + 1)


def test_rng_shuffle_is_a_permutation_and_replays_from_its_seed() -> None:
    deck = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]
    a, sa = shuffled(seed_state(2026), deck)
    b, sb = shuffled(seed_state(2026), deck)
    assert a == b and sa == sb
    assert sorted(a) == sorted(deck) and a != deck
