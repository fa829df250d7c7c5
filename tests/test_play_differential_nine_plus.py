"""Chips at nine or ten (issue 25), the Python reference (generator/engine/play/chips.py) against
its browser port (docs/assets/js/play/chips.js, under node): the same seeded games of nine and ten
players, with the nine-or-more variant (house option random-extra) played and not, must make the
same moves and pass through the same states, every one (the digests and the runner are
tests/test_play_differential.py's, which this file follows)."""

from __future__ import annotations

import random
import time
from typing import Any

from generator.engine.games import chips as engine
from generator.engine.play import chips as play_chips
from tests.conftest import figure
from tests.test_play_differential import chips_check_final, chips_check_step, node_play, ports_agree, py_play

#: Seeded games: nine and ten players in turn, the variant played in every other pair.
GAMES = 240
#: The other house options played beside the variant now and then (every value but the family's).
OTHERS = [{"k-a-2": "group"}, {"k-a-2": "round-the-corner"}, {"throw-back": "not-allowed"}, {"lay-off-order": "as-laid"}]


def requests() -> list[dict[str, Any]]:
    """Seeds at the 32-bit edges, then drawn; a third of the games with a seat picking at random
    among the legal moves; one in five played with another house option beside."""
    rnd = random.Random(25)
    seeds = [0, 1, -1, 2**31 - 1, 2**32 - 1, 2**40 + 5]
    seeds += [rnd.randrange(2**32) for _ in range(GAMES - len(seeds))]
    options = {o.id: o for o in engine.HOUSE_OPTIONS}
    out: list[dict[str, Any]] = []
    for k, seed in enumerate(seeds):
        players = 9 + k % 2
        house: dict[str, str] = {"random-extra": "played"} if k // 2 % 2 == 0 else {}
        if k % 5 == 4:
            other = OTHERS[k // 5 % len(OTHERS)]
            assert all(v in options[i].values for i, v in other.items())
            house = house | other
        req: dict[str, Any] = {"game": "chips", "players": players, "seed": seed}
        if house:
            req["house"] = house
        if k % 3 == 2:
            req["random"] = [k % players]
        out.append(req)
    return out


def check_final(state: dict[str, Any]) -> None:
    """chips_check_final, and the extra card: under the variant, eight different seats drawn and
    each opening its round (chips-ruling-random-extra, chips-ruling-random-extra-turns); without
    it, the dealer's left (chips-deal, chips-rotation)."""
    chips_check_final(state)
    players = state["players"]
    played = (state["house"] or {}).get("random-extra") == "played"
    assert ("extraSeats" in state) is played
    if played:
        assert len(set(state["extraSeats"])) == engine.ROUNDS
    for k, rnd in enumerate(state["rounds"]):
        extra = state["extraSeats"][k] if played else (rnd["dealer"] + 1) % players
        assert rnd["turns"][0]["seat"] == extra and rnd["turns"][0]["take"] is None
        assert len(rnd["deal"]) == 3 * 54  # chips-ruling-packs: three packs for nine to twelve


def test_nine_or_ten_players_play_alike_in_both_ports_state_for_state() -> None:
    reqs = requests()
    assert sum(1 for r in reqs if (r.get("house") or {}).get("random-extra") == "played") >= 100
    assert {r["players"] for r in reqs} == {9, 10}
    start = time.perf_counter()
    thread, lines = node_play(reqs)
    py_results = [py_play(play_chips, r["players"], r["seed"], check=chips_check_step, random_seats=r.get("random", ()),
                          house=r.get("house")) for r in reqs]
    states = ports_agree(play_chips, reqs, thread, lines, py_results, check_final)
    played = sum(1 for r in reqs if (r.get("house") or {}).get("random-extra") == "played")
    figure(f"play differential (chips, nine or ten players): {len(reqs)} seeded games, {played} with the "
           f"nine-or-more variant, {sum(1 for r in reqs if r.get('random'))} with a seat at random, {states} states "
           f"equal in Python and node, {time.perf_counter() - start:.0f} s")
