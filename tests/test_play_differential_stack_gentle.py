"""The gentle 3 Chip Stack computer (issue 28) in both ports: generator/engine/play/three_chip_stack.py
and docs/assets/js/play/3-chip-stack.js play the same seeded computer-only games at level "gentle"
state for state, by the family's rules and by the table's own rules (every house option value).

The comparison is tests/test_play_differential_chains_stack.py's, step by step: the browser side
(tests/js/run_play_chains_stack.mjs, "level": "gentle") sends a SHA-256 of each step (the state,
its finished hands each as its own digest, the legal moves, the computer's move), the Python side
hashes the same step, and on the first step
that differs the game is played again with whole states to name the first field that differs.
"""

from __future__ import annotations

from typing import Any

import pytest

from generator.engine.play import three_chip_stack
from tests.conftest import figure
from tests.test_play_differential_chains_stack import _compare, _course, _seeds, _steps

GAME = "3-chip-stack"
#: Seeded gentle games per table: 200 by the family's rules, 100 with both house options changed,
#: 100 with the odd chip to the dealer (the one value the others leave out): 400 in all. Gentle
#: games are long (a computer that never raises wins chips slowly): 200 of them are some 72,000
#: states, 200 s at load 19 on 2 cores.
GENTLE_GAMES = {"family": 200, "next-hand+after-hand": 100, "dealer": 100}
HOUSES: dict[str, dict[str, str] | None] = {
    "family": None,
    "next-hand+after-hand": {"odd-chip": "next-hand", "passed-chip": "after-hand"},
    "dealer": {"odd-chip": "dealer"},
}
#: Of each table's games, those also played against the standard computer, to show the level
#: is played and not only passed along.
AGAINST_STANDARD = 50


def _gentle_moves_only(steps: list[dict[str, Any]]) -> None:
    """What the gentle computer never does: raise, or bet anything but a stack of 3 (all its
    chips when it has fewer); it bets only when nobody has bet."""
    for step in steps:
        move, state = step["move"], step["state"]
        if move is None:
            continue
        assert move["action"] != "raise", step
        if move["action"] == "bet":
            seat = state["toAct"][0]
            assert state["bet"] == 0
            assert move["amount"] == min(three_chip_stack.GENTLE_BET, state["chips"][seat]), step


@pytest.mark.parametrize("table", list(GENTLE_GAMES))
def test_the_gentle_stack_computer_plays_alike_in_both_ports(table: str) -> None:
    """Every step equal at level "gentle" in both ports; the gentle computer never raises and bets
    only a stack of 3; some games go otherwise than against the standard computer."""
    house = HOUSES[table]
    cases = _seeds(GAME)[:GENTLE_GAMES[table]]
    ours = _compare(GAME, cases, house, level="gentle")
    bets = 0
    for steps in ours:
        _gentle_moves_only(steps)
        bets += sum(1 for s in steps if s["move"] and s["move"]["action"] == "bet")
    assert bets > 0, "the gentle computer never bet"
    against = list(zip(cases, ours, strict=True))[:AGAINST_STANDARD]
    changed = sum(1 for (p, s), py in against if _course(py) != _course(_steps(three_chip_stack, p, s, house)))
    assert changed > 0
    figure(f"play differential 3-chip-stack gentle house={house or 'family'}: {bets} gentle bets, none a raise; "
           f"{changed} of {len(against)} games went otherwise than against the standard computer")
