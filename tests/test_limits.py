"""One set of input bounds: generator/engine/limits.py and its browser copy
docs/assets/js/engine/limits.js hold the same numbers, and clip() cuts text the same way."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from generator.engine import limits

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "docs" / "assets" / "js" / "engine" / "limits.js"
NAMES = ("CALLER_GROUPS", "RUN_CARDS", "RANK_PER_PACK", "WILDS_PER_PACK", "JSON_DEPTH", "JSON_LINE_CHARS",
         "QUOTE_CHARS", "POT_CHIPS", "MAX_POINTS")


def _node(script: str) -> object:
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                         check=True, timeout=60)
    return json.loads(out.stdout)


def test_the_browser_states_the_same_bounds_as_python() -> None:
    names = ", ".join(NAMES)
    got = _node(f"import {{ {names} }} from {json.dumps(JS.as_uri())}; "
                f"console.log(JSON.stringify({{ {names} }}));")
    assert got == {name: getattr(limits, name) for name in NAMES}


@pytest.mark.parametrize("text", ["", "8H", "x" * 40, "x" * 41, "y" * 100_000])
def test_clip_cuts_the_same_in_both(text: str) -> None:
    got = _node(f"import {{ clip }} from {json.dumps(JS.as_uri())}; "
                f"console.log(JSON.stringify(clip({json.dumps(text)})));")
    assert got == limits.clip(text)
    assert len(limits.clip(text)) <= limits.QUOTE_CHARS + 30


def test_json_depth_ignores_brackets_in_strings() -> None:
    assert limits.json_depth('{"a": [[1], {"b": "[[[[\\"]]"}]}') == 3
    assert limits.json_depth("[" * 990 + "]" * 990) == 990


def test_the_browser_engine_bounds_a_set_as_python_does() -> None:
    from generator.engine.cards import RANKS
    from generator.engine.games import chips

    engine = (ROOT / "docs" / "assets" / "js" / "engine" / "chips.js").as_uri()
    got = _node(f"import {{ setCards }} from {json.dumps(engine)}; "
                f"console.log(JSON.stringify({json.dumps([r.value for r in RANKS])}"
                ".map((r) => [1, 2, 8].map((p) => setCards(r, p)))));")
    assert got == [[chips.set_cards(r, p) for p in (1, 2, 8)] for r in RANKS]


def test_the_bounds_are_what_the_packs_hold() -> None:
    from generator.engine.cards import JOKER, Rank, build_deck
    from generator.engine.games import chips

    # chips-hand-sizes, chips-call: a caller's hand of ten makes at most three groups of three.
    assert limits.CALLER_GROUPS == chips.MAX_HAND // 3
    # chips-no-wrap: Ace to King, or Two to Ace.
    assert limits.RUN_CARDS == chips.MAX_RUN == chips.ACE_HIGH - chips.ACE_LOW
    # One pack: four cards of a rank, and six wilds (four 2s and the two jokers, chips-ruling-jokers).
    pack = build_deck(1)
    assert limits.RANK_PER_PACK == sum(c.rank is Rank.EIGHT for c in pack)
    assert limits.WILDS_PER_PACK == sum(chips.is_wild(c) for c in pack) == 4 + pack.count(JOKER)


@pytest.mark.parametrize("value", [1_000_001, 123_456_789_012, 10**15, 10**15 + 1, 9007199254740993])
def test_a_score_above_the_bound_is_written_the_same_in_both(value: int) -> None:
    got = _node(f"import {{ overPoints }} from {json.dumps(JS.as_uri())}; "
                f"console.log(JSON.stringify(overPoints({value})));")
    assert got == limits.over_points(value)


def test_the_score_keeper_takes_the_engines_score_bound() -> None:
    store = (ROOT / "docs" / "assets" / "js" / "scorekeeper" / "store.js").as_uri()
    got = _node(f"import {{ MAX_POINTS }} from {json.dumps(store)}; console.log(JSON.stringify(MAX_POINTS));")
    assert got == limits.MAX_POINTS
